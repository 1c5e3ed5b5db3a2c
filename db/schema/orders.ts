// Tables of the orders slice: what a placed order is, written once by checkout (issue 7, in one
// transaction with stock, vouchers and payment) and read by the account (issue 8) and the back
// office (issue 11). Everything a customer saw at purchase is copied here (names, prices,
// addresses), so later catalog or address-book changes never rewrite an order.
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { customers } from './account.ts'
import { products } from './catalog.ts'

const at = () => timestamp({ withTimezone: true, mode: 'date' })
/** Binary files (return labels as PDF). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' })

/**
 * Lifecycle of a delivery (docs/decisions.md, "Order status"):
 * awaiting_payment -> processing -> shipped -> delivered, and cancelled from awaiting_payment or
 * processing. Prepayment (bank transfer, cash pickup) starts at awaiting_payment; every other
 * method starts at processing.
 */
export type OrderStatus = 'awaiting_payment' | 'processing' | 'shipped' | 'delivered' | 'cancelled'
export const ORDER_STATUSES = [
  'awaiting_payment',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
] as const satisfies readonly OrderStatus[]

/** The payment methods of storefront section 3, as stored on an order. */
export type OrderPaymentMethod =
  | 'creditcard'
  | 'paypal'
  | 'amazonpay'
  | 'klarnapaylater'
  | 'klarnapaynow'
  | 'applepay'
  | 'banktransfer'
  | 'invoice'
  | 'cashondelivery'
  | 'cashpickup'
  | 'installments'
  | 'financing'

/** Address as it was at purchase (the shape of the address book, with names resolved). */
export type OrderAddress = {
  company: string | null
  firstName: string
  lastName: string
  streetName: string
  streetNumber: string
  zipCode: string
  cityName: string
  countryId: number
  countryName: string
  postNumber: string | null
  type: 'normal' | 'packstation' | 'paketshop'
}

/** Order numbers: "B" + this sequence (Bestellnr.). */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 4000001 })

/**
 * One purchase ("primary order"): who, how paid, the price block of the order summary and the
 * invoice address. Its deliveries carry status and the delivery address.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial().primaryKey(),
    orderNumber: text().notNull(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    /** E-mail the confirmation went to (a guest's light account may share it with others). */
    email: text().notNull(),
    customerType: text().$type<'private' | 'business'>().notNull(),
    /** Checkout's idempotency key: the same key twice is one order. */
    idempotencyKey: text().notNull(),
    paymentMethod: text().$type<OrderPaymentMethod>().notNull(),
    /** Months for installments / financing. */
    paymentTermMonths: smallint(),
    /** The provider's payment id (card, wallets, Klarna, Apple Pay, financing); null offline. */
    pspPaymentId: text(),
    /** Masked card or wallet account shown in the order details, e.g. "Visa •••• 1111". */
    paymentLabel: text(),
    billingAddress: jsonb().$type<OrderAddress>().notNull(),
    /** Sum of all product and warranty lines. */
    subtotalCents: integer().notNull(),
    shippingCents: integer().notNull(),
    /** Cash on delivery fee. */
    paymentFeeCents: integer().notNull().default(0),
    /** Declared value insurance (0.75 % of the goods). */
    declaredValueCents: integer().notNull().default(0),
    /** Protection package ("no risk, much fun"). */
    protectionCents: integer().notNull().default(0),
    /** Sum of the coupons, positive (subtracted from the total). */
    couponCents: integer().notNull().default(0),
    totalCents: integer().notNull(),
    /** VAT included in the total. */
    taxCents: integer().notNull(),
    taxPercent: smallint().notNull().default(19),
    /**
     * 'intra_eu': a tax-free intra-community supply (§ 4 Nr. 1 b, § 6a UStG) to a business
     * customer in another EU country whose VAT id the register confirmed; every amount of the
     * order is net, taxCents and taxPercent are 0 (issue 20).
     */
    vatTreatment: text().$type<'standard' | 'intra_eu'>().notNull().default('standard'),
    /** The buyer's VAT id the exemption was granted for, and the register's consultation number. */
    buyerVatId: text(),
    vatCheckRequestId: text(),
    /** Coupons as shown in the price block. */
    coupons: jsonb()
      .$type<{ code: string; title: string; cents: number }[]>()
      .notNull()
      .default([]),
    /** Guest orders of a light account show in a full account only after the e-mail is confirmed. */
    placedAsGuest: boolean().notNull().default(false),
    /** The versions of the AGB and the Widerrufsbelehrung the order was made under (issue 20;
     * ids of legal_text_versions, null for orders placed before legal texts were versioned). */
    termsVersionId: integer(),
    withdrawalVersionId: integer(),
    /**
     * The shopper's answer at the order to "pick up the old device free" (§ 17 (1) sentence 3
     * ElektroG), asked for large appliances only; null: not asked (no large appliance).
     */
    oldDeviceTakeBack: boolean(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_unique').on(t.orderNumber),
    uniqueIndex('orders_idempotency_unique').on(t.idempotencyKey),
    index('orders_customer_idx').on(t.customerId, t.createdAt.desc()),
    index('orders_created_idx').on(t.createdAt.desc()),
    check('orders_total_not_negative', sql`${t.totalCents} >= 0`),
    check('orders_vat_treatment', sql`${t.vatTreatment} in ('standard', 'intra_eu')`),
  ],
)

/** One delivery of an order ("orders" inside a group on the wire): its own status and address. */
export const orderDeliveries = pgTable(
  'order_deliveries',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Delivery number shown to the customer: order number + "-" + position (B4000001-1). */
    deliveryNumber: text().notNull(),
    position: smallint().notNull().default(1),
    status: text().$type<OrderStatus>().notNull(),
    /** Shipping module, e.g. "dhl", "hermes", "dpd", "pickup"; and its label. */
    shippingModule: text().notNull(),
    shippingLabel: text().notNull(),
    shippingCents: integer().notNull().default(0),
    deliveryAddress: jsonb().$type<OrderAddress>().notNull(),
    trackingNumber: text(),
    shippedAt: at(),
    deliveredAt: at(),
    cancelledAt: at(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_deliveries_number_unique').on(t.deliveryNumber),
    index('order_deliveries_order_idx').on(t.orderId),
    index('order_deliveries_status_idx').on(t.status),
    check(
      'order_deliveries_status_check',
      sql`${t.status} in ('awaiting_payment','processing','shipped','delivered','cancelled')`,
    ),
  ],
)

/**
 * One line of a delivery: a product, the warranty chosen for it (a child line with the product's
 * quantity) or the protection package. Name, article number and price are copied at purchase.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    deliveryId: integer()
      .notNull()
      .references(() => orderDeliveries.id, { onDelete: 'cascade' }),
    kind: text().$type<'product' | 'warranty' | 'protection'>().notNull(),
    /** Product of the line (for warranties: the product they cover); null once deleted. */
    productId: integer().references(() => products.id, { onDelete: 'set null' }),
    parentLineId: integer(),
    articleNumber: text().notNull(),
    name: text().notNull(),
    /** Image path at purchase (e.g. /media/products/123-1.svg). */
    imageUrl: text(),
    quantity: integer().notNull(),
    unitPriceCents: integer().notNull(),
    /** The price was the Campus price. */
    campusPrice: boolean().notNull().default(false),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    index('order_lines_delivery_idx').on(t.deliveryId),
    index('order_lines_product_idx').on(t.productId),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('order_lines_kind_check', sql`${t.kind} in ('product','warranty','protection')`),
  ],
)

/** Every status change of a delivery: by the customer's checkout, a job or a staff member. */
export const orderStatusEvents = pgTable(
  'order_status_events',
  {
    id: serial().primaryKey(),
    deliveryId: integer()
      .notNull()
      .references(() => orderDeliveries.id, { onDelete: 'cascade' }),
    fromStatus: text().$type<OrderStatus>(),
    toStatus: text().$type<OrderStatus>().notNull(),
    /** "checkout", "job", "staff:{id}". */
    actor: text().notNull(),
    note: text(),
    at: at().notNull().defaultNow(),
  },
  (t) => [index('order_status_events_delivery_idx').on(t.deliveryId, t.at)],
)

/** What a withdrawal declaration covers: resolved lines, copied so the record stands alone. */
export type WithdrawalScope = {
  /** "order": the customer chose the whole order; "items": chosen items and quantities. */
  kind: 'order' | 'items'
  items: {
    lineId: number
    deliveryNumber: string
    articleNumber: string
    name: string
    quantity: number
  }[]
}

/**
 * Withdrawal declarations ("Vertrag widerrufen", § 356a BGB): stored unchangeably. The code has
 * no update or delete path and a trigger (migration 0015) refuses UPDATE, DELETE and TRUNCATE.
 * Returns and refunds (issue 19, later) refer to a declaration by its id.
 */
export const withdrawalDeclarations = pgTable(
  'withdrawal_declarations',
  {
    id: uuid().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** The logged-in customer who declared; null when declared on the public page. */
    customerId: integer().references(() => customers.id, { onDelete: 'restrict' }),
    /** "account" (Bestelldetails) or "guest" (the public page /widerruf). */
    channel: text().$type<'account' | 'guest'>().notNull(),
    name: text().notNull(),
    /** Where the acknowledgement went. */
    email: text().notNull(),
    scope: jsonb().$type<WithdrawalScope>().notNull(),
    /** The client's key: the same declaration sent twice is stored once. */
    idempotencyKey: text().notNull(),
    declaredAt: at().notNull(),
    /** The acknowledgement in the mail outbox (no foreign key: the outbox may be pruned). */
    acknowledgementMailId: integer().notNull(),
  },
  (t) => [
    uniqueIndex('withdrawal_declarations_idempotency_unique').on(t.orderId, t.idempotencyKey),
    index('withdrawal_declarations_order_idx').on(t.orderId, t.declaredAt),
    check('withdrawal_declarations_channel_check', sql`${t.channel} in ('account','guest')`),
  ],
)

// ---------------------------------------------------------------------------------------------
// After the sale (issue 19): returns with their labels, and refunds. Owned by the orders slice
// like the rest of the order's life; the back office reads them through orders' functions.

/** Why goods come back: a withdrawal (Widerruf) or a warranty / defect claim (Reklamation). */
export type ReturnKind = 'withdrawal' | 'defect'
export const RETURN_KINDS = ['withdrawal', 'defect'] as const satisfies readonly ReturnKind[]

/**
 * Life of a return: announced (label issued, parcel on its way) -> received (staff took the
 * parcel in) -> inspected (every line restocked or written off) -> closed (refunded or settled);
 * announced -> cancelled (the customer or staff called it off before the parcel arrived).
 */
export type ReturnStatus = 'announced' | 'received' | 'inspected' | 'closed' | 'cancelled'
export const RETURN_STATUSES = [
  'announced',
  'received',
  'inspected',
  'closed',
  'cancelled',
] as const satisfies readonly ReturnStatus[]

/** A returned parcel: items and quantities of one order, with its label from the carrier. */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: serial().primaryKey(),
    /** Shown to customer and staff: order number + "-R" + position (B4000001-R1). */
    returnNumber: text().notNull(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    kind: text().$type<ReturnKind>().notNull(),
    /** The declaration a withdrawal return belongs to; null for defect claims. */
    withdrawalId: uuid().references(() => withdrawalDeclarations.id, { onDelete: 'restrict' }),
    /** The defect as the customer described it (Reklamation); null for withdrawals. */
    reason: text(),
    status: text().$type<ReturnStatus>().notNull(),
    /** "account", "guest" or "staff:{id}". */
    createdBy: text().notNull(),
    /** The shipping provider's label id, carrier, tracking number and the label as PDF. */
    carrier: text().notNull(),
    labelId: text().notNull(),
    trackingNumber: text().notNull(),
    labelPdf: bytea().notNull(),
    /** The client's key: the same return sent twice is one return. */
    idempotencyKey: text().notNull(),
    createdAt: at().notNull().defaultNow(),
    receivedAt: at(),
    inspectedAt: at(),
    closedAt: at(),
    cancelledAt: at(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_returns_number_unique').on(t.returnNumber),
    uniqueIndex('order_returns_idempotency_unique').on(t.orderId, t.idempotencyKey),
    index('order_returns_order_idx').on(t.orderId),
    index('order_returns_status_idx').on(t.status, t.createdAt),
    check('order_returns_kind_check', sql`${t.kind} in ('withdrawal','defect')`),
    check(
      'order_returns_status_check',
      sql`${t.status} in ('announced','received','inspected','closed','cancelled')`,
    ),
  ],
)

/** What staff decided for a returned item after inspection. */
export type ReturnLineOutcome = 'restock' | 'write_off'

/** One item of a return: an order line and how many of it; the outcome once inspected. */
export const orderReturnLines = pgTable(
  'order_return_lines',
  {
    id: serial().primaryKey(),
    returnId: integer()
      .notNull()
      .references(() => orderReturns.id, { onDelete: 'cascade' }),
    orderLineId: integer()
      .notNull()
      .references(() => orderLines.id, { onDelete: 'restrict' }),
    quantity: integer().notNull(),
    outcome: text().$type<ReturnLineOutcome>(),
    /** Staff's inspection note (damage, missing parts). */
    note: text(),
  },
  (t) => [
    uniqueIndex('order_return_lines_unique').on(t.returnId, t.orderLineId),
    check('order_return_lines_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'order_return_lines_outcome_check',
      sql`${t.outcome} is null or ${t.outcome} in ('restock','write_off')`,
    ),
  ],
)

/** Why money goes back. */
export type RefundReason = 'cancellation' | 'withdrawal' | 'defect' | 'goodwill'

/**
 * How the money goes back: through the payment provider (card, wallets, Klarna, Apple Pay,
 * financing), by cancelling the invoice claim (Rechnungskauf), or by bank transfer to an IBAN the
 * customer enters (prepayment, cash on delivery, cash pickup).
 */
export type RefundChannel = 'provider' | 'claim' | 'bank_transfer'

/**
 * pending (recorded, provider not yet asked) -> completed | failed; bank transfers wait in
 * awaiting_iban until the customer entered an IBAN, then pending until staff marks them paid.
 */
export type RefundStatus = 'awaiting_iban' | 'pending' | 'completed' | 'failed'
export const REFUND_STATUSES = [
  'awaiting_iban',
  'pending',
  'completed',
  'failed',
] as const satisfies readonly RefundStatus[]

/** How a refund's amount came about: lines, shipping and the shares of coupons and extras. */
export type RefundBreakdown = {
  lines: {
    orderLineId: number
    articleNumber: string
    name: string
    quantity: number
    /** Price paid for these units (unit price × quantity). */
    goodsCents: number
    /** The coupons' share on these units (negative or 0). */
    couponCents: number
    /** The protection package's / declared value's share (positive or 0). */
    extrasCents: number
  }[]
  /** Standard delivery cost refunded (full withdrawal or cancellation). */
  shippingCents: number
  /** Cash on delivery fee refunded. */
  paymentFeeCents: number
  /** A staff amount on top or instead (goodwill, partial credit on a defect). */
  adjustmentCents: number
}

/** Money given back: audited, idempotent per key, visible to the customer. */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    reason: text().$type<RefundReason>().notNull(),
    returnId: integer().references(() => orderReturns.id, { onDelete: 'restrict' }),
    withdrawalId: uuid().references(() => withdrawalDeclarations.id, { onDelete: 'restrict' }),
    /** The cancelled delivery a cancellation refund belongs to. */
    deliveryId: integer().references(() => orderDeliveries.id, { onDelete: 'restrict' }),
    amountCents: integer().notNull(),
    breakdown: jsonb().$type<RefundBreakdown>().notNull(),
    channel: text().$type<RefundChannel>().notNull(),
    status: text().$type<RefundStatus>().notNull(),
    /** Provider refunds: the payment and what the provider answered (refund or void). */
    pspPaymentId: text(),
    pspAction: text().$type<'refund' | 'void' | 'partial_void'>(),
    /** Bank transfers: account holder and IBAN as the customer entered them. */
    accountHolder: text(),
    iban: text(),
    /** Why the provider refused, when failed. */
    failure: text(),
    /** Refund due by (14 days after the withdrawal or cancellation, § 357 (1) BGB). */
    dueAt: at().notNull(),
    /** "account", "guest", "job" or "staff:{id}". */
    createdBy: text().notNull(),
    /** Same key, same refund: a double click or a retry never pays twice. */
    idempotencyKey: text().notNull(),
    createdAt: at().notNull().defaultNow(),
    completedAt: at(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_refunds_idempotency_unique').on(t.orderId, t.idempotencyKey),
    index('order_refunds_order_idx').on(t.orderId, t.createdAt),
    index('order_refunds_status_idx').on(t.status, t.dueAt),
    check('order_refunds_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'order_refunds_reason_check',
      sql`${t.reason} in ('cancellation','withdrawal','defect','goodwill')`,
    ),
    check('order_refunds_channel_check', sql`${t.channel} in ('provider','claim','bank_transfer')`),
    check(
      'order_refunds_status_check',
      sql`${t.status} in ('awaiting_iban','pending','completed','failed')`,
    ),
  ],
)
