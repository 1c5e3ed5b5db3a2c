// Stock moves of an order: the one write other slices make into products (checkout, in the
// order's transaction; the back office when it cancels a delivery). Each decrement is guarded in its statement, so concurrent orders can
// never take stock below zero.
import { and, eq, gte, sql } from 'drizzle-orm'
import type { Tx } from '#db/client.ts'
import { products } from '#db/schema/catalog.ts'

/**
 * Takes the pieces of every line off the stock (and counts them as sold). False: a product has
 * not enough stock left or is switched off; the caller rolls its transaction back.
 */
export async function decrementStock(
  tx: Tx,
  lines: { productId: number; quantity: number }[],
): Promise<boolean> {
  // A fixed order (by product id) keeps two orders of the same products from deadlocking.
  const sorted = [...lines].sort((a, b) => a.productId - b.productId)
  for (const line of sorted) {
    const rows = await tx
      .update(products)
      .set({
        stock: sql`${products.stock} - ${line.quantity}`,
        soldCount: sql`${products.soldCount} + ${line.quantity}`,
      })
      .where(
        and(eq(products.id, line.productId), products.active, gte(products.stock, line.quantity)),
      )
      .returning({ id: products.id })
    if (rows.length === 0) return false
  }
  return true
}

/** A cancelled delivery's pieces go back on the stock (and no longer count as sold). */
export async function returnStock(
  tx: Tx,
  lines: { productId: number; quantity: number }[],
): Promise<void> {
  const sorted = [...lines].sort((a, b) => a.productId - b.productId)
  for (const line of sorted) {
    await tx
      .update(products)
      .set({
        stock: sql`${products.stock} + ${line.quantity}`,
        soldCount: sql`greatest(${products.soldCount} - ${line.quantity}, 0)`,
      })
      .where(eq(products.id, line.productId))
  }
}
