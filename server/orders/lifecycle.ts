// The order's life (issue 18): placed by checkout, moved forward and cancelled by staff, the
// money given back through the refunds (./refunds.ts) when a delivery is cancelled. Every transition is one function here
// that writes its status event and its mail in the caller's transaction; others call them
// through the slice's index (docs/decisions.md "Order status").
import type { OrderStatus } from '#contract/orders.ts'
import type { Tx } from '#db/client.ts'
import { returnStock } from '#server/catalog/index.ts'
import type { AppContext } from '#server/platform/http.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import { issueDeliveryInvoice } from './invoicing.ts'
import * as repo from './lifecycle-repo.ts'
import { orderUrl, sendCancelledMail, sendShippedMail } from './mails.ts'

/** Forward moves of the lifecycle; cancel is its own call. */
const NEXT: Record<OrderStatus, OrderStatus[]> = {
  awaiting_payment: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
}

/** The statuses a delivery in `status` may move to (cancelled included where allowed). */
export function nextStatuses(status: OrderStatus): OrderStatus[] {
  return NEXT[status]
}

export type DeliveryState = {
  orderNumber: string
  deliveryNumber: string
  status: OrderStatus
  trackingNumber: string | null
}

export type DeliveryTransition<S = DeliveryState> = { orderId: number; before: S; after: S }

/**
 * Moves a delivery one step forward with its status event; "shipped" mails the customer.
 * `actor` names who moved it in the event (`staff:<id>`).
 */
export async function setDeliveryStatus(
  tx: Tx,
  ctx: AppContext,
  input: {
    deliveryId: number
    status: 'processing' | 'shipped' | 'delivered'
    trackingNumber?: string | undefined
    actor: string
  },
): Promise<Result<DeliveryTransition, 'not_found' | 'status_not_allowed'>> {
  const row = await repo.lockDelivery(tx, input.deliveryId)
  if (!row) return err('not_found')
  const { delivery } = row
  if (!NEXT[delivery.status].includes(input.status)) return err('status_not_allowed')
  const now = ctx.clock.now()
  const trackingNumber =
    input.status === 'shipped' ? input.trackingNumber || null : delivery.trackingNumber
  await repo.updateDelivery(tx, delivery.id, {
    status: input.status,
    trackingNumber,
    updatedAt: now,
    ...(input.status === 'shipped' ? { shippedAt: now } : {}),
    ...(input.status === 'delivered' ? { deliveredAt: now } : {}),
  })
  await repo.insertStatusEvent(tx, {
    deliveryId: delivery.id,
    fromStatus: delivery.status,
    toStatus: input.status,
    actor: input.actor,
    note: input.status === 'shipped' && trackingNumber ? `Sendungsnummer ${trackingNumber}` : null,
    at: now,
  })
  if (input.status === 'shipped') {
    const name = await repo.customerNameOf(tx, row.customerId)
    // The invoice of the delivery is issued with the shipment and goes with its mail (issue 20).
    const invoice = await issueDeliveryInvoice(tx, delivery.orderId, delivery.id, now)
    await sendShippedMail(tx, {
      invoice,
      to: row.email,
      firstName: name?.firstName ?? null,
      orderNumber: row.orderNumber,
      deliveryNumber: delivery.deliveryNumber,
      orderUrl: orderUrl(ctx, row.orderNumber),
      carrier: delivery.shippingLabel,
      trackingNumber,
    })
  }
  const state = { orderNumber: row.orderNumber, deliveryNumber: delivery.deliveryNumber }
  return ok({
    orderId: delivery.orderId,
    before: { ...state, status: delivery.status, trackingNumber: delivery.trackingNumber },
    after: { ...state, status: input.status, trackingNumber },
  })
}

export type ReturnedStock = { productId: number; quantity: number }[]

/** Cancels a delivery not yet shipped: status, stock back, event and mail in the caller's transaction. */
export async function cancelDelivery(
  tx: Tx,
  ctx: AppContext,
  input: { deliveryId: number; reason?: string | undefined; actor: string },
): Promise<
  Result<
    DeliveryTransition<DeliveryState & { returnedStock?: ReturnedStock }>,
    'not_found' | 'cancel_not_allowed'
  >
> {
  const row = await repo.lockDelivery(tx, input.deliveryId)
  if (!row) return err('not_found')
  const { delivery } = row
  if (!NEXT[delivery.status].includes('cancelled')) return err('cancel_not_allowed')
  const now = ctx.clock.now()
  const lines = (await repo.productLinesOf(tx, delivery.id)).flatMap((line) =>
    line.productId === null ? [] : [{ productId: line.productId, quantity: line.quantity }],
  )
  await returnStock(tx, lines)
  await repo.updateDelivery(tx, delivery.id, {
    status: 'cancelled',
    cancelledAt: now,
    updatedAt: now,
  })
  const reason = input.reason?.trim() || null
  await repo.insertStatusEvent(tx, {
    deliveryId: delivery.id,
    fromStatus: delivery.status,
    toStatus: 'cancelled',
    actor: input.actor,
    note: reason,
    at: now,
  })
  const name = await repo.customerNameOf(tx, row.customerId)
  await sendCancelledMail(tx, {
    to: row.email,
    firstName: name?.firstName ?? null,
    orderNumber: row.orderNumber,
    deliveryNumber: delivery.deliveryNumber,
    orderUrl: orderUrl(ctx, row.orderNumber),
    reason,
  })
  const state = {
    orderNumber: row.orderNumber,
    deliveryNumber: delivery.deliveryNumber,
    trackingNumber: delivery.trackingNumber,
  }
  return ok({
    orderId: delivery.orderId,
    before: { ...state, status: delivery.status },
    after: { ...state, status: 'cancelled', returnedStock: lines },
  })
}
