import type { AddressInfo } from 'node:net'
import { parseArgs } from 'node:util'
import { createApp } from '#server/app.ts'
import { checkCatalogImport, runCatalogImportChunk } from '#server/catalog/index.ts'
import { loadConfig } from '#server/platform/config.ts'
import { createLogger } from '#server/platform/log.ts'
import { benchEan, csvOf, seededCatalog } from './bench/import-setup.ts'

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000' },
    chunk: { type: 'string', default: '500' },
    /** Listing requests before and after the import. */
    requests: { type: 'string', default: '300' },
  },
})
const rowCount = Number(values.rows)
const chunkSize = Number(values.chunk)
const requestCount = Number(values.requests)

const ean = (n: number) => benchEan('22', n)

const { db, templates, usable, close } = await seededCatalog('bench-import')
try {
  const now = () => new Date()
  const columns = Object.keys(usable[0] ?? {})
  const rows: Record<string, string>[] = Array.from({ length: rowCount }, (_, i) => {
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

  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })
  const server = createApp({ db, config, log: createLogger(config.logLevel) }).listen(
    0,
    '127.0.0.1',
  )
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const perCategory = new Map<string, number>()
  for (const row of rows) {
    const path = row.kategorie ?? ''
    perCategory.set(path, (perCategory.get(path) ?? 0) + 1)
  }
  const [busiest = '', added = 0] = [...perCategory].sort((a, b) => b[1] - a[1])[0] ?? []
  const brands = [...new Set(rows.filter((r) => r.kategorie === busiest).map((r) => r.hersteller))]

  /** The category listing with facets, each request other filters (no cache hit). */
  async function listing(label: string, round: number) {
    const times: number[] = []
    let products = 0
    for (let n = 0; n < requestCount; n += 1) {
      const brand = encodeURIComponent((brands[n % brands.length] ?? '').toLowerCase())
      const low = ((n * 7 + round * 13) % 400) + 1
      const filter = encodeURIComponent(`hersteller=${brand}&preis=${low}-${low + 300 + (n % 500)}`)
      const url = `${base}/api/catalog/listing?path=${encodeURIComponent(busiest)}${n % 3 === 0 ? '' : `&filter=${filter}`}`
      const started = performance.now()
      const answer = await fetch(url)
      const body = (await answer.json()) as { total?: number }
      times.push(performance.now() - started)
      if (answer.status !== 200) throw new Error(`listing answered ${answer.status}`)
      if (n === 0) products = body.total ?? 0
    }
    const sorted = [...times].sort((a, b) => a - b)
    const at = (q: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
    console.log(
      `${label.padEnd(34)} first ${times[0]?.toFixed(0)} ms, p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms (${requestCount} requests, category ${busiest}: ${products} products)`,
    )
  }

  await listing('listing before the import', 0)
  await importFile('new products', file, 'all create')
  await db.execute('analyze products')
  await listing(`listing after importing ${rowCount}`, 1)
  console.log(`  (${added} of the new products are in ${busiest})`)
  await importFile('same file again', file, 'all unchanged')
  const repriced = csvOf(
    rows.map((row, i) => ({ ...row, preis: `${100 + (i % 900)},99` })),
    columns,
  )
  await importFile('every price changed', repriced, 'all update')
  server.closeAllConnections()
  server.close()
} finally {
  await close()
}
