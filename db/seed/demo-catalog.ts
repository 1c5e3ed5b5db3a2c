// The demo catalog as a data file (issue 21): db/seed/demo-catalog.json holds the default
// catalog's products in the import format (docs/catalog-import.md, JSON), written by
// `npm run demo-catalog` from the generator (demoProducts). On first start the seed creates the
// catalog's frame (categories, manufacturers, filter attributes with the file's values) and lands
// the products through the back office's importer (checkCatalogImport + runCatalogImportChunk),
// then adds what a merchant does not import: the demo's sales figures, release dates, drawing
// count and tint, and a believable price history.
import { readFileSync } from 'node:fs'
import { inArray, sql } from 'drizzle-orm'
import { checkCatalogImport, runCatalogImportChunk } from '#server/catalog/index.ts'
import type { Tx } from '../client.ts'
import { productPriceHistory, products } from '../schema/catalog.ts'
import { type DemoProduct, demoProducts, seedCatalogFrame } from './catalog.ts'
import { ATTRIBUTES, type AttributeKey } from './catalog-data.ts'
import { seedPriceHistory } from './catalog-prices.ts'

export const DEMO_CATALOG_FILE = new URL('./demo-catalog.json', import.meta.url)

/** What the demo adds per product beyond the import format (not merchant data). */
export type DemoExtras = {
  /** Tint of the generated drawings. */
  zeichnungsfarbe: string
  /** Number of generated drawings. */
  zeichnungen: number
  verkauft: number
  erschienen: string
}

type DemoFile = {
  products: Record<string, unknown>[]
  demo: Record<string, DemoExtras>
}

const euros = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? null : cents / 100

/** One product as an entry of the import format (JSON: numbers, lists and booleans as such). */
export function demoEntry(product: DemoProduct): Record<string, unknown> {
  const entry: Record<string, unknown> = {
    artikelnummer: product.articleNumber,
    ean: product.ean,
    name: product.name,
    hersteller: product.brand,
    herstellernummer: product.manufacturerPartNumber ?? null,
    kategorie: product.path,
    preis: euros(product.priceCents),
    campus_preis: euros(product.campusPriceCents),
    streichpreis: euros(product.strikeThroughPriceCents),
    bestand: product.stock ?? 0,
    lieferzeit: product.deliveryTime ?? null,
    status: 'aktiv',
    kurztext: product.teaser,
    beschreibung: product.description,
    modellreihe: product.modelLine ?? null,
    uvp: euros(product.recommendedRetailPriceCents),
    max_bestellmenge: product.maxOrderQuantity ?? 10,
    energieklasse: product.energyClass ?? null,
    energieskala: product.energyScale ?? null,
    energieverbrauch: product.energyKwh ?? null,
    eprel_nummer: product.eprelNumber ?? null,
    garantien: product.warranties.map((w) => ({
      name: w.name,
      monate: w.months,
      preis: w.priceCents / 100,
    })),
    sicherheitshinweise: product.safetyWarnings ?? [],
    grossgeraet: product.largeAppliance ?? false,
    akku: product.containsBattery ?? false,
    technische_daten: (product.specs ?? []).map((line) => ({
      gruppe: line.group,
      name: line.name,
      wert: line.value,
    })),
  }
  for (const key of Object.keys(ATTRIBUTES) as AttributeKey[]) {
    const value = product.attributes[key]
    if (key !== 'hersteller' && value) entry[`attr:${key}`] = value
  }
  return entry
}

/**
 * The demo data file's text for `count` products: one product per line (reviewable diffs), the
 * demo's extras keyed by article number after them.
 */
export function demoCatalogJson(count: number): string {
  const list = demoProducts(count)
  const lines = list.map((product) => JSON.stringify(demoEntry(product)))
  const extras = list.map(
    (product) =>
      `${JSON.stringify(product.articleNumber)}:${JSON.stringify({
        zeichnungsfarbe: product.colorHex,
        zeichnungen: product.imageCount ?? 1,
        verkauft: product.soldCount ?? 0,
        erschienen: product.releasedAt,
      } satisfies DemoExtras)}`,
  )
  return `{"products":[\n${lines.join(',\n')}\n],\n"demo":{\n${extras.join(',\n')}\n}}\n`
}

/**
 * Seeds the catalog from the demo data file through the back office's importer, in the caller's
 * transaction. Throws when the file has a bad row (the file is checked in and tested).
 */
export async function seedCatalogFromFile(
  tx: Tx,
  bytes: Uint8Array = readFileSync(DEMO_CATALOG_FILE),
  now = new Date(),
): Promise<void> {
  const file = JSON.parse(Buffer.from(bytes).toString('utf8')) as DemoFile
  // The frame: categories, manufacturers, and every filter value the file names, sorted, so the
  // values' ids and order are those the generator's catalog always had.
  await seedCatalogFrame(
    tx,
    file.products.map((entry) => {
      const values: Partial<Record<AttributeKey, string>> = {
        hersteller: String(entry.hersteller ?? ''),
      }
      for (const key of Object.keys(ATTRIBUTES) as AttributeKey[]) {
        const value = entry[`attr:${key}`]
        if (typeof value === 'string' && key !== 'hersteller') values[key] = value
      }
      return values
    }),
  )
  const checked = await checkCatalogImport(
    tx,
    { fileName: 'demo-catalog.json', bytes, staffId: null },
    50_000,
    now,
  )
  if (!checked.ok) throw new Error(`demo catalog not readable: ${checked.code}`)
  const bad = checked.value.rows.filter((row) => row.action === 'error')
  if (bad.length > 0) {
    throw new Error(`demo catalog has bad rows: ${JSON.stringify(bad.slice(0, 3))}`)
  }
  const id = checked.value.summary.id
  for (;;) {
    const outcome = await runCatalogImportChunk(tx, id, { mode: 'refuse_file' }, now)
    if (!outcome) throw new Error('demo catalog import vanished')
    if (outcome.summary.status === 'refused') throw new Error('demo catalog refused')
    if (outcome.summary.status === 'done') {
      if (outcome.summary.counts.error > 0) throw new Error('demo catalog rows failed')
      break
    }
  }

  // What the import format does not carry: the demo's drawings, sales and release dates.
  const extras = Object.entries(file.demo ?? {}).map(([articleNumber, extra]) => ({
    article_number: articleNumber,
    color_hex: extra.zeichnungsfarbe,
    image_count: extra.zeichnungen,
    sold_count: extra.verkauft,
    released_at: extra.erschienen,
  }))
  await tx.execute(sql`
    update products p set color_hex = v.color_hex, image_count = v.image_count,
      sold_count = v.sold_count, released_at = v.released_at
    from jsonb_to_recordset(${JSON.stringify(extras)}::jsonb)
      as v(article_number text, color_hex text, image_count smallint, sold_count integer,
        released_at date)
    where p.article_number = v.article_number`)

  // A believable price history instead of the import's single step (the 30-day rule's demo).
  const rows = await tx
    .select({
      id: products.id,
      articleNumber: products.articleNumber,
      priceCents: products.priceCents,
      strikeThroughPriceCents: products.strikeThroughPriceCents,
    })
    .from(products)
  await tx.delete(productPriceHistory).where(
    inArray(
      productPriceHistory.productId,
      rows.map((row) => row.id),
    ),
  )
  await seedPriceHistory(tx, rows, now)
}
