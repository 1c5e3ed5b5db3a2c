// Queries of the order lifecycle (issue 18: the orders slice owns orders, deliveries, lines and
// status events). Every write takes the caller's transaction: checkout's order transaction, the
// back office's audited change.
import { and, asc, eq, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '#db/client.ts'
import { customers } from '#db/schema/account.ts'
import {
  type OrderAddress,
  orderDeliveries,
  orderLines,
  orderNumberSeq,
  orderStatusEvents,
  orders,
} from '#db/schema/orders.ts'

export type PlacedOrderRow = typeof orders.$inferSelect
export type NewOrder = Omit<typeof orders.$inferInsert, 'orderNumber'>

export type NewDelivery = {
  status: 'awaiting_payment' | 'processing'
  shippingModule: string
  shippingLabel: string
  shippingCents: number
  deliveryAddress: OrderAddress
}

export type NewLine = {
  kind: 'product' | 'warranty' | 'protection'
  productId: number | null
  articleNumber: string
  name: string
  imageUrl: string | null
  quantity: number
  unitPriceCents: number
  campusPrice: boolean
  /** For a warranty: index of its product line in the same list. */
  parentIndex?: number
}

// --- Placing -----------------------------------------------------------------------------------

/** The order of an idempotency key (checkout's repeated submit answers with it). */
export async function findOrderByKey(db: DbOrTx, idempotencyKey: string) {
  const [row] = await db.select().from(orders).where(eq(orders.idempotencyKey, idempotencyKey))
  return row ?? null
}

/** The success page's view of an order: its lines and first delivery. */
export async function orderOverview(db: DbOrTx, orderNumber: string) {
  const [order] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber))
  if (!order) return null
  const deliveries = await db
    .select()
    .from(orderDeliveries)
    .where(eq(orderDeliveries.orderId, order.id))
    .orderBy(asc(orderDeliveries.position))
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id))
  return { order, delivery: deliveries[0] ?? null, lines }
}

/**
 * Writes a placed order in the caller's transaction: the order with its number from the
 * sequence, its one delivery, the lines (warranties pointing at their product line) and the
 * delivery's first status event.
 */
export async function placeOrderRows(
  tx: Tx,
  order: NewOrder,
  delivery: NewDelivery,
  lines: NewLine[],
  now: Date,
): Promise<PlacedOrderRow> {
  const [seq] = await tx
    .select({ n: sql<string>`nextval(${orderNumberSeq.seqName})` })
    .from(sql`(select 1) as one`)
  const orderNumber = `B${seq?.n ?? ''}`
  const [row] = await tx
    .insert(orders)
    .values({ ...order, orderNumber, createdAt: now, updatedAt: now })
    .returning()
  if (!row) throw new Error('order insert returned nothing')
  const [deliveryRow] = await tx
    .insert(orderDeliveries)
    .values({
      orderId: row.id,
      deliveryNumber: `${orderNumber}-1`,
      position: 1,
      ...delivery,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: orderDeliveries.id })
  if (!deliveryRow) throw new Error('delivery insert returned nothing')
  const ids: number[] = []
  for (const line of lines) {
    const { parentIndex, ...values } = line
    const [inserted] = await tx
      .insert(orderLines)
      .values({
        ...values,
        orderId: row.id,
        deliveryId: deliveryRow.id,
        parentLineId: parentIndex !== undefined ? (ids[parentIndex] ?? null) : null,
      })
      .returning({ id: orderLines.id })
    ids.push(inserted?.id ?? 0)
  }
  await tx.insert(orderStatusEvents).values({
    deliveryId: deliveryRow.id,
    fromStatus: null,
    toStatus: delivery.status,
    actor: 'checkout',
    at: now,
  })
  return row
}

// --- Delivery status ---------------------------------------------------------------------------

/** A delivery, locked for its status change, with its order's number and e-mail. */
export async function lockDelivery(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({
      delivery: orderDeliveries,
      orderNumber: orders.orderNumber,
      email: orders.email,
      customerId: orders.customerId,
    })
    .from(orderDeliveries)
    .innerJoin(orders, eq(orders.id, orderDeliveries.orderId))
    .where(eq(orderDeliveries.id, id))
    .for('update', { of: orderDeliveries })
  return row ?? null
}

export async function updateDelivery(
  tx: DbOrTx,
  id: number,
  values: Partial<typeof orderDeliveries.$inferInsert>,
) {
  await tx.update(orderDeliveries).set(values).where(eq(orderDeliveries.id, id))
}

export async function insertStatusEvent(tx: DbOrTx, values: typeof orderStatusEvents.$inferInsert) {
  await tx.insert(orderStatusEvents).values(values)
}

export function productLinesOf(tx: DbOrTx, deliveryId: number) {
  return tx
    .select({ productId: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(and(eq(orderLines.deliveryId, deliveryId), eq(orderLines.kind, 'product')))
}

export async function customerNameOf(db: DbOrTx, customerId: number) {
  const [row] = await db
    .select({ firstName: customers.firstName })
    .from(customers)
    .where(eq(customers.id, customerId))
  return row ?? null
}
