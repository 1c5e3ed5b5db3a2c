// Catalog import with pictures through real HTTP (issue 21): a ZIP archive carries the CSV or JSON
// file and the pictures its `bilder` column names. The dry run shows per product which pictures
// would be added, removed or reordered and writes nothing; the run stores them through the
// picture pipeline (checked by content, thumbnail made); re-importing the same archive changes
// nothing; a row without the column keeps its pictures, an empty cell removes them; every refusal
// (missing, not a picture, too small, too large, too many, bad archive, bomb, too many entries,
// traversal names) answers in German; the ZIP export re-imports with nothing changed.
import { createHash } from 'node:crypto'
import { parse } from 'csv-parse/sync'
import { asc, eq, sql } from 'drizzle-orm'
import { strToU8, unzipSync, type Zippable, zipSync } from 'fflate'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isValidGtin } from '#contract/fields.ts'
import {
  catalogImportPictures,
  productImages,
  productImageVariants,
  products,
} from '#db/schema/catalog.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import type { Browser } from '#tests/support/client.ts'
import { browserFactory } from './account-fixtures.ts'
import { insertStaffAccount, staffLogIn } from './staff-access.ts'

let shop: TestApp
let newBrowser: ReturnType<typeof browserFactory>
let admin: Browser
/** A seeded active product's row as the export wrote it (manufacturer, category, texts). */
let template: Record<string, string>

beforeAll(async () => {
  shop = await startTestApp({ env: { TRUST_PROXY: '1' } })
  newBrowser = browserFactory(shop.url)
  admin = newBrowser()
  await staffLogIn(admin, await insertStaffAccount(shop.db, 'admin'))
  const answer = await admin.fetch('/api/staff/catalog/export?format=csv')
  const csv = Buffer.from(await answer.arrayBuffer())
  const rows: Record<string, string>[] = parse(csv.subarray(3).toString('utf8'), {
    delimiter: ';',
    columns: true,
  })
  expect(Object.keys(rows[0] ?? {})).not.toContain('bilder')
  const found = rows.find((row) => row.status === 'aktiv' && row.hersteller && row.herstellernummer)
  if (!found) throw new Error('no sample')
  template = found
}, 60_000)
afterAll(() => shop.close())

function ean(n: number): string {
  const body = `22${String(n).padStart(10, '0')}`
  for (let check = 0; check <= 9; check += 1) {
    if (isValidGtin(`${body}${check}`)) return `${body}${check}`
  }
  throw new Error('no check digit')
}

let serial = 0
/** A new product's row (fresh article number and EAN) from the template. */
function newProduct(extra: Record<string, string> = {}): Record<string, string> {
  serial += 1
  const n = (Date.now() % 80_000) * 10 + serial
  return {
    artikelnummer: String(8_000_000 + (n % 999_999)),
    ean: ean(n),
    name: `Bildertest ${serial}`,
    hersteller: template.hersteller ?? '',
    herstellernummer: `BT-${serial}`,
    kategorie: template.kategorie ?? '',
    preis: '199,00',
    bestand: '5',
    status: 'aktiv',
    kurztext: 'Ein Artikel mit Bildern',
    beschreibung: 'Ein Artikel, dessen Bilder aus einem ZIP-Archiv kommen.',
    ...extra,
  }
}
const COLUMNS = [
  'artikelnummer',
  'ean',
  'name',
  'hersteller',
  'herstellernummer',
  'kategorie',
  'preis',
  'bestand',
  'status',
  'kurztext',
  'beschreibung',
]

function csvText(rows: Record<string, string>[], columns: string[]): string {
  const quote = (value: string) =>
    /[";,\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
  return [columns, ...rows.map((row) => columns.map((column) => row[column] ?? ''))]
    .map((cells) => cells.map(quote).join(';'))
    .join('\r\n')
}

const colours = ['#3366cc', '#cc3366', '#66cc33', '#ccaa00', '#00aacc', '#aa00cc', '#222222']
function photo(format: 'jpeg' | 'png' | 'webp', colour: string, width = 400, height = 300) {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer()
}
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

async function check(fileName: string, bytes: Uint8Array) {
  return admin.api.backofficeImport.checkImport({
    body: { fileName, contentBase64: Buffer.from(bytes).toString('base64') },
  })
}
async function checked(fileName: string, bytes: Uint8Array) {
  const answer = await check(fileName, bytes)
  if (answer.status !== 200) {
    throw new Error(`check answered ${answer.status} ${JSON.stringify(answer.body)}`)
  }
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

async function productOf(articleNumber: string) {
  const [row] = await shop.db
    .select({ id: products.id, version: products.version })
    .from(products)
    .where(eq(products.articleNumber, articleNumber))
  return row
}
async function picturesOf(articleNumber: string) {
  return shop.db
    .select({
      id: productImages.id,
      hash: productImages.contentHash,
      alt: productImages.altText,
      position: productImages.position,
      mime: productImages.mime,
    })
    .from(productImages)
    .innerJoin(products, eq(products.id, productImages.productId))
    .where(eq(products.articleNumber, articleNumber))
    .orderBy(asc(productImages.position))
}

describe('import of a ZIP archive with pictures', () => {
  let a: Record<string, string>
  let b: Record<string, string>
  let files: Record<string, Buffer>
  let archive: Uint8Array

  beforeAll(async () => {
    a = newProduct()
    b = newProduct()
    files = {
      'a.jpg': await photo('jpeg', colours[0] as string),
      'bilder/b.png': await photo('png', colours[1] as string),
      'bilder/c.webp': await photo('webp', colours[2] as string),
      'd.jpg': await photo('jpeg', colours[3] as string),
    }
    archive = zipSync({
      'import/katalog.csv': strToU8(
        csvText(
          [
            { ...a, bilder: 'a.jpg=Vorderseite|bilder/b.png' },
            { ...b, bilder: 'bilder/c.webp=Seitenansicht' },
          ],
          [...COLUMNS, 'bilder'],
        ),
      ),
      // Names relative to the file's folder; one unused file is ignored.
      'import/a.jpg': files['a.jpg'] as Buffer,
      'import/bilder/b.png': files['bilder/b.png'] as Buffer,
      'import/bilder/c.webp': files['bilder/c.webp'] as Buffer,
      'import/unbenutzt.jpg': files['d.jpg'] as Buffer,
    })
  })

  it('shows the pictures per product in the dry run and writes nothing', async () => {
    const dry = await checked('lieferant.zip', archive)
    expect(dry.import).toMatchObject({ archive: true, format: 'csv', total: 2 })
    expect(dry.import.counts).toEqual({ create: 2, update: 0, unchanged: 0, error: 0 })
    const [rowA, rowB] = dry.rows
    expect(rowA?.pictures).toEqual({
      added: ['a.jpg', 'bilder/b.png'],
      removed: [],
      reordered: false,
      altChanged: 0,
      after: [
        { file: 'a.jpg', alt: 'Vorderseite', isNew: true },
        { file: 'bilder/b.png', alt: '', isNew: true },
      ],
    })
    expect(rowA?.changes.map((c) => c.column)).toContain('bilder')
    expect(rowB?.pictures?.added).toEqual(['bilder/c.webp'])
    expect(await productOf(a.artikelnummer ?? '')).toBeUndefined()
  })

  it('stores the pictures through the picture pipeline in the run', async () => {
    const dry = await checked('lieferant.zip', archive)
    const done = await run(dry.import.id)
    expect(done.counts).toEqual({ create: 2, update: 0, unchanged: 0, error: 0 })
    const pictures = await picturesOf(a.artikelnummer ?? '')
    expect(pictures.map((p) => [p.hash, p.alt, p.position, p.mime])).toEqual([
      [sha(files['a.jpg'] as Buffer), 'Vorderseite', 0, 'image/jpeg'],
      [sha(files['bilder/b.png'] as Buffer), '', 1, 'image/png'],
    ])
    const [thumb] = await shop.db
      .select({ n: sql<number>`count(*)::int` })
      .from(productImageVariants)
      .where(eq(productImageVariants.contentHash, sha(files['a.jpg'] as Buffer)))
    expect(thumb?.n).toBeGreaterThan(0)
    const product = await productOf(a.artikelnummer ?? '')
    const page = await newBrowser().api.catalog.getProduct({
      params: { productId: product?.id ?? 0 },
    })
    if (page.status !== 200) throw new Error(`product answered ${page.status}`)
    expect(page.body.images[0]?.url).toBe(`/bilder/${sha(files['a.jpg'] as Buffer)}-800.jpg`)
    expect(page.body.images[0]?.alt).toBe('Vorderseite')
  })

  it('changes nothing when the same archive is imported again', async () => {
    const before = await picturesOf(a.artikelnummer ?? '')
    const version = (await productOf(a.artikelnummer ?? ''))?.version
    const dry = await checked('lieferant.zip', archive)
    expect(dry.import.counts).toEqual({ create: 0, update: 0, unchanged: 2, error: 0 })
    expect(dry.rows.every((row) => row.pictures === undefined)).toBe(true)
    const done = await run(dry.import.id)
    expect(done.counts.unchanged).toBe(2)
    expect(await picturesOf(a.artikelnummer ?? '')).toEqual(before)
    expect((await productOf(a.artikelnummer ?? ''))?.version).toBe(version)
  })

  it('reorders, renames, adds and removes pictures without a new product version', async () => {
    const version = (await productOf(a.artikelnummer ?? ''))?.version
    const keptId = (await picturesOf(a.artikelnummer ?? '')).find(
      (p) => p.hash === sha(files['bilder/b.png'] as Buffer),
    )?.id
    const next = zipSync({
      'katalog.json': strToU8(
        JSON.stringify([
          {
            artikelnummer: a.artikelnummer,
            bilder: [{ datei: 'b.png', alt: 'Rückseite' }, 'a.jpg=Vorderseite', 'neu.jpg'],
          },
        ]),
      ),
      'b.png': files['bilder/b.png'] as Buffer,
      'a.jpg': files['a.jpg'] as Buffer,
      'neu.jpg': files['d.jpg'] as Buffer,
    })
    // A JSON list entry is a file name; `=` belongs to the name there, so it is missing.
    const wrong = await checked('neu.zip', next)
    expect(wrong.rows[0]?.errors).toEqual([
      { column: 'bilder', message: 'Das Bild „a.jpg=Vorderseite“ liegt nicht im ZIP-Archiv.' },
    ])
    const fixed = zipSync({
      'katalog.json': strToU8(
        JSON.stringify([
          {
            artikelnummer: a.artikelnummer,
            bilder: 'b.png=Rückseite|a.jpg=Vorderseite|neu.jpg',
          },
        ]),
      ),
      'b.png': files['bilder/b.png'] as Buffer,
      'a.jpg': files['a.jpg'] as Buffer,
      'neu.jpg': files['d.jpg'] as Buffer,
    })
    const dry = await checked('neu.zip', fixed)
    expect(dry.rows[0]).toMatchObject({
      action: 'update',
      pictures: { added: ['neu.jpg'], removed: [], reordered: true, altChanged: 1 },
    })
    await run(dry.import.id)
    const after = await picturesOf(a.artikelnummer ?? '')
    expect(after.map((p) => [p.hash, p.alt, p.position])).toEqual([
      [sha(files['bilder/b.png'] as Buffer), 'Rückseite', 0],
      [sha(files['a.jpg'] as Buffer), 'Vorderseite', 1],
      [sha(files['d.jpg'] as Buffer), '', 2],
    ])
    expect(after[0]?.id).toBe(keptId)
    expect((await productOf(a.artikelnummer ?? ''))?.version).toBe(version)

    const fewer = zipSync({
      'k.csv': strToU8(csvText([{ ...a, bilder: 'x/neu.jpg' }], ['artikelnummer', 'bilder'])),
      'x/neu.jpg': files['d.jpg'] as Buffer,
    })
    const dryFewer = await checked('weniger.zip', fewer)
    expect(dryFewer.rows[0]?.pictures).toMatchObject({ added: [], removed: [1, 2] })
    await run(dryFewer.import.id)
    expect((await picturesOf(a.artikelnummer ?? '')).map((p) => p.hash)).toEqual([
      sha(files['d.jpg'] as Buffer),
    ])
  })

  it('keeps the pictures of a row without the column and removes them for an empty cell', async () => {
    const without = zipSync({
      'k.csv': strToU8(csvText([{ ...b, preis: '189,00' }], ['artikelnummer', 'preis'])),
    })
    const dry = await checked('ohne.zip', without)
    expect(dry.rows[0]?.pictures).toBeUndefined()
    await run(dry.import.id)
    expect(await picturesOf(b.artikelnummer ?? '')).toHaveLength(1)

    const empty = zipSync({
      'k.csv': strToU8(csvText([{ ...b, bilder: '' }], ['artikelnummer', 'bilder'])),
    })
    const dryEmpty = await checked('leer.zip', empty)
    expect(dryEmpty.rows[0]).toMatchObject({
      action: 'update',
      pictures: { added: [], removed: [1], after: [] },
    })
    await run(dryEmpty.import.id)
    expect(await picturesOf(b.artikelnummer ?? '')).toHaveLength(0)
  })

  it('gives another product a picture the shop already stores, staged from the stored one', async () => {
    const shared = zipSync({
      'k.csv': strToU8(
        csvText([{ ...b, bilder: 'd.jpg=Gleiches Bild' }], ['artikelnummer', 'bilder']),
      ),
      'd.jpg': files['d.jpg'] as Buffer,
    })
    const dry = await checked('geteilt.zip', shared)
    expect(dry.rows[0]?.pictures?.added).toEqual(['d.jpg'])
    const staged = await shop.db
      .select({ hash: catalogImportPictures.contentHash })
      .from(catalogImportPictures)
      .where(eq(catalogImportPictures.importId, dry.import.id))
    expect(staged.map((row) => row.hash)).toEqual([sha(files['d.jpg'] as Buffer)])
    await run(dry.import.id)
    expect((await picturesOf(b.artikelnummer ?? '')).map((p) => [p.hash, p.alt])).toEqual([
      [sha(files['d.jpg'] as Buffer), 'Gleiches Bild'],
    ])
    expect((await picturesOf(a.artikelnummer ?? '')).map((p) => p.hash)).toEqual([
      sha(files['d.jpg'] as Buffer),
    ])
    const left = await shop.db
      .select({ hash: catalogImportPictures.contentHash })
      .from(catalogImportPictures)
      .where(eq(catalogImportPictures.importId, dry.import.id))
    expect(left).toEqual([])
  })
})

describe('refusals', () => {
  it('reports rows whose pictures are missing, not pictures, too small, too large or too many', async () => {
    const many: Zippable = {}
    for (let i = 0; i < 13; i += 1) {
      many[`viele/${i}.png`] = await photo(
        'png',
        `#${(0x100000 + i * 0x0a0b0c).toString(16)}`,
        120,
        120,
      )
    }
    const big = new Uint8Array(10 * 1024 * 1024 + 1)
    big.set(await photo('jpeg', '#123456'))
    const rows = [
      newProduct({ bilder: 'fehlt.jpg' }),
      newProduct({ bilder: 'text.jpg' }),
      newProduct({ bilder: 'klein.png' }),
      newProduct({ bilder: 'gross.jpg' }),
      newProduct({ bilder: Object.keys(many).join('|') }),
      newProduct({ bilder: '=nur Text' }),
      newProduct({ bilder: `gut.jpg=${'x'.repeat(201)}` }),
      newProduct({ bilder: 'gut.jpg' }),
    ]
    const archive = zipSync({
      'k.csv': strToU8(csvText(rows, [...COLUMNS, 'bilder'])),
      'text.jpg': strToU8('Das ist kein Bild.'),
      'klein.png': await photo('png', '#abcdef', 50, 50),
      'gross.jpg': [big, { level: 0 }],
      'gut.jpg': await photo('jpeg', '#fedcba'),
      ...many,
    })
    const dry = await checked('fehler.zip', archive)
    expect(dry.import.counts).toEqual({ create: 1, update: 0, unchanged: 0, error: 7 })
    expect(dry.rows.map((row) => row.errors)).toEqual([
      [{ column: 'bilder', message: 'Das Bild „fehlt.jpg“ liegt nicht im ZIP-Archiv.' }],
      [
        {
          column: 'bilder',
          message: 'Das Bild „text.jpg“ ist kein lesbares JPEG-, PNG- oder WebP-Bild.',
        },
      ],
      [
        {
          column: 'bilder',
          message:
            'Das Bild „klein.png“ ist zu klein (die kürzere Seite braucht mindestens 100 Pixel).',
        },
      ],
      [{ column: 'bilder', message: 'Das Bild „gross.jpg“ ist größer als 10 MB.' }],
      [{ column: 'bilder', message: 'Ein Artikel hat höchstens 12 Bilder.' }],
      [
        {
          column: 'bilder',
          message:
            'Die Spalte „bilder“ nennt Dateinamen getrennt durch |, je mit optionalem Alternativtext: bild1.jpg=Vorderseite|bild2.jpg',
        },
      ],
      [
        {
          column: 'bilder',
          message: 'Der Alternativtext zu „gut.jpg“ hat mehr als 200 Zeichen.',
        },
      ],
      [],
    ])
    const done = await run(dry.import.id)
    expect(done.counts).toEqual({ create: 1, update: 0, unchanged: 0, error: 7 })
    expect(await picturesOf(rows[7]?.artikelnummer ?? '')).toHaveLength(1)
    expect(await productOf(rows[0]?.artikelnummer ?? '')).toBeUndefined()
    const report = await admin.fetch(`/api/staff/catalog/imports/${dry.import.id}/errors.csv`)
    expect(await report.text()).toContain('bilder;Das Bild „fehlt.jpg“ liegt nicht im ZIP-Archiv.')
  })

  it('refuses bad archives with German messages and writes nothing', async () => {
    const csv = strToU8(csvText([newProduct({ bilder: '' })], [...COLUMNS, 'bilder']))
    const good = zipSync({ 'k.csv': csv })
    const tooMany: Zippable = { 'k.csv': csv }
    for (let i = 0; i < 5000; i += 1) tooMany[`x/${i}.jpg`] = strToU8('x')
    const cases: [string, Uint8Array, string, string][] = [
      ['kaputt.zip', strToU8('kein Archiv'), 'catalog_import_zip_invalid', 'beschädigt'],
      ['halb.zip', good.subarray(0, good.length - 30), 'catalog_import_zip_invalid', 'beschädigt'],
      [
        'bombe.zip',
        zipSync({ 'k.csv': new Uint8Array(14 * 1024 * 1024) }),
        'catalog_import_zip_bomb',
        'Der Eintrag „k.csv“ entpackt sich auf ein Vielfaches seiner Größe (ZIP-Bombe); das Archiv wurde nicht gelesen.',
      ],
      [
        'viele.zip',
        zipSync(tooMany),
        'catalog_import_zip_too_many_entries',
        'Das ZIP-Archiv hat mehr als 5000 Einträge.',
      ],
      [
        'pfad.zip',
        zipSync({ 'k.csv': csv, '../../etc/bild.jpg': strToU8('x') }),
        'catalog_import_zip_name_invalid',
        'Der Eintrag „../../etc/bild.jpg“ hat einen unzulässigen Namen (absoluter Pfad, „..“ oder Backslash).',
      ],
      [
        'ohne.zip',
        zipSync({ 'a.jpg': strToU8('x') }),
        'catalog_import_zip_no_data_file',
        'Im ZIP-Archiv fehlt die Artikeldatei (eine .csv- oder .json-Datei).',
      ],
      [
        'zwei.zip',
        zipSync({ 'a.csv': csv, 'b.json': strToU8('[]') }),
        'catalog_import_zip_many_data_files',
        'Im ZIP-Archiv liegen mehrere Artikeldateien (a.csv, b.json); erlaubt ist genau eine .csv- oder .json-Datei.',
      ],
      [
        'gross.csv',
        new Uint8Array(15 * 1024 * 1024 + 1).fill(0x61),
        'catalog_import_file_too_large',
        'Die Datei ist größer als 15 MB; bitte teile sie auf.',
      ],
      [
        'bilder.csv',
        csv,
        'catalog_import_pictures_need_zip',
        'Die Spalte „bilder“ braucht die Bilddateien: bitte die Datei zusammen mit den Bildern als ZIP-Archiv hochladen.',
      ],
    ]
    for (const [name, bytes, code, text] of cases) {
      const answer = await check(name, bytes)
      expect(answer.status, name).toBe(422)
      expect(answer.body, name).toMatchObject({ code })
      expect((answer.body as { message: string }).message, name).toContain(text)
    }
  })
})

describe('export with pictures', () => {
  it('writes a ZIP with the file and the originals that re-imports with nothing changed', async () => {
    const row = newProduct({ bilder: 'p1.jpg=Vorne|p2.webp' })
    const p1 = await photo('jpeg', '#445566')
    const p2 = await photo('webp', '#665544')
    const first = await checked(
      'start.zip',
      zipSync({
        'k.csv': strToU8(csvText([row], [...COLUMNS, 'bilder'])),
        'p1.jpg': p1,
        'p2.webp': p2,
      }),
    )
    await run(first.import.id)

    for (const format of ['csv', 'json'] as const) {
      const answer = await admin.fetch(`/api/staff/catalog/export?format=${format}&archive=zip`)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('content-disposition')).toMatch(/mit-bildern\.zip"/)
      const exported = new Uint8Array(await answer.arrayBuffer())
      expect(Buffer.from(exported.subarray(0, 4)).toString('latin1')).toBe('PK\u0003\u0004')
      const entries = unzipSync(exported)
      const dataName = Object.keys(entries).find((name) => name.endsWith(`.${format}`)) ?? ''
      const text = Buffer.from(entries[dataName] ?? new Uint8Array()).toString('utf8')
      const number = row.artikelnummer
      const cell = `bilder/${number}-1.jpg=Vorne|bilder/${number}-2.webp`
      expect(text).toContain(format === 'csv' ? `;${cell}` : `"bilder": "${cell}"`)
      expect(sha(entries[`bilder/${number}-1.jpg`] ?? new Uint8Array())).toBe(sha(p1))
      expect(sha(entries[`bilder/${number}-2.webp`] ?? new Uint8Array())).toBe(sha(p2))

      const again = await checked(`export.${format}.zip`, exported)
      expect(again.import.archive).toBe(true)
      expect(again.import.counts.create).toBe(0)
      expect(again.import.counts.update).toBe(0)
      expect(again.import.counts.error).toBe(0)
      expect(again.import.counts.unchanged).toBe(again.import.total)
    }
    const plain = await admin.fetch('/api/staff/catalog/export?format=csv')
    expect((await plain.text()).split('\r\n')[0]).not.toContain('bilder')
  }, 60_000)
})
