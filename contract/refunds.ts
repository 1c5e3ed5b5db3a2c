// Contract of cancellation and refunds for customers (issue 19), part of the orders slice: a
// customer cancels a delivery not yet shipped in "Bestelldetails", sees the order's refunds and
// enters the IBAN where a refund goes by bank transfer (prepayment, cash on delivery). The same
// calls exist for the order identified on the public page /widerruf (token bound to the session).
// The spec has no calls for it: REST-style paths under /api/.
import { z } from 'zod'
import { c, errorBody, SoftLoginRequiredSchema } from './errors.ts'
import { IbanSchema, text } from './fields.ts'
import { m } from './messages.de.ts'
import { OrderStatusSchema } from './orders.ts'

/** Days within which a refund is due (§ 357 (1) BGB). */
export const REFUND_DUE_DAYS = 14

export const RefundReasonSchema = z.enum(['cancellation', 'withdrawal', 'defect', 'goodwill'])
export const RefundChannelSchema = z.enum(['provider', 'claim', 'bank_transfer'])
export const RefundStatusSchema = z.enum(['awaiting_iban', 'pending', 'completed', 'failed'])
export type RefundStatusWire = z.infer<typeof RefundStatusSchema>

/** The statuses as the customer reads them. */
export const REFUND_STATUS_LABELS: Record<RefundStatusWire, string> = {
  completed: 'erstattet',
  pending: 'in Bearbeitung',
  awaiting_iban: 'IBAN benötigt',
  failed: 'fehlgeschlagen',
}

export const RefundSchema = z.object({
  id: z.string(),
  reason: RefundReasonSchema,
  /** The cancelled delivery of a cancellation refund. */
  deliveryNumber: z.string().nullable(),
  amountCents: z.number().int(),
  channel: RefundChannelSchema,
  status: RefundStatusSchema,
  /** Bank transfers once entered: `DE89 **** **** **** **30 00`. */
  ibanMasked: z.string().nullable(),
  items: z.array(z.object({ name: z.string(), articleNumber: z.string(), quantity: z.number() })),
  shippingCents: z.number().int(),
  /** ISO 8601. */
  dueAt: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
})
export type Refund = z.infer<typeof RefundSchema>

export const RefundsOverviewSchema = z.object({
  orderNumber: z.string(),
  deliveries: z.array(
    z.object({
      deliveryNumber: z.string(),
      status: OrderStatusSchema,
      /** Not yet shipped: the customer may cancel it. */
      cancellable: z.boolean(),
    }),
  ),
  refunds: z.array(RefundSchema),
})
export type RefundsOverview = z.infer<typeof RefundsOverviewSchema>

export const CancelDeliveryBodySchema = z.object({
  idempotencyKey: z
    .string({ required_error: m('required') })
    .trim()
    .min(16, m('invalid'))
    .max(100, m('invalid')),
})
export type CancelDeliveryBody = z.infer<typeof CancelDeliveryBodySchema>

/** Where a bank-transfer refund goes: account holder and IBAN (spaces allowed). */
export const RefundIbanBodySchema = z.object({
  accountHolder: text(2, 70),
  iban: IbanSchema,
})
export type RefundIbanBody = z.input<typeof RefundIbanBodySchema>

const OrderNumberSchema = z.string().trim().min(1, m('required')).max(40, m('invalid'))
const DeliveryNumberSchema = z.string().trim().min(1, m('required')).max(50, m('invalid'))
const RefundIdSchema = z.string().uuid(m('invalid'))
const TokenSchema = z.string().min(16, m('invalid')).max(100, m('invalid'))

const auth = { 401: SoftLoginRequiredSchema } as const
const notFound = errorBody(z.enum(['not_found']))
const guestNotFound = errorBody(z.enum(['withdrawal_order_not_found']))
const cancelRefused = errorBody(z.enum(['refund_cancel_not_allowed']))
const ibanRefused = errorBody(z.enum(['refund_iban_not_needed']))
const refundBody = z.object({ refund: RefundSchema.nullable(), overview: RefundsOverviewSchema })

export const refundsContract = c.router({
  getRefunds: {
    method: 'GET',
    path: '/api/orders/:orderNumber/refunds',
    pathParams: z.object({ orderNumber: OrderNumberSchema }),
    responses: { 200: RefundsOverviewSchema, ...auth, 404: notFound },
    summary: 'Deliveries that can be cancelled and the refunds of an own order (issue 19)',
  },
  cancelDelivery: {
    method: 'POST',
    path: '/api/orders/:orderNumber/deliveries/:deliveryNumber/cancel',
    pathParams: z.object({ orderNumber: OrderNumberSchema, deliveryNumber: DeliveryNumberSchema }),
    body: CancelDeliveryBodySchema,
    responses: { 200: refundBody, ...auth, 404: notFound, 422: cancelRefused },
    summary:
      'Cancels a delivery of an own order not yet shipped (stock back, money back); the same key twice is one cancellation (issue 19)',
  },
  setIban: {
    method: 'POST',
    path: '/api/orders/:orderNumber/refunds/:refundId/iban',
    pathParams: z.object({ orderNumber: OrderNumberSchema, refundId: RefundIdSchema }),
    body: RefundIbanBodySchema,
    responses: { 200: refundBody, ...auth, 404: notFound, 422: ibanRefused },
    summary: 'The bank account a bank-transfer refund of an own order goes to (issue 19)',
  },
  getGuestRefunds: {
    method: 'GET',
    path: '/api/withdrawal/:token/refunds',
    pathParams: z.object({ token: TokenSchema }),
    responses: { 200: RefundsOverviewSchema, 404: guestNotFound },
    summary: 'Refunds of the order identified on /widerruf in this session (issue 19)',
  },
  cancelGuestDelivery: {
    method: 'POST',
    path: '/api/withdrawal/:token/deliveries/:deliveryNumber/cancel',
    pathParams: z.object({ token: TokenSchema, deliveryNumber: DeliveryNumberSchema }),
    body: CancelDeliveryBodySchema,
    responses: { 200: refundBody, 404: guestNotFound, 422: cancelRefused },
    summary: 'Cancels a delivery of the order identified on /widerruf (issue 19)',
  },
  setGuestIban: {
    method: 'POST',
    path: '/api/withdrawal/:token/refunds/:refundId/iban',
    pathParams: z.object({ token: TokenSchema, refundId: RefundIdSchema }),
    body: RefundIbanBodySchema,
    responses: { 200: refundBody, 404: guestNotFound, 422: ibanRefused },
    summary: 'The IBAN for a refund of the order identified on /widerruf (issue 19)',
  },
})
