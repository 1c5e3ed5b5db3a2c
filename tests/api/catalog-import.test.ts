// Bulk import and export of the catalog through real HTTP (issue 21): the dry run shows per row
// what would change and changes nothing; the run lands good rows through the catalog's product
// functions (price history once, version bumps only on change), skips or refuses bad rows as the
// operator chose, and writes one audit entry; re-importing changes nothing; UTF-8 (with and
// without BOM) and Windows-1252 files with `;` or `,` read the same; the export re-imports with
// 0 changes; only admins reach any of it.
import { parse } from 'csv-parse/sync'
import { desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CatalogImportMode } from '#contract/backoffice-import.ts'
import { isValidGtin } from '#contract/fields.ts'
import { contract } from '#contract/index.ts'
import { productPriceHistory, products } from '#db/schema/catalog.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import type { Browser } from '#tests/support/client.ts'
import { browserFactory, registerCustomer, uniqueEmail } from './account-fixtures.ts'
import { expectStaffRoutesGuarded, insertStaffAccount, staffLogIn } from './staff-access.ts'

let shop: TestApp
let newBrowser: ReturnType<typeof browserFactory>
let admin: Browser
let service: Browser
/** The catalog as the export wrote it at the start. */
let exported: Record<string, string>[]

async function staffAs(role: string) {
  const browser = newBrowser()
  await staffLogIn(browser, await insertStaffAccount(shop.db, role))
  return browser
}

async function exportCsv(): Promise<Buffer> {
  const answer = await admin.fetch('/api/staff/catalog/export?format=csv')
  expect(answer.status).toBe(200)
  expect(answer.headers.get('content-disposition')).toMatch(/attachment; filename="katalog-/)
  return Buffer.from(await answer.arrayBuffer())
}

beforeAll(async () => {
  shop = await startTestApp({ env: { TRUST_PROXY: '1' } })
  newBrowser = browserFactory(shop.url)
  admin = await staffAs('admin')
  service = await staffAs('service')
  const csv = await exportCsv()
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  exported = parse(csv.subarray(3).toString('utf8'), { delimiter: ';', columns: true })
}, 60_000)
afterAll(() => shop.close())

/** A valid EAN-13 in the GS1 in-store range 21 (never seeded). */
function ean(n: number): string {
  const body = `21${String(n).padStart(10, '0')}`
  for (let check = 0; check <= 9; check += 1) {
    if (isValidGtin(`${body}${check}`)) return `${body}${check}`
  }
  throw new Error('no check digit')
}

let serial = 0
function freshIds() {
  serial += 1
  const n = (Date.now() % 90_000) * 10 + serial
  return { artikelnummer: String(9_000_000 + (n % 999_999)), ean: ean(n) }
}

/** An active seeded product's row (with a manufacturer, a price below 1000 €). */
function sample(index = 0): Record<string, string> {
  const rows = exported.filter(
    (row) => row.status === 'aktiv' && row.hersteller && row.herstellernummer,
  )
  const row = rows[index]
  if (!row) throw new Error('no sample product')
  return row
}

function csvText(rows: Record<string, string>[], columns: string[], delimiter = ';'): string {
  const quote = (value: string) =>
    /[";,\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
  return [columns, ...rows.map((row) => columns.map((column) => row[column] ?? ''))]
    .map((cells) => cells.map(quote).join(delimiter))
    .join('\r\n')
}

const BASE = [
  'artikelnummer',
  'ean',
  'name',
  'hersteller',
  'herstellernummer',
  'kategorie',
  'preis',
  'campus_preis',
  'streichpreis',
  'bestand',
  'lieferzeit',
  'status',
  'kurztext',
  'beschreibung',
]

async function check(fileName: string, bytes: Buffer | string, browser = admin) {
  const content = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes
  return browser.api.backofficeImport.checkImport({
    body: { fileName, contentBase64: content.toString('base64') },
  })
}

async function checked(fileName: string, bytes: Buffer | string) {
  const answer = await check(fileName, bytes)
  if (answer.status !== 200)
    throw new Error(`check answered ${answer.status} ${JSON.stringify(answer.body)}`)
  return answer.body
}

async function run(id: number, mode: CatalogImportMode, chunkSize?: number) {
  for (let calls = 0; calls < 1000; calls += 1) {
    const answer = await admin.api.backofficeImport.runImport({
      params: { id },
      body: { mode, ...(chunkSize ? { chunkSize } : {}) },
    })
    if (answer.status !== 200) throw new Error(`run answered ${answer.status}`)
    if (answer.body.import.status === 'done' || answer.body.import.status === 'refused') {
      return answer.body.import
    }
  }
  throw new Error('import did not end')
}

async function productBy(articleNumber: string) {
  const [row] = await shop.db
    .select()
    .from(products)
    .where(eq(products.articleNumber, articleNumber))
  return row
}

async function historyOf(productId: number) {
  return shop.db
    .select({
      priceCents: productPriceHistory.priceCents,
      source: productPriceHistory.source,
    })
    .from(productPriceHistory)
    .where(eq(productPriceHistory.productId, productId))
    .orderBy(desc(productPriceHistory.validFrom), desc(productPriceHistory.id))
}

async function auditOf(action: string) {
  const log = await admin.api.backofficeAccess.listAuditLog({ query: { action } })
  if (log.status !== 200) throw new Error(`audit log answered ${log.status}`)
  return log.body.entries
}

describe('catalog import', () => {
  it('dry run shows create, update with changed columns, unchanged and German errors; the run lands good rows once', async () => {
    const fresh = freshIds()
    const created = {
      ...sample(0),
      ...fresh,
      name: 'Quarzlicht Schreibtischlampe Größe M',
      herstellernummer: `QL-${fresh.artikelnummer}`,
      preis: '49,90',
      campus_preis: '',
      streichpreis: '',
      bestand: '7',
      lieferzeit: '2–3 Werktage',
    }
    const toUpdate = sample(1)
    const oldPrice = toUpdate.preis ?? ''
    const newPrice = '1.234,50'
    const updated = { ...toUpdate, preis: newPrice, campus_preis: '', streichpreis: '' }
    const unchanged = sample(2)
    const bad = { ...sample(0), ...freshIds(), ean: '4006381333932', preis: 'zwölf' }
    const csv = csvText([created, updated, unchanged, bad], BASE)
    const productsBefore = await shop.db.select({ n: sql<number>`count(*)::int` }).from(products)
    const updatedBefore = await productBy(toUpdate.artikelnummer ?? '')
    if (!updatedBefore) throw new Error('no product to update')

    const dry = await checked('lieferant.csv', csv)
    expect(dry.import).toMatchObject({
      format: 'csv',
      encoding: 'utf-8',
      delimiter: ';',
      status: 'checked',
      total: 4,
      counts: { create: 1, update: 1, unchanged: 1, error: 1 },
    })
    expect(dry.rows.map((row) => row.action)).toEqual(['create', 'update', 'unchanged', 'error'])
    expect(dry.rows[0]).toMatchObject({ line: 2, articleNumber: fresh.artikelnummer })
    const priceChange = dry.rows[1]?.changes.find((change) => change.column === 'preis')
    expect(priceChange).toEqual({ column: 'preis', before: oldPrice, after: '1234,50' })
    expect(dry.rows[3]?.errors).toEqual(
      expect.arrayContaining([
        { column: 'preis', message: 'Bitte gib einen Betrag wie 19,99 ein.' },
      ]),
    )
    // The dry run wrote nothing.
    expect(await shop.db.select({ n: sql<number>`count(*)::int` }).from(products)).toEqual(
      productsBefore,
    )
    expect(await productBy(fresh.artikelnummer)).toBeUndefined()

    // The error report of the dry run.
    const report = await admin.fetch(`/api/staff/catalog/imports/${dry.import.id}/errors.csv`)
    expect(report.status).toBe(200)
    const reportText = Buffer.from(await report.arrayBuffer())
      .subarray(3)
      .toString('utf8')
    expect(reportText).toContain('zeile;artikelnummer;ean;spalte;fehler')
    expect(reportText).toContain('5;')
    expect(reportText).toContain('Bitte gib einen Betrag wie 19,99 ein.')

    const done = await run(dry.import.id, 'skip_bad_rows', 2)
    expect(done).toMatchObject({
      status: 'done',
      processed: 4,
      counts: { create: 1, update: 1, unchanged: 1, error: 1 },
    })
    const createdRow = await productBy(fresh.artikelnummer)
    expect(createdRow).toMatchObject({
      name: created.name,
      priceCents: 4990,
      stock: 7,
      deliveryTime: '2–3 Werktage',
      active: true,
      version: 1,
    })
    const after = await productBy(toUpdate.artikelnummer ?? '')
    expect(after?.priceCents).toBe(123_450)
    expect(after?.version).toBe(updatedBefore.version + 1)
    const history = await historyOf(updatedBefore.id)
    expect(history[0]).toEqual({ priceCents: 123_450, source: 'import' })
    const historyCount = history.length
    const unchangedRow = await productBy(unchanged.artikelnummer ?? '')

    const [entry] = await auditOf('catalog.import')
    expect(entry).toMatchObject({
      entityId: String(dry.import.id),
      after: { status: 'done', counts: { create: 1, update: 1, unchanged: 1, error: 1 } },
    })

    // The run's error report has the bad row's line and text.
    const runReport = await admin.fetch(`/api/staff/catalog/imports/${dry.import.id}/errors.csv`)
    const runText = Buffer.from(await runReport.arrayBuffer()).toString('utf8')
    expect(runText).toMatch(
      /\r\n5;\d{7};4006381333932;preis;Bitte gib einen Betrag wie 19,99 ein\./,
    )

    // Re-importing the same file changes nothing: no version bump, no history row.
    const again = await checked('lieferant.csv', csv)
    expect(again.import.counts).toEqual({ create: 0, update: 0, unchanged: 3, error: 1 })
    const rerun = await run(again.import.id, 'skip_bad_rows')
    expect(rerun.counts).toEqual({ create: 0, update: 0, unchanged: 3, error: 1 })
    expect((await productBy(fresh.artikelnummer))?.version).toBe(1)
    expect((await productBy(toUpdate.artikelnummer ?? ''))?.version).toBe(updatedBefore.version + 1)
    expect((await productBy(unchanged.artikelnummer ?? ''))?.version).toBe(unchangedRow?.version)
    expect(await historyOf(updatedBefore.id)).toHaveLength(historyCount)

    // The shop finds the new product by search at once.
    const found = await newBrowser().api.catalog.getSearchResults({
      query: { query: 'Quarzlicht' } as never,
    })
    expect(found.status === 200 && found.body.products.map((p) => p.name)).toContain(created.name)
  })

  it('refuses the whole file when the operator chose so and any row is bad: nothing lands', async () => {
    const good = { ...sample(0), ...freshIds(), name: 'Refusal Testartikel Eins' }
    const bad = { ...sample(0), ...freshIds(), name: 'x' }
    const dry = await checked('ablehnen.csv', csvText([good, bad], BASE))
    expect(dry.import.counts).toMatchObject({ create: 1, error: 1 })
    expect(dry.rows[1]?.errors.map((e) => e.column)).toContain('name')
    const refused = await run(dry.import.id, 'refuse_file')
    expect(refused).toMatchObject({ status: 'refused', mode: 'refuse_file' })
    expect(await productBy(good.artikelnummer)).toBeUndefined()
    // Asking again does nothing more.
    const again = await admin.api.backofficeImport.runImport({
      params: { id: dry.import.id },
      body: { mode: 'skip_bad_rows' },
    })
    expect(again.status === 200 && again.body.import.status).toBe('refused')
    expect(await productBy(good.artikelnummer)).toBeUndefined()
    const [entry] = await auditOf('catalog.import')
    expect(entry).toMatchObject({ after: { status: 'refused' } })
  })

  it('reads UTF-8, UTF-8 with BOM and Windows-1252 files with ; or , alike (umlauts kept)', async () => {
    const row = {
      ...sample(0),
      ...freshIds(),
      name: 'Größenverstellbarer Monitorständer Äöü',
      beschreibung: 'Für zwei Bildschirme, höhenverstellbar; mit Kabelführung.',
      preis: '89,00',
      campus_preis: '',
      streichpreis: '',
    }
    const semicolon = csvText([row], BASE, ';')
    const comma = csvText([row], BASE, ',')
    const variants: [string, Buffer, string, string][] = [
      ['utf8.csv', Buffer.from(semicolon, 'utf8'), 'utf-8', ';'],
      [
        'bom.csv',
        Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(comma, 'utf8')]),
        'utf-8-bom',
        ',',
      ],
      ['excel.csv', Buffer.from(semicolon, 'latin1'), 'windows-1252', ';'],
      ['excel-komma.csv', Buffer.from(comma, 'latin1'), 'windows-1252', ','],
    ]
    for (const [name, bytes, encoding, delimiter] of variants) {
      const dry = await checked(name, bytes)
      expect(dry.import, name).toMatchObject({ encoding, delimiter, counts: { create: 1 } })
      expect(dry.rows[0]?.name, name).toBe(row.name)
      const description = dry.rows[0]?.changes.find((c) => c.column === 'beschreibung')
      expect(description?.after, name).toBe(row.beschreibung)
    }
    // JSON: the same columns; prices as numbers in euros.
    const json = JSON.stringify([{ ...row, preis: 89, bestand: 3, status: true }])
    const dry = await checked('katalog.json', json)
    expect(dry.import).toMatchObject({ format: 'json', delimiter: null, counts: { create: 1 } })
    expect(dry.rows[0]?.changes).toEqual(
      expect.arrayContaining([{ column: 'preis', before: null, after: '89,00' }]),
    )
  })

  it('answers file problems with 422 and German texts', async () => {
    const unknown = await check('x.csv', 'artikelnummer;farbe_neu\n1234567;rot')
    expect(unknown.status).toBe(422)
    expect(unknown.body).toMatchObject({
      code: 'catalog_import_column_unknown',
      message: 'Unbekannte Spalte „farbe_neu“.',
    })
    const noKey = await check('x.csv', 'name;preis\nTest;1,00')
    expect(noKey.body).toMatchObject({ code: 'catalog_import_key_missing' })
    const empty = await check('x.csv', 'artikelnummer;name\n')
    expect(empty.body).toMatchObject({ code: 'catalog_import_file_empty' })
    const broken = await check('x.json', '[{"artikelnummer": ')
    expect(broken.body).toMatchObject({ code: 'catalog_import_file_invalid' })
  })

  it('re-imports its own export (CSV and JSON) with 0 changes', async () => {
    const csv = await exportCsv()
    const fromCsv = await checked('katalog.csv', csv)
    expect(fromCsv.import).toMatchObject({ encoding: 'utf-8-bom', delimiter: ';' })
    expect(fromCsv.rows.filter((row) => row.action !== 'unchanged')).toEqual([])
    const json = await admin.fetch('/api/staff/catalog/export?format=json')
    expect(json.status).toBe(200)
    const fromJson = await checked('katalog.json', Buffer.from(await json.arrayBuffer()))
    expect(fromJson.rows.filter((row) => row.action !== 'unchanged')).toEqual([])
    expect(fromJson.import.counts.unchanged).toBe(fromCsv.import.counts.unchanged)
    expect(fromCsv.import.counts.unchanged).toBeGreaterThan(100)
  }, 60_000)

  it('an unchanged row does not wait for an editor holding its product; a changed row lands once the editor is done', async () => {
    const row = sample(3)
    const product = await productBy(row.artikelnummer ?? '')
    if (!product) throw new Error('no product')
    const unchanged = await checked('unveraendert.csv', csvText([row], BASE))
    expect(unchanged.rows[0]?.action).toBe('unchanged')
    const changed = await checked(
      'geaendert.csv',
      csvText([{ ...row, kurztext: `${row.kurztext} (neu)` }], BASE),
    )
    expect(changed.rows[0]?.action).toBe('update')
    // An editor's transaction holds the product (as the editor's save does) while the unchanged
    // file runs: the run finishes without taking the row's lock.
    await shop.db.transaction(async (tx) => {
      await tx.execute(sql`select id from products where id = ${product.id} for update`)
      const done = await run(unchanged.import.id, 'skip_bad_rows')
      expect(done.counts).toMatchObject({ unchanged: 1, update: 0, error: 0 })
      // The editor saves (a version bump) before the changed file runs.
      await tx.execute(sql`update products set version = version + 1 where id = ${product.id}`)
    })
    const done = await run(changed.import.id, 'skip_bad_rows')
    expect(done.counts).toMatchObject({ update: 1, error: 0 })
    const after = await productBy(row.artikelnummer ?? '')
    expect(after?.version).toBe((product.version ?? 0) + 2)
  }, 60_000)

  it('admits only admins to every import and export route', async () => {
    const customer = newBrowser()
    await registerCustomer(customer, { email: uniqueEmail('kunde-import') })
    const unknownRole = newBrowser()
    await staffLogIn(unknownRole, await insertStaffAccount(shop.db, 'lager'))
    const guarded = await expectStaffRoutesGuarded(contract.backofficeImport, {
      guest: newBrowser(),
      customer,
      unknownRole,
      staff: { service, admin },
    })
    expect(guarded).toBe(Object.keys(contract.backofficeImport).length)
    const refused = await check('x.csv', 'artikelnummer\n1234567', service)
    expect(refused.status).toBe(403)
  })
})
