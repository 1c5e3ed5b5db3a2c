// The after-sale queue (issue 19): which orders need staff after the sale, and what next. One
// statement over the orders' declarations, returns and refunds decides each order's next step
// and its nearest deadline, so the back office filters, counts and pages in SQL. What a step
// means and why the deadlines: docs/decisions.md "The after-sale queue (issue 19)".
import { and, asc, eq, type SQL, sql } from 'drizzle-orm'
import type {
  AfterSaleDetail,
  AfterSaleLine,
  AfterSaleStep,
  AfterSaleView,
} from '#contract/backoffice-after-sale.ts'
import { WITHDRAWAL_PERIOD_DAYS } from '#contract/withdrawal.ts'
import type { DbOrTx } from '#db/client.ts'
import { orderDeliveries, orderLines, orderRefunds, orders } from '#db/schema/orders.ts'
import { refundsOfOrder } from './refunds.ts'
import { returnsOfOrder } from './returns.ts'
import { declarationsOf } from './withdrawal-repo.ts'

/** Days a refund may take (§ 357 (1) BGB: without undue delay, at the latest within 14 days). */
export const REFUND_DUE_DAYS = WITHDRAWAL_PERIOD_DAYS

export type AfterSaleQueueRow = {
  orderId: number
  orderNumber: string
  customerName: string
  email: string
  openedAt: Date
  dueAt: Date | null
  overdue: boolean
  withdrawals: number
  returns: number
  refundedCents: number
  nextStep: AfterSaleStep
}

type RawRow = {
  order_id: number
  order_number: string
  customer_name: string
  email: string
  opened_at: string | Date
  due_at: string | Date | null
  overdue: boolean
  withdrawals: number
  returns: number
  refunded_cents: number
  next_step: AfterSaleStep
  total: number
  open_count: number
  overdue_count: number
}

/**
 * Per order with any declaration, return or refund: counts by state, then the next step in the
 * order of urgency (a failed or stuck refund first, parcels to inspect before parcels to expect)
 * and the nearest deadline: a declaration without a refund is due 14 days after it arrived, an
 * unfinished refund by its own due date.
 */
function factsSql(now: Date, where: SQL) {
  const nowText = now.toISOString()
  return sql`
    with ids as (
      select order_id from withdrawal_declarations
      union select order_id from order_returns
      union select order_id from order_refunds
    ),
    facts as (
      select
        o.id as order_id,
        o.order_number,
        trim(coalesce(o.billing_address->>'firstName', '') || ' ' || coalesce(o.billing_address->>'lastName', '')) as customer_name,
        o.email,
        o.created_at as order_created_at,
        w.total as withdrawals,
        w.open_count as open_withdrawals,
        w.open_without_return,
        w.first_open_at as first_open_withdrawal_at,
        w.last_at as last_withdrawal_at,
        r.total as returns,
        r.announced, r.received, r.inspected,
        r.first_open_at as first_open_return_at,
        r.last_at as last_return_at,
        f.failed_or_stuck, f.transfers, f.awaiting_iban,
        f.first_open_at as first_open_refund_at,
        f.first_due_at as first_refund_due_at,
        f.last_at as last_refund_at,
        f.refunded_cents
      from ids
      join orders o on o.id = ids.order_id
      cross join lateral (
        select
          count(*)::int as total,
          count(*) filter (where not exists (select 1 from order_refunds x where x.withdrawal_id = d.id))::int as open_count,
          count(*) filter (
            where not exists (select 1 from order_refunds x where x.withdrawal_id = d.id)
              and not exists (select 1 from order_returns y where y.withdrawal_id = d.id and y.status <> 'cancelled')
          )::int as open_without_return,
          min(d.declared_at) filter (where not exists (select 1 from order_refunds x where x.withdrawal_id = d.id)) as first_open_at,
          max(d.declared_at) as last_at
        from withdrawal_declarations d where d.order_id = o.id
      ) w
      cross join lateral (
        select
          count(*)::int as total,
          count(*) filter (where rt.status = 'announced')::int as announced,
          count(*) filter (where rt.status = 'received')::int as received,
          count(*) filter (where rt.status = 'inspected')::int as inspected,
          min(rt.created_at) filter (where rt.status in ('announced', 'received', 'inspected')) as first_open_at,
          max(coalesce(rt.closed_at, rt.cancelled_at, rt.updated_at)) as last_at
        from order_returns rt where rt.order_id = o.id
      ) r
      cross join lateral (
        select
          count(*) filter (where rf.status = 'failed' or (rf.status = 'pending' and rf.channel <> 'bank_transfer'))::int as failed_or_stuck,
          count(*) filter (where rf.status = 'pending' and rf.channel = 'bank_transfer')::int as transfers,
          count(*) filter (where rf.status = 'awaiting_iban')::int as awaiting_iban,
          min(rf.created_at) filter (where rf.status <> 'completed') as first_open_at,
          min(rf.due_at) filter (where rf.status <> 'completed') as first_due_at,
          max(coalesce(rf.completed_at, rf.updated_at)) as last_at,
          coalesce(sum(rf.amount_cents) filter (where rf.status = 'completed'), 0)::int as refunded_cents
        from order_refunds rf where rf.order_id = o.id
      ) f
    ),
    steps as (
      select facts.*,
        case
          when failed_or_stuck > 0 then 'retry_refund'
          when transfers > 0 then 'transfer'
          when received > 0 then 'inspect'
          when inspected > 0 then 'refund'
          when announced > 0 then 'receive'
          when open_without_return > 0 then 'await_return'
          when awaiting_iban > 0 then 'await_iban'
          else 'none'
        end as next_step,
        least(
          first_open_withdrawal_at + make_interval(days => ${REFUND_DUE_DAYS}),
          first_refund_due_at
        ) as due_at,
        coalesce(
          least(first_open_withdrawal_at, first_open_return_at, first_open_refund_at),
          greatest(last_withdrawal_at, last_return_at, last_refund_at, order_created_at)
        ) as opened_at
      from facts
    ),
    rows as (
      select steps.*, (due_at is not null and due_at < ${nowText}::timestamptz and next_step <> 'none') as overdue
      from steps
    )
    select
      order_id, order_number, customer_name, email, opened_at, due_at, overdue,
      withdrawals, returns, refunded_cents, next_step,
      count(*) over ()::int as total,
      (select count(*) from rows x where x.next_step <> 'none')::int as open_count,
      (select count(*) from rows x where x.overdue)::int as overdue_count
    from rows
    where ${where}
  `
}

const VIEW_FILTER: Record<AfterSaleView, SQL> = {
  open: sql`next_step <> 'none'`,
  overdue: sql`overdue`,
  done: sql`next_step = 'none'`,
}

const VIEW_ORDER: Record<AfterSaleView, SQL> = {
  open: sql`due_at asc nulls last, opened_at asc, order_id asc`,
  overdue: sql`due_at asc, order_id asc`,
  done: sql`opened_at desc, order_id desc`,
}

function rowOf(row: RawRow): AfterSaleQueueRow {
  const date = (value: string | Date) => new Date(value)
  return {
    orderId: row.order_id,
    orderNumber: row.order_number,
    customerName: row.customer_name,
    email: row.email,
    openedAt: date(row.opened_at),
    dueAt: row.due_at === null ? null : date(row.due_at),
    overdue: row.overdue,
    withdrawals: row.withdrawals,
    returns: row.returns,
    refundedCents: row.refunded_cents,
    nextStep: row.next_step,
  }
}

/** One page of the queue with the tab counts. */
export async function afterSaleQueue(
  db: DbOrTx,
  input: { view: AfterSaleView; limit: number; offset: number; now: Date },
): Promise<{ rows: AfterSaleQueueRow[]; total: number; openCount: number; overdueCount: number }> {
  const rows = await db.execute<RawRow>(sql`
    ${factsSql(input.now, VIEW_FILTER[input.view])}
    order by ${VIEW_ORDER[input.view]}
    limit ${input.limit} offset ${input.offset}
  `)
  if (rows.length > 0) {
    const [first] = rows as unknown as RawRow[]
    return {
      rows: (rows as unknown as RawRow[]).map(rowOf),
      total: first?.total ?? 0,
      openCount: first?.open_count ?? 0,
      overdueCount: first?.overdue_count ?? 0,
    }
  }
  // An empty page still reports the tab counts.
  const [counts] = await db.execute<{ open_count: number; overdue_count: number }>(sql`
    ${factsSql(input.now, sql`true`)} limit 1
  `)
  return {
    rows: [],
    total: 0,
    openCount: counts?.open_count ?? 0,
    overdueCount: counts?.overdue_count ?? 0,
  }
}

/** The queue's facts for one order (its next step and refunded sum), or null without any. */
export async function afterSaleStateOf(
  db: DbOrTx,
  orderId: number,
  now: Date,
): Promise<AfterSaleQueueRow | null> {
  const [row] = await db.execute<RawRow>(sql`${factsSql(now, sql`order_id = ${orderId}`)}`)
  return row ? rowOf(row as RawRow) : null
}

const DAY_MS = 24 * 60 * 60 * 1000

/** The order's lines with what refunds that did not fail have covered already. */
async function linesWithRefunded(db: DbOrTx, orderId: number): Promise<AfterSaleLine[]> {
  const refunded = sql<number>`coalesce((select sum((item->>'quantity')::int) from order_refunds rf cross join lateral jsonb_array_elements(rf.breakdown->'lines') item where rf.order_id = ${orderLines.orderId} and rf.status <> 'failed' and (item->>'orderLineId')::int = ${orderLines.id}), 0)::int`
  return db
    .select({
      orderLineId: orderLines.id,
      deliveryNumber: orderDeliveries.deliveryNumber,
      deliveryStatus: orderDeliveries.status,
      kind: orderLines.kind,
      articleNumber: orderLines.articleNumber,
      name: orderLines.name,
      quantity: orderLines.quantity,
      unitPriceCents: orderLines.unitPriceCents,
      refundedQuantity: refunded,
    })
    .from(orderLines)
    .innerJoin(orderDeliveries, eq(orderDeliveries.id, orderLines.deliveryId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderDeliveries.position), asc(orderLines.id))
}

/** The order's id behind its number, for the staff steps. */
export async function orderIdByNumber(db: DbOrTx, orderNumber: string): Promise<number | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber.trim().toUpperCase())))
  return row?.id ?? null
}

/** Everything the staff's after-sale page shows of one order; null for an unknown order. */
export async function afterSaleDetail(
  db: DbOrTx,
  orderId: number,
  now: Date,
): Promise<AfterSaleDetail | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
  if (!order) return null
  const [lines, declarations, returns, refunds, state] = await Promise.all([
    linesWithRefunded(db, orderId),
    declarationsOf(db, orderId),
    returnsOfOrder(db, orderId),
    refundsOfOrder(db, orderId),
    afterSaleStateOf(db, orderId, now),
  ])
  const iso = (date: Date | null) => date?.toISOString() ?? null
  return {
    orderNumber: order.orderNumber,
    createdAt: order.createdAt.toISOString(),
    customerId: order.customerId,
    customerName: `${order.billingAddress.firstName} ${order.billingAddress.lastName}`.trim(),
    email: order.email,
    customerType: order.customerType,
    paymentMethod: order.paymentMethod,
    paymentLabel: order.paymentLabel,
    totalCents: order.totalCents,
    refundedCents: state?.refundedCents ?? 0,
    nextStep: state?.nextStep ?? 'none',
    lines,
    withdrawals: declarations.map((row) => ({
      id: row.id,
      declaredAt: row.declaredAt.toISOString(),
      channel: row.channel,
      name: row.name,
      email: row.email,
      wholeOrder: row.scope.kind === 'order',
      items: row.scope.items,
      refundDueAt: new Date(row.declaredAt.getTime() + REFUND_DUE_DAYS * DAY_MS).toISOString(),
      refunded: refunds.some((refund) => refund.withdrawalId === row.id),
    })),
    returns: returns.map((row) => ({
      id: row.id,
      returnNumber: row.returnNumber,
      kind: row.kind,
      withdrawalId: row.withdrawalId,
      reason: row.reason,
      status: row.status,
      carrier: row.carrier,
      trackingNumber: row.trackingNumber,
      createdAt: row.createdAt.toISOString(),
      receivedAt: iso(row.receivedAt),
      inspectedAt: iso(row.inspectedAt),
      closedAt: iso(row.closedAt),
      lines: row.lines.map((line) => ({
        orderLineId: line.orderLineId,
        articleNumber: line.articleNumber,
        name: line.name,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        outcome: line.outcome,
        note: line.note,
      })),
    })),
    refunds: refunds.map((row) => ({
      id: row.id,
      reason: row.reason,
      returnId: row.returnId,
      withdrawalId: row.withdrawalId,
      amountCents: row.amountCents,
      breakdown: row.breakdown,
      channel: row.channel,
      status: row.status,
      ibanMasked: row.ibanMasked,
      accountHolder: row.accountHolder,
      failure: row.failure,
      dueAt: row.dueAt.toISOString(),
      overdue: row.status !== 'completed' && row.dueAt.getTime() < now.getTime(),
      createdBy: row.createdBy,
      createdAt: row.createdAt.toISOString(),
      completedAt: iso(row.completedAt),
    })),
  }
}

/** The order of a refund and whether staff may ask the provider again (failed, or stuck pending). */
export async function refundOrderId(
  db: DbOrTx,
  refundId: string,
): Promise<{ orderId: number; retryable: boolean } | null> {
  const [row] = await db
    .select({
      orderId: orderRefunds.orderId,
      status: orderRefunds.status,
      channel: orderRefunds.channel,
    })
    .from(orderRefunds)
    .where(eq(orderRefunds.id, refundId))
  if (!row) return null
  const retryable =
    row.status === 'failed' || (row.status === 'pending' && row.channel !== 'bank_transfer')
  return { orderId: row.orderId, retryable }
}
