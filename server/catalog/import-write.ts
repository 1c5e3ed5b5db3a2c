// The import's set-based write path (issue 21). A chunk's rows arrive planned and checked in
// memory (import.ts planRows: references from one load per chunk, the named products read and
// locked in one query, uniqueness against them and within the file, the editor's body schema), so
// the chunk lands in a handful of statements instead of the editor's ~20 queries per row:
//   1. new values of text attributes: one multi-row INSERT
//   2. new products: one multi-row INSERT
//   3. changed products: one UPDATE … FROM jsonb_to_recordset(…), one version bump each
//   4. warranties of the rows whose `garantien` cell changed: the catalog's bulk writer
//   5. price history: one INSERT … SELECT of the rows whose offer differs from the newest step
//      (source 'import'), then one UPDATE of the stored 30-day reference price
// Every product column is derived by the editor's own columnsOf (search texts, technical data,
// option ids), so a product reads the same whichever path wrote it. The statement triggers send
// NOTIFY catalog_changed once per statement, so a chunk notifies a few times, not once per row.
import { type SQL, sql } from 'drizzle-orm'
import type { Tx } from '#db/client.ts'
import { filterOptions, products } from '#db/schema/catalog.ts'
import { slugify } from '#db/seed/catalog.ts'
import type { Attribute, CatalogRefs, Planned } from './import.ts'
import {
  columnsOf,
  DEFAULT_COLOR,
  type ProductInput,
  type Resolved,
  replaceWarranties,
} from './product-admin.ts'

/**
 * Columns an update writes only when the row gives a value; null keeps the product's own:
 * the pictures' colour (only a colour value sets it), the picture style (only a new category
 * sets it) and the stock (only a changed `bestand` cell sets it: orders move it meanwhile).
 */
const KEEP_WHEN_NULL = new Set(['colorHex', 'visual', 'stock'])

function snake(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
}

/** The attribute's option with this text; undefined: none yet. */
function optionWithText(attribute: Attribute, text: string) {
  return attribute.options.find((option) => option.text === text)
}

/** The values (attribute, text) the rows name that the catalog does not have yet. */
function missingOptions(rows: Planned[], refs: CatalogRefs): Map<Attribute, Set<string>> {
  const byId = new Map(refs.attributes.map((attribute) => [attribute.id, attribute]))
  const missing = new Map<Attribute, Set<string>>()
  const need = (attribute: Attribute, text: string) => {
    if (optionWithText(attribute, text)) return
    missing.set(attribute, (missing.get(attribute) ?? new Set()).add(text))
  }
  for (const row of rows) {
    const input = row.input
    if (!input) continue
    const brand = refs.brandById.get(input.manufacturerId)
    if (refs.brandAttribute && brand) need(refs.brandAttribute, brand)
    for (const value of input.attributes) {
      const attribute = byId.get(value.attributeId)
      if (attribute && value.optionId === null && value.newText !== null) {
        need(attribute, value.newText)
      }
    }
  }
  return missing
}

/** Creates the missing values in one statement (slug unique within the attribute, as the editor). */
async function createOptions(tx: Tx, missing: Map<Attribute, Set<string>>): Promise<void> {
  const values: (typeof filterOptions.$inferInsert)[] = []
  const owners: Attribute[] = []
  for (const [attribute, texts] of missing) {
    const taken = new Set(attribute.options.map((option) => option.value))
    let position = Math.max(0, ...attribute.options.map((option) => option.position))
    for (const text of texts) {
      const base = slugify(text) || 'wert'
      let value = base
      for (let n = 2; taken.has(value); n += 1) value = `${base}-${n}`
      taken.add(value)
      position += 1
      values.push({ attributeId: attribute.id, value, text, hex: null, position })
      owners.push(attribute)
    }
  }
  if (values.length === 0) return
  const created = await tx.insert(filterOptions).values(values).returning({
    id: filterOptions.id,
    attributeId: filterOptions.attributeId,
    value: filterOptions.value,
    text: filterOptions.text,
    hex: filterOptions.hex,
    position: filterOptions.position,
  })
  for (const { attributeId, ...option } of created) {
    owners.find((attribute) => attribute.id === attributeId)?.options.push(option)
  }
}

/** The row's references as the editor's resolveReferences finds them (from memory here). */
function resolvedOf(input: ProductInput, refs: CatalogRefs): Resolved {
  const brand = refs.brandById.get(input.manufacturerId)
  const category = refs.categoryById.get(input.categoryId)
  if (brand === undefined || !category) throw new Error('import row not resolved')
  const byId = new Map(refs.attributes.map((attribute) => [attribute.id, attribute]))
  const options: Resolved['options'] = []
  const brandAttribute = refs.brandAttribute
  const brandOption = brandAttribute ? optionWithText(brandAttribute, brand) : undefined
  if (brandAttribute && brandOption) {
    options.push({ ...pick(brandOption), attributeName: brandAttribute.name })
  }
  for (const value of input.attributes) {
    const attribute = byId.get(value.attributeId)
    const option = attribute?.options.find((o) =>
      value.optionId !== null ? o.id === value.optionId : o.text === value.newText,
    )
    if (!attribute || !option) throw new Error('import attribute value not resolved')
    options.push({ ...pick(option), attributeName: attribute.name })
  }
  return {
    brand,
    category: { id: input.categoryId, visual: category.visual, names: category.names },
    attributeNames: refs.attributeNames,
    options,
  }
}

function pick(option: Attribute['options'][number]) {
  return { id: option.id, text: option.text, hex: option.hex }
}

/** Whether the row takes the product out of the assortment now. */
function retiresNow(row: Planned): boolean {
  return row.merged.status === 'ausgelaufen' && row.current?.status !== 'ausgelaufen'
}

/**
 * Writes a chunk's planned creates and updates (rows with action create / update and an input).
 * Answers the ids written. Throws on a database error (a unique index losing a race with an
 * editor): the caller runs it in a savepoint.
 */
export async function writeImportRows(
  tx: Tx,
  rows: Planned[],
  refs: CatalogRefs,
  now: Date,
): Promise<number[]> {
  const creates = rows.filter((row) => row.action === 'create' && row.input)
  const updates = rows.filter((row) => row.action === 'update' && row.input && row.product)
  if (creates.length === 0 && updates.length === 0) return []
  await createOptions(tx, missingOptions([...creates, ...updates], refs))

  const offers: { productId: number; priceCents: number; announced: boolean }[] = []
  // Warranties of the rows whose `garantien` cell changes them (their own table, one bulk write).
  const warrantyLists: Parameters<typeof replaceWarranties>[1] = []
  const warrantiesOf = (productId: number, row: Planned) => {
    if (!row.input || !row.changes.some((change) => change.column === 'garantien')) return
    warrantyLists.push({
      productId,
      warranties: row.input.warranties.map(({ name, months, priceCents }) => ({
        name,
        months,
        priceCents,
      })),
    })
  }
  const offerOf = (productId: number, input: ProductInput) =>
    offers.push({
      productId,
      priceCents: input.priceCents,
      announced: input.strikeThroughPriceCents !== null,
    })

  if (creates.length > 0) {
    const values = creates.map((row) => {
      const input = row.input as ProductInput & { stock: number }
      const resolved = resolvedOf(input, refs)
      return {
        ...columnsOf(input, resolved, []),
        colorHex: resolved.options.find((o) => o.hex !== null)?.hex ?? DEFAULT_COLOR,
        visual: resolved.category.visual,
        stock: input.stock,
        imageCount: 1,
        retiredAt: retiresNow(row) ? now : null,
        releasedAt: now.toISOString().slice(0, 10),
        createdAt: now,
        updatedAt: now,
      }
    })
    const created = await tx
      .insert(products)
      .values(values)
      .returning({ id: products.id, articleNumber: products.articleNumber })
    const idOf = new Map(created.map((row) => [row.articleNumber, row.id]))
    for (const row of creates) {
      const input = row.input as ProductInput
      const id = idOf.get(input.articleNumber)
      if (id === undefined) throw new Error('imported product not created')
      offerOf(id, input)
      warrantiesOf(id, row)
    }
  }

  if (updates.length > 0) {
    const records = updates.map((row) => {
      const product = row.product as NonNullable<Planned['product']>
      const input = row.input as ProductInput
      const resolved = resolvedOf(input, refs)
      const stockChanged = row.changes.some((change) => change.column === 'bestand')
      const columns: Record<string, unknown> = {
        ...columnsOf(input, resolved, product.specs),
        colorHex: resolved.options.find((o) => o.hex !== null)?.hex ?? null,
        visual: product.categoryId !== input.categoryId ? resolved.category.visual : null,
        stock: stockChanged ? (input.stock ?? null) : null,
        // As the editor: switching a product on takes it back into the assortment.
        retiredAt: input.active ? null : retiresNow(row) ? now : product.retiredAt,
      }
      offerOf(product.id, input)
      warrantiesOf(product.id, row)
      return { id: product.id, ...columns }
    })
    await updateProducts(tx, records, now)
  }

  await replaceWarranties(tx, warrantyLists)

  const repriced = await tx.execute<{ product_id: number }>(sql`
    insert into product_price_history (product_id, price_cents, announced, valid_from, source)
    select v.product_id, v.price_cents, v.announced, ${now.toISOString()}::timestamptz, 'import'
    from jsonb_to_recordset(${JSON.stringify(
      offers.map((o) => ({
        product_id: o.productId,
        price_cents: o.priceCents,
        announced: o.announced,
      })),
    )}::jsonb)
      as v(product_id integer, price_cents integer, announced boolean)
    where not exists (
      select 1 from (
        select h.price_cents, h.announced from product_price_history h
        where h.product_id = v.product_id
        order by h.valid_from desc, h.id desc limit 1
      ) newest
      where newest.price_cents = v.price_cents and newest.announced = v.announced
    )
    returning product_id`)
  const ids = [...repriced].map((row) => row.product_id)
  if (ids.length > 0) {
    await tx.execute(sql`
      update products set reference_price_cents = catalog_reference_price(id)
      where id = any(${`{${ids.join(',')}}`}::integer[])`)
  }
  return offers.map((offer) => offer.productId)
}

/**
 * One UPDATE for all changed products: the rows travel as one JSON parameter, typed by the
 * products table's own column types, so a column added to columnsOf is written without a change
 * here.
 */
async function updateProducts(
  tx: Tx,
  records: ({ id: number } & Record<string, unknown>)[],
  now: Date,
): Promise<void> {
  const keys = Object.keys(records[0] ?? {}).filter((key) => key !== 'id')
  const table = products as unknown as Record<string, { getSQLType(): string }>
  const definitions: SQL[] = [sql`id integer`]
  const assignments: SQL[] = []
  for (const key of keys) {
    const column = table[key]
    if (!column) throw new Error(`no products column ${key}`)
    const name = sql.identifier(snake(key))
    definitions.push(sql`${name} ${sql.raw(column.getSQLType())}`)
    assignments.push(
      KEEP_WHEN_NULL.has(key)
        ? sql`${name} = coalesce(v.${name}, p.${name})`
        : sql`${name} = v.${name}`,
    )
  }
  // Every record has the same keys (columnsOf plus the fixed ones above), in the same order.
  const json = JSON.stringify(
    records.map((record) =>
      Object.fromEntries([['id', record.id], ...keys.map((key) => [snake(key), record[key]])]),
    ),
  )
  await tx.execute(sql`
    update products p set ${sql.join(assignments, sql`, `)},
      version = p.version + 1, updated_at = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${json}::jsonb) as v(${sql.join(definitions, sql`, `)})
    where p.id = v.id`)
}
