// npm run bench [-- --products 10000 --seconds 10 --only name]: seeds a throw-away embedded
// Postgres, runs each scenario against the real app and a bare Express handler in the same run,
// and prints requests/s, p50/p99 latency and the ratio to the baseline; then page speed in
// Chromium (LCP, CLS, JavaScript size; `--only pages` runs just that).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import postgres from 'postgres'
import { startEmbeddedPostgres } from '#db/embedded.ts'
import { runMigrations } from '#db/migrate.ts'
import { seedIfEmpty } from '#db/seed/index.ts'
import { hashPassword } from '#server/platform/password.ts'
import {
  type BenchResult,
  bareSelectApp,
  createBenchApp,
  createBenchPagesApp,
  listen,
  measure,
  openBenchDb,
} from './bench/harness.ts'
import { measurePageSpeed, type PageSpeed, printPageSpeed } from './bench/page-speed.ts'
import { pages, scenarios } from './bench/scenarios.ts'

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '10' },
    only: { type: 'string' },
  },
})
const products = Number(values.products)
const seconds = Number(values.seconds)

const folder = await mkdtemp(join(tmpdir(), 'shop-bench-'))
const pg = await startEmbeddedPostgres({ dataDir: join(folder, 'data'), persistent: false })
const admin = postgres(pg.adminUrl, { max: 1 })
await admin.unsafe('create database bench')
await admin.end()
const url = pg.adminUrl.replace(/\/postgres$/, '/bench')
await runMigrations(url)
const started = Date.now()
const { db, close } = openBenchDb(url)
await seedIfEmpty(db, { products, hashPassword })
console.log(`seeded ${products} products in ${((Date.now() - started) / 1000).toFixed(1)} s`)

const app = await listen(createBenchApp(db))
const bare = await listen(bareSelectApp(db))
// The app with the page renderer, made on first use (it needs the web build).
let pagesApp: Awaited<ReturnType<typeof listen>> | null = null
const rows: (BenchResult & { ratio: number; verdict: string })[] = []
let pageSpeed: PageSpeed | null = null
try {
  // Warm up both, then measure the baseline once.
  await measure('warmup', `${bare.url}/bare`, [], 2)
  const baseline = await measure('bare SELECT (baseline)', `${bare.url}/bare`, [], seconds)
  rows.push({ ...baseline, ratio: 1, verdict: '' })
  for (const scenario of scenarios) {
    if (values.only && !scenario.name.includes(values.only)) continue
    if (scenario.pages) pagesApp ??= await listen(await createBenchPagesApp(db))
    const target = scenario.pages && pagesApp ? pagesApp : app
    const requests = await scenario.requests({ appUrl: target.url, db })
    let base = baseline
    if (scenario.baseline) {
      // The scenario's own baseline: its route is added to the app that then listens.
      const baselineApp = bareSelectApp(db)
      const path = scenario.baseline(baselineApp, db)
      const ownBaseline = await listen(baselineApp)
      await measure('warmup', `${ownBaseline.url}${path}`, [], 2)
      base = await measure(`${scenario.name}: baseline`, `${ownBaseline.url}${path}`, [], seconds)
      await ownBaseline.close()
      rows.push({
        ...base,
        ratio: base.requestsPerSecond / baseline.requestsPerSecond,
        verdict: '',
      })
    }
    await measure('warmup', target.url, requests, 2)
    const result = await measure(scenario.name, target.url, requests, seconds)
    const ratio = result.requestsPerSecond / base.requestsPerSecond
    const misses = [
      scenario.target?.ratio !== undefined && ratio < scenario.target.ratio
        ? `ratio < ${scenario.target.ratio}`
        : '',
      scenario.target?.p99 !== undefined && result.p99 > scenario.target.p99
        ? `p99 > ${scenario.target.p99} ms`
        : '',
      result.errors + result.non2xx > 0 ? `${result.errors + result.non2xx} failed requests` : '',
    ].filter(Boolean)
    rows.push({ ...result, ratio, verdict: misses.length ? `MISSED: ${misses.join(', ')}` : 'ok' })
  }
  if (!values.only || 'pages'.includes(values.only)) pageSpeed = await measurePageSpeed(db, pages)
} finally {
  await app.close()
  await pagesApp?.close()
  await bare.close()
  await close()
  await pg.stop()
  await rm(folder, { recursive: true, force: true })
}

console.log(`\n${products} products, 10 connections, ${seconds} s per scenario\n`)
console.log(
  `${'scenario'.padEnd(44)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'ratio'.padStart(6)}  verdict`,
)
for (const row of rows) {
  console.log(
    `${row.name.padEnd(44)} ${row.requestsPerSecond.toFixed(0).padStart(8)} ${String(row.p50).padStart(7)} ${String(row.p99).padStart(7)} ${row.ratio.toFixed(2).padStart(6)}  ${row.verdict}`,
  )
}
if (pageSpeed) printPageSpeed(pageSpeed)
