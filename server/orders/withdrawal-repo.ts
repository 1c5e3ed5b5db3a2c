// Queries of the withdrawal function (issue 19). Declarations are only inserted and read: the
// table is append-only (a trigger refuses UPDATE, DELETE and TRUNCATE).
import { and, asc, eq, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '#db/client.ts'
import {
  orderDeliveries,
  orderLines,
  orderStatusEvents,
  orders,
  type WithdrawalScope,
  withdrawalDeclarations,
} from '#db/schema/orders.ts'
import type { OrderRow } from './repo.ts'

export type DeclarationRow = typeof withdrawalDeclarations.$inferSelect
export type NewDeclaration = typeof withdrawalDeclarations.$inferInsert

/** A guest's order: number and the e-mail the order went to, both must match. */
export async function findOrderByNumberAndEmail(
  db: DbOrTx,
  orderNumber: string,
  email: string,
): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.orderNumber, orderNumber.toUpperCase()),
        sql`lower(${orders.email}) = lower(${email})`,
      ),
    )
  return row ?? null
}

export async function findOrderById(db: DbOrTx, orderId: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId))
  return row ?? null
}

/**
 * Locks the order against other declarations until the transaction ends, so concurrent
 * declarations (a double submit, two tabs) are decided one after the other.
 */
export async function lockOrder(tx: Tx, orderId: number): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('no key update')
  return row ?? null
}

export type WithdrawalDeliveryRow = {
  id: number
  deliveryNumber: string
  status: (typeof orderDeliveries.$inferSelect)['status']
  /** The delivered status event (receipt); null while not delivered. */
  receivedAt: Date | null
  /** The last instant of the period: end of the 14th day after receipt, Berlin time. */
  withdrawableUntil: Date | null
}

/** Receipt of a delivery: its first delivered status event, else its delivered_at. */
const receivedAtSql = sql<Date | null>`coalesce((select min(${orderStatusEvents.at}) from ${orderStatusEvents} where ${orderStatusEvents.deliveryId} = ${orderDeliveries.id} and ${orderStatusEvents.toStatus} = 'delivered'), ${orderDeliveries.deliveredAt})`

export type DeliveryPeriodRow = {
  id: number
  deliveryNumber: string
  status: (typeof orderDeliveries.$inferSelect)['status']
  /** The delivered status event (receipt); null while not delivered. */
  receivedAt: Date | null
  /** The last instant of the period counted from receipt; null while not delivered. */
  until: Date | null
}

/**
 * Deliveries with their receipt and the end of a period counted from it in Berlin calendar days,
 * so daylight saving time needs no care: `lastDay` turns the day of receipt (a date) into the
 * period's last day; the period ends at the end of that day, Berlin time. The withdrawal period
 * and the warranty share it (returns-repo.ts).
 */
export async function deliveriesWithPeriodEnd(
  db: DbOrTx,
  orderId: number,
  lastDay: (receivedDay: SQL) => SQL,
): Promise<DeliveryPeriodRow[]> {
  const receivedDay = sql`((${receivedAtSql}) at time zone 'Europe/Berlin')::date`
  const rows = await db
    .select({
      id: orderDeliveries.id,
      deliveryNumber: orderDeliveries.deliveryNumber,
      status: orderDeliveries.status,
      receivedAt: sql<string | null>`${receivedAtSql}`,
      until: sql<
        string | null
      >`((${lastDay(receivedDay)}) + 1)::timestamp at time zone 'Europe/Berlin' - interval '1 millisecond'`,
    })
    .from(orderDeliveries)
    .where(eq(orderDeliveries.orderId, orderId))
    .orderBy(asc(orderDeliveries.position))
  const asDate = (value: string | Date | null) => (value === null ? null : new Date(value))
  return rows.map((row) => ({
    ...row,
    receivedAt: asDate(row.receivedAt),
    until: asDate(row.until),
  }))
}

/**
 * Deliveries with their receipt and the end of their withdrawal period. The period starts the
 * day after receipt and ends at the end of its 14th day (§ 187 (1), § 188 (1) BGB).
 */
export async function deliveriesWithPeriod(
  db: DbOrTx,
  orderId: number,
  periodDays: number,
): Promise<WithdrawalDeliveryRow[]> {
  const rows = await deliveriesWithPeriodEnd(db, orderId, (day) => sql`${day} + ${periodDays}::int`)
  return rows.map(({ until, ...row }) => ({ ...row, withdrawableUntil: until }))
}

export type WithdrawalLineRow = {
  id: number
  deliveryId: number
  articleNumber: string
  name: string
  quantity: number
  /** Covered by earlier declarations. */
  withdrawn: number
}

/** The product lines of the order with what earlier declarations covered. */
export async function linesWithWithdrawn(
  db: DbOrTx,
  orderId: number,
): Promise<WithdrawalLineRow[]> {
  const withdrawn = sql<number>`coalesce((select sum((item->>'quantity')::int) from ${withdrawalDeclarations} w cross join lateral jsonb_array_elements(w.scope->'items') item where w.order_id = order_lines.order_id and (item->>'lineId')::int = order_lines.id), 0)::int`
  return db
    .select({
      id: orderLines.id,
      deliveryId: orderLines.deliveryId,
      articleNumber: orderLines.articleNumber,
      name: orderLines.name,
      quantity: orderLines.quantity,
      withdrawn,
    })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.kind, 'product')))
    .orderBy(asc(orderLines.id))
}

export async function declarationsOf(db: DbOrTx, orderId: number): Promise<DeclarationRow[]> {
  return db
    .select()
    .from(withdrawalDeclarations)
    .where(eq(withdrawalDeclarations.orderId, orderId))
    .orderBy(asc(withdrawalDeclarations.declaredAt))
}

export async function findDeclarationByKey(
  db: DbOrTx,
  orderId: number,
  idempotencyKey: string,
): Promise<DeclarationRow | null> {
  const [row] = await db
    .select()
    .from(withdrawalDeclarations)
    .where(
      and(
        eq(withdrawalDeclarations.orderId, orderId),
        eq(withdrawalDeclarations.idempotencyKey, idempotencyKey),
      ),
    )
  return row ?? null
}

/** The only write of the table. */
export async function insertDeclaration(
  tx: Tx,
  declaration: NewDeclaration & { scope: WithdrawalScope },
): Promise<DeclarationRow> {
  const [row] = await tx.insert(withdrawalDeclarations).values(declaration).returning()
  if (!row) throw new Error('withdrawal declaration insert returned nothing')
  return row
}
