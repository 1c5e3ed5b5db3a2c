// Where recommendations come from. The shop's own data answers them (no third party): products
// bought together with a product (orders) and popular in a category (catalog and orders).
import { and, desc, eq, gt, ne, type SQL, sql } from 'drizzle-orm'
import type { RecommendationProduct } from '#contract/ads.ts'
import { formatEuro } from '#contract/money.ts'
import type { DbOrTx } from '#db/client.ts'
import { categories, products } from '#db/schema/catalog.ts'
import { productImageUrl, productUrl } from '#server/catalog/index.ts'

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

async function popular(
  db: DbOrTx,
  category: number | SQL,
  options: { excludeProductId?: number; limit: number },
): Promise<RecommendationProduct[]> {
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      articleNumber: products.articleNumber,
      priceCents: products.priceCents,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(
      and(
        inSubtree(category),
        gt(products.stock, 0),
        options.excludeProductId ? ne(products.id, options.excludeProductId) : undefined,
      ),
    )
    .orderBy(desc(products.soldCount), products.id)
    .limit(options.limit)
  return rows.map((row) => ({
    productId: row.id,
    articleNumber: row.articleNumber,
    name: row.name,
    url: productUrl(row.slug, row.id),
    image: productImageUrl(row.id),
    priceCents: row.priceCents,
    price: formatEuro(row.priceCents),
  }))
}

export const recommendationSource: RecommendationSource = {
  /**
   * TODO(#7): products that appear in the same orders as `productId`, by how often, once orders
   * exist. Until then the best sellers of the product's own category stand in for them.
   */
  boughtTogether: (db, productId, limit) =>
    popular(
      db,
      sql`(select ${products.categoryId} from ${products} where ${products.id} = ${productId})`,
      {
        excludeProductId: productId,
        limit,
      },
    ),
  /** The category's best sellers in stock (units sold), the product on the page left out. */
  popularInCategory: (db, categoryId, options) => popular(db, categoryId, options),
}
