// Where recommendations come from. The shop's own data answers them (no third party): products
// bought together with a product (orders) and popular in a category (catalog and orders).
import { and, eq, gt, inArray, ne, type SQL, sql } from 'drizzle-orm'
import type { RecommendationProduct } from '#contract/ads.ts'
import { formatEuro } from '#contract/money.ts'
import type { DbOrTx } from '#db/client.ts'
import { categories, products } from '#db/schema/catalog.ts'
import { bestSellersFirst, productImageUrl, productUrl } from '#server/catalog/index.ts'
import { productsBoughtWith } from '#server/orders/index.ts'

export type RecommendationSource = {
  boughtTogether: (db: DbOrTx, productId: number, limit: number) => Promise<RecommendationProduct[]>
  popularInCategory: (
    db: DbOrTx,
    categoryId: number,
    options: { excludeProductId?: number; limit: number },
  ) => Promise<RecommendationProduct[]>
}

/** Products of a category's whole subtree (a parent lists its children's products). */
function inSubtree(categoryId: number | SQL): SQL {
  const path = sql`(select ${categories.path} from ${categories} where ${categories.id} = ${categoryId})`
  return sql`(${categories.path} = ${path} or ${categories.path} like ${path} || '/%')`
}

const productColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  articleNumber: products.articleNumber,
  priceCents: products.priceCents,
}

function toRecommendation(row: {
  id: number
  slug: string
  name: string
  articleNumber: string
  priceCents: number
}): RecommendationProduct {
  return {
    productId: row.id,
    articleNumber: row.articleNumber,
    name: row.name,
    url: productUrl(row.slug, row.id),
    image: productImageUrl(row.id),
    priceCents: row.priceCents,
    price: formatEuro(row.priceCents),
  }
}

async function popular(
  db: DbOrTx,
  category: number | SQL,
  options: { excludeProductId?: number; limit: number },
): Promise<RecommendationProduct[]> {
  const rows = await db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(
      and(
        inSubtree(category),
        products.active,
        gt(products.stock, 0),
        options.excludeProductId ? ne(products.id, options.excludeProductId) : undefined,
      ),
    )
    .orderBy(bestSellersFirst(products.soldCount), products.id)
    .limit(options.limit)
  return rows.map(toRecommendation)
}

/** Products by id in stock, in the order of `ids`. */
async function productsByIds(db: DbOrTx, ids: number[]): Promise<RecommendationProduct[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(and(inArray(products.id, ids), products.active, gt(products.stock, 0)))
  return ids.flatMap((id) => {
    const row = rows.find((r) => r.id === id)
    return row ? [toRecommendation(row)] : []
  })
}

export const recommendationSource: RecommendationSource = {
  /**
   * Products that appear in the same orders as `productId`, by how often. When orders name too
   * few, the best sellers of the product's own category fill the rest.
   */
  boughtTogether: async (db, productId, limit) => {
    const together = await productsByIds(db, await productsBoughtWith(db, productId, limit))
    if (together.length >= limit) return together
    const fill = await popular(
      db,
      sql`(select ${products.categoryId} from ${products} where ${products.id} = ${productId})`,
      { excludeProductId: productId, limit: limit + together.length },
    )
    const seen = new Set(together.map((p) => p.productId))
    return [...together, ...fill.filter((p) => !seen.has(p.productId))].slice(0, limit)
  },
  /** The category's best sellers in stock (units sold), the product on the page left out. */
  popularInCategory: (db, categoryId, options) => popular(db, categoryId, options),
}
