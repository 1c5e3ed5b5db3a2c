// Bulk import of products (issue 21). A file is read once (import-format.ts) and stored with its
// rows; the dry run and every chunk of the real run plan the rows the same way (planRows: the
// row's cells in their canonical form against the product as the export writes it, so a
// re-imported export shows 0 changes), and the real run lands each changed row through the
// catalog's own createCatalogProduct / editCatalogProduct / retireCatalogProduct in a savepoint:
// a row lands whole or not at all, prices go through the price history, versions bump only for
// rows that change.
import { createHash } from 'node:crypto'
import { asc, eq, inArray, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  CatalogImportCounts,
  CatalogImportMode,
  CatalogImportRow,
  CatalogImportSummary,
} from '#contract/backoffice-import.ts'
import { PICTURE_ALT_MAX, PICTURES_PER_PRODUCT } from '#contract/backoffice-pictures.ts'
import {
  BackofficeProductCreateBodySchema,
  BackofficeProductEditBodySchema,
} from '#contract/backoffice-products.ts'
import { type MessageCode, type MessageParams, translate } from '#contract/messages.de.ts'
import type { DbOrTx, Tx } from '#db/client.ts'
import {
  type CatalogImportErrorLine,
  type CatalogImportPictureFile,
  type CatalogImportRecord,
  type CatalogVisual,
  catalogImportPictures,
  catalogImports,
  categories,
  type EnergyClass,
  filterAttributes,
  filterOptions,
  manufacturers,
  type ProductSpec,
  products,
  productWarranties,
} from '#db/schema/catalog.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import {
  ATTRIBUTE_PREFIX,
  BASE_COLUMNS,
  cellText,
  type FileProblem,
  formatEuros,
  PICTURE_COLUMN,
  parseEuros,
  parseWholeNumber,
  readImportFile,
} from './import-format.ts'
import { writeImportRows } from './import-write.ts'
import {
  looksLikeZip,
  type PictureRef,
  parsePictureCell,
  readZipArchive,
  type ZipContents,
  type ZipProblem,
} from './import-zip.ts'
import {
  type InspectedUpload,
  inspectPicture,
  pictureListsOf,
  replaceProductPictures,
  storedPictureUploads,
} from './pictures.ts'
import {
  createCatalogProduct,
  editCatalogProduct,
  productForEditing,
  retireCatalogProduct,
  valueTypeOf,
} from './product-admin.ts'

const BRAND_ATTRIBUTE = 'hersteller'
const DEFAULT_ENERGY_SCALE = 'A - G'
const DEFAULT_CHUNK = 500

// --- The catalog's references --------------------------------------------------------------------

export type Attribute = {
  id: number
  key: string
  name: string
  /** colour and radio attributes take only existing values. */
  fixed: boolean
  /** In position order; the write path appends the values it creates. */
  options: { id: number; text: string; value: string; hex: string | null; position: number }[]
}

export type CatalogRefs = {
  manufacturerByBrand: Map<string, { id: number; brand: string }>
  brandById: Map<number, string>
  categoryByPath: Map<string, { id: number; path: string; leaf: boolean }>
  categoryBySlug: Map<string, { id: number; path: string; leaf: boolean }[]>
  pathById: Map<number, string>
  /** Filter attributes a file may carry (the brand's follows the manufacturer), by position. */
  attributes: Attribute[]
  attributeByKey: Map<string, Attribute>
  optionOwner: Map<number, { key: string; text: string }>
  /** The brand's attribute (its value follows the manufacturer); null: the catalog has none. */
  brandAttribute: Attribute | null
  /** Names of every filter attribute, the brand's included (the editor's technical data). */
  attributeNames: string[]
  /** A category's names from the root and its picture style (search text, new products). */
  categoryById: Map<number, { names: string[]; visual: CatalogVisual }>
}

export async function loadCatalogRefs(db: DbOrTx): Promise<CatalogRefs> {
  const [manufacturerRows, categoryRows, attributeRows, optionRows] = await Promise.all([
    db.select({ id: manufacturers.id, brand: manufacturers.brand }).from(manufacturers),
    db
      .select({
        id: categories.id,
        parentId: categories.parentId,
        slug: categories.slug,
        path: categories.path,
        name: categories.name,
        visual: categories.visual,
      })
      .from(categories),
    db.select().from(filterAttributes).orderBy(filterAttributes.position, filterAttributes.id),
    db
      .select({
        id: filterOptions.id,
        attributeId: filterOptions.attributeId,
        text: filterOptions.text,
        value: filterOptions.value,
        hex: filterOptions.hex,
        position: filterOptions.position,
      })
      .from(filterOptions)
      .orderBy(filterOptions.position, filterOptions.id),
  ])
  const parents = new Set(categoryRows.map((row) => row.parentId))
  const categoryByPath = new Map<string, { id: number; path: string; leaf: boolean }>()
  const categoryBySlug = new Map<string, { id: number; path: string; leaf: boolean }[]>()
  for (const row of categoryRows) {
    const entry = { id: row.id, path: row.path, leaf: !parents.has(row.id) }
    categoryByPath.set(row.path.toLowerCase(), entry)
    categoryBySlug.set(row.slug.toLowerCase(), [
      ...(categoryBySlug.get(row.slug.toLowerCase()) ?? []),
      entry,
    ])
  }
  const categoryById = new Map(categoryRows.map((row) => [row.id, row]))
  const namesOf = (id: number | null): string[] => {
    const row = id === null ? undefined : categoryById.get(id)
    return row ? [...namesOf(row.parentId), row.name] : []
  }
  const optionsByAttribute = new Map<number, Attribute['options']>()
  for (const { attributeId, ...option } of optionRows) {
    optionsByAttribute.set(attributeId, [...(optionsByAttribute.get(attributeId) ?? []), option])
  }
  const allAttributes: Attribute[] = attributeRows.map((row) => ({
    id: row.id,
    key: row.key.toLowerCase(),
    name: row.name,
    fixed: valueTypeOf(row) !== 'text',
    options: optionsByAttribute.get(row.id) ?? [],
  }))
  const attributes = allAttributes.filter((row) => row.key !== BRAND_ATTRIBUTE)
  const optionOwner = new Map<number, { key: string; text: string }>()
  for (const attribute of attributes) {
    for (const option of attribute.options) {
      optionOwner.set(option.id, { key: attribute.key, text: option.text })
    }
  }
  return {
    manufacturerByBrand: new Map(
      manufacturerRows.map((row) => [row.brand.toLowerCase(), { id: row.id, brand: row.brand }]),
    ),
    brandById: new Map(manufacturerRows.map((row) => [row.id, row.brand])),
    categoryByPath,
    categoryBySlug,
    pathById: new Map(categoryRows.map((row) => [row.id, row.path])),
    attributes,
    attributeByKey: new Map(attributes.map((attribute) => [attribute.key, attribute])),
    optionOwner,
    brandAttribute: allAttributes.find((row) => row.key === BRAND_ATTRIBUTE) ?? null,
    attributeNames: attributeRows.map((row) => row.name),
    categoryById: new Map(
      categoryRows.map((row) => [row.id, { names: namesOf(row.id), visual: row.visual }]),
    ),
  }
}

/** Every column of the format for this catalog: the fixed ones, then one per attribute. */
export function catalogColumns(refs: CatalogRefs): string[] {
  return [...BASE_COLUMNS, ...refs.attributes.map((a) => `${ATTRIBUTE_PREFIX}${a.key}`)]
}

// --- Products as rows of the format --------------------------------------------------------------

export const productRowColumns = {
  id: products.id,
  version: products.version,
  articleNumber: products.articleNumber,
  ean: products.ean,
  name: products.name,
  brand: products.brand,
  manufacturerId: products.manufacturerId,
  manufacturerPartNumber: products.manufacturerPartNumber,
  categoryId: products.categoryId,
  priceCents: products.priceCents,
  campusPriceCents: products.campusPriceCents,
  strikeThroughPriceCents: products.strikeThroughPriceCents,
  stock: products.stock,
  deliveryTime: products.deliveryTime,
  active: products.active,
  retiredAt: products.retiredAt,
  teaser: products.teaser,
  description: products.description,
  optionIds: products.optionIds,
  modelLine: products.modelLine,
  recommendedRetailPriceCents: products.recommendedRetailPriceCents,
  maxOrderQuantity: products.maxOrderQuantity,
  energyClass: products.energyClass,
  energyScale: products.energyScale,
  energyKwh: products.energyKwh,
  eprelNumber: products.eprelNumber,
  safetyWarnings: products.safetyWarnings,
  largeAppliance: products.largeAppliance,
  containsBattery: products.containsBattery,
  specs: products.specs,
}
/** A product's warranty as the format carries it (the table's row without id and position). */
export type WarrantyLine = { name: string; months: number; priceCents: number }
export type ProductRow = {
  [K in keyof typeof productRowColumns]: (typeof productRowColumns)[K]['_']['data'] | null
} & {
  id: number
  version: number
  optionIds: number[]
  active: boolean
  stock: number
  specs: ProductSpec[]
  energyClass: EnergyClass | null
  safetyWarnings: string[]
  largeAppliance: boolean
  containsBattery: boolean
  maxOrderQuantity: number
  modelLine: string
  /** From product_warranties, in position order. */
  warranties: WarrantyLine[]
}

/** What planning and the write path read: every column of the format. */
const plannedRowColumns = productRowColumns
export type PlannedProduct = ProductRow

/** The warranties of the given products (one query), by product id, in position order. */
export async function warrantiesOf(
  db: DbOrTx,
  productIds: number[] | 'all',
): Promise<Map<number, WarrantyLine[]>> {
  const byProduct = new Map<number, WarrantyLine[]>()
  if (productIds !== 'all' && productIds.length === 0) return byProduct
  const rows = await db
    .select({
      productId: productWarranties.productId,
      name: productWarranties.name,
      months: productWarranties.months,
      priceCents: productWarranties.priceCents,
    })
    .from(productWarranties)
    .where(productIds === 'all' ? undefined : inArray(productWarranties.productId, productIds))
    .orderBy(
      asc(productWarranties.productId),
      asc(productWarranties.position),
      asc(productWarranties.id),
    )
  for (const { productId, ...line } of rows) {
    const list = byProduct.get(productId)
    if (list) list.push(line)
    else byProduct.set(productId, [line])
  }
  return byProduct
}

/** Canonical text of a list column (compact JSON); an empty list is an empty cell. */
function listText(list: unknown[]): string {
  return list.length === 0 ? '' : JSON.stringify(list)
}

export function warrantiesText(list: WarrantyLine[]): string {
  return listText(list.map((w) => ({ name: w.name, monate: w.months, preis: w.priceCents / 100 })))
}

export function specsText(list: ProductSpec[]): string {
  return listText(list.map((line) => ({ gruppe: line.group, name: line.name, wert: line.value })))
}

/** Multi-line texts compare and export with \n line ends and no outer blanks. */
function normalizeText(value: string): string {
  return value.replace(/\r\n?/g, '\n').trim()
}

/** A product in the format's canonical text form: what the export writes, what the diff compares. */
export function productRecord(row: ProductRow, refs: CatalogRefs): Record<string, string> {
  const record: Record<string, string> = {
    artikelnummer: row.articleNumber ?? '',
    ean: row.ean ?? '',
    name: normalizeText(row.name ?? ''),
    hersteller:
      (row.manufacturerId !== null ? refs.brandById.get(row.manufacturerId) : undefined) ??
      row.brand ??
      '',
    herstellernummer: normalizeText(row.manufacturerPartNumber ?? ''),
    kategorie: (row.categoryId !== null ? refs.pathById.get(row.categoryId) : undefined) ?? '',
    preis: row.priceCents === null ? '' : formatEuros(row.priceCents),
    campus_preis: row.campusPriceCents === null ? '' : formatEuros(row.campusPriceCents),
    streichpreis:
      row.strikeThroughPriceCents === null ? '' : formatEuros(row.strikeThroughPriceCents),
    bestand: String(row.stock),
    lieferzeit: normalizeText(row.deliveryTime ?? ''),
    status: row.retiredAt ? 'ausgelaufen' : row.active ? 'aktiv' : 'inaktiv',
    kurztext: normalizeText(row.teaser ?? ''),
    beschreibung: normalizeText(row.description ?? ''),
    modellreihe: normalizeText(row.modelLine ?? ''),
    uvp:
      row.recommendedRetailPriceCents === null ? '' : formatEuros(row.recommendedRetailPriceCents),
    max_bestellmenge: String(row.maxOrderQuantity),
    energieklasse: row.energyClass ?? '',
    energieskala: row.energyClass ? row.energyScale || DEFAULT_ENERGY_SCALE : '',
    energieverbrauch: row.energyClass && row.energyKwh !== null ? String(row.energyKwh) : '',
    eprel_nummer: row.energyClass ? (row.eprelNumber ?? '') : '',
    garantien: warrantiesText(row.warranties),
    sicherheitshinweise: listText(row.safetyWarnings),
    grossgeraet: row.largeAppliance ? 'ja' : 'nein',
    akku: row.containsBattery ? 'ja' : 'nein',
    technische_daten: specsText(row.specs),
  }
  for (const attribute of refs.attributes) record[`${ATTRIBUTE_PREFIX}${attribute.key}`] = ''
  for (const optionId of row.optionIds) {
    const owner = refs.optionOwner.get(optionId)
    if (owner) record[`${ATTRIBUTE_PREFIX}${owner.key}`] = owner.text
  }
  return record
}

// --- Planning ------------------------------------------------------------------------------------

type CellError = { column: string; message: string }
export type Planned = CatalogImportRow & {
  productId: number | null
  /** The product the row names, as read (locked in a run); null: the row creates one. */
  product: PlannedProduct | null
  /** The row's product as the editor's body, checked by its schema; null when the row is bad. */
  input: CreateInput | null
  /** The row's whole product in canonical form (the current one with the file's cells applied). */
  merged: Record<string, string>
  current: Record<string, string> | null
  /** The columns the row's file gives (a list column given is written as given). */
  given: ReadonlySet<string>
  /** ZIP import: the pictures the row's `bilder` cell wants, in order; null keeps them. */
  wantedPictures: (PictureRef & { hash: string })[] | null
  /** The pictures change (the row writes them after the product's own columns). */
  picturesChanged: boolean
}

/** A ZIP import's files by the name a `bilder` cell gives; null for a plain file. */
type PictureFiles = Record<string, CatalogImportPictureFile> | null

/** What a row's `bilder` cell asks for, checked against the archive's files. */
function plannedPictures(
  raw: CatalogImportRecord['values'][string] | undefined,
  files: Record<string, CatalogImportPictureFile>,
): { wanted: (PictureRef & { hash: string })[] } | { errors: CellError[] } {
  const refs = parsePictureCell(cellText(raw))
  const column = PICTURE_COLUMN
  if (!refs)
    return { errors: [{ column, message: message('catalog_import_picture_syntax_invalid') }] }
  const errors: CellError[] = []
  const wanted: (PictureRef & { hash: string })[] = []
  for (const ref of refs) {
    const name = ref.file.slice(0, 120)
    if (ref.alt.length > PICTURE_ALT_MAX) {
      errors.push({ column, message: message('catalog_import_picture_alt_too_long', { name }) })
      continue
    }
    // Own keys only: a cell naming `constructor` must not find Object's.
    const file = Object.hasOwn(files, ref.file) ? files[ref.file] : undefined
    if (!file) errors.push({ column, message: message('catalog_import_picture_missing', { name }) })
    else if ('problem' in file) {
      errors.push({ column, message: message(file.problem as MessageCode, { name }) })
    } else if (!wanted.some((w) => w.hash === file.hash)) wanted.push({ ...ref, hash: file.hash })
  }
  if (wanted.length > PICTURES_PER_PRODUCT) {
    errors.push({
      column,
      message: message('catalog_import_picture_too_many', { max: PICTURES_PER_PRODUCT }),
    })
  }
  return errors.length > 0 ? { errors } : { wanted }
}

/** How the wanted pictures differ from the current ones (the dry run's summary). */
export function pictureDiff(
  current: { hash: string; alt: string }[],
  wanted: (PictureRef & { hash: string })[],
): NonNullable<CatalogImportRow['pictures']> & { changed: boolean } {
  const currentHashes = current.map((p) => p.hash)
  const wantedHashes = new Set(wanted.map((p) => p.hash))
  const added = wanted.filter((p) => !currentHashes.includes(p.hash)).map((p) => p.file)
  const removed = current.flatMap((p, i) => (wantedHashes.has(p.hash) ? [] : [i + 1]))
  const keptBefore = currentHashes.filter((hash) => wantedHashes.has(hash))
  const keptAfter = wanted.map((p) => p.hash).filter((hash) => currentHashes.includes(hash))
  const reordered = keptBefore.some((hash, i) => keptAfter[i] !== hash)
  const altChanged = wanted.filter((p) => {
    const old = current.find((c) => c.hash === p.hash)
    return old !== undefined && old.alt !== p.alt
  }).length
  return {
    added,
    removed,
    reordered,
    altChanged,
    after: wanted.map((p) => ({
      file: p.file,
      alt: p.alt,
      isNew: !currentHashes.includes(p.hash),
    })),
    changed: added.length > 0 || removed.length > 0 || reordered || altChanged > 0,
  }
}

function message(code: MessageCode, params?: MessageParams): string {
  return translate(code, params)
}

/** One cell in canonical form, or the German reason it cannot be used. */
function normalizeCell(
  column: string,
  raw: CatalogImportRecord['values'][string] | undefined,
  refs: CatalogRefs,
): { value: string } | { error: string } {
  const text = cellText(raw)
  switch (column) {
    case 'ean':
      return { value: text.replace(/\s+/g, '') }
    case 'name':
    case 'herstellernummer':
    case 'lieferzeit':
    case 'kurztext':
    case 'beschreibung':
    case 'artikelnummer':
      return { value: normalizeText(text) }
    case 'hersteller': {
      if (!text) return { value: '' }
      const found = refs.manufacturerByBrand.get(text.toLowerCase())
      return found ? { value: found.brand } : { error: message('backoffice_manufacturer_invalid') }
    }
    case 'kategorie': {
      if (!text) return { value: '' }
      const key = text.toLowerCase().replace(/^\/+|\/+$/g, '')
      const slugMatches = refs.categoryBySlug.get(key) ?? []
      const found =
        refs.categoryByPath.get(key) ?? (slugMatches.length === 1 ? slugMatches[0] : undefined)
      if (!found) return { error: message('catalog_import_category_unknown') }
      if (!found.leaf) return { error: message('backoffice_category_invalid') }
      return { value: found.path }
    }
    case 'modellreihe':
    case 'eprel_nummer':
      return { value: normalizeText(text) }
    case 'energieklasse':
    case 'energieskala':
      // Checked by the body's schema (German message per column); canonical: upper case.
      return { value: text.toUpperCase().replace(/\s*-\s*/, ' - ') }
    case 'grossgeraet':
    case 'akku': {
      const value = raw === true ? 'ja' : raw === false ? 'nein' : text.toLowerCase()
      if (value === '' || value === 'nein' || value === 'false') return { value: 'nein' }
      if (value === 'ja' || value === 'true') return { value: 'ja' }
      return { error: message('catalog_import_yes_no_invalid') }
    }
    case 'garantien':
    case 'sicherheitshinweise':
    case 'technische_daten':
      return listCell(column, text)
    case 'uvp':
    case 'preis':
    case 'campus_preis':
    case 'streichpreis': {
      if (!text) return { value: '' }
      const cents = parseEuros(raw)
      return cents === null
        ? { error: message('backoffice_euro_invalid') }
        : { value: formatEuros(cents) }
    }
    case 'max_bestellmenge':
    case 'energieverbrauch':
    case 'bestand': {
      if (!text) return { value: '' }
      const stock = parseWholeNumber(raw)
      return stock === null
        ? { error: message('backoffice_whole_number_invalid') }
        : { value: String(stock) }
    }
    case 'status': {
      const value = raw === true ? 'aktiv' : raw === false ? 'inaktiv' : text.toLowerCase()
      return ['aktiv', 'inaktiv', 'ausgelaufen'].includes(value)
        ? { value }
        : { error: message('catalog_import_status_invalid') }
    }
    default: {
      const attribute = refs.attributeByKey.get(column.slice(ATTRIBUTE_PREFIX.length))
      if (!attribute) return { error: message('catalog_import_value_invalid') }
      if (!text) return { value: '' }
      const found =
        attribute.options.find((option) => option.text === text) ??
        attribute.options.find((option) => option.text.toLowerCase() === text.toLowerCase())
      if (found) return { value: found.text }
      return attribute.fixed
        ? { error: message('backoffice_attribute_value_fixed') }
        : { value: text }
    }
  }
}

/**
 * A list cell in canonical form (compact JSON with the format's keys). The shape is checked here
 * (a JSON array; objects with exactly the format's keys); the values by the body's schema.
 * Safety notes also take one note per line (easier in a spreadsheet cell).
 */
function listCell(column: string, text: string): { value: string } | { error: string } {
  if (!text) return { value: '' }
  const invalid = { error: message('catalog_import_list_invalid') }
  let list: unknown
  if (column === 'sicherheitshinweise' && !text.startsWith('[')) {
    list = text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean)
  } else {
    try {
      list = JSON.parse(text)
    } catch {
      return invalid
    }
  }
  if (!Array.isArray(list)) return invalid
  const objectWith = (entry: unknown, keys: string[]): entry is Record<string, unknown> =>
    typeof entry === 'object' &&
    entry !== null &&
    !Array.isArray(entry) &&
    Object.keys(entry).every((key) => keys.includes(key))
  const textOf = (value: unknown) =>
    typeof value === 'string'
      ? normalizeText(value)
      : typeof value === 'number'
        ? String(value)
        : ''
  if (column === 'sicherheitshinweise') {
    if (!list.every((entry) => typeof entry === 'string')) return invalid
    return { value: listText(list.map((entry) => normalizeText(entry))) }
  }
  if (column === 'technische_daten') {
    if (!list.every((entry) => objectWith(entry, ['gruppe', 'name', 'wert']))) return invalid
    return {
      value: listText(
        list.map((entry) => ({
          gruppe: textOf(entry.gruppe),
          name: textOf(entry.name),
          wert: textOf(entry.wert),
        })),
      ),
    }
  }
  const warranties: { name: string; monate: number; preis: number }[] = []
  for (const entry of list) {
    if (!objectWith(entry, ['name', 'monate', 'preis'])) return invalid
    const cents = parseEuros(entry.preis as CatalogImportRecord['values'][string])
    if (cents === null) return { error: message('backoffice_euro_invalid') }
    const months = typeof entry.monate === 'string' ? Number(entry.monate) : entry.monate
    warranties.push({
      name: textOf(entry.name),
      monate: typeof months === 'number' ? months : Number.NaN,
      preis: cents / 100,
    })
  }
  return { value: listText(warranties) }
}

function parseList<T>(text: string | undefined): T[] {
  return text ? (JSON.parse(text) as T[]) : []
}

/**
 * The product a row's canonical cells describe, as the create body (checked by its schema). This
 * is the one place where the format's columns meet the product's fields: a new column adds its
 * field here (and its cell rule in normalizeCell); fields the format does not carry keep the
 * product's current values. The write path derives every column from this body.
 */
function bodyOf(merged: Record<string, string>, refs: CatalogRefs, given: ReadonlySet<string>) {
  const cents = (value: string | undefined) => (value ? (parseEuros(value) ?? 0) : null)
  const energyClass = (merged.energieklasse || null) as EnergyClass | null
  return {
    name: merged.name ?? '',
    manufacturerId: refs.manufacturerByBrand.get((merged.hersteller ?? '').toLowerCase())?.id ?? 0,
    articleNumber: merged.artikelnummer ?? '',
    ean: merged.ean ?? '',
    manufacturerPartNumber: merged.herstellernummer ?? '',
    categoryId: refs.categoryByPath.get((merged.kategorie ?? '').toLowerCase())?.id ?? 0,
    teaser: merged.kurztext ?? '',
    description: merged.beschreibung ?? '',
    priceCents: cents(merged.preis) ?? 0,
    strikeThroughPriceCents: cents(merged.streichpreis),
    campusPriceCents: cents(merged.campus_preis),
    stock: merged.bestand ? Number(merged.bestand) : 0,
    deliveryTime: merged.lieferzeit ?? '',
    active: merged.status === 'aktiv',
    attributes: refs.attributes.flatMap((attribute) => {
      const value = merged[`${ATTRIBUTE_PREFIX}${attribute.key}`]
      if (!value) return []
      const option = attribute.options.find((o) => o.text === value)
      return [
        { attributeId: attribute.id, optionId: option?.id ?? null, newText: option ? null : value },
      ]
    }),
    energyClass,
    energyScale: merged.energieskala || null,
    energyKwh: merged.energieverbrauch ? Number(merged.energieverbrauch) : null,
    eprelNumber: merged.eprel_nummer || null,
    // Warranties live in their own table: written only when the file carries the column.
    warranties: parseList<{ name: string; monate: number; preis: number }>(merged.garantien).map(
      (w) => ({ id: null, name: w.name, months: w.monate, priceCents: Math.round(w.preis * 100) }),
    ),
    safetyWarnings: parseList<string>(merged.sicherheitshinweise),
    largeAppliance: merged.grossgeraet === 'ja',
    containsBattery: merged.akku === 'ja',
    modelLine: merged.modellreihe ?? '',
    recommendedRetailPriceCents: cents(merged.uvp),
    maxOrderQuantity: merged.max_bestellmenge ? Number(merged.max_bestellmenge) : 10,
    // The whole table when the file gives it; else derived from the attributes (the editor's rule).
    specs: given.has('technische_daten')
      ? parseList<{ gruppe: string; name: string; wert: string }>(merged.technische_daten).map(
          (line) => ({ group: line.gruppe, name: line.name, value: line.wert }),
        )
      : undefined,
  }
}

/** The body's field names as the file's columns (for the German error per column). */
const FIELD_COLUMN: Record<string, string> = {
  name: 'name',
  manufacturerId: 'hersteller',
  articleNumber: 'artikelnummer',
  ean: 'ean',
  manufacturerPartNumber: 'herstellernummer',
  categoryId: 'kategorie',
  teaser: 'kurztext',
  description: 'beschreibung',
  priceCents: 'preis',
  strikeThroughPriceCents: 'streichpreis',
  campusPriceCents: 'campus_preis',
  stock: 'bestand',
  deliveryTime: 'lieferzeit',
  active: 'status',
  modelLine: 'modellreihe',
  recommendedRetailPriceCents: 'uvp',
  maxOrderQuantity: 'max_bestellmenge',
  energyClass: 'energieklasse',
  energyScale: 'energieskala',
  energyKwh: 'energieverbrauch',
  eprelNumber: 'eprel_nummer',
  warranties: 'garantien',
  safetyWarnings: 'sicherheitshinweise',
  largeAppliance: 'grossgeraet',
  containsBattery: 'akku',
  specs: 'technische_daten',
}

const REQUIRED_REFERENCES = ['hersteller', 'kategorie', 'preis'] as const

/**
 * Loads the products the rows name (by article number or EAN), in the format's form; `lock`
 * (the run) holds them until the chunk's transaction ends, in id order.
 */
async function productsNamedBy(db: DbOrTx, records: CatalogImportRecord[], lock: boolean) {
  const numbers = new Set<string>()
  const eans = new Set<string>()
  for (const record of records) {
    const number = cellText(record.values.artikelnummer)
    const ean = cellText(record.values.ean).replace(/\s+/g, '')
    if (number) numbers.add(number)
    if (ean) eans.add(ean)
  }
  if (numbers.size === 0 && eans.size === 0) return [] as PlannedProduct[]
  const query = db
    .select(plannedRowColumns)
    .from(products)
    .where(
      or(
        numbers.size > 0 ? inArray(products.articleNumber, [...numbers]) : undefined,
        eans.size > 0 ? inArray(products.ean, [...eans]) : undefined,
      ),
    )
    .orderBy(asc(products.id))
  const rows = (await (lock ? query.for('update') : query)) as Omit<PlannedProduct, 'warranties'>[]
  const warranties = await warrantiesOf(
    db,
    rows.map((row) => row.id),
  )
  return rows.map((row) => ({ ...row, warranties: warranties.get(row.id) ?? [] }))
}

/**
 * Plans a chunk of the run. The rows are planned without locks; then only the products the plan
 * changes are locked (in id order) and their versions compared with the planned ones. Unchanged,
 * a re-import of the same file locks nothing; if an editor saved one of them meanwhile, the chunk
 * is planned again holding the locks on every named product.
 */
async function planChunk(
  tx: Tx,
  records: CatalogImportRecord[],
  refs: CatalogRefs,
  pictures: PictureFiles,
) {
  const planned = await planRows(tx, records, refs, { pictures })
  const versions = new Map<number, number>()
  for (const row of planned) {
    if (row.action === 'update' && row.product) versions.set(row.product.id, row.product.version)
  }
  if (versions.size === 0) return planned
  const locked = await tx
    .select({ id: products.id, version: products.version })
    .from(products)
    .where(inArray(products.id, [...versions.keys()]))
    .orderBy(asc(products.id))
    .for('update')
  const current = locked.length === versions.size
  if (current && locked.every((row) => versions.get(row.id) === row.version)) return planned
  return planRows(tx, records, refs, { lock: true, pictures })
}

/** Marks rows naming the same article number or EAN as an earlier row with that row's line. */
export function markDuplicates(records: CatalogImportRecord[]): CatalogImportRecord[] {
  const seen = new Map<string, number>()
  return records.map((record) => {
    const keys = [
      `a:${cellText(record.values.artikelnummer)}`,
      `e:${cellText(record.values.ean).replace(/\s+/g, '')}`,
    ].filter((key) => key.length > 2)
    const earlier = keys.map((key) => seen.get(key)).find((line) => line !== undefined)
    for (const key of keys) if (!seen.has(key)) seen.set(key, record.line)
    return earlier === undefined ? record : { ...record, duplicateOf: earlier }
  })
}

/** What each row would do against the catalog as it is now; writes nothing. */
export async function planRows(
  db: DbOrTx,
  records: CatalogImportRecord[],
  refs: CatalogRefs,
  options: { lock?: boolean; pictures?: PictureFiles } = {},
): Promise<Planned[]> {
  const rows = await productsNamedBy(db, records, options.lock ?? false)
  const byNumber = new Map(rows.map((row) => [row.articleNumber, row]))
  const byEan = new Map(rows.map((row) => [row.ean, row]))
  const files = options.pictures ?? null
  const withPictures = files !== null && records.some((record) => PICTURE_COLUMN in record.values)
  const currentPictures = withPictures
    ? await pictureListsOf(
        db,
        rows.map((row) => row.id),
      )
    : new Map<number, { hash: string; alt: string }[]>()
  return records.map((record) => {
    const errors: CellError[] = []
    const cells: Record<string, string> = {}
    let wantedPictures: Planned['wantedPictures'] = null
    for (const [column, raw] of Object.entries(record.values)) {
      if (column === PICTURE_COLUMN && files) {
        const pictures = plannedPictures(raw, files)
        if ('errors' in pictures) errors.push(...pictures.errors)
        else wantedPictures = pictures.wanted
        continue
      }
      const cell = normalizeCell(column, raw, refs)
      if ('error' in cell) errors.push({ column, message: cell.error })
      else cells[column] = cell.value
    }
    const number = cells.artikelnummer ?? ''
    const ean = cells.ean ?? ''
    const product =
      (number ? byNumber.get(number) : undefined) ?? (ean ? byEan.get(ean) : undefined)
    const current = product ? productRecord(product, refs) : null
    const defaults = {
      bestand: '0',
      status: 'aktiv',
      max_bestellmenge: '10',
      grossgeraet: 'nein',
      akku: 'nein',
    }
    const merged: Record<string, string> = { ...(current ?? defaults) }
    for (const [column, value] of Object.entries(cells)) merged[column] = value
    // The label's scale defaults to A - G (as the editor stores it), so a file leaving it empty
    // re-imports unchanged.
    if (merged.energieklasse && !merged.energieskala) {
      merged.energieskala = DEFAULT_ENERGY_SCALE
      if ('energieskala' in cells) cells.energieskala = DEFAULT_ENERGY_SCALE
    }
    const base = {
      line: record.line,
      articleNumber: merged.artikelnummer || null,
      ean: merged.ean || null,
      name: merged.name || null,
      productId: product?.id ?? null,
      product: product ?? null,
      input: null,
      merged,
      current,
      given: new Set(Object.keys(cells)),
      wantedPictures,
      picturesChanged: false,
    }
    const fail = (more: CellError[]): Planned => ({
      ...base,
      action: 'error',
      changes: [],
      errors: [...errors, ...more],
    })
    if (!number && !ean)
      return fail([{ column: 'artikelnummer', message: message('catalog_import_key_required') }])
    const duplicateOf = record.duplicateOf
    if (duplicateOf !== undefined) {
      return fail([
        {
          column: number ? 'artikelnummer' : 'ean',
          message: message('catalog_import_duplicate_row', { line: duplicateOf }),
        },
      ])
    }
    if (errors.length > 0) return fail([])
    const more: CellError[] = []
    for (const column of REQUIRED_REFERENCES) {
      if (!merged[column]) more.push({ column, message: message('required') })
    }
    if (!merged.energieklasse) {
      for (const column of ['energieskala', 'energieverbrauch', 'eprel_nummer']) {
        if (merged[column]) {
          more.push({ column, message: message('catalog_import_energy_class_required') })
        }
      }
    }
    if (current?.status === 'ausgelaufen' && merged.status === 'inaktiv') {
      more.push({ column: 'status', message: message('catalog_import_status_retired') })
    }
    const other = merged.ean ? byEan.get(merged.ean) : undefined
    if (other && other.id !== product?.id) {
      more.push({ column: 'ean', message: message('backoffice_ean_taken') })
    }
    const otherNumber = merged.artikelnummer ? byNumber.get(merged.artikelnummer) : undefined
    if (otherNumber && otherNumber.id !== product?.id) {
      more.push({ column: 'artikelnummer', message: message('backoffice_article_number_taken') })
    }
    const parsed = BackofficeProductCreateBodySchema.safeParse(bodyOf(merged, refs, base.given))
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '')
        const column = FIELD_COLUMN[field] ?? field
        if (more.some((known) => known.column === column)) continue
        more.push({ column, message: translate(issue.message) })
      }
    }
    if (more.length > 0 || !parsed.success) return fail(more)
    const input = parsed.data
    const diff = wantedPictures
      ? pictureDiff(product ? (currentPictures.get(product.id) ?? []) : [], wantedPictures)
      : null
    const pictureFields = diff?.changed
      ? (() => {
          const { changed: _changed, ...summary } = diff
          return {
            pictures: summary,
            picturesChanged: true,
            pictureChange: {
              column: PICTURE_COLUMN,
              before: product ? String((currentPictures.get(product.id) ?? []).length) : null,
              after: String(summary.after.length),
            },
          }
        })()
      : null
    if (!current) {
      return {
        ...base,
        input,
        action: 'create',
        changes: Object.keys(cells)
          .filter((column) => merged[column])
          .map((column): CatalogImportRow['changes'][number] => ({
            column,
            before: null,
            after: merged[column] ?? '',
          }))
          .concat(pictureFields ? [pictureFields.pictureChange] : []),
        errors: [],
        ...(pictureFields ? { pictures: pictureFields.pictures, picturesChanged: true } : {}),
      }
    }
    const changes = Object.keys(cells)
      .filter((column) => (current[column] ?? '') !== (merged[column] ?? ''))
      .map((column) => ({ column, before: current[column] ?? null, after: merged[column] ?? '' }))
      .concat(pictureFields ? [pictureFields.pictureChange] : [])
    return {
      ...base,
      input,
      action: changes.length > 0 ? 'update' : 'unchanged',
      changes,
      errors: [],
      ...(pictureFields ? { pictures: pictureFields.pictures, picturesChanged: true } : {}),
    }
  })
}

/** A planned row as the dry run answers it. */
function publicRow(row: Planned): CatalogImportRow {
  const {
    productId: _id,
    product: _product,
    input: _input,
    merged: _m,
    current: _c,
    given: _g,
    wantedPictures: _w,
    picturesChanged: _pc,
    ...rest
  } = row
  return rest
}

function countsOf(rows: { action: CatalogImportRow['action'] }[]): CatalogImportCounts {
  const counts = { create: 0, update: 0, unchanged: 0, error: 0 }
  for (const row of rows) counts[row.action] += 1
  return counts
}

function errorLines(rows: CatalogImportRow[]): CatalogImportErrorLine[] {
  return rows.flatMap((row) =>
    row.errors.map((error) => ({
      line: row.line,
      articleNumber: row.articleNumber,
      ean: row.ean,
      column: error.column,
      message: error.message,
    })),
  )
}

// --- The import as stored ------------------------------------------------------------------------

function summaryOf(row: typeof catalogImports.$inferSelect): CatalogImportSummary {
  return {
    id: row.id,
    fileName: row.fileName,
    format: row.format,
    archive: row.pictures !== null,
    encoding: row.encoding,
    delimiter: row.delimiter,
    columns: row.columns,
    mode: row.mode,
    status: row.status,
    total: row.total,
    processed: row.processed,
    counts: row.counts,
  }
}

/**
 * Reads a file and answers its dry run; the file is stored (as read) for the real run. Nothing in
 * the catalog changes.
 */
export async function checkCatalogImport(
  db: DbOrTx,
  file: {
    fileName: string
    bytes: Uint8Array
    staffId: number | null
    /** A plain file's size at most (the back office's limit; the seed and benches pass none). */
    maxBytes?: number
  },
  maxRows: number,
  now: Date,
): Promise<
  Result<
    { summary: CatalogImportSummary; rows: CatalogImportRow[] },
    | FileProblem
    | ZipProblem
    | 'catalog_import_too_many_rows'
    | 'catalog_import_file_too_large'
    | 'catalog_import_pictures_need_zip',
    { column?: string; max?: number; name?: string; names?: string }
  >
> {
  let archive: ZipContents | null = null
  if (looksLikeZip(file.bytes) || /\.zip$/i.test(file.fileName)) {
    const unzipped = readZipArchive(file.bytes)
    if (!unzipped.ok) return err(unzipped.code, unzipped.data)
    archive = unzipped.value
  } else if (file.bytes.length > (file.maxBytes ?? Number.POSITIVE_INFINITY)) {
    return err('catalog_import_file_too_large')
  }
  const refs = await loadCatalogRefs(db)
  const read = readImportFile(
    archive ? archive.dataFile.name : file.fileName,
    archive ? archive.dataFile.bytes : file.bytes,
    new Set(refs.attributeByKey.keys()),
  )
  if (!read.ok) return err(read.code, read.data)
  const facts = read.value
  if (facts.records.length > maxRows) return err('catalog_import_too_many_rows', { max: maxRows })
  if (!archive && facts.columns.includes(PICTURE_COLUMN)) {
    return err('catalog_import_pictures_need_zip')
  }
  const records = markDuplicates(facts.records)
  const checked = archive ? await checkArchivePictures(db, archive, records) : null
  const planned = await planRows(db, records, refs, { pictures: checked?.files ?? null })
  const rows = planned.map(publicRow)
  // Only pictures some product gains wait for the run (a re-import stages nothing).
  const gained = new Set(planned.flatMap(addedHashes))
  return db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(catalogImports)
      .values({
        createdAt: now,
        staffId: file.staffId,
        fileName: file.fileName,
        format: facts.format,
        encoding: facts.encoding,
        delimiter: facts.delimiter,
        columns: facts.columns,
        records,
        status: 'checked',
        total: facts.records.length,
        counts: countsOf(rows),
        errors: errorLines(rows),
        pictures: checked?.files ?? null,
      })
      .returning()
    if (!stored) throw new Error('import not stored')
    // The checked pictures wait for the run (a few per statement: each may be 10 MB).
    const staged = [...(checked?.pictures.values() ?? [])].filter(({ picture }) =>
      gained.has(picture.hash),
    )
    for (let at = 0; at < staged.length; at += 8) {
      await tx.insert(catalogImportPictures).values(
        staged.slice(at, at + 8).map(({ picture, thumbnail }) => ({
          importId: stored.id,
          contentHash: picture.hash,
          mime: picture.mime,
          width: picture.width,
          height: picture.height,
          original: picture.bytes,
          thumbnail,
        })),
      )
    }
    return ok({ summary: summaryOf(stored), rows })
  })
}

const PICTURE_PROBLEM: Record<string, MessageCode> = {
  backoffice_picture_type_invalid: 'catalog_import_picture_type_invalid',
  backoffice_picture_too_large: 'catalog_import_picture_too_large',
  backoffice_picture_too_many_pixels: 'catalog_import_picture_too_many_pixels',
  backoffice_picture_too_small: 'catalog_import_picture_too_small',
}

/**
 * Checks every file of the archive a `bilder` cell names, once each, through the picture
 * pipeline's own check (type by content, pixels, edges, a full decode into the thumbnail). A name
 * is looked up as given, else relative to the product file's folder.
 */
async function checkArchivePictures(
  db: DbOrTx,
  archive: ZipContents,
  records: CatalogImportRecord[],
): Promise<{
  files: Record<string, CatalogImportPictureFile>
  pictures: Map<string, InspectedUpload>
}> {
  const folder = archive.dataFile.name.includes('/')
    ? archive.dataFile.name.slice(0, archive.dataFile.name.lastIndexOf('/') + 1)
    : ''
  const names = new Set<string>()
  for (const record of records) {
    if (!(PICTURE_COLUMN in record.values)) continue
    for (const ref of parsePictureCell(cellText(record.values[PICTURE_COLUMN])) ?? []) {
      names.add(ref.file)
    }
  }
  const files: Record<string, CatalogImportPictureFile> = {}
  const pictures = new Map<string, InspectedUpload>()
  const byEntry = new Map<string, CatalogImportPictureFile>()
  // Files the shop already stores were checked then: hashed here, not decoded again.
  const hashOf = new Map<string, string>()
  for (const name of names) {
    const entry = archive.entries.get(archive.entries.has(name) ? name : `${folder}${name}`)
    if (entry && 'bytes' in entry) {
      hashOf.set(name, createHash('sha256').update(entry.bytes).digest('hex'))
    }
  }
  const stored = await storedPictureUploads(db, [...new Set(hashOf.values())], false)
  for (const name of names) {
    const entryName = archive.entries.has(name) ? name : `${folder}${name}`
    const entry = archive.entries.get(entryName)
    if (!entry) continue
    const known = byEntry.get(entryName)
    if (known) {
      files[name] = known
      continue
    }
    let result: CatalogImportPictureFile
    const storedPicture = stored.get(hashOf.get(name) ?? '')
    if ('tooLarge' in entry) result = { problem: 'catalog_import_picture_too_large' }
    else if (storedPicture) {
      result = { hash: storedPicture.picture.hash }
      pictures.set(result.hash, {
        picture: { ...storedPicture.picture, bytes: entry.bytes },
        thumbnail: storedPicture.thumbnail,
      })
    } else {
      const inspected = await inspectPicture(entry.bytes, '')
      if (inspected.ok) {
        result = { hash: inspected.value.picture.hash }
        if (!pictures.has(result.hash)) pictures.set(result.hash, inspected.value)
      } else {
        result = {
          problem: PICTURE_PROBLEM[inspected.code] ?? 'catalog_import_picture_type_invalid',
        }
      }
    }
    byEntry.set(entryName, result)
    files[name] = result
  }
  return { files, pictures }
}

export async function catalogImportSummary(
  db: DbOrTx,
  id: number,
): Promise<CatalogImportSummary | null> {
  const [row] = await db.select().from(catalogImports).where(eq(catalogImports.id, id))
  return row ? summaryOf(row) : null
}

/** The per-row errors (the run's once it started, else the dry run's); null: no such import. */
export async function catalogImportErrors(
  db: DbOrTx,
  id: number,
): Promise<{ fileName: string; errors: CatalogImportErrorLine[] } | null> {
  const [row] = await db
    .select({ fileName: catalogImports.fileName, errors: catalogImports.errors })
    .from(catalogImports)
    .where(eq(catalogImports.id, id))
  return row ?? null
}

class RowRefused extends Error {
  constructor(readonly code: string) {
    super(code)
  }
}

type CreateInput = z.output<typeof BackofficeProductCreateBodySchema>

/** Lands one planned create or update through the catalog's product functions, in a savepoint. */
async function applyRow(tx: Tx, row: Planned, refs: CatalogRefs, now: Date): Promise<void> {
  await tx.transaction(async (sp) => {
    const given = row.given
    const body = bodyOf(row.merged, refs, given)
    const retire = row.merged.status === 'ausgelaufen' && row.current?.status !== 'ausgelaufen'
    if (row.productId === null) {
      const input: CreateInput = BackofficeProductCreateBodySchema.parse(body)
      const created = await createCatalogProduct(sp, input, now, 'import')
      if (!created.ok) throw new RowRefused(created.code)
      if (retire) {
        const retired = await retireCatalogProduct(sp, created.value.id, created.value.version, now)
        if (!retired.ok) throw new RowRefused(retired.code)
      }
      return
    }
    const detail = await productForEditing(sp, row.productId)
    if (!detail) throw new RowRefused('not_found')
    const stockChanged = row.changes.some((change) => change.column === 'bestand')
    const input = BackofficeProductEditBodySchema.parse({
      ...body,
      stock: stockChanged ? body.stock : undefined,
      warranties: given.has('garantien') ? body.warranties : detail.warranties,
      version: detail.version,
    })
    const edited = await editCatalogProduct(sp, row.productId, input, now, 'import')
    if (!edited.ok) throw new RowRefused(edited.code)
    if (retire) {
      const retired = await retireCatalogProduct(sp, row.productId, edited.value.after.version, now)
      if (!retired.ok) throw new RowRefused(retired.code)
    }
  })
}

export type ImportChunkOutcome = {
  summary: CatalogImportSummary
  /** The import ended with this call (done or refused): the caller writes the audit entry. */
  finished: boolean
  /** Some product changed in this call: the caller drops its catalog cache. */
  changed: boolean
  /** Article numbers created or updated in this call. */
  landed: string[]
}

/**
 * Runs the next chunk of a checked import in the caller's transaction (the import row is locked,
 * so two calls never apply a row twice). The first call fixes the mode; with refuse_file it plans
 * the whole file first and refuses it, writing nothing, when any row is bad.
 */
export async function runCatalogImportChunk(
  tx: Tx,
  id: number,
  options: { mode: CatalogImportMode; chunkSize?: number | undefined },
  now: Date,
): Promise<ImportChunkOutcome | null> {
  const [state] = await tx
    .select({
      status: catalogImports.status,
      mode: catalogImports.mode,
      processed: catalogImports.processed,
      total: catalogImports.total,
      counts: catalogImports.counts,
      errors: catalogImports.errors,
      pictures: catalogImports.pictures,
    })
    .from(catalogImports)
    .where(eq(catalogImports.id, id))
    .for('update')
  if (!state) return null
  const finish = async (changed: boolean, landed: string[], finished: boolean) => {
    const summary = await catalogImportSummary(tx, id)
    if (!summary) throw new Error('import vanished')
    return { summary, finished, changed, landed }
  }
  if (state.status === 'done' || state.status === 'refused') return finish(false, [], false)
  const refs = await loadCatalogRefs(tx)
  let { processed, counts, errors } = state
  const mode = state.mode ?? options.mode
  if (state.status === 'checked') {
    if (mode === 'refuse_file') {
      const [all] = await tx
        .select({ records: catalogImports.records })
        .from(catalogImports)
        .where(eq(catalogImports.id, id))
      const planned = await planRows(tx, all?.records ?? [], refs, { pictures: state.pictures })
      if (planned.some((row) => row.action === 'error')) {
        await dropStagedPictures(tx, id)
        await tx
          .update(catalogImports)
          .set({
            mode,
            status: 'refused',
            counts: countsOf(planned),
            errors: errorLines(planned),
            finishedAt: now,
          })
          .where(eq(catalogImports.id, id))
        return finish(false, [], true)
      }
    }
    processed = 0
    counts = { create: 0, update: 0, unchanged: 0, error: 0 }
    errors = []
  }
  const size = options.chunkSize ?? DEFAULT_CHUNK
  const end = Math.min(state.total, processed + size)
  const [slice] = await tx
    .select({
      records: sql<
        CatalogImportRecord[]
      >`jsonb_path_query_array(${catalogImports.records}, ${`$[${processed} to ${end - 1}]`}::jsonpath)`,
    })
    .from(catalogImports)
    .where(eq(catalogImports.id, id))
  const records = slice?.records ?? []
  const planned = await planChunk(tx, records, refs, state.pictures)
  const writes = planned.filter((row) => row.action === 'create' || row.action === 'update')
  // A row that changes only its pictures leaves the product's columns (and version) alone.
  const productWrites = writes.filter(
    (row) => row.action === 'create' || row.changes.some((c) => c.column !== PICTURE_COLUMN),
  )
  try {
    // One savepoint for the chunk, not one per row: the rows were checked against the locked
    // products, so only a product created meanwhile by an editor (a unique index) can refuse it.
    await tx.transaction(async (sp) => {
      await writeImportRows(sp, productWrites, refs, now)
      await writePictures(sp, id, writes)
    })
    const outcome = planned.map(publicRow)
    return await finishChunk(
      outcome,
      writes.map((row) => row.merged.artikelnummer ?? ''),
    )
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
  }
  // That race: the chunk again row by row through the editor's functions, each in its savepoint,
  // so the one row that lost is reported and the others land.
  const fresh = await loadCatalogRefs(tx)
  const replanned = await planRows(tx, records, fresh, { lock: true, pictures: state.pictures })
  const landed: string[] = []
  const outcome: CatalogImportRow[] = []
  for (const row of replanned) {
    if (row.action === 'create' || row.action === 'update') {
      try {
        await applyRow(tx, row, fresh, now)
        await writePictures(tx, id, [row])
        landed.push(row.merged.artikelnummer ?? '')
        outcome.push(publicRow(row))
      } catch (error) {
        if (!(error instanceof RowRefused)) throw error
        const code = error.code
        outcome.push({
          ...publicRow(row),
          action: 'error',
          errors: [
            {
              column: code.includes('ean') ? 'ean' : 'artikelnummer',
              message: translate(code),
            },
          ],
        })
      }
    } else outcome.push(publicRow(row))
  }
  return finishChunk(outcome, landed)

  async function finishChunk(outcome: CatalogImportRow[], landed: string[]) {
    const chunkCounts = countsOf(outcome)
    const nextCounts = {
      create: counts.create + chunkCounts.create,
      update: counts.update + chunkCounts.update,
      unchanged: counts.unchanged + chunkCounts.unchanged,
      error: counts.error + chunkCounts.error,
    }
    const finished = end >= (state?.total ?? 0)
    if (finished) await dropStagedPictures(tx, id)
    await tx
      .update(catalogImports)
      .set({
        mode,
        status: finished ? 'done' : 'running',
        processed: end,
        counts: nextCounts,
        errors: [...errors, ...errorLines(outcome)],
        ...(finished ? { finishedAt: now } : {}),
      })
      .where(eq(catalogImports.id, id))
    return finish(landed.length > 0, landed, finished)
  }
}

/** A unique index refused the write (postgres-js error, possibly wrapped by Drizzle). */
function isUniqueViolation(error: unknown): boolean {
  type PgError = { code?: string; cause?: PgError }
  const e = error as PgError | null
  return e?.code === '23505' || e?.cause?.code === '23505'
}

/**
 * Lands the pictures of the rows that change them through the picture pipeline's own writer
 * (replaceProductPictures), with the originals checked by the dry run. New products are found by
 * their article number (written just before, in the same transaction).
 */
async function writePictures(tx: Tx, importId: number, rows: Planned[]): Promise<void> {
  const changing = rows.filter((row) => row.picturesChanged && row.wantedPictures)
  if (changing.length === 0) return
  const numbers = changing
    .filter((row) => row.productId === null)
    .map((row) => row.merged.artikelnummer ?? '')
  const created =
    numbers.length > 0
      ? await tx
          .select({ id: products.id, articleNumber: products.articleNumber })
          .from(products)
          .where(inArray(products.articleNumber, numbers))
      : []
  const idByNumber = new Map(created.map((row) => [row.articleNumber, row.id]))
  const needed = new Set(changing.flatMap(addedHashes))
  const staged =
    needed.size > 0
      ? await tx
          .select()
          .from(catalogImportPictures)
          .where(
            sql`${catalogImportPictures.importId} = ${importId} and ${inArray(catalogImportPictures.contentHash, [...needed])}`,
          )
      : []
  const fresh = new Map<string, InspectedUpload>(
    staged.map((row) => [
      row.contentHash,
      {
        picture: {
          bytes: row.original,
          hash: row.contentHash,
          mime: row.mime as InspectedUpload['picture']['mime'],
          width: row.width,
          height: row.height,
          alt: '',
        },
        thumbnail: row.thumbnail,
      },
    ]),
  )
  // A picture no product gained at the dry run was not staged; if one gains it now (an editor
  // removed it meanwhile), it is one the shop stores: its stored original is used.
  const missing = [...needed].filter((hash) => !fresh.has(hash))
  if (missing.length > 0) {
    for (const [hash, upload] of await storedPictureUploads(tx, missing, true)) {
      const { bytes, ...facts } = upload.picture
      if (bytes) fresh.set(hash, { picture: { ...facts, bytes }, thumbnail: upload.thumbnail })
    }
  }
  for (const row of changing) {
    const productId = row.productId ?? idByNumber.get(row.merged.artikelnummer ?? '')
    if (productId === undefined)
      throw new Error(`imported product ${row.merged.artikelnummer} not found`)
    const done = await replaceProductPictures(
      tx,
      productId,
      (row.wantedPictures ?? []).map((p) => ({ hash: p.hash, alt: p.alt })),
      fresh,
    )
    if (!done.ok) throw new Error(`pictures of product ${productId}: ${done.code}`)
  }
}

/** The staged originals are not needed once the import is done or refused. */
async function dropStagedPictures(tx: Tx, importId: number): Promise<void> {
  await tx.delete(catalogImportPictures).where(eq(catalogImportPictures.importId, importId))
}

/** The content hashes a planned row adds to its product. */
function addedHashes(row: Planned): string[] {
  if (!row.picturesChanged || !row.wantedPictures || !row.pictures) return []
  const added = new Set(row.pictures.added)
  return row.wantedPictures.filter((p) => added.has(p.file)).map((p) => p.hash)
}
