// Queries of returns (issue 19): what an order's lines can still send back, the returns with
// their lines, and the few writes (insert, status moves, inspection outcomes).
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '#db/client.ts'
import {
  type orderDeliveries,
  orderLines,
  orderReturnLines,
  orderReturns,
  type ReturnLineOutcome,
  withdrawalDeclarations,
} from '#db/schema/orders.ts'
import { deliveriesWithPeriodEnd } from './withdrawal-repo.ts'

export type ReturnRow = typeof orderReturns.$inferSelect
export type ReturnRowWithoutPdf = Omit<ReturnRow, 'labelPdf'>
export type NewReturn = typeof orderReturns.$inferInsert

export type ReturnDeliveryRow = {
  id: number
  deliveryNumber: string
  status: (typeof orderDeliveries.$inferSelect)['status']
  receivedAt: Date | null
  /** Last instant of the warranty period: the end of the day 2 years after receipt, Berlin. */
  defectUntil: Date | null
}

/**
 * Deliveries with receipt (the delivered status event, like the withdrawal period) and the end
 * of the warranty: a period in years ends with the day of the same date (§ 188 (2) BGB),
 * counted in Berlin calendar days.
 */
export async function deliveriesWithWarranty(
  db: DbOrTx,
  orderId: number,
  years: number,
): Promise<ReturnDeliveryRow[]> {
  const rows = await deliveriesWithPeriodEnd(
    db,
    orderId,
    (day) => sql`(${day} + make_interval(years => ${years}::int))::date`,
  )
  return rows.map(({ until, ...row }) => ({ ...row, defectUntil: until }))
}

export type ReturnLineStateRow = {
  id: number
  deliveryId: number
  productId: number | null
  articleNumber: string
  name: string
  quantity: number
  /** Covered by withdrawal declarations. */
  declared: number
  /** In returns that are not cancelled, of any kind. */
  returned: number
  /** In withdrawal returns that are not cancelled. */
  returnedAsWithdrawal: number
}

/** The product lines of the order with what declarations and earlier returns cover. */
export async function lineStates(db: DbOrTx, orderId: number): Promise<ReturnLineStateRow[]> {
  const declared = sql<number>`coalesce((select sum((item->>'quantity')::int) from ${withdrawalDeclarations} w cross join lateral jsonb_array_elements(w.scope->'items') item where w.order_id = order_lines.order_id and (item->>'lineId')::int = order_lines.id), 0)::int`
  const returned = (kind: string | null) =>
    sql<number>`coalesce((select sum(rl.quantity) from ${orderReturnLines} rl join ${orderReturns} r on r.id = rl.return_id where rl.order_line_id = order_lines.id and r.status <> 'cancelled' ${kind ? sql`and r.kind = ${kind}` : sql``}), 0)::int`
  return db
    .select({
      id: orderLines.id,
      deliveryId: orderLines.deliveryId,
      productId: orderLines.productId,
      articleNumber: orderLines.articleNumber,
      name: orderLines.name,
      quantity: orderLines.quantity,
      declared,
      returned: returned(null),
      returnedAsWithdrawal: returned('withdrawal'),
    })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.kind, 'product')))
    .orderBy(asc(orderLines.id))
}

/** Declarations with the lines they cover, oldest first (a withdrawal return names one). */
export async function declaredLines(
  db: DbOrTx,
  orderId: number,
): Promise<{ id: string; lineIds: number[] }[]> {
  const rows = await db
    .select({ id: withdrawalDeclarations.id, scope: withdrawalDeclarations.scope })
    .from(withdrawalDeclarations)
    .where(eq(withdrawalDeclarations.orderId, orderId))
    .orderBy(asc(withdrawalDeclarations.declaredAt))
  return rows.map((row) => ({ id: row.id, lineIds: row.scope.items.map((item) => item.lineId) }))
}

const withoutPdf = {
  id: orderReturns.id,
  returnNumber: orderReturns.returnNumber,
  orderId: orderReturns.orderId,
  kind: orderReturns.kind,
  withdrawalId: orderReturns.withdrawalId,
  reason: orderReturns.reason,
  status: orderReturns.status,
  createdBy: orderReturns.createdBy,
  carrier: orderReturns.carrier,
  labelId: orderReturns.labelId,
  trackingNumber: orderReturns.trackingNumber,
  idempotencyKey: orderReturns.idempotencyKey,
  createdAt: orderReturns.createdAt,
  receivedAt: orderReturns.receivedAt,
  inspectedAt: orderReturns.inspectedAt,
  closedAt: orderReturns.closedAt,
  cancelledAt: orderReturns.cancelledAt,
  updatedAt: orderReturns.updatedAt,
}

export type ReturnLineRow = {
  returnId: number
  orderLineId: number
  productId: number | null
  articleNumber: string
  name: string
  quantity: number
  unitPriceCents: number
  outcome: ReturnLineOutcome | null
  note: string | null
}

export async function linesOfReturns(db: DbOrTx, returnIds: number[]): Promise<ReturnLineRow[]> {
  if (returnIds.length === 0) return []
  return db
    .select({
      returnId: orderReturnLines.returnId,
      orderLineId: orderReturnLines.orderLineId,
      productId: orderLines.productId,
      articleNumber: orderLines.articleNumber,
      name: orderLines.name,
      quantity: orderReturnLines.quantity,
      unitPriceCents: orderLines.unitPriceCents,
      outcome: orderReturnLines.outcome,
      note: orderReturnLines.note,
    })
    .from(orderReturnLines)
    .innerJoin(orderLines, eq(orderLines.id, orderReturnLines.orderLineId))
    .where(inArray(orderReturnLines.returnId, returnIds))
    .orderBy(asc(orderReturnLines.id))
}

export async function returnsOf(db: DbOrTx, orderId: number): Promise<ReturnRowWithoutPdf[]> {
  return db
    .select(withoutPdf)
    .from(orderReturns)
    .where(eq(orderReturns.orderId, orderId))
    .orderBy(asc(orderReturns.id))
}

export async function findReturnByKey(
  db: DbOrTx,
  orderId: number,
  idempotencyKey: string,
): Promise<ReturnRowWithoutPdf | null> {
  const [row] = await db
    .select(withoutPdf)
    .from(orderReturns)
    .where(and(eq(orderReturns.orderId, orderId), eq(orderReturns.idempotencyKey, idempotencyKey)))
  return row ?? null
}

/** How many returns the order has had (cancelled ones too: numbers are never reused). */
export async function countReturns(db: DbOrTx, orderId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orderReturns)
    .where(eq(orderReturns.orderId, orderId))
  return row?.n ?? 0
}

export async function findLabel(
  db: DbOrTx,
  orderId: number,
  returnNumber: string,
): Promise<{ returnNumber: string; labelPdf: Buffer } | null> {
  const [row] = await db
    .select({ returnNumber: orderReturns.returnNumber, labelPdf: orderReturns.labelPdf })
    .from(orderReturns)
    .where(
      and(
        eq(orderReturns.orderId, orderId),
        eq(orderReturns.returnNumber, returnNumber.toUpperCase()),
      ),
    )
  return row ?? null
}

export async function insertReturn(
  tx: Tx,
  row: NewReturn,
  lines: { orderLineId: number; quantity: number }[],
): Promise<ReturnRowWithoutPdf> {
  const [inserted] = await tx.insert(orderReturns).values(row).returning(withoutPdf)
  if (!inserted) throw new Error('return insert returned nothing')
  await tx
    .insert(orderReturnLines)
    .values(lines.map((line) => ({ ...line, returnId: inserted.id })))
  return inserted
}

/** Locks one return against other staff steps until the transaction ends. */
export async function lockReturn(tx: Tx, returnId: number): Promise<ReturnRowWithoutPdf | null> {
  const [row] = await tx
    .select(withoutPdf)
    .from(orderReturns)
    .where(eq(orderReturns.id, returnId))
    .for('update')
  return row ?? null
}

export async function updateReturn(
  tx: Tx,
  returnId: number,
  values: Partial<
    Pick<ReturnRow, 'status' | 'receivedAt' | 'inspectedAt' | 'closedAt' | 'cancelledAt'>
  > & {
    updatedAt: Date
  },
): Promise<void> {
  await tx.update(orderReturns).set(values).where(eq(orderReturns.id, returnId))
}

export async function setLineOutcome(
  tx: Tx,
  returnId: number,
  orderLineId: number,
  outcome: ReturnLineOutcome,
  note: string | null,
): Promise<void> {
  await tx
    .update(orderReturnLines)
    .set({ outcome, note })
    .where(
      and(eq(orderReturnLines.returnId, returnId), eq(orderReturnLines.orderLineId, orderLineId)),
    )
}
