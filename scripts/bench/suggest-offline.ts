// Offline timing of the suggestion index (issue 23): far less noisy than wrk on a shared machine.
//
//   npx tsx scripts/bench/suggest-offline.ts --seed 100000 [--data .data/suggest-offline]
//     seeds a persistent embedded Postgres as the bench does (under `flock /tmp/heavy.lock`) and
//     dumps the suggestion index's source rows and the active products' names to
//     <data>/suggest-<n>.json
//   node --expose-gc --import tsx scripts/bench/suggest-offline.ts --products 100000
//     [--passes 3] [--save answers.json] [--compare answers.json]
//     builds the index from the dump, asks every input of the bench's never-seen pool
//     (`suggestionInputPool`) as the suggestions route does (until 5 distinct texts), prints
//     p50/p90/p99/max per lookup (the fastest of the passes per input), the 20 slowest inputs and
//     the index's size; --save writes each input's first 10 hits, --compare counts differences.
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { SUGGESTION_LIMIT } from '#contract/catalog.ts'
import {
  buildSuggestIndex,
  querySuggestIndex,
  type SuggestionSourceRow,
  searchTokens,
} from '#server/catalog/index.ts'
import { suggestionInputPool } from './scenarios.ts'

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    products: { type: 'string', default: '100000' },
    data: { type: 'string', default: '.data/suggest-offline' },
    passes: { type: 'string', default: '3' },
    save: { type: 'string' },
    compare: { type: 'string' },
  },
})

type Dump = { rows: SuggestionSourceRow[]; names: string[] }

if (values.seed) {
  const products = Number(values.seed)
  const [{ default: postgres }, { sql }, client, embedded, migrate, seed, password] =
    await Promise.all([
      import('postgres'),
      import('drizzle-orm'),
      import('#db/client.ts'),
      import('#db/embedded.ts'),
      import('#db/migrate.ts'),
      import('#db/seed/index.ts'),
      import('#server/platform/password.ts'),
    ])
  const pg = await embedded.startEmbeddedPostgres({
    dataDir: join(values.data, `pg-${products}`),
    persistent: true,
    unsafeFast: true,
  })
  const admin = postgres(pg.adminUrl, { max: 1, onnotice: () => {} })
  if ((await admin`select 1 from pg_database where datname = 'bench'`).length === 0)
    await admin.unsafe('create database bench')
  await admin.end()
  const url = pg.adminUrl.replace(/\/postgres$/, '/bench')
  await migrate.runMigrations(url)
  const { db, close } = client.createDb(url, { max: 4 })
  await seed.seedIfEmpty(db, { products, hashPassword: password.hashPassword })
  // As the index's loader reads them (repo.selectSuggestionSource): rank order.
  const rows = await db.execute<SuggestionSourceRow>(sql`
    select id, name, category_id as "categoryId", sold_count as "soldCount",
      search_name as "searchName", search_extra as "searchExtra"
    from products where active order by sold_count desc, id`)
  const names = (
    await db.execute<{ name: string }>(sql`select name from products where active order by id`)
  ).map((row) => row.name)
  const file = join(values.data, `suggest-${products}.json`)
  await writeFile(file, JSON.stringify({ rows, names } satisfies Dump))
  console.log(`${file}: ${rows.length} rows, ${names.length} names`)
  await close()
  await pg.stop()
  process.exit(0)
}

const dump = JSON.parse(
  await readFile(join(values.data, `suggest-${values.products}.json`), 'utf8'),
) as Dump
const gc = (globalThis as { gc?: () => void }).gc
gc?.()
const heapBefore = process.memoryUsage()
let started = performance.now()
const index = buildSuggestIndex(dump.rows)
const buildMs = performance.now() - started
gc?.()
const heapAfter = process.memoryUsage()
const sizeMb =
  (heapAfter.heapUsed + heapAfter.arrayBuffers - heapBefore.heapUsed - heapBefore.arrayBuffers) /
  1e6
started = performance.now()
const inputs = suggestionInputPool(dump.names)
console.log(
  `${dump.rows.length} products: index built in ${buildMs.toFixed(0)} ms, ~${sizeMb.toFixed(1)} MB ` +
    `(heap + array buffers${gc ? '' : ', without --expose-gc: rough'}); ` +
    `${inputs.length} inputs in ${(performance.now() - started).toFixed(0)} ms`,
)
const tokens = inputs.map(searchTokens)

/** The first `limit` hits (id) of an input, as the route takes them (it stops at 5). */
function ask(typed: readonly string[], limit: number): number[] {
  const hits: number[] = []
  querySuggestIndex(index, typed, (hit) => {
    hits.push(hit.id)
    return hits.length >= limit
  })
  return hits
}

const empty = tokens.filter((typed) => ask(typed, 1).length === 0).length
console.log(`${empty} inputs without a hit (they would go to the typo fallback)`)
const best = new Float64Array(inputs.length).fill(Number.POSITIVE_INFINITY)
for (let pass = 0; pass < Number(values.passes); pass += 1) {
  const times = new Float64Array(inputs.length)
  for (let i = 0; i < inputs.length; i += 1) {
    const t = performance.now()
    ask(tokens[i]!, SUGGESTION_LIMIT)
    times[i] = performance.now() - t
    if (times[i]! < best[i]!) best[i] = times[i]!
  }
  console.log(`pass ${pass + 1}: ${summary(times)}`)
}
console.log(`fastest of the passes per input: ${summary(best)}`)
const slowest = [...best.keys()].sort((a, b) => best[b]! - best[a]!).slice(0, 20)
console.log('slowest inputs (fastest pass):')
for (const i of slowest) console.log(`  ${best[i]!.toFixed(2)} ms  ${JSON.stringify(inputs[i])}`)

if (values.save || values.compare) {
  const answers = Object.fromEntries(inputs.map((input, i) => [input, ask(tokens[i]!, 10)]))
  if (values.save) await writeFile(values.save, JSON.stringify(answers))
  if (values.compare) {
    const before = JSON.parse(await readFile(values.compare, 'utf8')) as Record<string, number[]>
    let compared = 0
    const different: string[] = []
    for (const [input, hits] of Object.entries(answers)) {
      const old = before[input]
      if (!old) continue
      compared += 1
      if (old.join() !== hits.join()) different.push(input)
    }
    console.log(
      `compared ${compared} inputs with ${values.compare}: ${different.length} differences`,
      different.slice(0, 10),
    )
  }
}

function summary(times: Float64Array): string {
  const sorted = Float64Array.from(times).sort()
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
  const mean = sorted.reduce((sum, t) => sum + t, 0) / sorted.length
  return (
    `mean ${mean.toFixed(3)} p50 ${at(0.5).toFixed(3)} p90 ${at(0.9).toFixed(3)} ` +
    `p99 ${at(0.99).toFixed(3)} p99.9 ${at(0.999).toFixed(3)} max ${sorted.at(-1)!.toFixed(2)} ms`
  )
}
