// Contract of returns (issue 19), part of the orders slice: a customer sends goods back after a
// withdrawal (Widerruf) or as a warranty claim (Reklamation), chooses items and quantities and
// gets a prepaid return label as PDF from the shipping provider. Customers use it from
// "Bestelldetails"; anyone else after identifying the order on /widerruf (the withdrawal
// token bound to the session). The spec has no calls for it: REST-style paths under /api/.
import { z } from 'zod'
import { c, errorBody, SoftLoginRequiredSchema } from './errors.ts'
import { int, text } from './fields.ts'
import { m } from './messages.de.ts'

/** Years of the statutory warranty from receipt (§ 438 (1) Nr. 3 BGB): the Reklamation period. */
export const WARRANTY_YEARS = 2

export const ReturnKindSchema = z.enum(['withdrawal', 'defect'], {
  required_error: m('required'),
  invalid_type_error: m('invalid'),
})
export type ReturnKind = z.infer<typeof ReturnKindSchema>
export const RETURN_KIND_LABELS: Record<ReturnKind, string> = {
  withdrawal: 'Widerruf',
  defect: 'Reklamation',
}

export const ReturnStatusSchema = z.enum([
  'announced',
  'received',
  'inspected',
  'closed',
  'cancelled',
])
export type ReturnStatus = z.infer<typeof ReturnStatusSchema>
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  announced: 'angemeldet',
  received: 'eingegangen',
  inspected: 'geprüft',
  closed: 'abgeschlossen',
  cancelled: 'storniert',
}

/** One product line of the order and what can still go back, per kind. */
export const ReturnOptionItemSchema = z.object({
  orderLineId: z.number().int(),
  deliveryNumber: z.string(),
  productName: z.string(),
  articleNumber: z.string(),
  /** Bought. */
  quantity: z.number().int(),
  /** Already in a return that is not cancelled. */
  returnedQuantity: z.number().int(),
  /** Units covered by a withdrawal declaration and not yet in a return. */
  withdrawalQuantity: z.number().int(),
  /** Units delivered, within the warranty period and not yet in a return. */
  defectQuantity: z.number().int(),
  /** End of the warranty period (ISO 8601); null while not delivered. */
  defectUntil: z.string().nullable(),
})
export type ReturnOptionItem = z.infer<typeof ReturnOptionItemSchema>

/** A return as the customer sees it. */
export const ReturnSchema = z.object({
  returnNumber: z.string(),
  kind: ReturnKindSchema,
  kindLabel: z.string(),
  status: ReturnStatusSchema,
  statusLabel: z.string(),
  reason: z.string().nullable(),
  carrier: z.string(),
  trackingNumber: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** The time of the current status (ISO 8601). */
  statusAt: z.string(),
  items: z.array(
    z.object({
      orderLineId: z.number().int(),
      productName: z.string(),
      articleNumber: z.string(),
      quantity: z.number().int(),
    }),
  ),
})
export type OrderReturn = z.infer<typeof ReturnSchema>

export const ReturnOptionsSchema = z.object({
  orderNumber: z.string(),
  /** Some unit can go back as a withdrawal return / as a Reklamation now. */
  withdrawalAvailable: z.boolean(),
  defectAvailable: z.boolean(),
  items: z.array(ReturnOptionItemSchema),
  returns: z.array(ReturnSchema),
})
export type ReturnOptions = z.infer<typeof ReturnOptionsSchema>

const ReturnFormFields = z.object({
  kind: ReturnKindSchema,
  lines: z
    .array(z.object({ orderLineId: int(1, 2_147_483_647), quantity: int(0, 100_000) }))
    .max(500, m('invalid')),
  /** The defect as the customer describes it; required for a Reklamation, else ignored. */
  reason: text(10, 1000, { required: false }).optional(),
})

function returnRules(value: z.infer<typeof ReturnFormFields>, ctx: z.RefinementCtx) {
  if (!value.lines.some((line) => line.quantity > 0))
    ctx.addIssue({ code: 'custom', message: m('return_items_required'), path: ['lines'] })
  if (value.kind === 'defect' && !value.reason)
    ctx.addIssue({ code: 'custom', message: m('return_reason_required'), path: ['reason'] })
}

/** The form: kind, items with quantities (0 = not chosen), the defect's description. */
export const ReturnFormSchema = ReturnFormFields.superRefine(returnRules)
export type ReturnForm = z.infer<typeof ReturnFormSchema>

/** The form plus a key made once per submit: a double submit is one return, one label. */
export const ReturnCreateBodySchema = ReturnFormFields.extend({
  idempotencyKey: z
    .string({ required_error: m('required') })
    .trim()
    .min(16, m('invalid'))
    .max(100, m('invalid')),
}).superRefine(returnRules)
export type ReturnCreateBody = z.infer<typeof ReturnCreateBodySchema>

const OrderNumberParamSchema = z.object({
  orderNumber: z.string().trim().min(1, m('required')).max(40, m('invalid')),
})
const ReturnNumberParamSchema = z.object({
  returnNumber: z.string().trim().min(1, m('required')).max(60, m('invalid')),
})
const TokenParamSchema = z.object({
  token: z.string().min(16, m('invalid')).max(100, m('invalid')),
})

const CreateErrorSchema = z.enum([
  'return_items_required',
  'return_not_available',
  'return_quantity_exceeded',
  'return_label_failed',
])
const auth = { 401: SoftLoginRequiredSchema } as const
const notFound = errorBody(z.enum(['not_found']))
/** The withdrawal page's identification expired or never happened (one answer). */
const guestNotFound = errorBody(z.enum(['withdrawal_order_not_found']))
const guestOrReturnNotFound = errorBody(z.enum(['withdrawal_order_not_found', 'not_found']))
const pdf = c.otherResponse({ contentType: 'application/pdf', body: c.type<Uint8Array>() })

export const returnsContract = c.router({
  getReturns: {
    method: 'GET',
    path: '/api/orders/:orderNumber/returns',
    pathParams: OrderNumberParamSchema,
    responses: { 200: ReturnOptionsSchema, ...auth, 404: notFound },
    summary:
      'Returns of an own order with their status, and what can still go back per line and kind (issue 19)',
  },
  createReturn: {
    method: 'POST',
    path: '/api/orders/:orderNumber/returns',
    pathParams: OrderNumberParamSchema,
    body: ReturnCreateBodySchema,
    responses: {
      200: z.object({ return: ReturnSchema }),
      ...auth,
      404: notFound,
      422: errorBody(CreateErrorSchema),
    },
    summary:
      'Registers a return of an own order (withdrawal or Reklamation) with a label from the shipping provider; the same idempotency key twice is one return (issue 19)',
  },
  getLabel: {
    method: 'GET',
    path: '/api/orders/:orderNumber/returns/:returnNumber/label',
    pathParams: OrderNumberParamSchema.merge(ReturnNumberParamSchema),
    responses: { 200: pdf, ...auth, 404: notFound },
    summary: 'The return label (PDF, download "Retourenschein-<returnNumber>.pdf") (issue 19)',
  },
  getGuestReturns: {
    method: 'GET',
    path: '/api/withdrawal/:token/returns',
    pathParams: TokenParamSchema,
    responses: { 200: ReturnOptionsSchema, 404: guestNotFound },
    summary: 'Returns of the order identified on /widerruf in this session (issue 19)',
  },
  createGuestReturn: {
    method: 'POST',
    path: '/api/withdrawal/:token/returns',
    pathParams: TokenParamSchema,
    body: ReturnCreateBodySchema,
    responses: {
      200: z.object({ return: ReturnSchema }),
      404: guestNotFound,
      422: errorBody(CreateErrorSchema),
    },
    summary:
      'Registers a return of the order identified on /widerruf (same rules as createReturn) (issue 19)',
  },
  getGuestLabel: {
    method: 'GET',
    path: '/api/withdrawal/:token/returns/:returnNumber/label',
    pathParams: TokenParamSchema.merge(ReturnNumberParamSchema),
    responses: { 200: pdf, 404: guestOrReturnNotFound },
    summary: 'The return label (PDF) of the order identified on /widerruf (issue 19)',
  },
})
