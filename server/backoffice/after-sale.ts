// The after-sale work area (issue 19): the queue and one order's after-sale page, and the staff
// steps. The returns and refunds themselves are the orders slice's (receiveReturn, inspectReturn,
// recordRefund, executeRefund, …); this file names the actor and pages the queue.
import {
  AFTER_SALE_PAGE_SIZE,
  type AfterSaleQueue,
  type AfterSaleView,
  type InspectReturnBody,
} from '#contract/backoffice-after-sale.ts'
import type { Db, Tx } from '#db/client.ts'
import {
  afterSaleQueue,
  closeReturn,
  inspectReturn,
  markRefundPaid,
  type RefundRequest,
  receiveReturn,
  recordRefund,
} from '#server/orders/index.ts'
import type { AppContext } from '#server/platform/http.ts'
import { ok } from '#server/platform/result.ts'

export async function queue(
  db: Db,
  now: Date,
  query: { view: AfterSaleView; page: number },
): Promise<AfterSaleQueue> {
  const result = await afterSaleQueue(db, {
    view: query.view,
    limit: AFTER_SALE_PAGE_SIZE,
    offset: (query.page - 1) * AFTER_SALE_PAGE_SIZE,
    now,
  })
  return {
    rows: result.rows.map((row) => ({
      orderNumber: row.orderNumber,
      customerName: row.customerName,
      email: row.email,
      openedAt: row.openedAt.toISOString(),
      dueAt: row.dueAt?.toISOString() ?? null,
      overdue: row.overdue,
      withdrawals: row.withdrawals,
      returns: row.returns,
      refundedCents: row.refundedCents,
      nextStep: row.nextStep,
    })),
    total: result.total,
    page: query.page,
    pageSize: AFTER_SALE_PAGE_SIZE,
    openCount: result.openCount,
    overdueCount: result.overdueCount,
  }
}

const actor = (staffId: number) => `staff:${staffId}`

/** The parcel arrived: the audit keeps the return as it is afterwards. */
export async function receive(tx: Tx, ctx: AppContext, returnId: number, staffId: number) {
  const result = await receiveReturn(tx, ctx, { returnId, actor: actor(staffId) })
  return result.ok ? ok({ before: null, after: result.value }) : result
}

export async function inspect(
  tx: Tx,
  ctx: AppContext,
  returnId: number,
  body: InspectReturnBody,
  staffId: number,
) {
  const result = await inspectReturn(tx, ctx, {
    returnId,
    lines: body.lines,
    actor: actor(staffId),
  })
  return result.ok ? ok({ before: null, after: result.value }) : result
}

/**
 * Records a refund; an inspected return it settles is closed with it. The money moves after the
 * commit (executeRefund), never inside the transaction.
 */
export async function refund(
  tx: Tx,
  ctx: AppContext,
  request: Omit<RefundRequest, 'actor'>,
  staffId: number,
) {
  const recorded = await recordRefund(tx, ctx, { ...request, actor: actor(staffId) })
  if (!recorded.ok) return recorded
  if (request.returnId !== undefined) {
    // Only an inspected return is settled by its refund; one still on its way stays open.
    await closeReturn(tx, ctx, { returnId: request.returnId, actor: actor(staffId) })
  }
  return ok({ before: null, after: recorded.value })
}

export async function markPaid(tx: Tx, ctx: AppContext, refundId: string, staffId: number) {
  const result = await markRefundPaid(tx, ctx, { refundId, actor: actor(staffId) })
  return result.ok ? ok({ before: null, after: result.value }) : result
}
