// Where recommendations come from. The shop's own data answers them (no third party): products
// bought together with a product (orders) and popular in a category (catalog and orders).
import type { RecommendationProduct } from '#contract/ads.ts'
import type { DbOrTx } from '#db/client.ts'

export type RecommendationSource = {
  boughtTogether: (db: DbOrTx, productId: number, limit: number) => Promise<RecommendationProduct[]>
  popularInCategory: (
    db: DbOrTx,
    categoryId: number,
    options: { excludeProductId?: number; limit: number },
  ) => Promise<RecommendationProduct[]>
}

/**
 * TODO(#3/#7): answer from the catalog's products and the orders' lines once those slices exist
 * (bought together: products in the same orders as `productId`, by how often; popular: the
 * category's products by units sold in the last 30 days, then by recommendation clicks).
 * Until then every list is empty, and the storefront shows no recommendation block.
 */
export const recommendationSource: RecommendationSource = {
  boughtTogether: async () => [],
  popularInCategory: async () => [],
}
