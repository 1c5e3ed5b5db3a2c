// npm run bench:import [-- --rows 10000 --chunk 500]: import throughput of the catalog import
// (issue 21). Seeds a throw-away embedded Postgres with the demo catalog, generates a CSV of new
// products (categories, manufacturers and attribute values taken from the seeded catalog), and
// times the catalog's own functions as the back office calls them: the dry run, the run in
// chunks (one transaction per chunk, as the page polls it), a re-check and re-run of the same
// file (all rows unchanged) and a file changing every price (all rows updated). Prints rows/s.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { parse } from 'csv-parse/sync'
import postgres from 'postgres'
import { isValidGtin } from '#contract/fields.ts'
import { createDb } from '#db/client.ts'
import { startEmbeddedPostgres } from '#db/embedded.ts'
import { runMigrations } from '#db/migrate.ts'
import { DEFAULT_PRODUCT_COUNT, seedIfEmpty } from '#db/seed/index.ts'
import { checkCatalogImport, exportCatalog, runCatalogImportChunk } from '#server/catalog/index.ts'
import { hashPassword } from '#server/platform/password.ts'

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000' },
    chunk: { type: 'string', default: '500' },
  },
})
const rowCount = Number(values.rows)
const chunkSize = Number(values.chunk)

function ean(n: number): string {
  const body = `22${String(n).padStart(10, '0')}`
  for (let check = 0; check <= 9; check += 1) {
    if (isValidGtin(`${body}${check}`)) return `${body}${check}`
  }
  throw new Error('no check digit')
}

function csvOf(rows: Record<string, string>[], columns: string[]): Buffer {
  const quote = (value: string) =>
    /[";\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
  const lines = [columns, ...rows.map((row) => columns.map((column) => row[column] ?? ''))]
  return Buffer.from(lines.map((cells) => cells.map(quote).join(';')).join('\r\n'), 'utf8')
}

const folder = await mkdtemp(join(tmpdir(), 'shop-bench-import-'))
const pg = await startEmbeddedPostgres({ dataDir: join(folder, 'data'), persistent: false })
const adminSql = postgres(pg.adminUrl, { max: 1 })
await adminSql.unsafe('create database bench')
await adminSql.end()
const url = pg.adminUrl.replace(/\/postgres$/, '/bench')
await runMigrations(url)
const { db, close } = createDb(url, { max: 4 })
try {
  await seedIfEmpty(db, { products: DEFAULT_PRODUCT_COUNT, hashPassword })
  const now = () => new Date()
  const exported = await exportCatalog(db, 'csv', now())
  const templates = parse(exported.content.subarray(3).toString('utf8'), {
    delimiter: ';',
    columns: true,
  }) as Record<string, string>[]
  const usable = templates.filter((row) => row.status === 'aktiv' && row.herstellernummer)
  const columns = Object.keys(usable[0] ?? {})
  const rows = Array.from({ length: rowCount }, (_, i) => {
    const template = usable[i % usable.length] ?? {}
    return {
      ...template,
      artikelnummer: String(8_000_000 + i),
      ean: ean(i),
      name: `Benchmodell ${i} ${template.name ?? ''}`.slice(0, 200),
      herstellernummer: `BM-${i}`,
      preis: `${100 + (i % 900)},${String(i % 100).padStart(2, '0')}`,
      campus_preis: '',
      streichpreis: '',
      bestand: String(i % 50),
    }
  })
  const file = csvOf(rows, columns)
  console.log(
    `catalog: ${templates.length} products; file: ${rowCount} rows, ${columns.length} columns, ${(file.length / 1024 / 1024).toFixed(1)} MB`,
  )

  async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
    const started = performance.now()
    const result = await work()
    const seconds = (performance.now() - started) / 1000
    console.log(
      `${label.padEnd(34)} ${seconds.toFixed(1).padStart(6)} s  ${Math.round(rowCount / seconds)
        .toString()
        .padStart(6)} rows/s`,
    )
    return result
  }

  async function importFile(name: string, bytes: Buffer, expect: string) {
    const checked = await timed(`${name}: dry run`, async () => {
      const answer = await checkCatalogImport(
        db,
        { fileName: `${name}.csv`, bytes, staffId: null },
        100_000,
        now(),
      )
      if (!answer.ok) throw new Error(answer.code)
      return answer.value.summary
    })
    const done = await timed(`${name}: run (chunks of ${chunkSize})`, async () => {
      for (;;) {
        const chunk = await db.transaction((tx) =>
          runCatalogImportChunk(tx, checked.id, { mode: 'skip_bad_rows', chunkSize }, now()),
        )
        if (!chunk) throw new Error('import vanished')
        if (chunk.summary.status === 'done') return chunk.summary
      }
    })
    console.log(
      `  dry run ${JSON.stringify(checked.counts)}, run ${JSON.stringify(done.counts)} (expected: ${expect})`,
    )
  }

  await importFile('new products', file, 'all create')
  await importFile('same file again', file, 'all unchanged')
  const repriced = csvOf(
    rows.map((row, i) => ({ ...row, preis: `${100 + (i % 900)},99` })),
    columns,
  )
  await importFile('every price changed', repriced, 'all update')
} finally {
  await close()
  await pg.stop()
  await rm(folder, { recursive: true, force: true })
}
