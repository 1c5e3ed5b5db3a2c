// The import's columns for the demo catalog (issue 21): model line, UVP, order limit, energy label
// (class, scale, consumption, EPREL number), warranties, safety notes, flags and the whole
// technical data. The seeded catalog came from db/seed/demo-catalog.json through the importer and
// exports as that file says; every new column is checked with a German message per row and
// column; new values land, export and re-import unchanged; warranties keep their ids by name.
import { readFileSync } from 'node:fs'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { translate } from '#contract/messages.de.ts'
import { products, productWarranties } from '#db/schema/catalog.ts'
import { DEMO_CATALOG_FILE } from '#db/seed/demo-catalog.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import type { Browser } from '#tests/support/client.ts'
import { browserFactory } from './account-fixtures.ts'
import { insertStaffAccount, staffLogIn } from './staff-access.ts'

let shop: TestApp
let admin: Browser
type Entry = Record<string, unknown>
let exported: Entry[]

async function exportJson(): Promise<Entry[]> {
  const answer = await admin.fetch('/api/staff/catalog/export?format=json')
  expect(answer.status).toBe(200)
  return JSON.parse(Buffer.from(await answer.arrayBuffer()).toString('utf8')) as Entry[]
}

beforeAll(async () => {
  shop = await startTestApp({ env: { TRUST_PROXY: '1' } })
  admin = browserFactory(shop.url)()
  await staffLogIn(admin, await insertStaffAccount(shop.db, 'admin'))
  exported = await exportJson()
}, 60_000)
afterAll(() => shop.close())

async function checked(fileName: string, text: string) {
  const answer = await admin.api.backofficeImport.checkImport({
    body: { fileName, contentBase64: Buffer.from(text, 'utf8').toString('base64') },
  })
  if (answer.status !== 200) throw new Error(`check answered ${answer.status}`)
  return answer.body
}

async function run(id: number) {
  for (let calls = 0; calls < 100; calls += 1) {
    const answer = await admin.api.backofficeImport.runImport({
      params: { id },
      body: { mode: 'skip_bad_rows' },
    })
    if (answer.status !== 200) throw new Error(`run answered ${answer.status}`)
    if (answer.body.import.status === 'done') return answer.body.import
  }
  throw new Error('import did not end')
}

function entryWith(predicate: (entry: Entry) => boolean, skip = 0): Entry {
  const found = exported.filter(predicate)[skip]
  if (!found) throw new Error('no such product')
  return found
}

function csvCell(value: string): string {
  return /[";\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

describe('import columns of the demo catalog', () => {
  it('seeds the catalog from the data file: the export carries its products and new columns', () => {
    const file = JSON.parse(readFileSync(DEMO_CATALOG_FILE, 'utf8')) as { products: Entry[] }
    const byNumber = new Map(exported.map((entry) => [entry.artikelnummer, entry]))
    expect(exported.length).toBeGreaterThanOrEqual(file.products.length)
    for (const entry of file.products) {
      const seeded = byNumber.get(entry.artikelnummer)
      expect(seeded, String(entry.artikelnummer)).toBeDefined()
      for (const [column, value] of Object.entries(entry)) {
        if (column === 'lieferzeit') continue
        expect(seeded?.[column], `${entry.artikelnummer} ${column}`).toEqual(
          Array.isArray(value) && value.length === 0 ? null : value,
        )
      }
    }
    // The demo has every kind of the new data.
    expect(file.products.some((e) => e.energieklasse && e.eprel_nummer)).toBe(true)
    expect(file.products.some((e) => Array.isArray(e.garantien) && e.garantien.length === 3)).toBe(
      true,
    )
    expect(file.products.some((e) => e.grossgeraet === true)).toBe(true)
    expect(file.products.some((e) => e.akku === true)).toBe(true)
  })

  it('refuses bad values of every new column with a German message for the column', async () => {
    const base = entryWith((e) => e.energieklasse !== null)
    const plain = entryWith((e) => e.energieklasse === null)
    const rows: [Entry, string, string][] = [
      [{ energieklasse: 'H' }, 'energieklasse', translate('backoffice_energy_class_invalid')],
      [{ eprel_nummer: '12AB' }, 'eprel_nummer', translate('backoffice_eprel_invalid')],
      [{ eprel_nummer: '0123' }, 'eprel_nummer', translate('backoffice_eprel_invalid')],
      [{ energieskala: 'A bis G' }, 'energieskala', translate('backoffice_energy_scale_invalid')],
      [
        { energieverbrauch: 'viel' },
        'energieverbrauch',
        translate('backoffice_whole_number_invalid'),
      ],
      [{ garantien: 'zwei Jahre' }, 'garantien', translate('catalog_import_list_invalid')],
      [
        { garantien: [{ name: 'Gold', monate: 24, preis: 49.99, farbe: 'gold' }] },
        'garantien',
        translate('catalog_import_list_invalid'),
      ],
      [
        { garantien: [{ name: '2 Jahre', monate: 0, preis: 49.99 }] },
        'garantien',
        translate('invalid'),
      ],
      [
        { garantien: [{ name: '2 Jahre', monate: 24, preis: 'gratis' }] },
        'garantien',
        translate('backoffice_euro_invalid'),
      ],
      [
        { sicherheitshinweise: [1, 2] },
        'sicherheitshinweise',
        translate('catalog_import_list_invalid'),
      ],
      [{ grossgeraet: 'vielleicht' }, 'grossgeraet', translate('catalog_import_yes_no_invalid')],
      [{ akku: 'oft' }, 'akku', translate('catalog_import_yes_no_invalid')],
      [
        { technische_daten: [{ gruppe: 'Display', name: 'Größe' }] },
        'technische_daten',
        translate('required'),
      ],
      [{ uvp: 'teuer' }, 'uvp', translate('backoffice_euro_invalid')],
      [{ max_bestellmenge: 0 }, 'max_bestellmenge', translate('invalid')],
      [{ modellreihe: 'x'.repeat(81) }, 'modellreihe', translate('max_length', { length: 80 })],
    ]
    const file = [
      ...rows.map(([change]) => ({ artikelnummer: base.artikelnummer, ...change })),
      // Energy data without a class.
      { artikelnummer: plain.artikelnummer, eprel_nummer: '123456' },
    ]
    // One row per article number in a file: check each on its own.
    for (const [index, entry] of file.entries()) {
      const dry = await checked('fehler.json', JSON.stringify([entry]))
      const row = dry.rows[0]
      expect(row?.action, JSON.stringify(entry)).toBe('error')
      const [, column, text] = rows[index] ?? [
        null,
        'eprel_nummer',
        translate('catalog_import_energy_class_required'),
      ]
      expect(row?.errors, JSON.stringify(entry)).toContainEqual({ column, message: text })
    }
  }, 60_000)

  it('lands new values of every new column (CSV), exports them and re-imports unchanged; warranties keep their ids', async () => {
    const target = entryWith(
      (e) =>
        e.energieklasse === null &&
        e.akku === false &&
        Array.isArray(e.garantien) &&
        e.garantien.length === 2,
    )
    const number = String(target.artikelnummer)
    const [product] = await shop.db
      .select({ id: products.id, version: products.version })
      .from(products)
      .where(eq(products.articleNumber, number))
    if (!product) throw new Error('no product')
    const warrantiesBefore = await shop.db
      .select()
      .from(productWarranties)
      .where(eq(productWarranties.productId, product.id))
      .orderBy(asc(productWarranties.position))
    const kept = warrantiesBefore[1]
    if (!kept) throw new Error('no second warranty')
    const changes: Record<string, string> = {
      modellreihe: 'Bitwerk Testreihe',
      uvp: '9.999,00',
      max_bestellmenge: '3',
      energieklasse: 'c',
      energieskala: '',
      energieverbrauch: '42',
      eprel_nummer: '1234567',
      garantien: JSON.stringify([
        { name: kept.name, monate: kept.months, preis: '79,00' },
        { name: 'Rundum-Schutz, 5 Jahre', monate: 60, preis: 199 },
      ]),
      sicherheitshinweise: 'Nicht in Wasser tauchen.\nNur in Innenräumen verwenden.',
      grossgeraet: 'ja',
      akku: 'nein',
      technische_daten: JSON.stringify([
        { gruppe: 'Allgemein', name: 'Hersteller', wert: String(target.hersteller) },
        { gruppe: 'Display', name: 'Bildschirmdiagonale', wert: '40,6 cm (16")' },
      ]),
    }
    const columns = ['artikelnummer', ...Object.keys(changes)]
    const csv = [
      columns.join(';'),
      [number, ...Object.values(changes)].map(csvCell).join(';'),
    ].join('\r\n')
    const dry = await checked('neu.csv', csv)
    expect(dry.rows[0]?.action).toBe('update')
    const changed = new Map(dry.rows[0]?.changes.map((c) => [c.column, c.after]))
    expect(changed.get('energieklasse')).toBe('C')
    expect(changed.get('energieskala')).toBe('A - G')
    expect(changed.get('sicherheitshinweise')).toBe(
      '["Nicht in Wasser tauchen.","Nur in Innenräumen verwenden."]',
    )
    expect(changed.has('akku')).toBe(false)
    const done = await run(dry.import.id)
    expect(done.counts).toEqual({ create: 0, update: 1, unchanged: 0, error: 0 })

    const [after] = await shop.db.select().from(products).where(eq(products.id, product.id))
    expect(after).toMatchObject({
      version: product.version + 1,
      modelLine: 'Bitwerk Testreihe',
      recommendedRetailPriceCents: 999_900,
      maxOrderQuantity: 3,
      energyClass: 'C',
      energyScale: 'A - G',
      energyKwh: 42,
      eprelNumber: '1234567',
      safetyWarnings: ['Nicht in Wasser tauchen.', 'Nur in Innenräumen verwenden.'],
      largeAppliance: true,
      containsBattery: false,
      specs: [
        { group: 'Allgemein', name: 'Hersteller', value: String(target.hersteller) },
        { group: 'Display', name: 'Bildschirmdiagonale', value: '40,6 cm (16")' },
      ],
    })
    const warrantiesAfter = await shop.db
      .select()
      .from(productWarranties)
      .where(eq(productWarranties.productId, product.id))
      .orderBy(asc(productWarranties.position))
    expect(warrantiesAfter.map((w) => [w.name, w.months, w.priceCents, w.position])).toEqual([
      [kept.name, kept.months, 7900, 0],
      ['Rundum-Schutz, 5 Jahre', 60, 19_900, 1],
    ])
    // The kept warranty keeps its id (a cart that chose it keeps the choice).
    expect(warrantiesAfter[0]?.id).toBe(kept.id)

    // The export carries the new values; the same file and the export re-import unchanged.
    const entry = (await exportJson()).find((e) => e.artikelnummer === number)
    expect(entry).toMatchObject({
      modellreihe: 'Bitwerk Testreihe',
      uvp: 9999,
      max_bestellmenge: 3,
      energieklasse: 'C',
      energieskala: 'A - G',
      energieverbrauch: 42,
      eprel_nummer: '1234567',
      garantien: [
        { name: kept.name, monate: kept.months, preis: 79 },
        { name: 'Rundum-Schutz, 5 Jahre', monate: 60, preis: 199 },
      ],
      grossgeraet: true,
      akku: false,
    })
    const again = await checked('neu.csv', csv)
    expect(again.rows[0]?.action).toBe('unchanged')
    const exportedCsv = await admin.fetch('/api/staff/catalog/export?format=csv')
    const roundTrip = await checked(
      'katalog.csv',
      Buffer.from(await exportedCsv.arrayBuffer()).toString('utf8'),
    )
    expect(roundTrip.rows.filter((row) => row.action !== 'unchanged')).toEqual([])
  }, 60_000)
})
