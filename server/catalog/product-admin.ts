// Product management (issue 21): the back office creates, edits and retires products through
// these functions, inside its audited transaction. Prices go through recordPriceChange (the
// price history of § 11 PAngV); every edit names the version it started from (optimistic
// concurrency); search columns, technical data and filter options are derived here so listing,
// filters and search show the product as soon as the transaction commits (the NOTIFY triggers
// tell every process; the caller drops its own cache).
import { and, asc, eq, inArray, max, ne, notInArray, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import {
  type BackofficeCatalogChoices,
  type BackofficeProductCreateBodySchema,
  type BackofficeProductDetail,
  type BackofficeProductEditBodySchema,
  isDerivedSpec,
} from '#contract/backoffice-products.ts'
import type { DbOrTx, Tx } from '#db/client.ts'
import {
  type CatalogVisual,
  categories,
  filterAttributes,
  filterOptions,
  manufacturers,
  normalizeSearchText,
  type PriceSource,
  type ProductSpec,
  products,
  productWarranties,
} from '#db/schema/catalog.ts'
import { slugify } from '#db/seed/catalog.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import { recordPriceChange } from './price-history.ts'
import { productUrl } from './urls.ts'

export type ProductCreateInput = z.output<typeof BackofficeProductCreateBodySchema>
export type ProductEditInput = z.output<typeof BackofficeProductEditBodySchema>
export type ProductInput = Omit<ProductCreateInput, 'stock'> & { stock?: number | undefined }

export type ProductAdminError =
  | 'not_found'
  | 'backoffice_product_changed'
  | 'backoffice_article_number_taken'
  | 'backoffice_ean_taken'
  | 'backoffice_category_invalid'
  | 'backoffice_manufacturer_invalid'
  | 'backoffice_attribute_invalid'
  | 'backoffice_attribute_value_fixed'

/** The brand is a filter attribute of its own, set from the manufacturer (not in the editor). */
const BRAND_ATTRIBUTE = 'hersteller'
export const DEFAULT_COLOR = '#4b5563'
/** Technical-data lines this module writes; others (from the seed or an import) stay as they are. */
const GENERAL = 'Allgemein'
const FEATURES = 'Ausstattung'
const ENERGY = 'Energie'

// --- Reading -------------------------------------------------------------------------------------

/** Leaf categories, manufacturers and attributes with their values, for the editor. */
export async function catalogChoices(db: DbOrTx): Promise<BackofficeCatalogChoices> {
  const [categoryRows, manufacturerRows, attributeRows, optionRows] = await Promise.all([
    db
      .select({ id: categories.id, parentId: categories.parentId, name: categories.name })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.id)),
    db
      .select({ id: manufacturers.id, brand: manufacturers.brand, name: manufacturers.name })
      .from(manufacturers)
      .orderBy(asc(manufacturers.brand)),
    db.select().from(filterAttributes).orderBy(asc(filterAttributes.position)),
    db
      .select({
        id: filterOptions.id,
        attributeId: filterOptions.attributeId,
        text: filterOptions.text,
        hex: filterOptions.hex,
      })
      .from(filterOptions)
      .orderBy(asc(filterOptions.position), asc(filterOptions.id)),
  ])
  const byId = new Map(categoryRows.map((row) => [row.id, row]))
  const parents = new Set(categoryRows.map((row) => row.parentId))
  const label = (id: number): string => {
    const row = byId.get(id)
    if (!row) return ''
    return row.parentId === null ? row.name : `${label(row.parentId)} › ${row.name}`
  }
  const leaves = categoryRows
    .filter((row) => !parents.has(row.id))
    .map((row) => ({ id: row.id, label: label(row.id) }))
    .sort((a, b) => a.label.localeCompare(b.label, 'de'))
  return {
    categories: leaves,
    manufacturers: manufacturerRows,
    attributes: attributeRows
      .filter((row) => row.key !== BRAND_ATTRIBUTE)
      .map((row) => ({
        id: row.id,
        key: row.key,
        name: row.name,
        valueType: valueTypeOf(row),
        options: optionRows
          .filter((option) => option.attributeId === row.id)
          .map(({ id, text, hex }) => ({ id, text, hex })),
      })),
  }
}

export function valueTypeOf(row: { optionType: string; filterType: string }) {
  if (row.optionType === 'color') return 'color' as const
  return row.filterType === 'radio' ? ('choice' as const) : ('text' as const)
}

/** The whole product for the editor; null when there is no such product. */
export async function productForEditing(
  db: DbOrTx,
  id: number,
): Promise<BackofficeProductDetail | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id))
  if (!row) return null
  const [warranties, options] = await Promise.all([
    db
      .select({
        id: productWarranties.id,
        name: productWarranties.name,
        months: productWarranties.months,
        priceCents: productWarranties.priceCents,
      })
      .from(productWarranties)
      .where(eq(productWarranties.productId, id))
      .orderBy(asc(productWarranties.position), asc(productWarranties.id)),
    row.optionIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ attributeId: filterOptions.attributeId, optionId: filterOptions.id })
          .from(filterOptions)
          .innerJoin(filterAttributes, eq(filterAttributes.id, filterOptions.attributeId))
          .where(
            and(
              inArray(filterOptions.id, row.optionIds),
              ne(filterAttributes.key, BRAND_ATTRIBUTE),
            ),
          )
          .orderBy(asc(filterAttributes.position)),
  ])
  return {
    id: row.id,
    version: row.version,
    url: productUrl(row.slug, row.id),
    brand: row.brand,
    name: row.name,
    manufacturerId: row.manufacturerId,
    articleNumber: row.articleNumber,
    ean: row.ean,
    manufacturerPartNumber: row.manufacturerPartNumber,
    categoryId: row.categoryId,
    teaser: row.teaser,
    description: row.description,
    priceCents: row.priceCents,
    strikeThroughPriceCents: row.strikeThroughPriceCents,
    referencePriceCents: row.referencePriceCents,
    campusPriceCents: row.campusPriceCents,
    stock: row.stock,
    deliveryTime: row.deliveryTime,
    active: row.active,
    retiredAt: row.retiredAt?.toISOString() ?? null,
    attributes: options,
    energyClass: row.energyClass,
    energyScale: row.energyScale,
    energyKwh: row.energyKwh,
    warranties,
    safetyWarnings: row.safetyWarnings,
    largeAppliance: row.largeAppliance,
    containsBattery: row.containsBattery,
    modelLine: row.modelLine,
    recommendedRetailPriceCents: row.recommendedRetailPriceCents,
    maxOrderQuantity: row.maxOrderQuantity,
    eprelNumber: row.eprelNumber,
    specs: row.specs.map(({ group, name, value }) => ({ group, name, value })),
  }
}

// --- Derived columns -----------------------------------------------------------------------------

export type Resolved = {
  brand: string
  category: { id: number; visual: CatalogVisual; names: string[] }
  /** Names of all filter attributes: their technical-data lines follow the product's values. */
  attributeNames: string[]
  /** Every option the product carries (brand included), with its attribute's name. */
  options: { id: number; attributeName: string; text: string; hex: string | null }[]
}

/** Checks manufacturer, category and attribute values; creates new text values. */
async function resolveReferences(
  tx: Tx,
  input: ProductInput,
): Promise<Result<Resolved, ProductAdminError>> {
  const [manufacturer] = await tx
    .select({ brand: manufacturers.brand })
    .from(manufacturers)
    .where(eq(manufacturers.id, input.manufacturerId))
  if (!manufacturer) return err('backoffice_manufacturer_invalid')

  const categoryRows = await tx
    .select({
      id: categories.id,
      parentId: categories.parentId,
      name: categories.name,
      visual: categories.visual,
    })
    .from(categories)
  const category = categoryRows.find((row) => row.id === input.categoryId)
  if (!category || categoryRows.some((row) => row.parentId === category.id)) {
    return err('backoffice_category_invalid')
  }
  const names: string[] = []
  for (let at: typeof category | undefined = category; at; ) {
    names.unshift(at.name)
    const parentId: number | null = at.parentId
    at = parentId === null ? undefined : categoryRows.find((row) => row.id === parentId)
  }

  const attributeRows = await tx.select().from(filterAttributes)
  const attributeById = new Map(attributeRows.map((row) => [row.id, row]))
  const options: Resolved['options'] = []
  const brandAttribute = attributeRows.find((row) => row.key === BRAND_ATTRIBUTE)
  const seen = new Set<number>()
  const values = [
    ...(brandAttribute
      ? [{ attributeId: brandAttribute.id, optionId: null, newText: manufacturer.brand }]
      : []),
    ...input.attributes,
  ]
  // One query for the values of every attribute named (an import lands thousands of rows).
  const known =
    values.length === 0
      ? []
      : await tx
          .select({
            id: filterOptions.id,
            attributeId: filterOptions.attributeId,
            text: filterOptions.text,
            hex: filterOptions.hex,
          })
          .from(filterOptions)
          .where(
            inArray(
              filterOptions.attributeId,
              values.map((value) => value.attributeId),
            ),
          )
  for (const value of values) {
    const attribute = attributeById.get(value.attributeId)
    // One value per attribute; the brand's follows the manufacturer.
    if (!attribute || seen.has(attribute.id)) return err('backoffice_attribute_invalid')
    if (attribute.key === BRAND_ATTRIBUTE && value !== values[0]) {
      return err('backoffice_attribute_invalid')
    }
    seen.add(attribute.id)
    const found = known.find(
      (option) =>
        option.attributeId === attribute.id &&
        (value.optionId !== null ? option.id === value.optionId : option.text === value.newText),
    )
    const option = found ? { id: found.id, text: found.text, hex: found.hex } : null
    if (option) {
      options.push({ ...option, attributeName: attribute.name })
      continue
    }
    if (value.optionId !== null) return err('backoffice_attribute_invalid')
    if (valueTypeOf(attribute) !== 'text') return err('backoffice_attribute_value_fixed')
    const created = await createOption(tx, attribute.id, value.newText ?? '')
    options.push({ ...created, attributeName: attribute.name })
  }
  return ok({
    brand: manufacturer.brand,
    category: { id: category.id, visual: category.visual, names },
    attributeNames: attributeRows.map((row) => row.name),
    options,
  })
}

/** A new value of a text attribute; its URL slug is unique within the attribute. */
async function createOption(tx: Tx, attributeId: number, text: string) {
  const rows = await tx
    .select({ value: filterOptions.value })
    .from(filterOptions)
    .where(eq(filterOptions.attributeId, attributeId))
  const taken = new Set(rows.map((row) => row.value))
  const base = slugify(text) || 'wert'
  let value = base
  for (let n = 2; taken.has(value); n += 1) value = `${base}-${n}`
  const [position] = await tx
    .select({ n: max(filterOptions.position) })
    .from(filterOptions)
    .where(eq(filterOptions.attributeId, attributeId))
  const [created] = await tx
    .insert(filterOptions)
    .values({ attributeId, value, text, hex: null, position: (position?.n ?? 0) + 1 })
    .returning({ id: filterOptions.id, text: filterOptions.text, hex: filterOptions.hex })
  if (!created) throw new Error('filter option not created')
  return created
}

/**
 * The technical data: lines this editor owns (manufacturer, part number, attributes, energy) are
 * rewritten in place or appended; the other lines are kept in their order, or, when the editor
 * sent its own lines (`extraSpecs`), replaced by them: they take the other lines' places in order,
 * the rest is appended (editing a value keeps the table's order).
 */
function specsOf(existing: ProductSpec[], input: ProductInput, resolved: Resolved): ProductSpec[] {
  const owned: ProductSpec[] = [
    { group: GENERAL, name: 'Hersteller', value: resolved.brand },
    { group: GENERAL, name: 'Herstellernummer', value: input.manufacturerPartNumber },
    ...resolved.options
      .filter((option) => option.attributeName !== 'Hersteller')
      .map((option) => ({ group: FEATURES, name: option.attributeName, value: option.text })),
    ...(input.energyClass
      ? [
          {
            group: ENERGY,
            name: 'Energieeffizienzklasse',
            value: `${input.energyClass} (Skala ${(input.energyScale ?? 'A - G').replace(' - ', ' bis ')})`,
          },
        ]
      : []),
    ...(input.energyClass && input.energyKwh
      ? [{ group: ENERGY, name: 'Energieverbrauch SDR', value: `${input.energyKwh} kWh/1000 h` }]
      : []),
  ]
  const attributeNames = new Set(resolved.attributeNames)
  const byName = new Map(owned.map((line) => [line.name, line]))
  const extra = input.extraSpecs ? [...input.extraSpecs] : null
  const kept = existing.flatMap((line) => {
    if (!isDerivedSpec(line.name, attributeNames)) {
      if (!extra) return [line]
      const next = extra.shift()
      return next ? [next] : []
    }
    const next = byName.get(line.name)
    if (!next) return []
    byName.delete(line.name)
    return [{ ...line, value: next.value }]
  })
  return [...kept, ...byName.values(), ...(extra ?? [])]
}

/**
 * The product's columns as the editor writes them, derived from the input and its resolved
 * references (search texts, technical data, option ids). The import's set-based write path
 * (import-write.ts) derives its rows through this same function.
 */
export function columnsOf(input: ProductInput, resolved: Resolved, existing: ProductSpec[]) {
  const colour = resolved.options.find((option) => option.hex !== null)?.hex
  return {
    name: input.name,
    slug: slugify(input.name) || 'artikel',
    brand: resolved.brand,
    manufacturerId: input.manufacturerId,
    articleNumber: input.articleNumber,
    ean: input.ean,
    manufacturerPartNumber: input.manufacturerPartNumber,
    categoryId: resolved.category.id,
    teaser: input.teaser,
    description: input.description,
    priceCents: input.priceCents,
    strikeThroughPriceCents: input.strikeThroughPriceCents,
    campusPriceCents: input.campusPriceCents,
    deliveryTime: input.deliveryTime,
    active: input.active,
    energyClass: input.energyClass,
    energyScale: input.energyClass ? (input.energyScale ?? 'A - G') : null,
    energyKwh: input.energyClass ? input.energyKwh : null,
    safetyWarnings: input.safetyWarnings,
    largeAppliance: input.largeAppliance,
    containsBattery: input.containsBattery,
    optionIds: resolved.options.map((option) => option.id).sort((a, b) => a - b),
    // An import may carry the whole technical data table; it is then taken as given.
    specs: input.specs ?? specsOf(existing, input, resolved),
    // Fields the body may leave out: the product keeps them.
    ...(input.modelLine === undefined ? {} : { modelLine: input.modelLine }),
    ...(input.recommendedRetailPriceCents === undefined
      ? {}
      : { recommendedRetailPriceCents: input.recommendedRetailPriceCents }),
    ...(input.maxOrderQuantity === undefined ? {} : { maxOrderQuantity: input.maxOrderQuantity }),
    ...(input.eprelNumber === undefined
      ? {}
      : { eprelNumber: input.energyClass ? input.eprelNumber : null }),
    ...(colour ? { colorHex: colour } : {}),
    searchName: normalizeSearchText(
      `${input.name} ${resolved.brand} ${input.manufacturerPartNumber}`,
    ),
    searchExtra: normalizeSearchText(
      [...resolved.category.names, ...resolved.options.map((o) => o.text), input.teaser].join(' '),
    ),
    searchDescription: normalizeSearchText(input.description),
  }
}

/** Another product already has the article number or the EAN. */
async function takenBy(
  tx: Tx,
  input: ProductInput,
  exceptId: number | null,
): Promise<ProductAdminError | null> {
  const rows = await tx
    .select({ articleNumber: products.articleNumber, ean: products.ean })
    .from(products)
    .where(
      and(
        or(eq(products.articleNumber, input.articleNumber), eq(products.ean, input.ean)),
        exceptId === null ? undefined : ne(products.id, exceptId),
      ),
    )
  if (rows.some((row) => row.articleNumber === input.articleNumber)) {
    return 'backoffice_article_number_taken'
  }
  return rows.length > 0 ? 'backoffice_ean_taken' : null
}

/** Keeps warranties by id (carts keep a chosen one), adds new ones, removes the others. */
async function saveWarranties(tx: Tx, productId: number, input: ProductInput) {
  const existing = await tx
    .select({ id: productWarranties.id })
    .from(productWarranties)
    .where(eq(productWarranties.productId, productId))
  const ids = new Set(existing.map((row) => row.id))
  const keep = input.warranties.flatMap((w) => (w.id !== null && ids.has(w.id) ? [w.id] : []))
  await tx
    .delete(productWarranties)
    .where(
      and(
        eq(productWarranties.productId, productId),
        keep.length > 0 ? notInArray(productWarranties.id, keep) : undefined,
      ),
    )
  for (const [position, warranty] of input.warranties.entries()) {
    const values = {
      name: warranty.name,
      months: warranty.months,
      priceCents: warranty.priceCents,
      position,
    }
    if (warranty.id !== null && ids.has(warranty.id)) {
      await tx.update(productWarranties).set(values).where(eq(productWarranties.id, warranty.id))
    } else {
      await tx.insert(productWarranties).values({ productId, ...values })
    }
  }
}

/**
 * Replaces the warranties of many products at once (the import's bulk writer): per product, a
 * warranty whose name is kept keeps its id (a cart that chose it keeps the choice), the others are
 * deleted, new ones inserted; one DELETE, one UPDATE and one INSERT for all products.
 */
export async function replaceWarranties(
  tx: Tx,
  lists: {
    productId: number
    warranties: { name: string; months: number; priceCents: number }[]
  }[],
): Promise<void> {
  if (lists.length === 0) return
  const productIds = lists.map((list) => list.productId)
  const existing = await tx
    .select({
      id: productWarranties.id,
      productId: productWarranties.productId,
      name: productWarranties.name,
    })
    .from(productWarranties)
    .where(inArray(productWarranties.productId, productIds))
  const byKey = new Map(existing.map((row) => [`${row.productId}\u0000${row.name}`, row.id]))
  const keep = new Set<number>()
  const updates: {
    id: number
    name: string
    months: number
    price_cents: number
    position: number
  }[] = []
  const inserts: (typeof productWarranties.$inferInsert)[] = []
  for (const { productId, warranties } of lists) {
    warranties.forEach((warranty, position) => {
      const id = byKey.get(`${productId}\u0000${warranty.name}`)
      if (id !== undefined && !keep.has(id)) {
        keep.add(id)
        updates.push({
          id,
          name: warranty.name,
          months: warranty.months,
          price_cents: warranty.priceCents,
          position,
        })
      } else {
        inserts.push({ productId, ...warranty, position })
      }
    })
  }
  const gone = existing.filter((row) => !keep.has(row.id)).map((row) => row.id)
  if (gone.length > 0) await tx.delete(productWarranties).where(inArray(productWarranties.id, gone))
  if (updates.length > 0) {
    await tx.execute(sql`
      update product_warranties w set name = v.name, months = v.months,
        price_cents = v.price_cents, position = v.position
      from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb)
        as v(id integer, name text, months integer, price_cents integer, position integer)
      where w.id = v.id`)
  }
  for (let i = 0; i < inserts.length; i += 1000) {
    await tx.insert(productWarranties).values(inserts.slice(i, i + 1000))
  }
}

// --- Writing -------------------------------------------------------------------------------------

/**
 * Runs a products write in a savepoint: two editors racing for one article number or EAN both
 * pass the check above, and the unique index decides; the loser gets 409, not 500.
 */
async function uniqueGuarded<T>(
  tx: Tx,
  work: (savepoint: Tx) => Promise<T>,
): Promise<Result<T, ProductAdminError>> {
  try {
    return ok(await tx.transaction(work))
  } catch (error) {
    type PgError = { code?: string; constraint_name?: string; cause?: PgError }
    const e = error as PgError
    const pg = e.code === '23505' ? e : e.cause?.code === '23505' ? e.cause : null
    if (!pg) throw error
    return err(
      pg.constraint_name === 'products_ean_unique'
        ? 'backoffice_ean_taken'
        : 'backoffice_article_number_taken',
    )
  }
}

/** Creates a product with its first price-history row; answers it as the editor shows it. */
export async function createCatalogProduct(
  tx: Tx,
  input: ProductCreateInput,
  now: Date,
  source: PriceSource = 'backoffice',
): Promise<Result<BackofficeProductDetail, ProductAdminError>> {
  const taken = await takenBy(tx, input, null)
  if (taken) return err(taken)
  const resolved = await resolveReferences(tx, input)
  if (!resolved.ok) return resolved
  const inserted = await uniqueGuarded(tx, (sp) =>
    sp
      .insert(products)
      .values({
        ...columnsOf(input, resolved.value, []),
        colorHex: resolved.value.options.find((o) => o.hex !== null)?.hex ?? DEFAULT_COLOR,
        visual: resolved.value.category.visual,
        stock: input.stock,
        imageCount: 1,
        releasedAt: now.toISOString().slice(0, 10),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: products.id }),
  )
  if (!inserted.ok) return inserted
  const [row] = inserted.value
  if (!row) throw new Error('product not created')
  await recordPriceChange(
    tx,
    row.id,
    { priceCents: input.priceCents, announced: input.strikeThroughPriceCents !== null },
    source,
    now,
  )
  await saveWarranties(tx, row.id, input)
  const detail = await productForEditing(tx, row.id)
  if (!detail) throw new Error('created product not found')
  return ok(detail)
}

/**
 * Edits a product from the version the editor loaded: a newer version (someone else saved
 * meanwhile) is refused, nothing is written. Answers the product before and after.
 */
export async function editCatalogProduct(
  tx: Tx,
  id: number,
  input: ProductEditInput,
  now: Date,
  source: PriceSource = 'backoffice',
): Promise<
  Result<{ before: BackofficeProductDetail; after: BackofficeProductDetail }, ProductAdminError>
> {
  const [current] = await tx
    .select({
      version: products.version,
      specs: products.specs,
      categoryId: products.categoryId,
      retiredAt: products.retiredAt,
    })
    .from(products)
    .where(eq(products.id, id))
    .for('update')
  if (!current) return err('not_found')
  if (current.version !== input.version) return err('backoffice_product_changed')
  const before = await productForEditing(tx, id)
  if (!before) return err('not_found')
  const taken = await takenBy(tx, input, id)
  if (taken) return err(taken)
  const resolved = await resolveReferences(tx, input)
  if (!resolved.ok) return resolved
  const updated = await uniqueGuarded(tx, (sp) =>
    sp
      .update(products)
      .set({
        ...columnsOf(input, resolved.value, current.specs),
        ...(current.categoryId !== input.categoryId
          ? { visual: resolved.value.category.visual }
          : {}),
        ...(input.stock === undefined ? {} : { stock: input.stock }),
        // Switching a retired product on takes it back into the assortment.
        retiredAt: input.active ? null : current.retiredAt,
        version: current.version + 1,
        updatedAt: now,
      })
      .where(eq(products.id, id)),
  )
  if (!updated.ok) return updated
  await recordPriceChange(
    tx,
    id,
    { priceCents: input.priceCents, announced: input.strikeThroughPriceCents !== null },
    source,
    now,
  )
  await saveWarranties(tx, id, input)
  const after = await productForEditing(tx, id)
  if (!after) throw new Error('edited product not found')
  return ok({ before, after })
}

/**
 * Takes a product out of the assortment: inactive (no listing, search, page, checkout) and marked
 * retired; it is never deleted, so orders, the price history and the audit keep it.
 */
export async function retireCatalogProduct(
  tx: Tx,
  id: number,
  version: number,
  now: Date,
): Promise<
  Result<{ before: BackofficeProductDetail; after: BackofficeProductDetail }, ProductAdminError>
> {
  const [current] = await tx
    .select({ version: products.version, retiredAt: products.retiredAt })
    .from(products)
    .where(eq(products.id, id))
    .for('update')
  if (!current) return err('not_found')
  if (current.version !== version) return err('backoffice_product_changed')
  const before = await productForEditing(tx, id)
  if (!before) return err('not_found')
  await tx
    .update(products)
    .set({
      active: false,
      retiredAt: current.retiredAt ?? now,
      version: current.version + 1,
      updatedAt: now,
    })
    .where(eq(products.id, id))
  const after = await productForEditing(tx, id)
  if (!after) throw new Error('retired product not found')
  return ok({ before, after })
}
