// Rules of "Meine Bestellungen" and "Bestelldetails" (account-area §2-§4, §9): the period
// filter, paging, the wire groups with their deliveries, and the price calculation.
import { formatEuro } from '#contract/money.ts'
import {
  ORDER_STATUS_LABELS,
  ORDERS_LAST_6_MONTHS,
  ORDERS_LAST_30_DAYS,
  type OrderAddress,
  type OrderDelivery,
  type OrderDetails,
  type OrderGroup,
  type OrderStatus,
  type OrdersResponse,
} from '#contract/orders.ts'
import { ORDER_PAYMENT_NAMES } from '#contract/payments.de.ts'
import { INTRA_EU_NOTE } from '#contract/vat.de.ts'
import type { DbOrTx } from '#db/client.ts'
import type { OrderAddress as StoredAddress } from '#db/schema/orders.ts'
import type { AppContext } from '#server/platform/http.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import * as repo from './repo.ts'

type Ctx = Pick<AppContext, 'db' | 'clock'>

/** Progress of a status, for the order's overall status (the least advanced delivery). */
const PROGRESS: Record<OrderStatus, number> = {
  awaiting_payment: 0,
  processing: 1,
  shipped: 2,
  delivered: 3,
  cancelled: 4,
}

function periodOf(value: number, now: Date): repo.Period {
  if (value === ORDERS_LAST_30_DAYS || value === ORDERS_LAST_6_MONTHS)
    return { kind: 'days', days: value, now }
  return { kind: 'year', year: value }
}

function filterOf(years: number[]): Record<string, string> {
  const filter: Record<string, string> = {
    [ORDERS_LAST_30_DAYS]: 'letzte 30 Tage',
    [ORDERS_LAST_6_MONTHS]: 'letzte 6 Monate',
  }
  for (const year of years) filter[String(year)] = String(year)
  return filter
}

function wireAddress(address: StoredAddress): OrderAddress {
  return {
    company: address.company,
    name: `${address.firstName} ${address.lastName}`.trim(),
    streetAddress: address.streetName,
    streetAddressNumber: address.streetNumber,
    postcode: address.zipCode,
    city: address.cityName,
    state: address.countryName,
    type: address.type,
    postNumber: address.postNumber,
  }
}

type Built = {
  delivery: repo.DeliveryRow
  wire: OrderDelivery
}

/**
 * The deliveries of one order on the wire. A delivery's otTotal is its goods plus its shipping;
 * the first delivery also carries what belongs to the whole order (coupons, fees, declared
 * value, protection), so the deliveries add up to the order's total.
 */
function buildDeliveries(
  order: repo.OrderRow,
  deliveries: repo.DeliveryRow[],
  lines: repo.LineRow[],
): Built[] {
  const own = deliveries.filter((d) => d.orderId === order.id)
  const goods = own.map((delivery) =>
    lines
      .filter((line) => line.deliveryId === delivery.id)
      .reduce((sum, line) => sum + line.unitPriceCents * line.quantity, delivery.shippingCents),
  )
  const rest = order.totalCents - goods.reduce((sum, cents) => sum + cents, 0)
  return own.map((delivery, index) => ({
    delivery,
    wire: {
      id: delivery.deliveryNumber,
      status: delivery.status,
      statusLabel: ORDER_STATUS_LABELS[delivery.status],
      products: lines
        .filter((line) => line.deliveryId === delivery.id && line.kind === 'product')
        .map((line) => ({
          productId: line.productId,
          productName: line.name,
          productImage: line.imageUrl,
          articleNumber: line.articleNumber,
          productQuantity: line.quantity,
        })),
      orderDetails: {
        otShipping: { description: delivery.shippingLabel },
        otTotal: { price: formatEuro((goods[index] ?? 0) + (index === 0 ? rest : 0)) },
      },
    },
  }))
}

/** Light accounts have no orders page (account-area §6): their list is always empty. */
export async function listOrders(
  ctx: Ctx,
  customerId: number,
  query: { pageNumber: number; pageElements: number; yearOfOrders: number },
): Promise<OrdersResponse> {
  const viewer = await repo.findViewer(ctx.db, customerId)
  if (!viewer || viewer.isLight)
    return { orderOverview: [], ordersFilter: filterOf([]), ordersCount: 0 }
  const period = periodOf(query.yearOfOrders, ctx.clock.now())
  const [years, ordersCount, rows] = await Promise.all([
    repo.orderYears(ctx.db, viewer),
    repo.countOrders(ctx.db, viewer, period),
    repo.listOrders(ctx.db, viewer, period, {
      offset: (query.pageNumber - 1) * query.pageElements,
      limit: query.pageElements,
    }),
  ])
  const { deliveries, lines } = await repo.deliveriesOf(
    ctx.db,
    rows.map((row) => row.id),
  )
  const orderOverview: OrderGroup[] = rows.map((order) => ({
    primaryOrderId: order.orderNumber,
    datePurchased: order.createdAt.toISOString(),
    orders: Object.fromEntries(
      buildDeliveries(order, deliveries, lines).map(({ wire }) => [wire.id, wire]),
    ),
    total: formatEuro(order.totalCents),
  }))
  return { orderOverview, ordersFilter: filterOf(years), ordersCount }
}

function paymentText(order: repo.OrderRow): string {
  const method = ORDER_PAYMENT_NAMES[order.paymentMethod]
  const parts = [
    order.paymentLabel,
    order.paymentTermMonths ? `${order.paymentTermMonths} Monate` : null,
  ].filter(Boolean)
  return parts.length > 0 ? `${method} (${parts.join(', ')})` : method
}

/** One order of the viewer by its number; another customer's number is not_found. */
export async function getOrder(
  ctx: Ctx,
  customerId: number,
  orderNumber: string,
): Promise<Result<OrderDetails, 'not_found'>> {
  const viewer = await repo.findViewer(ctx.db, customerId)
  if (!viewer || viewer.isLight) return err('not_found')
  const order = await repo.findOrder(ctx.db, viewer, orderNumber.toUpperCase())
  if (!order) return err('not_found')
  const { deliveries, lines } = await repo.deliveriesOf(ctx.db, [order.id])
  const built = buildDeliveries(order, deliveries, lines)
  const open = built.filter(({ delivery }) => delivery.status !== 'cancelled')
  const status = (open.length > 0 ? open : built)
    .map(({ delivery }) => delivery.status)
    .reduce<OrderStatus>(
      (least, current) => (PROGRESS[current] < PROGRESS[least] ? current : least),
      'cancelled',
    )
  const optional = (cents: number) => (cents > 0 ? formatEuro(cents) : null)
  return ok({
    primaryOrderId: order.orderNumber,
    datePurchased: order.createdAt.toISOString(),
    status,
    statusLabel: ORDER_STATUS_LABELS[status],
    orders: Object.fromEntries(
      built.map(({ delivery, wire }) => [
        wire.id,
        {
          ...wire,
          deliveryAddress: wireAddress(delivery.deliveryAddress),
          trackingNumber: delivery.trackingNumber,
          shippedAt: delivery.shippedAt?.toISOString() ?? null,
          deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
        },
      ]),
    ),
    invoiceAddress: wireAddress(order.billingAddress),
    priceCalculation: {
      subtotal: formatEuro(order.subtotalCents),
      tax: formatEuro(order.taxCents),
      taxPercent: order.taxPercent,
      taxExemption: order.vatTreatment === 'intra_eu' ? INTRA_EU_NOTE : null,
      declaredValue: optional(order.declaredValueCents),
      nrmf: optional(order.protectionCents),
      shippingCost: formatEuro(order.shippingCents),
      paymentFee: optional(order.paymentFeeCents),
      coupons: order.coupons.map((coupon) => ({
        title: coupon.title,
        price: formatEuro(-coupon.cents),
      })),
      total: formatEuro(order.totalCents),
      payment: paymentText(order),
    },
  })
}

/** Product ids bought together with `productId`, most shared orders first (recommendations). */
export function productsBoughtWith(db: DbOrTx, productId: number, limit: number) {
  return repo.productsBoughtWith(db, productId, limit)
}

/** Whether the customer bought the product (reviews' "Verifizierter Kauf", issue 22). */
export function customerBoughtProduct(db: DbOrTx, customerId: number, productId: number) {
  return repo.customerBoughtProduct(db, customerId, productId)
}
