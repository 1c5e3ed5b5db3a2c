// Contract of the back office's work areas (issue 11): customers, orders, catalog, vouchers and
// the start page's figures. Everything lives under /api/staff/ and declares its roles with
// `staffOnly(...)` (contract/backoffice-access.ts); the staff guard admits exactly those before any handler
// runs. Role rules (docs/decisions.md "Back office"): customer service reads everything but the
// audit log and does the daily work (customers, orders, Campus); prices, stock and the active
// flag of products, and vouchers, are the admins'.
import { z } from 'zod'
import { staffOnly } from './backoffice-access.ts'
import {
  BackofficeCatalogChoicesSchema,
  BackofficeCategoryCreateBodySchema,
  BackofficeCategoryMoveBodySchema,
  BackofficeCategorySchema,
  BackofficeCategoryTextsSchema,
  BackofficeProductCreateBodySchema,
  BackofficeProductDetailSchema,
  BackofficeProductEditBodySchema,
  BackofficeRetireBodySchema,
  checkPrices,
} from './backoffice-products.ts'
import { CampusStatusSchema } from './campus.ts'
import { c, errorBody } from './errors.ts'
import {
  BusinessFormSchema,
  BusinessTypeSchema,
  CompanyNameSchema,
  calendarDay,
  int,
  normalizeVatId,
  textId,
  textInt,
} from './fields.ts'
import { m } from './messages.de.ts'
import { OrderStatusSchema } from './orders.ts'

const Unauthorized = errorBody(z.enum(['staff_unauthorized']))
const NotFound = errorBody(z.enum(['not_found']))
const IdParams = z.object({ id: textId() })
const ProductChanged = errorBody(z.enum(['backoffice_product_changed']))
const ProductTaken = errorBody(z.enum(['backoffice_article_number_taken', 'backoffice_ean_taken']))
const ProductRejected = errorBody(
  z.enum([
    'backoffice_category_invalid',
    'backoffice_manufacturer_invalid',
    'backoffice_attribute_invalid',
    'backoffice_attribute_value_fixed',
  ]),
)

export const BACKOFFICE_PAGE_SIZE = 25
const Page = textInt(1, 1000).default(1)
const Day = calendarDay()

const SERVICE_AND_ADMIN = staffOnly('service', 'admin')
const ADMIN = staffOnly('admin')

function paged<K extends string, T extends z.ZodTypeAny>(key: K, item: T) {
  return z
    .object({ total: z.number().int(), page: z.number().int(), pageSize: z.number().int() })
    .extend({ [key]: z.array(item) } as Record<K, z.ZodArray<T>>)
}

// --- Customers ---------------------------------------------------------------------------------

export const BackofficeCustomerRowSchema = z.object({
  id: z.number().int(),
  customerNumber: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  customerType: z.enum(['private', 'business']),
  companyName: z.string().nullable(),
  isLight: z.boolean(),
  createdAt: z.string(),
})
export type BackofficeCustomerRow = z.infer<typeof BackofficeCustomerRowSchema>

export const BackofficeAddressSchema = z.object({
  id: z.number().int(),
  isBilling: z.boolean(),
  company: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  streetName: z.string(),
  streetNumber: z.string(),
  zipCode: z.string(),
  cityName: z.string(),
  countryName: z.string(),
  type: z.enum(['normal', 'packstation', 'paketshop']),
  postNumber: z.string().nullable(),
})

export const BackofficeOrderRowSchema = z.object({
  orderNumber: z.string(),
  createdAt: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  email: z.string(),
  totalCents: z.number().int(),
  /** The least advanced status of the non-cancelled deliveries (all cancelled: cancelled). */
  status: OrderStatusSchema,
  deliveries: z.number().int(),
  paymentMethod: z.string(),
})
export type BackofficeOrderRow = z.infer<typeof BackofficeOrderRowSchema>

/** What staff see of a customer: never the password hash, never a card. */
export const BackofficeCustomerDetailSchema = BackofficeCustomerRowSchema.extend({
  businessFormId: z.number().int(),
  businessForm: z.string().nullable(),
  businessType: z.enum(['consumer', 'reseller']).nullable(),
  ownerFirstName: z.string().nullable(),
  ownerLastName: z.string().nullable(),
  vatId: z.string().nullable(),
  /** The billing country needs a VAT id (business outside Germany). */
  vatRequired: z.boolean(),
  hasPassword: z.boolean(),
  emailConfirmedAt: z.string().nullable(),
  /** End of a running login block (too many failed logins), or null. */
  loginBlockedUntil: z.string().nullable(),
  campus: z.object({
    status: CampusStatusSchema,
    expiresAt: z.string().nullable(),
    openApplicationId: z.number().int().nullable(),
  }),
  addresses: z.array(BackofficeAddressSchema),
  orders: z.array(BackofficeOrderRowSchema),
})
export type BackofficeCustomerDetail = z.infer<typeof BackofficeCustomerDetailSchema>

/** Company data staff may change (account-area §6 sends customers to customer service). */
export const BackofficeBusinessBodySchema = z.object({
  companyName: CompanyNameSchema,
  businessFormId: BusinessFormSchema,
  businessType: BusinessTypeSchema,
  /** Empty: none (allowed only where the billing country needs none). */
  vatId: z
    .string()
    .trim()
    .max(20, m('max_length', { length: 20 }))
    .refine((value) => value === '' || normalizeVatId(value).length >= 3, m('vat_id_invalid'))
    .default(''),
})
export type BackofficeBusinessBody = z.input<typeof BackofficeBusinessBodySchema>

// --- Orders ------------------------------------------------------------------------------------

export const BackofficeOrderLineSchema = z.object({
  kind: z.enum(['product', 'warranty', 'protection']),
  productId: z.number().int().nullable(),
  articleNumber: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
})

export const BackofficeDeliverySchema = z.object({
  id: z.number().int(),
  deliveryNumber: z.string(),
  status: OrderStatusSchema,
  shippingLabel: z.string(),
  trackingNumber: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  address: z.string(),
  lines: z.array(BackofficeOrderLineSchema),
  /** Where staff may move it next (the lifecycle of docs/decisions.md). */
  nextStatuses: z.array(OrderStatusSchema),
  events: z.array(
    z.object({
      at: z.string(),
      fromStatus: OrderStatusSchema.nullable(),
      toStatus: OrderStatusSchema,
      actor: z.string(),
      note: z.string().nullable(),
    }),
  ),
})

export const BackofficeOrderDetailSchema = BackofficeOrderRowSchema.extend({
  paymentLabel: z.string().nullable(),
  billingAddress: z.string(),
  subtotalCents: z.number().int(),
  shippingCents: z.number().int(),
  couponCents: z.number().int(),
  coupons: z.array(z.object({ code: z.string(), title: z.string(), cents: z.number().int() })),
  /** The answer to the ElektroG take-back question; null: not asked (no large appliance). */
  oldDeviceTakeBack: z.boolean().nullable(),
  deliveryList: z.array(BackofficeDeliverySchema),
})
export type BackofficeOrderDetail = z.infer<typeof BackofficeOrderDetailSchema>

/** Forward moves staff make; cancelling has its own call (stock returns). */
export const BackofficeMoveStatusSchema = z.enum(['processing', 'shipped', 'delivered'])
export const BackofficeStatusBodySchema = z.object({
  status: BackofficeMoveStatusSchema,
  trackingNumber: z
    .string()
    .trim()
    .max(40, m('max_length', { length: 40 }))
    .optional(),
})
export const BackofficeCancelBodySchema = z.object({
  reason: z
    .string()
    .trim()
    .max(300, m('max_length', { length: 300 }))
    .optional(),
})

export const BackofficeOrdersQuerySchema = z.object({
  page: Page,
  status: OrderStatusSchema.optional(),
  /** Placed on or after this day (Europe/Berlin). */
  from: Day.optional(),
  /** Placed on or before this day (Europe/Berlin). */
  to: Day.optional(),
  /** Order number, e-mail or customer name. */
  q: z.string().trim().max(100).optional(),
})

// --- Catalog -----------------------------------------------------------------------------------

export const BackofficeProductSchema = z.object({
  id: z.number().int(),
  articleNumber: z.string(),
  name: z.string(),
  brand: z.string(),
  priceCents: z.number().int(),
  /** The merchant's strike-through: set, a reduction is announced (§ 11 PAngV decides the amount). */
  strikeThroughPriceCents: z.number().int().nullable(),
  /** What the shop shows struck through: the 30-day lowest price (§ 11 PAngV); null: nothing. */
  referencePriceCents: z.number().int().nullable(),
  campusPriceCents: z.number().int().nullable(),
  stock: z.number().int(),
  active: z.boolean(),
  /** Taken out of the assortment (issue 21); retired products are inactive. */
  retired: z.boolean(),
  /** Optimistic concurrency: the version an edit starts from (issue 21). */
  version: z.number().int(),
  url: z.string(),
})
export type BackofficeProduct = z.infer<typeof BackofficeProductSchema>

export const PriceSourceSchema = z.enum(['seed', 'backoffice', 'import', 'migration'])

/** A product's price history of the last 30 days and the reference price read from it. */
export const BackofficeProductPricesSchema = z.object({
  priceCents: z.number().int(),
  referencePriceCents: z.number().int().nullable(),
  /** Oldest first: the step in effect 30 days ago, then every later one. */
  history: z.array(
    z.object({
      priceCents: z.number().int(),
      announced: z.boolean(),
      validFrom: z.string(),
      source: PriceSourceSchema,
    }),
  ),
})
export type BackofficeProductPrices = z.infer<typeof BackofficeProductPricesSchema>

const Cents = int(1, 100_000_000)

export const BackofficeProductBodySchema = z
  .object({
    priceCents: Cents,
    strikeThroughPriceCents: Cents.nullable(),
    campusPriceCents: Cents.nullable(),
    stock: int(0, 1_000_000),
    active: z.boolean(),
    /** The version the change started from (issue 21); stale: 409. Absent: no check. */
    version: int(1, 2_147_483_647).optional(),
  })
  .superRefine(checkPrices)
export type BackofficeProductBody = z.input<typeof BackofficeProductBodySchema>

// --- Vouchers ----------------------------------------------------------------------------------

export const BackofficeVoucherSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  kind: z.enum(['value', 'percent']),
  valueCents: z.number().int().nullable(),
  percent: z.number().int().nullable(),
  minOrderCents: z.number().int(),
  businessOnly: z.boolean(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  usedCount: z.number().int(),
  oncePerCustomer: z.boolean(),
  active: z.boolean(),
  createdBy: z.string(),
  createdAt: z.string(),
  redeemedCents: z.number().int(),
})
export type BackofficeVoucher = z.infer<typeof BackofficeVoucherSchema>

export const BackofficeVoucherDetailSchema = BackofficeVoucherSchema.extend({
  redemptions: z.array(
    z.object({
      at: z.string(),
      orderNumber: z.string(),
      customerId: z.number().int(),
      customerName: z.string(),
      email: z.string(),
      amountCents: z.number().int(),
    }),
  ),
})
export type BackofficeVoucherDetail = z.infer<typeof BackofficeVoucherDetailSchema>

const Count = int(1, 1_000_000)

export const BackofficeVoucherBodySchema = z
  .object({
    code: z
      .string({ required_error: m('required') })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9-]{2,29}$/, m('backoffice_voucher_code_invalid')),
    title: z
      .string({ required_error: m('required') })
      .trim()
      .min(3, m('min_length', { length: 3 }))
      .max(80, m('max_length', { length: 80 })),
    kind: z.enum(['value', 'percent']),
    valueCents: Cents.nullable().default(null),
    percent: int(1, 100).nullable().default(null),
    minOrderCents: int(0, 100_000_000).default(0),
    businessOnly: z.boolean().default(false),
    /** Days (Europe/Berlin): valid from the start of `validFrom` to the end of `validUntil`. */
    validFrom: Day.nullable().default(null),
    validUntil: Day.nullable().default(null),
    maxUses: Count.nullable().default(null),
    oncePerCustomer: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'value' && value.valueCents === null) {
      ctx.addIssue({ code: 'custom', path: ['valueCents'], message: m('required') })
    }
    if (value.kind === 'percent' && value.percent === null) {
      ctx.addIssue({ code: 'custom', path: ['percent'], message: m('required') })
    }
    if (value.validFrom && value.validUntil && value.validUntil < value.validFrom) {
      ctx.addIssue({
        code: 'custom',
        path: ['validUntil'],
        message: m('backoffice_voucher_dates_invalid'),
      })
    }
  })
export type BackofficeVoucherBody = z.input<typeof BackofficeVoucherBodySchema>

// --- Dashboard ---------------------------------------------------------------------------------

export const BackofficeOverviewSchema = z.object({
  /** Europe/Berlin day the figures are for. */
  day: z.string(),
  ordersToday: z.number().int(),
  /** Totals of today's orders, cancelled deliveries' goods taken off. */
  revenueTodayCents: z.number().int(),
  /** Deliveries waiting to be shipped (awaiting payment or processing). */
  openDeliveries: z.number().int(),
  openCampusApplications: z.number().int(),
  oldestOpenCampusApplicationAt: z.string().nullable(),
})
export type BackofficeOverview = z.infer<typeof BackofficeOverviewSchema>

// --- Tracking report ---------------------------------------------------------------------------

export const TrackingReportQuerySchema = z.object({ from: Day.optional(), to: Day.optional() })

export const TrackingReportSchema = z.object({
  /** Europe/Berlin days, both included. */
  from: z.string(),
  to: z.string(),
  /** Events stored (with consent) per day and type; days without events are left out. */
  rows: z.array(z.object({ day: z.string(), eventType: z.string(), count: z.number().int() })),
})
export type TrackingReport = z.infer<typeof TrackingReportSchema>

// --- Mail delivery (issue 16) ------------------------------------------------------------------

export const BackofficeMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  /** What the mail is for: two_fa_code, password_reset, order_confirmation, ... */
  kind: z.string(),
  status: z.enum(['queued', 'sending', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  /** When a queued mail is tried next. */
  nextAttemptAt: z.string().nullable(),
})
export type BackofficeMail = z.infer<typeof BackofficeMailSchema>

export const BackofficeMailsQuerySchema = z.object({
  page: Page,
  /** failed: given up; waiting: not sent yet after a failure or for long. Default: both. */
  status: z.enum(['failed', 'waiting']).optional(),
})

export const BackofficeMailsSchema = paged('mails', BackofficeMailSchema).extend({
  /** Without SMTP the shop keeps mails in the dev mailbox: nothing is delivered. */
  smtpConfigured: z.boolean(),
})
export type BackofficeMails = z.infer<typeof BackofficeMailsSchema>

const ISSUE = 'issue 11 back office'

export const backofficeContract = c.router({
  overview: {
    method: 'GET',
    path: '/api/staff/overview',
    responses: { 200: BackofficeOverviewSchema, 401: Unauthorized },
    metadata: SERVICE_AND_ADMIN,
    summary: `Start page: today's orders and revenue, open deliveries, the Campus queue (${ISSUE})`,
  },

  trackingReport: {
    method: 'GET',
    path: '/api/staff/reports/tracking',
    query: TrackingReportQuerySchema,
    responses: {
      200: TrackingReportSchema,
      401: Unauthorized,
      422: errorBody(z.enum(['backoffice_range_invalid'])),
    },
    metadata: SERVICE_AND_ADMIN,
    summary:
      'Tracking events per type and Berlin day (default: the last 14 days, at most 366) (issue 10)',
  },

  searchCustomers: {
    method: 'GET',
    path: '/api/staff/customers',
    query: z.object({ q: z.string().trim().max(100).default(''), page: Page }),
    responses: { 200: paged('customers', BackofficeCustomerRowSchema), 401: Unauthorized },
    metadata: SERVICE_AND_ADMIN,
    summary: `Customers by name, e-mail or customer number; newest first without a term (${ISSUE})`,
  },
  getCustomer: {
    method: 'GET',
    path: '/api/staff/customers/:id',
    pathParams: IdParams,
    responses: { 200: BackofficeCustomerDetailSchema, 401: Unauthorized, 404: NotFound },
    metadata: SERVICE_AND_ADMIN,
    summary: `A customer with addresses, orders, Campus status and login block (${ISSUE})`,
  },
  changeCustomerBusiness: {
    method: 'POST',
    path: '/api/staff/customers/:id/business',
    pathParams: IdParams,
    body: BackofficeBusinessBodySchema,
    responses: {
      200: BackofficeCustomerDetailSchema,
      401: Unauthorized,
      404: NotFound,
      422: errorBody(
        z.enum(['backoffice_not_business', 'vat_id_invalid', 'backoffice_owner_required']),
      ),
    },
    metadata: SERVICE_AND_ADMIN,
    summary: `Company name (also on the addresses), business form and type, VAT id (${ISSUE})`,
  },
  unblockCustomer: {
    method: 'POST',
    path: '/api/staff/customers/:id/unblock',
    pathParams: IdParams,
    body: c.noBody(),
    responses: {
      200: BackofficeCustomerDetailSchema,
      401: Unauthorized,
      404: NotFound,
      409: errorBody(z.enum(['backoffice_not_blocked'])),
    },
    metadata: SERVICE_AND_ADMIN,
    summary: `Ends the login block of the customer's e-mail address (${ISSUE})`,
  },
  sendCustomerPasswordReset: {
    method: 'POST',
    path: '/api/staff/customers/:id/password-reset',
    pathParams: IdParams,
    body: c.noBody(),
    responses: {
      200: z.object({ successful: z.literal(true), message: z.string() }),
      401: Unauthorized,
      404: NotFound,
      422: errorBody(z.enum(['backoffice_reset_not_possible'])),
      429: errorBody(z.enum(['rate_limited'])),
    },
    metadata: SERVICE_AND_ADMIN,
    summary: `Mails the customer the shop's password-reset link (${ISSUE})`,
  },

  listOrders: {
    method: 'GET',
    path: '/api/staff/orders',
    query: BackofficeOrdersQuerySchema,
    responses: { 200: paged('orders', BackofficeOrderRowSchema), 401: Unauthorized },
    metadata: SERVICE_AND_ADMIN,
    summary: `Orders by status, day range and term, newest first (${ISSUE})`,
  },
  getOrder: {
    method: 'GET',
    path: '/api/staff/orders/:orderNumber',
    pathParams: z.object({ orderNumber: z.string().max(20) }),
    responses: { 200: BackofficeOrderDetailSchema, 401: Unauthorized, 404: NotFound },
    metadata: SERVICE_AND_ADMIN,
    summary: `One order with deliveries, lines and status history (${ISSUE})`,
  },
  moveDelivery: {
    method: 'POST',
    path: '/api/staff/deliveries/:id/status',
    pathParams: IdParams,
    body: BackofficeStatusBodySchema,
    responses: {
      200: BackofficeOrderDetailSchema,
      401: Unauthorized,
      404: NotFound,
      409: errorBody(z.enum(['backoffice_status_not_allowed'])),
    },
    metadata: SERVICE_AND_ADMIN,
    summary: `Moves a delivery forward in its lifecycle; "shipped" mails the customer (${ISSUE})`,
  },
  cancelDelivery: {
    method: 'POST',
    path: '/api/staff/deliveries/:id/cancel',
    pathParams: IdParams,
    body: BackofficeCancelBodySchema,
    responses: {
      200: BackofficeOrderDetailSchema,
      401: Unauthorized,
      404: NotFound,
      409: errorBody(z.enum(['backoffice_cancel_not_allowed'])),
    },
    metadata: SERVICE_AND_ADMIN,
    summary: `Cancels a delivery not yet shipped; its stock returns, the customer is mailed (${ISSUE})`,
  },

  listProducts: {
    method: 'GET',
    path: '/api/staff/products',
    query: z.object({
      q: z.string().trim().max(100).default(''),
      page: Page,
      inactive: z.enum(['1']).optional(),
    }),
    responses: { 200: paged('products', BackofficeProductSchema), 401: Unauthorized },
    metadata: SERVICE_AND_ADMIN,
    summary: `Products by name, brand or article number (${ISSUE})`,
  },
  getProductPrices: {
    method: 'GET',
    path: '/api/staff/products/:id/prices',
    pathParams: IdParams,
    responses: { 200: BackofficeProductPricesSchema, 401: Unauthorized, 404: NotFound },
    metadata: SERVICE_AND_ADMIN,
    summary:
      'Price history of the last 30 days and the 30-day reference price (issue 20, § 11 PAngV)',
  },
  updateProduct: {
    method: 'POST',
    path: '/api/staff/products/:id',
    pathParams: IdParams,
    body: BackofficeProductBodySchema,
    responses: {
      200: BackofficeProductSchema,
      401: Unauthorized,
      404: NotFound,
      409: ProductChanged,
    },
    metadata: ADMIN,
    summary: `Price, strike-through and Campus price, stock, active; the shop shows it at once (${ISSUE})`,
  },
  getCatalogChoices: {
    method: 'GET',
    path: '/api/staff/catalog/choices',
    responses: { 200: BackofficeCatalogChoicesSchema, 401: Unauthorized },
    metadata: SERVICE_AND_ADMIN,
    summary:
      'Leaf categories, manufacturers and filter attributes for the product editor (issue 21)',
  },
  getProduct: {
    method: 'GET',
    path: '/api/staff/products/:id',
    pathParams: IdParams,
    responses: { 200: BackofficeProductDetailSchema, 401: Unauthorized, 404: NotFound },
    metadata: SERVICE_AND_ADMIN,
    summary: 'The whole product with its version, as the editor shows it (issue 21)',
  },
  createProduct: {
    method: 'POST',
    path: '/api/staff/products',
    body: BackofficeProductCreateBodySchema,
    responses: {
      200: BackofficeProductDetailSchema,
      401: Unauthorized,
      409: ProductTaken,
      422: ProductRejected,
    },
    metadata: ADMIN,
    summary:
      'Creates a product; price history written, the shop lists and finds it at once (issue 21)',
  },
  editProduct: {
    method: 'PUT',
    path: '/api/staff/products/:id',
    pathParams: IdParams,
    body: BackofficeProductEditBodySchema,
    responses: {
      200: BackofficeProductDetailSchema,
      401: Unauthorized,
      404: NotFound,
      409: errorBody(
        z.enum([
          'backoffice_product_changed',
          'backoffice_article_number_taken',
          'backoffice_ean_taken',
        ]),
      ),
      422: ProductRejected,
    },
    metadata: ADMIN,
    summary: 'Edits a product from the version it was loaded at; a stale version is 409 (issue 21)',
  },
  retireProduct: {
    method: 'POST',
    path: '/api/staff/products/:id/retire',
    pathParams: IdParams,
    body: BackofficeRetireBodySchema,
    responses: {
      200: BackofficeProductDetailSchema,
      401: Unauthorized,
      404: NotFound,
      409: ProductChanged,
    },
    metadata: ADMIN,
    summary: 'Takes a product out of the assortment; it stays for orders and history (issue 21)',
  },

  listCategories: {
    method: 'GET',
    path: '/api/staff/categories',
    responses: {
      200: z.object({ categories: z.array(BackofficeCategorySchema) }),
      401: Unauthorized,
    },
    metadata: SERVICE_AND_ADMIN,
    summary: 'The category tree in shop order, with product counts (issue 21)',
  },
  createCategory: {
    method: 'POST',
    path: '/api/staff/categories',
    body: BackofficeCategoryCreateBodySchema,
    responses: {
      200: BackofficeCategorySchema,
      401: Unauthorized,
      409: errorBody(z.enum(['backoffice_category_slug_taken'])),
      422: errorBody(
        z.enum(['backoffice_category_has_products', 'backoffice_category_parent_invalid']),
      ),
    },
    metadata: ADMIN,
    summary: 'A new category, last among its siblings; navigation shows it at once (issue 21)',
  },
  renameCategory: {
    method: 'PUT',
    path: '/api/staff/categories/:id',
    pathParams: IdParams,
    body: BackofficeCategoryTextsSchema,
    responses: { 200: BackofficeCategorySchema, 401: Unauthorized, 404: NotFound },
    metadata: ADMIN,
    summary: 'Renames a category and its page text; its address stays (issue 21)',
  },
  moveCategory: {
    method: 'POST',
    path: '/api/staff/categories/:id/move',
    pathParams: IdParams,
    body: BackofficeCategoryMoveBodySchema,
    responses: {
      200: z.object({ categories: z.array(BackofficeCategorySchema) }),
      401: Unauthorized,
      404: NotFound,
    },
    metadata: ADMIN,
    summary: 'Moves a category one place up or down among its siblings (issue 21)',
  },

  listVouchers: {
    method: 'GET',
    path: '/api/staff/vouchers',
    query: z.object({ page: Page }),
    responses: { 200: paged('vouchers', BackofficeVoucherSchema), 401: Unauthorized },
    metadata: SERVICE_AND_ADMIN,
    summary: `Vouchers with their redemption counts, newest first (${ISSUE})`,
  },
  getVoucher: {
    method: 'GET',
    path: '/api/staff/vouchers/:id',
    pathParams: IdParams,
    responses: { 200: BackofficeVoucherDetailSchema, 401: Unauthorized, 404: NotFound },
    metadata: SERVICE_AND_ADMIN,
    summary: `One voucher with its redemptions (${ISSUE})`,
  },
  createVoucher: {
    method: 'POST',
    path: '/api/staff/vouchers',
    body: BackofficeVoucherBodySchema,
    responses: {
      200: BackofficeVoucherDetailSchema,
      401: Unauthorized,
      409: errorBody(z.enum(['backoffice_voucher_code_taken'])),
    },
    metadata: ADMIN,
    summary: `A new voucher code: value or percent, minimum order, validity, usage limits (${ISSUE})`,
  },
  setVoucherActive: {
    method: 'POST',
    path: '/api/staff/vouchers/:id/active',
    pathParams: IdParams,
    body: z.object({ active: z.boolean() }),
    responses: { 200: BackofficeVoucherDetailSchema, 401: Unauthorized, 404: NotFound },
    metadata: ADMIN,
    summary: `Switches a voucher off (or on again) (${ISSUE})`,
  },

  listMails: {
    method: 'GET',
    path: '/api/staff/mails',
    query: BackofficeMailsQuerySchema,
    responses: { 200: BackofficeMailsSchema, 401: Unauthorized },
    metadata: SERVICE_AND_ADMIN,
    summary:
      'Mails with delivery problems (failed, or unsent after a failure or for long), newest first (issue 16)',
  },
  resendMail: {
    method: 'POST',
    path: '/api/staff/mails/:id/resend',
    pathParams: IdParams,
    body: c.noBody(),
    responses: {
      200: BackofficeMailSchema,
      401: Unauthorized,
      404: NotFound,
      409: errorBody(z.enum(['backoffice_mail_not_resendable'])),
    },
    metadata: SERVICE_AND_ADMIN,
    summary: 'Queues a failed or waiting mail again with fresh attempts, audited (issue 16)',
  },
})
