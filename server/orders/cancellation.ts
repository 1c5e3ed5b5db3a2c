// The customer's cancellation of a delivery not yet shipped (issue 19): in one transaction the
// delivery is cancelled (status, stock back, event, mail) and its refund recorded; the money
// moves after the commit. Also what Bestelldetails shows: cancellable deliveries and refunds.
import type { Refund, RefundsOverview } from '#contract/refunds.ts'
import type { DbOrTx } from '#db/client.ts'
import type { AppContext } from '#server/platform/http.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import { cancelDelivery, nextStatuses } from './lifecycle.ts'
import {
  executeRefund,
  findRefundView,
  type RefundView,
  recordCancellationRefund,
  refundsOfOrder,
  setRefundIban,
} from './refunds.ts'
import * as repo from './refunds-repo.ts'

export function wireRefund(view: RefundView): Refund {
  return {
    id: view.id,
    reason: view.reason,
    deliveryNumber: view.deliveryNumber,
    amountCents: view.amountCents,
    channel: view.channel,
    status: view.status,
    ibanMasked: view.ibanMasked,
    items: view.breakdown.lines.map((line) => ({
      name: line.name,
      articleNumber: line.articleNumber,
      quantity: line.quantity,
    })),
    shippingCents: view.breakdown.shippingCents,
    dueAt: view.dueAt.toISOString(),
    createdAt: view.createdAt.toISOString(),
    completedAt: view.completedAt?.toISOString() ?? null,
  }
}

export async function refundsOverview(
  db: DbOrTx,
  order: { id: number; orderNumber: string },
): Promise<RefundsOverview> {
  const [deliveries, refunds] = await Promise.all([
    repo.deliveriesOf(db, order.id),
    refundsOfOrder(db, order.id),
  ])
  return {
    orderNumber: order.orderNumber,
    deliveries: deliveries.map((delivery) => ({
      deliveryNumber: delivery.deliveryNumber,
      status: delivery.status,
      cancellable: nextStatuses(delivery.status).includes('cancelled'),
    })),
    refunds: refunds.map(wireRefund),
  }
}

/**
 * Cancels a delivery of the order and records its refund, then executes it. A double submit
 * (same key) waits for the first on the delivery's row lock and gets the first's refund back;
 * a delivery already cancelled answers with its state rather than an error.
 */
export async function cancelOrderDelivery(
  ctx: AppContext,
  input: { orderId: number; deliveryNumber: string; idempotencyKey: string; actor: string },
): Promise<Result<RefundView | null, 'not_found' | 'refund_cancel_not_allowed'>> {
  const deliveries = await repo.deliveriesOf(ctx.db, input.orderId)
  const delivery = deliveries.find(
    (d) => d.deliveryNumber.toUpperCase() === input.deliveryNumber.toUpperCase(),
  )
  if (!delivery) return err('not_found')
  const outcome = await ctx.db.transaction(
    async (tx): Promise<Result<RefundView | null, 'not_found' | 'refund_cancel_not_allowed'>> => {
      const cancelled = await cancelDelivery(tx, ctx, {
        deliveryId: delivery.id,
        actor: input.actor,
      })
      if (!cancelled.ok) {
        if (cancelled.code === 'not_found') return err('not_found')
        const replay = await repo.findRefundByKey(tx, input.orderId, input.idempotencyKey)
        if (replay) return ok(await findRefundView(tx, replay.id))
        const now = (await repo.deliveriesOf(tx, input.orderId)).find((d) => d.id === delivery.id)
        if (now?.status !== 'cancelled') return err('refund_cancel_not_allowed')
        const earlier = (await refundsOfOrder(tx, input.orderId)).find(
          (refund) => refund.deliveryId === delivery.id,
        )
        return ok(earlier ?? null)
      }
      const refund = await recordCancellationRefund(tx, ctx, {
        orderId: input.orderId,
        deliveryId: delivery.id,
        actor: input.actor,
        idempotencyKey: input.idempotencyKey,
      })
      // The amounts cannot refuse a cancellation's lines; if they do (a bug), roll it all back.
      if (!refund.ok) throw new Error(`cancellation refund refused: ${refund.code}`)
      return ok(refund.value)
    },
  )
  if (!outcome.ok || !outcome.value) return outcome
  return ok(await executeRefund(ctx, outcome.value.id))
}

export async function setIbanOfRefund(
  ctx: AppContext,
  input: { orderId: number; refundId: string; accountHolder: string; iban: string },
) {
  return ctx.db.transaction((tx) => setRefundIban(tx, ctx, input))
}
