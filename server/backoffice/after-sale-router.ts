// Thin handlers of the after-sale work area (issue 19). The guard admitted service and admin by
// the contract's metadata; every change and its audit entry share one transaction; money moves
// after the commit (executeRefund) and is audited with its outcome.
import { contract } from '#contract/index.ts'
import {
  afterSaleDetail,
  executeRefund,
  orderIdByNumber,
  proposeRefund,
  refundOrderId,
} from '#server/orders/index.ts'
import { respond } from '#server/platform/errors.ts'
import type { AppContext } from '#server/platform/http.ts'
import { s } from '#server/platform/http.ts'
import * as afterSale from './after-sale.ts'
import { actorOf, auditedChange, writeAudit } from './audit.ts'
import type { StaffRequest } from './session.ts'

const RETURN = 'order_return'
const REFUND = 'order_refund'

async function detailAnswer(ctx: AppContext, orderId: number | null) {
  const detail = orderId === null ? null : await afterSaleDetail(ctx.db, orderId, ctx.clock.now())
  return detail ? { status: 200 as const, body: detail } : respond('not_found')
}

/** Pays a recorded refund out and writes the outcome to the audit log. */
async function execute(req: StaffRequest, refundId: string) {
  const refund = await executeRefund(req.ctx, refundId)
  if (refund.status === 'failed') req.ctx.log.error({ refund }, 'refund failed at the provider')
  const staff = await actorOf(req)
  await writeAudit(
    req,
    { staffId: staff.staffId, email: staff.email },
    { action: 'order.refund.executed', target: { type: REFUND, id: refundId }, after: refund },
  )
  return refund
}

export const backofficeAfterSaleRouter = s.router(contract.backofficeAfterSale, {
  queue: async ({ req, query }) => ({
    status: 200,
    body: await afterSale.queue(req.ctx.db, req.ctx.clock.now(), query),
  }),

  detail: async ({ req, params }) =>
    detailAnswer(req.ctx, await orderIdByNumber(req.ctx.db, params.orderNumber)),

  receiveReturn: async ({ req, params }) => {
    const result = await auditedChange(
      req,
      'order.return.received',
      { type: RETURN, id: params.id },
      (tx, staff) => afterSale.receive(tx, req.ctx, params.id, staff.staffId),
    )
    if (!result.ok) return respond(result.code)
    return detailAnswer(req.ctx, result.value.after.orderId)
  },

  inspectReturn: async ({ req, params, body }) => {
    const result = await auditedChange(
      req,
      'order.return.inspected',
      { type: RETURN, id: params.id },
      (tx, staff) => afterSale.inspect(tx, req.ctx, params.id, body, staff.staffId),
    )
    if (!result.ok) return respond(result.code)
    return detailAnswer(req.ctx, result.value.after.orderId)
  },

  proposeRefund: async ({ req, params, body }) => {
    const orderId = await orderIdByNumber(req.ctx.db, params.orderNumber)
    if (orderId === null) return respond('not_found')
    const result = await proposeRefund(
      req.ctx.db,
      {
        orderId,
        reason: body.reason,
        returnId: body.returnId ?? undefined,
        withdrawalId: body.withdrawalId ?? undefined,
        lines: body.lines.filter((line) => line.quantity > 0),
        adjustmentCents: body.adjustmentCents,
        actor: 'staff',
        idempotencyKey: 'proposal',
      },
      req.ctx.clock.now(),
    )
    if (!result.ok) return respond(result.code)
    return {
      status: 200,
      body: { ...result.value, dueAt: result.value.dueAt.toISOString() },
    }
  },

  refund: async ({ req, params, body }) => {
    const orderId = await orderIdByNumber(req.ctx.db, params.orderNumber)
    if (orderId === null) return respond('not_found')
    const result = await auditedChange(
      req,
      'order.refund.recorded',
      { type: 'order', id: orderId },
      (tx, staff) =>
        afterSale.refund(
          tx,
          req.ctx,
          {
            orderId,
            reason: body.reason,
            returnId: body.returnId ?? undefined,
            withdrawalId: body.withdrawalId ?? undefined,
            lines: body.lines.filter((line) => line.quantity > 0),
            adjustmentCents: body.adjustmentCents,
            idempotencyKey: body.idempotencyKey,
          },
          staff.staffId,
        ),
    )
    if (!result.ok) return respond(result.code)
    await execute(req, result.value.after.id)
    return detailAnswer(req.ctx, orderId)
  },

  markRefundPaid: async ({ req, params }) => {
    const result = await auditedChange(
      req,
      'order.refund.paid',
      { type: REFUND, id: params.id },
      (tx, staff) => afterSale.markPaid(tx, req.ctx, params.id, staff.staffId),
    )
    if (!result.ok) return respond(result.code)
    return detailAnswer(req.ctx, result.value.after.orderId)
  },

  retryRefund: async ({ req, params }) => {
    const refund = await refundOrderId(req.ctx.db, params.id)
    if (!refund) return respond('not_found')
    // Only a refund the provider refused or never answered is asked again.
    if (!refund.retryable) return respond('refund_status_not_allowed')
    await execute(req, params.id)
    return detailAnswer(req.ctx, refund.orderId)
  },
})
