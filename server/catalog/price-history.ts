// The price history and the 30-day reference price (§ 11 PAngV, issue 20). recordPriceChange is
// the one run-time writer of product_price_history: every path that changes a price or the
// announcement of a reduction (back office now, an import later) calls it in its transaction.
// The rule is the SQL function catalog_reference_price (migration 0017); its result is stored in
// products.reference_price_cents, which listing, product page, cart and wishlist read.
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { type PriceSource, productPriceHistory, products } from '#db/schema/catalog.ts'

export type PriceStep = {
  priceCents: number
  announced: boolean
  validFrom: Date
  source: PriceSource
}

/**
 * Records the product's offer as of `now` when its price or its announcement of a reduction
 * (strike-through set or not) differs from the newest history row, then stores the reference
 * price. Call it in the transaction that writes products.price_cents.
 */
export async function recordPriceChange(
  tx: DbOrTx,
  productId: number,
  offer: { priceCents: number; announced: boolean },
  source: PriceSource,
  now: Date,
): Promise<void> {
  const [newest] = await tx
    .select({
      priceCents: productPriceHistory.priceCents,
      announced: productPriceHistory.announced,
    })
    .from(productPriceHistory)
    .where(eq(productPriceHistory.productId, productId))
    .orderBy(desc(productPriceHistory.validFrom), desc(productPriceHistory.id))
    .limit(1)
  if (newest && newest.priceCents === offer.priceCents && newest.announced === offer.announced) {
    return
  }
  await tx.insert(productPriceHistory).values({ productId, ...offer, validFrom: now, source })
  await tx
    .update(products)
    .set({ referencePriceCents: sql`catalog_reference_price(${products.id})` })
    .where(eq(products.id, productId))
}

/**
 * The price steps that matter for today's reference: those that applied in the 30 days before
 * `now` or later, and the one in effect 30 days ago; oldest first.
 */
export async function recentPriceSteps(
  db: DbOrTx,
  productId: number,
  now: Date,
): Promise<PriceStep[]> {
  const since = new Date(now.getTime() - 30 * 86_400_000)
  const columns = {
    priceCents: productPriceHistory.priceCents,
    announced: productPriceHistory.announced,
    validFrom: productPriceHistory.validFrom,
    source: productPriceHistory.source,
  }
  const [recent, [before]] = await Promise.all([
    db
      .select(columns)
      .from(productPriceHistory)
      .where(
        and(
          eq(productPriceHistory.productId, productId),
          gte(productPriceHistory.validFrom, since),
        ),
      )
      .orderBy(asc(productPriceHistory.validFrom), asc(productPriceHistory.id)),
    db
      .select(columns)
      .from(productPriceHistory)
      .where(
        and(
          eq(productPriceHistory.productId, productId),
          sql`${productPriceHistory.validFrom} < ${since.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(desc(productPriceHistory.validFrom), desc(productPriceHistory.id))
      .limit(1),
  ])
  return before ? [before, ...recent] : recent
}
