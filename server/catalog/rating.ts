// The denormalised rating of a product (issue 22): the reviews slice owns the reviews and calls
// this at every publication change, in its transaction; tiles, listings and the rating filter read
// the two columns.
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { products } from '#db/schema/catalog.ts'

/** Stores the average (stars times 100, null without reviews) and count of published reviews. */
export async function setProductRating(
  tx: DbOrTx,
  productId: number,
  avgX100: number | null,
  count: number,
): Promise<void> {
  await tx
    .update(products)
    .set({ ratingAvgX100: count > 0 ? avgX100 : null, ratingCount: count })
    .where(eq(products.id, productId))
}
