// npm run bench [-- --products 10000 --seconds 10 --only name[,name] --log-level info --no-pages]:
// seeds a throw-away embedded Postgres, starts the shop (its production server bundle, page renderer
// included) and the unit (a bare Express 5 handler doing one indexed SELECT with postgres-js,
// scripts/bench/unit.ts) as processes of their own on that database, and drives them with
// autocannon from this process at 10 and 50 connections. Prints requests/s, p50/p99 and the ratio
// to the unit for every row; a row with any non-2xx answer fails (exit code 1). The unit is
// measured again right before every row (`--unit-seconds`, 5 s by default) and the ratios are to
// the median of all its measurements in the run: on a shared machine whose speed changes during
// a run, one unlucky measurement of the unit no longer moves every ratio. Then page speed in
// Chromium (LCP, CLS, JavaScript size; `--only pages` runs just that).
import { execSync } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import postgres from 'postgres'
import { createDb } from '#db/client.ts'
import { startEmbeddedPostgres } from '#db/embedded.ts'
import { runMigrations } from '#db/migrate.ts'
import { seedIfEmpty } from '#db/seed/index.ts'
import { issueMissingInvoices } from '#server/orders/index.ts'
import { hashPassword } from '#server/platform/password.ts'
import { type BenchResult, measure, type Scenario } from './bench/harness.ts'
import { measurePageSpeed, type PageSpeed, printPageSpeed } from './bench/page-speed.ts'
import {
  type BenchProcess,
  buildBenchBundle,
  startShop,
  startUnit,
  webBuildPresent,
} from './bench/processes.ts'
import { pages, scenarios, suggestionInputs } from './bench/scenarios.ts'

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '10' },
    // How long the unit is measured again before each row (at each connection count).
    'unit-seconds': { type: 'string', default: '5' },
    only: { type: 'string' },
    // The shop's log level; `info` (the default in production) writes a line per request.
    'log-level': { type: 'string', default: 'info' },
    // Leaves out page speed in Chromium (it builds the web bundles first).
    'no-pages': { type: 'boolean', default: false },
    // After the rows, a Node diagnostic report of the shop: V8 heap by space beside the RSS.
    memory: { type: 'boolean', default: false },
    // `--heap-snapshot <folder>`: after the rows (and the report), the shop writes a V8 heap
    // snapshot (`--heapsnapshot-signal`), copied into that folder (open it in Chrome DevTools).
    'heap-snapshot': { type: 'string' },
  },
})
const products = Number(values.products)
const seconds = Number(values.seconds)
const unitSeconds = Math.min(seconds, Number(values['unit-seconds']))
const CONNECTIONS = [10, 50] as const
const ROOT = resolve(import.meta.dirname, '..')

type Pair = { c10: BenchResult; c50: BenchResult }

/** A measured row; its ratios and verdict are made at the end, against the run's unit. */
type Measured = Pair & {
  name: string
  unitPath: string
  target?: Scenario['target']
  /** The unit measured right before this row. */
  unit: Pair
  /** What failed (non-2xx answers, connection errors), or ''. */
  failure: string
  /** Misses that do not depend on the unit (latency, repeated inputs). */
  misses: string[]
}

type Row = Pair & {
  name: string
  ratio10: number
  ratio50: number
  /** The unit's req/s measured right before this row. */
  unit?: { c10: number; c50: number }
  verdict: string
  failed: boolean
}

/** The measurement with the median req/s (the lower middle one of an even count). */
function medianOf(results: BenchResult[]): BenchResult {
  const sorted = [...results].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)
  const middle = sorted[Math.floor((sorted.length - 1) / 2)]
  if (!middle) throw new Error('no measurement of the unit')
  return middle
}

// `--only a,b`: rows whose name contains any of them.
const only = values.only?.split(',').filter(Boolean) ?? []
const selected = scenarios.filter(
  (s) => only.length === 0 || only.some((part) => s.name.includes(part)),
)
const benchRows = selected.length > 0 && values.only !== 'pages'

const folder = await mkdtemp(join(tmpdir(), 'shop-bench-'))
const pg = await startEmbeddedPostgres({
  dataDir: join(folder, 'data'),
  persistent: false,
})
const admin = postgres(pg.adminUrl, { max: 1, onnotice: () => {} })
await admin.unsafe('create database bench')
await admin.end()
const url = pg.adminUrl.replace(/\/postgres$/, '/bench')
await runMigrations(url)
const started = Date.now()
const { db, close } = createDb(url, { max: 4 })
await seedIfEmpty(db, { products, hashPassword })
// The demo orders' invoices: a fresh seed leaves them to the shop's backfill job (every 20 s, 40
// at a time), which rendered PDFs in the shop during the first rows (~7 % of its CPU in the
// profile, event-loop stalls). A shop in operation has none pending: issued here, before it starts.
let invoices = 0
for (let batch = -1; batch !== 0; invoices += batch)
  batch = await db.transaction((tx) => issueMissingInvoices(tx, new Date()))
await db.execute('vacuum analyze')
console.log(
  `seeded ${products} products (and ${invoices} invoices of demo orders) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
)

/**
 * Where the shop's resident memory is, from /proc/<pid>/smaps: the largest mappings by RSS
 * (a file's pages, the malloc heap, anonymous memory: V8's heap, ArrayBuffers, thread stacks).
 */
async function rssByMapping(pid: number): Promise<string> {
  const text = await readFile(`/proc/${pid}/smaps`, 'utf8').catch(() => '')
  const byName = new Map<string, number>()
  let name = '[anon]'
  for (const line of text.split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line)
    if (head) {
      name = head[1]?.trim() || '[anon]'
      continue
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line)
    if (rss) byName.set(name, (byName.get(name) ?? 0) + Number(rss[1]))
  }
  const top = [...byName.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([file, kb]) => `${file.split('/').pop()} ${(kb / 1024).toFixed(0)}`)
  return top.length ? `shop RSS by mapping (MB): ${top.join(', ')}` : ''
}

/** Asks the shop for a diagnostic report (SIGUSR2) and summarises its V8 heap in MB. */
async function memoryReport(pid: number, directory: string): Promise<string> {
  process.kill(pid, 'SIGUSR2')
  for (let tries = 0; tries < 100; tries++) {
    const files = await readdir(directory).catch(() => [])
    const file = files.find((name) => name.endsWith('.json'))
    if (file) {
      await new Promise((resolveWait) => setTimeout(resolveWait, 200))
      const report = JSON.parse(await readFile(join(directory, file), 'utf8'))
      const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)}`
      const heap = report.javascriptHeap
      const spaces = Object.entries(
        heap.heapSpaces as Record<string, { memorySize: number; used: number }>,
      )
        .map(([name, space]) => `${name} ${mb(space.used)}/${mb(space.memorySize)}`)
        .join(', ')
      return `shop V8 heap: used ${mb(heap.usedMemory)} MB of ${mb(heap.totalMemory)} MB (committed ${mb(heap.totalCommittedMemory)}); by space (used/size MB): ${spaces}`
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 100))
  }
  return 'shop V8 heap: no report'
}

/** Asks the shop for a heap snapshot (SIGUSR1) and copies it to `target` when it is complete. */
async function heapSnapshot(
  shop: BenchProcess,
  directory: string,
  target: string,
): Promise<string> {
  process.kill(shop.pid, 'SIGUSR1')
  for (let tries = 0; tries < 600; tries++) {
    await new Promise((resolveWait) => setTimeout(resolveWait, 500))
    const files = await readdir(directory).catch(() => [])
    const file = files.find((name) => name.endsWith('.heapsnapshot'))
    // The snapshot is written synchronously: the shop answers again when it is complete.
    if (
      file &&
      (await fetch(`${shop.url}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      await mkdir(target, { recursive: true })
      const copy = join(resolve(target), file)
      await copyFile(join(directory, file), copy)
      return `heap snapshot: ${copy} (${Math.round((await stat(copy)).size / 1024 / 1024)} MB)`
    }
  }
  return 'heap snapshot: none written'
}

const processes: BenchProcess[] = []
const rows: Row[] = []
const measured: Measured[] = []
/** Every measurement of each unit path in the run: the first and one right before each row. */
const unitRuns = new Map<string, Pair[]>()
let pageSpeed: PageSpeed | null = null
let shopRss: number | null = null
let memory: string | null = null
let bundle: Awaited<ReturnType<typeof buildBenchBundle>> | null = null
try {
  if (benchRows) {
    if (!webBuildPresent()) execSync('npm run build', { cwd: ROOT, stdio: 'inherit' })
    bundle = await buildBenchBundle()
    const logLevel = values['log-level'] ?? 'info'
    const unit = await startUnit(url)
    processes.push(unit)
    if (values.memory || values['heap-snapshot'])
      await mkdir(`${folder}/report`, { recursive: true })
    const shop = await startShop('shop', bundle.file, url, logLevel, [
      ...(values.memory
        ? ['--report-on-signal', '--report-signal=SIGUSR2', `--report-directory=${folder}/report`]
        : []),
      ...(values['heap-snapshot']
        ? ['--heapsnapshot-signal=SIGUSR1', `--diagnostic-dir=${folder}/report`]
        : []),
    ])
    processes.push(shop)
    let second: BenchProcess | null = null

    const measureBoth = async (urls: string[], requests: Parameters<typeof measure>[1]) => {
      await measure(urls, requests, Math.min(2, seconds), 10) // warm-up
      const c10 = await measure(urls, requests, seconds, CONNECTIONS[0])
      const c50 = await measure(urls, requests, seconds, CONNECTIONS[1])
      return { c10, c50 }
    }
    const unitFor = async (path: string) => {
      const urls = [`${unit.url}${path}`]
      const runs = unitRuns.get(path) ?? []
      if (runs.length === 0) {
        runs.push(await measureBoth(urls, []))
        unitRuns.set(path, runs)
      }
      // Again, right before the row.
      const beside = {
        c10: await measure(urls, [], unitSeconds, CONNECTIONS[0]),
        c50: await measure(urls, [], unitSeconds, CONNECTIONS[1]),
      }
      runs.push(beside)
      return beside
    }

    for (const scenario of selected) {
      const targets = [shop.url]
      if (scenario.processes === 2) {
        if (!second) {
          second = await startShop('shop 2', bundle.file, url, logLevel)
          processes.push(second)
        }
        targets.push(second.url)
      }
      const requests = await scenario.requests({ appUrl: shop.url, unitUrl: unit.url, db })
      const unitPath = scenario.unitPath ?? '/bare'
      const beside = await unitFor(unitPath)
      const { c10, c50 } = await measureBoth(targets, requests)
      const failure =
        c10.non2xx + c50.non2xx + c10.errors + c50.errors > 0
          ? `FAILED: ${c10.non2xx + c50.non2xx} non-2xx ${[c10.statuses, c50.statuses].filter(Boolean).join(' ')}, ${c10.errors + c50.errors} errors`
          : ''
      const misses = [
        scenario.target?.p50 !== undefined && c10.p50 > scenario.target.p50
          ? `p50 > ${scenario.target.p50} ms`
          : '',
        scenario.target?.p99 !== undefined && c10.p99 > scenario.target.p99
          ? `p99 > ${scenario.target.p99} ms`
          : '',
        scenario.target?.p99Spread !== undefined && c50.p99 > scenario.target.p99Spread * c10.p99
          ? `p99 c50 > ${scenario.target.p99Spread} × c10`
          : '',
      ].filter(Boolean)
      if (scenario.name.includes('never-seen') && suggestionInputs.used > suggestionInputs.total)
        misses.push(`${suggestionInputs.used - suggestionInputs.total} inputs repeated`)
      const row: Measured = {
        name: scenario.name,
        unitPath,
        target: scenario.target,
        c10,
        c50,
        unit: beside,
        failure,
        misses,
      }
      measured.push(row)
      if (failure) console.error(`!!! ${row.name}: ${failure}`)
      else console.log(`${row.name}: ${c10.requestsPerSecond.toFixed(0)} req/s`)
    }
    rows.push(...ratiosToTheRunsUnit(measured, unitRuns))
    shopRss = await shop.rssMb()
    if (values.memory)
      memory = `${await rssByMapping(shop.pid)}\n${await memoryReport(shop.pid, `${folder}/report`)}`
    if (values['heap-snapshot'])
      memory = `${memory ?? ''}\n${await heapSnapshot(shop, `${folder}/report`, values['heap-snapshot'])}`
  }
  if ((!values.only && !values['no-pages']) || values.only === 'pages')
    pageSpeed = await measurePageSpeed(db, pages)
} finally {
  for (const child of processes.reverse()) await child.stop()
  await bundle?.remove()
  await close()
  await pg.stop()
  await rm(folder, { recursive: true, force: true })
}

/**
 * Each row's ratios to the median of its unit's measurements in the run, at the same number of
 * connections; a unit's row (shown before the first row that uses it) is that median measurement.
 */
function ratiosToTheRunsUnit(list: Measured[], units: Map<string, Pair[]>): Row[] {
  const median = new Map(
    [...units].map(([path, runs]) => [
      path,
      { c10: medianOf(runs.map((r) => r.c10)), c50: medianOf(runs.map((r) => r.c50)) },
    ]),
  )
  const shown = new Set<string>()
  const out: Row[] = []
  for (const row of list) {
    const base = median.get(row.unitPath)
    if (!base) continue
    if (!shown.has(row.unitPath)) {
      shown.add(row.unitPath)
      const count = units.get(row.unitPath)?.length ?? 0
      out.push({
        name: `${row.unitPath === '/bare' ? 'unit: bare SELECT' : `unit: ${row.unitPath}`} (median of ${count})`,
        ...base,
        ratio10: 1,
        ratio50: 1,
        verdict: '',
        failed: false,
      })
    }
    const ratio10 = row.c10.requestsPerSecond / base.c10.requestsPerSecond
    const ratio50 = row.c50.requestsPerSecond / base.c50.requestsPerSecond
    const misses = [
      row.failure,
      row.target?.ratio !== undefined && ratio10 < row.target.ratio
        ? `ratio < ${row.target.ratio}`
        : '',
      ...row.misses,
    ].filter(Boolean)
    out.push({
      name: row.name,
      c10: row.c10,
      c50: row.c50,
      ratio10,
      ratio50,
      unit: { c10: row.unit.c10.requestsPerSecond, c50: row.unit.c50.requestsPerSecond },
      verdict: misses.length ? misses.join(', ') : 'ok',
      failed: row.failure !== '',
    })
  }
  return out
}

const ms = (value: number) => String(value).padStart(5)
console.log(
  `\n${products} products, ${seconds} s per measurement, load from this process (autocannon), ` +
    `shop and unit in processes of their own; ratio = req/s ÷ the unit's req/s at the same connections, ` +
    `the median of the unit's measurements in this run (first, then ${unitSeconds} s right before each row: column "unit c10/c50")\n`,
)
console.log(
  `${'row'.padEnd(50)} ${'req/s c10'.padStart(9)} ${'ratio'.padStart(6)} ${'p50/p99 c10'.padStart(12)}` +
    ` ${'req/s c50'.padStart(9)} ${'ratio'.padStart(6)} ${'p50/p99 c50'.padStart(12)} ${'non-2xx'.padStart(7)} ${'unit c10/c50'.padStart(12)}  verdict`,
)
for (const row of rows) {
  console.log(
    `${row.name.padEnd(50)} ${row.c10.requestsPerSecond.toFixed(0).padStart(9)} ${row.ratio10.toFixed(3).padStart(6)} ${`${ms(row.c10.p50)}/${ms(row.c10.p99)}`.padStart(12)}` +
      ` ${row.c50.requestsPerSecond.toFixed(0).padStart(9)} ${row.ratio50.toFixed(3).padStart(6)} ${`${ms(row.c50.p50)}/${ms(row.c50.p99)}`.padStart(12)} ${String(row.c10.non2xx + row.c50.non2xx).padStart(7)} ${(row.unit ? `${row.unit.c10.toFixed(0)}/${row.unit.c50.toFixed(0)}` : '').padStart(12)}  ${row.verdict}`,
  )
}
const bare = (unitRuns.get('/bare') ?? []).map((run) => run.c10.requestsPerSecond)
if (bare.length > 1)
  console.log(
    `\nunit: bare SELECT at c10 in this run: ${bare.length} measurements, min ${Math.min(...bare).toFixed(0)}, max ${Math.max(...bare).toFixed(0)} req/s`,
  )
if (shopRss !== null) console.log(`\nshop process RSS after the run: ${shopRss} MB`)
if (memory) console.log(memory)
if (suggestionInputs.total > 0)
  console.log(
    `never-seen suggestion inputs: ${suggestionInputs.used} asked of ${suggestionInputs.total} distinct`,
  )
if (pageSpeed) printPageSpeed(pageSpeed)
const failed = rows.filter((row) => row.failed)
if (failed.length > 0) {
  console.error(
    `\n${failed.length} row(s) had failed requests: ${failed.map((r) => r.name).join(', ')}`,
  )
  process.exitCode = 1
}
