// The orders work area: the order list and page, and the delivery moves staff make. The order's
// life is the orders slice's (`setDeliveryStatus`, `cancelDelivery`): this file names the actor
// and answers with the back office's codes.
import type { BackofficeOrderDetail } from '#contract/backoffice.ts'
import { BACKOFFICE_PAGE_SIZE } from '#contract/backoffice.ts'
import type { OrderStatus } from '#contract/orders.ts'
import type { Db, DbOrTx, Tx } from '#db/client.ts'
import {
  cancelDelivery as cancelOrderDelivery,
  nextStatuses,
  type OrderAddress,
  recordCancellationRefund,
  setDeliveryStatus,
} from '#server/orders/index.ts'
import type { AppContext } from '#server/platform/http.ts'
import { err, ok } from '#server/platform/result.ts'
import * as repo from './repo.ts'
import { orderRowOf, paging } from './shared.ts'

function addressLine(address: OrderAddress): string {
  const name = [address.company, `${address.firstName} ${address.lastName}`]
    .filter(Boolean)
    .join(', ')
  const post = address.postNumber ? ` (Postnummer ${address.postNumber})` : ''
  return `${name}, ${address.streetName} ${address.streetNumber}${post}, ${address.zipCode} ${address.cityName}, ${address.countryName}`
}

export async function listOrders(
  db: Db,
  query: { page: number; status?: OrderStatus; from?: string; to?: string; q?: string },
) {
  const { limit, offset } = paging(query.page)
  const { rows, total } = await repo.listOrders(db, query, limit, offset)
  return { orders: rows.map(orderRowOf), total, page: query.page, pageSize: BACKOFFICE_PAGE_SIZE }
}

export async function orderDetail(
  db: DbOrTx,
  where: { orderNumber: string } | { id: number },
): Promise<BackofficeOrderDetail | null> {
  const order = await repo.findOrder(db, where)
  if (!order) return null
  const deliveries = await repo.listDeliveries(db, order.id)
  return {
    ...orderRowOf(order),
    paymentLabel: order.paymentLabel,
    billingAddress: addressLine(order.billingAddress),
    subtotalCents: order.subtotalCents,
    shippingCents: order.shippingCents,
    couponCents: order.couponCents,
    coupons: order.coupons,
    oldDeviceTakeBack: order.oldDeviceTakeBack,
    deliveryList: deliveries.map(({ delivery, lines, events }) => ({
      id: delivery.id,
      deliveryNumber: delivery.deliveryNumber,
      status: delivery.status,
      shippingLabel: delivery.shippingLabel,
      trackingNumber: delivery.trackingNumber,
      shippedAt: delivery.shippedAt?.toISOString() ?? null,
      deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
      cancelledAt: delivery.cancelledAt?.toISOString() ?? null,
      address: addressLine(delivery.deliveryAddress),
      lines: lines.map((line) => ({
        kind: line.kind,
        productId: line.productId,
        articleNumber: line.articleNumber,
        name: line.name,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
      })),
      nextStatuses: nextStatuses(delivery.status),
      events: events.map((event) => ({
        at: event.at.toISOString(),
        fromStatus: event.fromStatus,
        toStatus: event.toStatus,
        actor: event.actor,
        note: event.note,
      })),
    })),
  }
}

/** Moves a delivery one step forward; "shipped" mails the customer. */
export async function moveDelivery(
  tx: Tx,
  ctx: AppContext,
  input: {
    deliveryId: number
    status: 'processing' | 'shipped' | 'delivered'
    trackingNumber?: string
    staffId: number
  },
) {
  const result = await setDeliveryStatus(tx, ctx, {
    deliveryId: input.deliveryId,
    status: input.status,
    trackingNumber: input.trackingNumber,
    actor: `staff:${input.staffId}`,
  })
  if (result.ok) return ok(result.value)
  return result.code === 'not_found' ? err(result.code) : err('backoffice_status_not_allowed')
}

/** Cancels a delivery not yet shipped: status, stock back, event and mail in one transaction. */
export async function cancelDelivery(
  tx: Tx,
  ctx: AppContext,
  input: { deliveryId: number; reason?: string; staffId: number },
) {
  const result = await cancelOrderDelivery(tx, ctx, {
    deliveryId: input.deliveryId,
    reason: input.reason,
    actor: `staff:${input.staffId}`,
  })
  if (!result.ok)
    return result.code === 'not_found' ? err(result.code) : err('backoffice_cancel_not_allowed')
  // The money of the cancelled delivery goes back through the refund engine (issue 19).
  const refund = await recordCancellationRefund(tx, ctx, {
    orderId: result.value.orderId,
    deliveryId: input.deliveryId,
    actor: `staff:${input.staffId}`,
    idempotencyKey: `cancel-delivery-${input.deliveryId}`,
  })
  if (!refund.ok) throw new Error(`cancellation refund refused: ${refund.code}`)
  return ok({ ...result.value, refundId: refund.value?.id ?? null })
}
