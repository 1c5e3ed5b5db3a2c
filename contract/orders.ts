// Contract of the orders slice: "Meine Bestellungen" and "Bestelldetails" (account-area §2, §3,
// §4, §9). Wire shapes follow the spec's names (orderOverview, ordersFilter, ordersCount,
// primaryOrderId, otShipping, otTotal); prices the spec sends as strings are German-formatted.
import { z } from 'zod'
import { c, errorBody, SoftLoginRequiredSchema } from './errors.ts'
import { int } from './fields.ts'
import { m } from './messages.de.ts'

/** Orders per page ("Mehr" loads the next 10; account-area §9). */
export const ORDERS_PAGE_SIZE = 10
/** Most orders one page may ask for. */
export const ORDERS_PAGE_MAX = 50
/** The period filter's special values: the last 30 and the last 180 days (default). */
export const ORDERS_LAST_30_DAYS = 30
export const ORDERS_LAST_6_MONTHS = 180
export const ORDERS_DEFAULT_PERIOD = ORDERS_LAST_6_MONTHS

/** The statuses of a delivery (docs/decisions.md "Order status and the shape of an order"). */
export const OrderStatusSchema = z.enum([
  'awaiting_payment',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
])
export type OrderStatus = z.infer<typeof OrderStatusSchema>

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: 'Zahlung ausstehend',
  processing: 'In Bearbeitung',
  shipped: 'Versendet',
  delivered: 'Zugestellt',
  cancelled: 'Storniert',
}

/** 30, 180 or a year: what the filter select sends as `yearOfOrders`. */
export const OrdersPeriodSchema = int(1, 2100).refine(
  (value) =>
    value === ORDERS_LAST_30_DAYS ||
    value === ORDERS_LAST_6_MONTHS ||
    (value >= 2000 && value <= 2100),
  m('invalid'),
)

/** Sort order of the filter (§4): 30 first, then 180, then the years descending. */
export function sortOrdersFilter(values: number[]): number[] {
  const rank = (value: number) =>
    value === ORDERS_LAST_30_DAYS ? 0 : value === ORDERS_LAST_6_MONTHS ? 1 : 2
  return [...values].sort((a, b) => rank(a) - rank(b) || b - a)
}

/** Caption of the table by period (§9). */
export function ordersCaption(period: number): string {
  if (period === ORDERS_LAST_30_DAYS) return 'Deine Bestellungen der letzten 30 Tage'
  if (period === ORDERS_LAST_6_MONTHS) return 'Deine Bestellungen der letzten 6 Monate'
  return `Deine Bestellungen aus dem Jahr ${period}`
}

export const OrdersQuerySchema = z.object({
  pageNumber: int(1, 100_000).default(1),
  pageElements: int(1, ORDERS_PAGE_MAX).default(ORDERS_PAGE_SIZE),
  yearOfOrders: OrdersPeriodSchema.default(ORDERS_DEFAULT_PERIOD),
})
export type OrdersQuery = z.input<typeof OrdersQuerySchema>

export const OrderProductSchema = z.object({
  productId: z.number().int().nullable(),
  productName: z.string(),
  productImage: z.string().nullable(),
  articleNumber: z.string(),
  productQuantity: z.number().int(),
})
export type OrderProduct = z.infer<typeof OrderProductSchema>

/** One delivery of an order: the spec's "order" inside a group. */
export const OrderDeliverySchema = z.object({
  /** Delivery number, e.g. B4000001-1. */
  id: z.string(),
  status: OrderStatusSchema,
  statusLabel: z.string(),
  products: z.array(OrderProductSchema),
  orderDetails: z.object({
    otShipping: z.object({ description: z.string() }),
    /** What this delivery costs: its goods and shipping (the first carries the order's extras). */
    otTotal: z.object({ price: z.string() }),
  }),
})
export type OrderDelivery = z.infer<typeof OrderDeliverySchema>

export const OrderGroupSchema = z.object({
  /** Order number (Bestellnr.), e.g. B4000001; the details page's id. */
  primaryOrderId: z.string(),
  /** ISO 8601. */
  datePurchased: z.string(),
  /** Deliveries keyed by their id, in delivery order. */
  orders: z.record(z.string(), OrderDeliverySchema),
  /** What the purchase cost: the deliveries' otTotal added up (ours, for the "Summe" column). */
  total: z.string(),
})
export type OrderGroup = z.infer<typeof OrderGroupSchema>

export const OrdersResponseSchema = z.object({
  orderOverview: z.array(OrderGroupSchema),
  /** Filter values ("30", "180", years with orders) → labels; the client sorts (§4). */
  ordersFilter: z.record(z.string(), z.string()),
  /** Order groups in the requested period (all pages). */
  ordersCount: z.number().int(),
})
export type OrdersResponse = z.infer<typeof OrdersResponseSchema>

/** An address as the order views show it (account-area §3, "another reading"). */
export const OrderAddressSchema = z.object({
  company: z.string().nullable(),
  name: z.string(),
  streetAddress: z.string(),
  streetAddressNumber: z.string(),
  postcode: z.string(),
  city: z.string(),
  /** Country name. */
  state: z.string(),
  type: z.enum(['normal', 'packstation', 'paketshop']),
  postNumber: z.string().nullable(),
})
export type OrderAddress = z.infer<typeof OrderAddressSchema>

/** The price calculation of the details page; money as German-formatted strings. */
export const PriceCalculationSchema = z.object({
  subtotal: z.string(),
  tax: z.string(),
  taxPercent: z.number().int(),
  /** Issue 20: the note of a tax-free intra-EU supply (every amount net); null: VAT included. */
  taxExemption: z.string().nullable(),
  /** Declared value insurance; null when not chosen. */
  declaredValue: z.string().nullable(),
  /** Protection package ("no risk, much fun"); null when not chosen. */
  nrmf: z.string().nullable(),
  shippingCost: z.string(),
  /** Cash on delivery fee; null for other methods (ours: the total must add up). */
  paymentFee: z.string().nullable(),
  coupons: z.array(z.object({ title: z.string(), price: z.string() })),
  total: z.string(),
  /** Payment method as shown, e.g. "Kreditkarte (Visa **** 1111)". */
  payment: z.string(),
})
export type PriceCalculation = z.infer<typeof PriceCalculationSchema>

export const OrderDetailsDeliverySchema = OrderDeliverySchema.extend({
  deliveryAddress: OrderAddressSchema,
  trackingNumber: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
})

export const OrderDetailsSchema = z.object({
  primaryOrderId: z.string(),
  datePurchased: z.string(),
  /** Status of the whole order: the least advanced of its deliveries (cancelled ones aside). */
  status: OrderStatusSchema,
  statusLabel: z.string(),
  orders: z.record(z.string(), OrderDetailsDeliverySchema),
  invoiceAddress: OrderAddressSchema,
  priceCalculation: PriceCalculationSchema,
})
export type OrderDetails = z.infer<typeof OrderDetailsSchema>

const auth = { 401: SoftLoginRequiredSchema } as const

export const ordersContract = c.router({
  getOrders: {
    method: 'POST',
    path: '/account/get-orders',
    body: OrdersQuerySchema,
    responses: { 200: OrdersResponseSchema, ...auth },
    summary:
      'Order groups of the customer by period (30, 180 days or a year), newest first, paged (account-area §3, §4, §7)',
  },
  getOrder: {
    method: 'POST',
    path: '/account/get-order',
    body: z.object({ orderId: z.string().trim().min(1, m('required')).max(40, m('invalid')) }),
    responses: {
      200: z.object({ order: OrderDetailsSchema }),
      ...auth,
      404: errorBody(z.enum(['not_found'])),
    },
    summary:
      'One order with deliveries, addresses and price calculation; 404 when unknown or not the customer’s (account-area §2, §3)',
  },
})
