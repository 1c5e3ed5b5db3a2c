// Queries of refunds (issue 19). Rows are inserted once and then only move forward in status
// (pending -> completed | failed, awaiting_iban -> pending -> completed); amounts never change.
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { customers } from '#db/schema/account.ts'
import {
  orderDeliveries,
  orderLines,
  orderRefunds,
  orders,
  type RefundStatus,
  withdrawalDeclarations,
} from '#db/schema/orders.ts'

export type RefundRow = typeof orderRefunds.$inferSelect
export type NewRefund = typeof orderRefunds.$inferInsert
export type RefundRowWithDelivery = RefundRow & { deliveryNumber: string | null }

export async function findOrder(db: DbOrTx, orderId: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId))
  return row ?? null
}

export function linesOf(db: DbOrTx, orderId: number) {
  return db
    .select({
      id: orderLines.id,
      deliveryId: orderLines.deliveryId,
      kind: orderLines.kind,
      parentLineId: orderLines.parentLineId,
      quantity: orderLines.quantity,
      unitPriceCents: orderLines.unitPriceCents,
      articleNumber: orderLines.articleNumber,
      name: orderLines.name,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id))
}

export function deliveriesOf(db: DbOrTx, orderId: number) {
  return db
    .select({
      id: orderDeliveries.id,
      deliveryNumber: orderDeliveries.deliveryNumber,
      status: orderDeliveries.status,
      shippingCents: orderDeliveries.shippingCents,
    })
    .from(orderDeliveries)
    .where(eq(orderDeliveries.orderId, orderId))
    .orderBy(asc(orderDeliveries.position))
}

const withDelivery = {
  refund: orderRefunds,
  deliveryNumber: orderDeliveries.deliveryNumber,
}

function flatten(rows: { refund: RefundRow; deliveryNumber: string | null }[]) {
  return rows.map(({ refund, deliveryNumber }) => ({ ...refund, deliveryNumber }))
}

export async function refundsOf(db: DbOrTx, orderId: number): Promise<RefundRowWithDelivery[]> {
  const rows = await db
    .select(withDelivery)
    .from(orderRefunds)
    .leftJoin(orderDeliveries, eq(orderDeliveries.id, orderRefunds.deliveryId))
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id))
  return flatten(rows)
}

export async function findRefund(db: DbOrTx, id: string): Promise<RefundRowWithDelivery | null> {
  const rows = await db
    .select(withDelivery)
    .from(orderRefunds)
    .leftJoin(orderDeliveries, eq(orderDeliveries.id, orderRefunds.deliveryId))
    .where(eq(orderRefunds.id, id))
  return flatten(rows)[0] ?? null
}

export async function findRefundByKey(db: DbOrTx, orderId: number, idempotencyKey: string) {
  const [row] = await db
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.idempotencyKey, idempotencyKey)))
  return row ? findRefund(db, row.id) : null
}

export async function insertRefund(db: DbOrTx, values: NewRefund) {
  await db.insert(orderRefunds).values(values)
}

/** Moves a refund on, only from the given statuses; false when it was not in one of them. */
export async function updateRefund(
  db: DbOrTx,
  id: string,
  from: RefundStatus[],
  values: Partial<NewRefund>,
): Promise<boolean> {
  const rows = await db
    .update(orderRefunds)
    .set(values)
    .where(and(eq(orderRefunds.id, id), inArray(orderRefunds.status, from)))
    .returning({ id: orderRefunds.id })
  return rows.length > 0
}

/** What completed refunds took off the authorization before it was captured. */
export async function reductionsOf(db: DbOrTx, orderId: number, except?: string): Promise<number> {
  const [row] = await db.execute<{ cents: number }>(sql`
    select coalesce(sum(amount_cents), 0)::int as cents from order_refunds
    where order_id = ${orderId} and psp_action = 'partial_void' and status = 'completed'
      ${except ? sql`and id <> ${except}` : sql``}`)
  return Number(row?.cents ?? 0)
}

/**
 * Whether the customer's money is with us: prepayment once a delivery left awaiting_payment
 * (the payment was booked), cash on delivery once a delivery was delivered; and whether a
 * delivery has been shipped (the provider's authorization should be captured by then).
 */
export async function paymentFacts(db: DbOrTx, orderId: number) {
  const [row] = await db.execute<{ prepaid: boolean; delivered: boolean; shipped: boolean }>(sql`
    select
      exists (select 1 from order_status_events e join order_deliveries d on d.id = e.delivery_id
        where d.order_id = ${orderId} and e.to_status in ('processing','shipped','delivered')) as prepaid,
      exists (select 1 from order_deliveries d where d.order_id = ${orderId}
        and (d.status = 'delivered' or d.delivered_at is not null)) as delivered,
      exists (select 1 from order_deliveries d where d.order_id = ${orderId}
        and d.status in ('shipped','delivered')) as shipped`)
  return { prepaid: !!row?.prepaid, delivered: !!row?.delivered, shipped: !!row?.shipped }
}

export async function declaredAtOf(db: DbOrTx, withdrawalId: string): Promise<Date | null> {
  const [row] = await db
    .select({
      declaredAt: withdrawalDeclarations.declaredAt,
      orderId: withdrawalDeclarations.orderId,
    })
    .from(withdrawalDeclarations)
    .where(eq(withdrawalDeclarations.id, withdrawalId))
  return row?.declaredAt ?? null
}

export async function firstNameOf(db: DbOrTx, customerId: number) {
  const [row] = await db
    .select({ firstName: customers.firstName })
    .from(customers)
    .where(eq(customers.id, customerId))
  return row?.firstName ?? null
}
