// Drizzle queries of the catalog slice. Listing predicates come from facets.ts (alias `p`).
import { type AnyColumn, and, asc, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { CatalogSort } from '#contract/catalog.ts'
import type { Db } from '#db/client.ts'
import {
  euResponsiblePersons,
  manufacturers,
  productImages,
  products,
  productWarranties,
} from '#db/schema/catalog.ts'
import type { SearchQuery } from './search-query.ts'

const p = alias(products, 'p')

/**
 * Best sellers first: `sold_count` is NOT NULL, so NULLS LAST orders exactly as plain DESC (which
 * means NULLS FIRST) would, but matches the indexes (`sold_count DESC NULLS LAST`): with plain DESC
 * Postgres sorted every matching row (the overall best sellers: a sequential scan of 100,000
 * products, 330 ms) instead of reading the index's first rows (0.4 ms).
 */
export function bestSellersFirst(soldCount: AnyColumn = p.soldCount): SQL {
  return sql`${soldCount} desc nulls last`
}

/**
 * The content hash of a product's first uploaded picture, or null (issue 21). A column for any
 * select that has the product's id; slices that read products (cart, wishlist) use it too.
 */
export function firstPictureHash(productId: AnyColumn | SQL) {
  return sql<
    string | null
  >`(select ${productImages.contentHash} from ${productImages} where ${productImages.productId} = ${productId} order by ${productImages.position}, ${productImages.id} limit 1)`
}

const tileColumns = {
  id: p.id,
  articleNumber: p.articleNumber,
  name: p.name,
  brand: p.brand,
  slug: p.slug,
  teaser: p.teaser,
  categoryId: p.categoryId,
  priceCents: p.priceCents,
  // The comparison price shoppers see is the 30-day reference (§ 11 PAngV), never the merchant's
  // strike-through amount: tiles and the product page (a whole row) both read this column.
  referencePriceCents: p.referencePriceCents,
  recommendedRetailPriceCents: p.recommendedRetailPriceCents,
  discountPercent: p.discountPercent,
  campusPriceCents: p.campusPriceCents,
  stock: p.stock,
  energyClass: p.energyClass,
  energyScale: p.energyScale,
  ratingAvgX100: p.ratingAvgX100,
  ratingCount: p.ratingCount,
  pictureHash: firstPictureHash(p.id),
}

export type TileRow = {
  id: number
  articleNumber: string
  name: string
  brand: string
  slug: string
  teaser: string
  categoryId: number
  priceCents: number
  referencePriceCents: number | null
  recommendedRetailPriceCents: number | null
  discountPercent: number | null
  campusPriceCents: number | null
  stock: number
  energyClass: string | null
  energyScale: string | null
  ratingAvgX100: number | null
  ratingCount: number
  /** First uploaded picture; absent where the row is read without it (product page). */
  pictureHash?: string | null
}

function searchRank(query: SearchQuery): SQL[] {
  return [
    sql`(${p.searchVector} @@ to_tsquery('german', ${query.nameTsquery})) desc`,
    sql`nullif(strpos(${p.searchName}, ${query.firstToken}), 0) asc nulls last`,
    sql`ts_rank_cd('{0.05,0.2,0.5,1.0}', ${p.searchVector}, to_tsquery('german', ${query.tsquery})) desc`,
  ]
}

function orderBy(sort: CatalogSort, search: SearchQuery | null): SQL[] {
  switch (sort) {
    case 'preis-aufsteigend':
      return [asc(p.priceCents), asc(p.id)]
    case 'preis-absteigend':
      return [desc(p.priceCents), asc(p.id)]
    case 'neuheiten':
      return [desc(p.releasedAt), desc(p.id)]
    case 'bestseller':
      return [bestSellersFirst(), asc(p.id)]
    default:
      return [
        ...(search === null ? [] : searchRank(search)),
        sql`(${p.stock} > 0) desc`,
        bestSellersFirst(),
        asc(p.id),
      ]
  }
}

/**
 * Every active product a search matches, with what its relevance order needs (the same terms as
 * `searchRank`): for the listing index, which filters, counts and sorts them.
 */
export async function selectSearchMatches(
  db: Db,
  query: SearchQuery,
): Promise<{ ids: Int32Array; nameMatch: Uint8Array; position: Int32Array; rank: Float32Array }> {
  const rows = await db.execute<{
    id: number
    name_match: boolean
    position: number
    rank: number
  }>(sql`
    select ${p.id} as id,
      ${p.searchVector} @@ to_tsquery('german', ${query.nameTsquery}) as name_match,
      strpos(${p.searchName}, ${query.firstToken}) as position,
      ts_rank_cd('{0.05,0.2,0.5,1.0}', ${p.searchVector}, to_tsquery('german', ${query.tsquery})) as rank
    from products p
    where ${p.active} and ${p.searchVector} @@ to_tsquery('german', ${query.tsquery})`)
  const n = rows.length
  const out = {
    ids: new Int32Array(n),
    nameMatch: new Uint8Array(n),
    position: new Int32Array(n),
    // ts_rank_cd is a float4: a Float32Array holds it exactly (and orders it as Postgres does).
    rank: new Float32Array(n),
  }
  rows.forEach((row, i) => {
    out.ids[i] = row.id
    out.nameMatch[i] = row.name_match ? 1 : 0
    out.position[i] = row.position
    out.rank[i] = row.rank
  })
  return out
}

/** One page of a listing. */
export function selectListingPage(
  db: Db,
  where: SQL,
  options: { sort: CatalogSort; search: SearchQuery | null; limit: number; offset: number },
): Promise<TileRow[]> {
  return db
    .select(tileColumns)
    .from(p)
    .where(where)
    .orderBy(...orderBy(options.sort, options.search))
    .limit(options.limit)
    .offset(options.offset)
}

export function selectTilesByIds(db: Db, ids: number[]): Promise<TileRow[]> {
  if (ids.length === 0) return Promise.resolve([])
  return db
    .select(tileColumns)
    .from(p)
    .where(and(p.active, inArray(p.id, ids)))
}

/** Best sellers in stock, of some categories or overall. */
export async function selectTopTiles(
  db: Db,
  categoryIds: number[] | null,
  limit: number,
): Promise<TileRow[]> {
  if (categoryIds === null) {
    return db
      .select(tileColumns)
      .from(p)
      .where(and(p.active, sql`${p.stock} > 0`))
      .orderBy(bestSellersFirst(), asc(p.id))
      .limit(limit)
  }
  if (categoryIds.length === 0) return []
  // Each category's first rows from its index (category_id, sold_count), then the best of them:
  // for `category_id in (…)` Postgres read and sorted the whole subtree instead (25,000 products
  // of a top category at 100k: 77 ms; this way 0.6 ms).
  const top = await db.execute<{ id: number }>(sql`
    select t.id from unnest(array[${sql.join(
      categoryIds.map((id) => sql`${id}`),
      sql`, `,
    )}]::int[]) as c(id)
    cross join lateral (
      select id, sold_count as sold from ${products}
      where category_id = c.id and active and stock > 0
      order by sold_count desc nulls last, id limit ${limit}
    ) t
    order by t.sold desc nulls last, t.id limit ${limit}`)
  const rows = await selectTilesByIds(
    db,
    top.map((row) => row.id),
  )
  const byId = new Map(rows.map((row) => [row.id, row]))
  return top.flatMap((row) => byId.get(row.id) ?? [])
}

/** Best sellers in stock that have a Campus price. */
export function selectCampusDealTiles(db: Db, limit: number): Promise<TileRow[]> {
  return db
    .select(tileColumns)
    .from(p)
    .where(and(p.active, sql`${p.stock} > 0`, isNotNull(p.campusPriceCents)))
    .orderBy(bestSellersFirst(), asc(p.id))
    .limit(limit)
}

export async function selectProduct(db: Db, id: number) {
  const [row] = await db.select().from(products).where(eq(products.id, id))
  return row ?? null
}

export type ProductRow = NonNullable<Awaited<ReturnType<typeof selectProduct>>>

const manufacturerColumns = {
  name: manufacturers.name,
  street: manufacturers.street,
  zipCode: manufacturers.zipCode,
  city: manufacturers.city,
  countryCode: manufacturers.countryCode,
  electronicAddress: manufacturers.electronicAddress,
}

const responsibleColumns = {
  name: euResponsiblePersons.name,
  street: euResponsiblePersons.street,
  zipCode: euResponsiblePersons.zipCode,
  city: euResponsiblePersons.city,
  countryCode: euResponsiblePersons.countryCode,
  electronicAddress: euResponsiblePersons.electronicAddress,
}

/** A manufacturer's product-safety contact and its EU responsible person, if any. */
export async function selectManufacturer(db: Db, id: number) {
  const [row] = await db
    .select({
      manufacturer: manufacturerColumns,
      responsible: responsibleColumns,
    })
    .from(manufacturers)
    .leftJoin(euResponsiblePersons, eq(euResponsiblePersons.id, manufacturers.responsiblePersonId))
    .where(eq(manufacturers.id, id))
  return row ?? null
}

export type ManufacturerRow = NonNullable<Awaited<ReturnType<typeof selectManufacturer>>>

export function selectWarranties(db: Db, productId: number) {
  return db
    .select({
      id: productWarranties.id,
      name: productWarranties.name,
      months: productWarranties.months,
      priceCents: productWarranties.priceCents,
    })
    .from(productWarranties)
    .where(eq(productWarranties.productId, productId))
    .orderBy(asc(productWarranties.position), asc(productWarranties.id))
}

export async function selectByCode(
  db: Db,
  code: { articleNumber: string } | { ean: string },
): Promise<{ id: number; slug: string } | null> {
  const [row] = await db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(
      and(
        products.active,
        'ean' in code ? eq(products.ean, code.ean) : eq(products.articleNumber, code.articleNumber),
      ),
    )
  return row ?? null
}

export type SuggestionRow = { id: number; name: string; categoryId: number }

export type SuggestionSourceRow = {
  id: number
  name: string
  categoryId: number
  soldCount: number
  searchName: string
  searchExtra: string
}

const suggestionSourceColumns = {
  id: p.id,
  name: p.name,
  categoryId: p.categoryId,
  soldCount: p.soldCount,
  searchName: p.searchName,
  searchExtra: p.searchExtra,
}

/** What the suggestions' in-memory index is built from: active products, best sellers first. */
export function selectSuggestionSource(db: Db): Promise<SuggestionSourceRow[]> {
  return db
    .select(suggestionSourceColumns)
    .from(p)
    .where(eq(p.active, true))
    .orderBy(bestSellersFirst(), asc(p.id))
}

/** The same for some products (changed ones), with whether they are still active. */
export function selectSuggestionSourceByIds(
  db: Db,
  ids: number[],
): Promise<(SuggestionSourceRow & { active: boolean })[]> {
  return db
    .select({ ...suggestionSourceColumns, active: p.active })
    .from(p)
    .where(inArray(p.id, ids))
}

/** Typo tolerance: trigram word similarity of the input to product names (pg_trgm). */
export function selectSuggestionsBySimilarity(
  db: Db,
  normalized: string,
  limit: number,
): Promise<SuggestionRow[]> {
  return db
    .select({ id: p.id, name: p.name, categoryId: p.categoryId })
    .from(p)
    .where(and(p.active, sql`${normalized} <% ${p.searchName}`))
    .orderBy(
      sql`word_similarity(${normalized}, ${p.searchName}) desc`,
      bestSellersFirst(),
      asc(p.id),
    )
    .limit(limit)
}

/**
 * Of these products, the large appliances (ElektroG categories 1, 2, 4): the checkout asks
 * whether the old device is to be picked up at delivery (§ 17 (1) sentence 3 ElektroG).
 */
export async function largeApplianceIds(db: Db, productIds: number[]): Promise<number[]> {
  if (productIds.length === 0) return []
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, productIds), eq(products.largeAppliance, true)))
  return rows.map((row) => row.id).sort((a, b) => a - b)
}
