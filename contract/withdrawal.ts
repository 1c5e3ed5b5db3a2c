// Contract of the withdrawal function ("Vertrag widerrufen", Art. 11a Consumer Rights Directive
// as amended by Directive (EU) 2023/2673; § 356a BGB), part of the orders slice (issue 19).
// Customers use it from "Bestelldetails"; anyone else identifies an order on the public page
// /widerruf by order number and e-mail and gets a token bound to the browser's session.
// The spec has no calls for it: REST-style paths under /api/.
import { z } from 'zod'
import { c, errorBody, SoftLoginRequiredSchema } from './errors.ts'
import { EmailSchema, int, text } from './fields.ts'
import { m } from './messages.de.ts'
import { OrderStatusSchema } from './orders.ts'

/** Days of the withdrawal period, counted from the day after receipt (§ 355 (2) BGB). */
export const WITHDRAWAL_PERIOD_DAYS = 14
/** How long an identification on the public page holds (minutes). */
export const WITHDRAWAL_GUEST_MINUTES = 30

/** Why a delivery (or the whole order) cannot be withdrawn here. */
export const WithdrawalUnavailableSchema = z.enum([
  'withdrawal_business_customer',
  'withdrawal_period_over',
  'withdrawal_delivery_cancelled',
  'withdrawal_already_declared',
])
export type WithdrawalUnavailable = z.infer<typeof WithdrawalUnavailableSchema>

export const WithdrawalItemSchema = z.object({
  /** The order line (a product line of the delivery). */
  lineId: z.number().int(),
  productName: z.string(),
  articleNumber: z.string(),
  /** Bought. */
  quantity: z.number().int(),
  /** Already covered by earlier declarations. */
  withdrawnQuantity: z.number().int(),
  /** What a new declaration may still cover (0 when the delivery is not withdrawable). */
  withdrawableQuantity: z.number().int(),
})
export type WithdrawalItem = z.infer<typeof WithdrawalItemSchema>

export const WithdrawalDeliverySchema = z.object({
  deliveryNumber: z.string(),
  status: OrderStatusSchema,
  statusLabel: z.string(),
  /** Receipt: the time of the delivered status event (ISO 8601); null while on its way. */
  receivedAt: z.string().nullable(),
  /** End of the period (ISO 8601; end of the 14th day after receipt, Berlin time). */
  withdrawableUntil: z.string().nullable(),
  available: z.boolean(),
  /** Why not, when `available` is false. */
  reason: WithdrawalUnavailableSchema.nullable(),
  items: z.array(WithdrawalItemSchema),
})
export type WithdrawalDelivery = z.infer<typeof WithdrawalDeliverySchema>

export const WithdrawalScopeItemSchema = z.object({
  lineId: z.number().int(),
  deliveryNumber: z.string(),
  articleNumber: z.string(),
  name: z.string(),
  quantity: z.number().int(),
})

/** A stored declaration as its author sees it. */
export const WithdrawalDeclarationSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  name: z.string(),
  email: z.string(),
  wholeOrder: z.boolean(),
  items: z.array(WithdrawalScopeItemSchema),
  /** ISO 8601. */
  declaredAt: z.string(),
})
export type WithdrawalDeclaration = z.infer<typeof WithdrawalDeclarationSchema>

export const WithdrawalOptionsSchema = z.object({
  orderNumber: z.string(),
  /** ISO 8601. */
  datePurchased: z.string(),
  /** At least one delivery can be withdrawn now. */
  available: z.boolean(),
  /** Why nothing can be withdrawn (the first applicable reason); null when available. */
  reason: WithdrawalUnavailableSchema.nullable(),
  /** Prefills of the form: the name on the invoice and the order's e-mail. */
  name: z.string(),
  email: z.string(),
  deliveries: z.array(WithdrawalDeliverySchema),
  declarations: z.array(WithdrawalDeclarationSchema),
})
export type WithdrawalOptions = z.infer<typeof WithdrawalOptionsSchema>

const WithdrawalFormFields = z.object({
  name: text(2, 80),
  email: EmailSchema,
  wholeOrder: z.boolean(),
  items: z
    .array(z.object({ lineId: int(1, 2_147_483_647), quantity: int(0, 100_000) }))
    .max(500, m('invalid')),
})

function someItemChosen(value: z.infer<typeof WithdrawalFormFields>, ctx: z.RefinementCtx) {
  if (!value.wholeOrder && !value.items.some((item) => item.quantity > 0))
    ctx.addIssue({ code: 'custom', message: m('withdrawal_items_required'), path: ['items'] })
}

/**
 * Step 1 of the declaration, the form: who, the acknowledgement's e-mail, the whole order or
 * items with quantities (0 = not chosen). No reason is asked (none is required).
 */
export const WithdrawalFormSchema = WithdrawalFormFields.superRefine(someItemChosen)
export type WithdrawalForm = z.infer<typeof WithdrawalFormSchema>

/** Step 2 sends the form with a key made once per declaration: a double submit is one. */
export const WithdrawalDeclareBodySchema = WithdrawalFormFields.extend({
  idempotencyKey: z
    .string({ required_error: m('required') })
    .trim()
    .min(16, m('invalid'))
    .max(100, m('invalid')),
}).superRefine(someItemChosen)
export type WithdrawalDeclareBody = z.infer<typeof WithdrawalDeclareBodySchema>

export const WithdrawalIdentifyBodySchema = z.object({
  orderNumber: z
    .string({ required_error: m('required') })
    .trim()
    .min(1, m('required'))
    .max(40, m('invalid')),
  email: EmailSchema,
})
export type WithdrawalIdentifyBody = z.infer<typeof WithdrawalIdentifyBodySchema>

const OrderNumberParamSchema = z.object({
  orderNumber: z.string().trim().min(1, m('required')).max(40, m('invalid')),
})
const TokenParamSchema = z.object({
  token: z.string().min(16, m('invalid')).max(100, m('invalid')),
})

const DeclareErrorSchema = z.enum([
  'withdrawal_business_customer',
  'withdrawal_not_available',
  'withdrawal_quantity_exceeded',
  'withdrawal_items_required',
])
const auth = { 401: SoftLoginRequiredSchema } as const
const notFound = errorBody(z.enum(['not_found']))
/** Wrong order number or wrong e-mail: one answer (no enumeration); also an expired token. */
const guestNotFound = errorBody(z.enum(['withdrawal_order_not_found']))

export const withdrawalContract = c.router({
  getOptions: {
    method: 'GET',
    path: '/api/orders/:orderNumber/withdrawal',
    pathParams: OrderNumberParamSchema,
    responses: { 200: WithdrawalOptionsSchema, ...auth, 404: notFound },
    summary:
      'Withdrawal options of an own order: per delivery withdrawable until when, or why not (issue 19)',
  },
  declare: {
    method: 'POST',
    path: '/api/orders/:orderNumber/withdrawal',
    pathParams: OrderNumberParamSchema,
    body: WithdrawalDeclareBodySchema,
    responses: {
      200: z.object({ declaration: WithdrawalDeclarationSchema }),
      ...auth,
      404: notFound,
      422: errorBody(DeclareErrorSchema),
    },
    summary:
      'Declares the withdrawal of an own order (whole or items), stores it unchangeably and mails the acknowledgement; the same idempotency key twice is one declaration (issue 19)',
  },
  identify: {
    method: 'POST',
    path: '/api/withdrawal/identify',
    body: WithdrawalIdentifyBodySchema,
    responses: {
      200: z.object({ token: z.string(), options: WithdrawalOptionsSchema }),
      404: guestNotFound,
    },
    summary:
      'Public page /widerruf: identifies an order by number and e-mail (one neutral 404 for either wrong; rate-limited) and binds a token to the session (issue 19)',
  },
  getGuestOptions: {
    method: 'GET',
    path: '/api/withdrawal/:token',
    pathParams: TokenParamSchema,
    responses: { 200: WithdrawalOptionsSchema, 404: guestNotFound },
    summary: 'Withdrawal options of the order identified in this session (issue 19)',
  },
  declareGuest: {
    method: 'POST',
    path: '/api/withdrawal/:token',
    pathParams: TokenParamSchema,
    body: WithdrawalDeclareBodySchema,
    responses: {
      200: z.object({ declaration: WithdrawalDeclarationSchema }),
      404: guestNotFound,
      422: errorBody(DeclareErrorSchema),
    },
    summary:
      'Declares the withdrawal of the order identified in this session (same rules as declare) (issue 19)',
  },
})
