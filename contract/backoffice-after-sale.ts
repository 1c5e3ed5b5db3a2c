// Contract of the back office's after-sale work (issue 19): the queue of withdrawals, returns and
// refunds with their deadlines, one order's after-sale page, and the staff steps (receive a
// parcel, inspect it, refund, mark a bank transfer paid, retry a failed refund). Customer service
// and admins do this daily work; every change writes the audit log. The order's life behind it
// is the orders slice's (server/orders: returns.ts, refunds.ts).
import { z } from 'zod'
import { staffOnly } from './backoffice-access.ts'
import { c, errorBody } from './errors.ts'
import { int, textId, textInt } from './fields.ts'
import { m } from './messages.de.ts'

const SERVICE_AND_ADMIN = staffOnly('service', 'admin')
const Unauthorized = errorBody(z.enum(['staff_unauthorized']))
const NotFound = errorBody(z.enum(['not_found']))

export const AFTER_SALE_PAGE_SIZE = 25

/** Tabs of the queue: work to do (oldest deadline first), overdue only, settled. */
export const AfterSaleViewSchema = z.enum(['open', 'overdue', 'done'])
export type AfterSaleView = z.infer<typeof AfterSaleViewSchema>

/** What the order needs next, decided by the server from its returns and refunds. */
export const AfterSaleStepSchema = z.enum([
  'retry_refund',
  'transfer',
  'inspect',
  'refund',
  'receive',
  'await_return',
  'await_iban',
  'none',
])
export type AfterSaleStep = z.infer<typeof AfterSaleStepSchema>

export const AFTER_SALE_STEP_LABELS: Record<AfterSaleStep, string> = {
  retry_refund: 'Erstattung fehlgeschlagen',
  transfer: 'Überweisung ausführen',
  inspect: 'Ware prüfen',
  refund: 'Erstatten',
  receive: 'Paket erwartet',
  await_return: 'Widerruf ohne Rücksendung',
  await_iban: 'IBAN vom Kunden ausstehend',
  none: 'Erledigt',
}

export const ReturnKindSchema = z.enum(['withdrawal', 'defect'])
export const RETURN_KIND_LABELS: Record<z.infer<typeof ReturnKindSchema>, string> = {
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
export const RETURN_STATUS_LABELS: Record<z.infer<typeof ReturnStatusSchema>, string> = {
  announced: 'Angemeldet',
  received: 'Eingegangen',
  inspected: 'Geprüft',
  closed: 'Abgeschlossen',
  cancelled: 'Storniert',
}
export const RefundReasonSchema = z.enum(['cancellation', 'withdrawal', 'defect', 'goodwill'])
export type RefundReason = z.infer<typeof RefundReasonSchema>
export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  cancellation: 'Stornierung',
  withdrawal: 'Widerruf',
  defect: 'Reklamation',
  goodwill: 'Kulanz',
}
export const RefundStatusSchema = z.enum(['awaiting_iban', 'pending', 'completed', 'failed'])
export const REFUND_STATUS_LABELS: Record<z.infer<typeof RefundStatusSchema>, string> = {
  awaiting_iban: 'IBAN ausstehend',
  pending: 'In Bearbeitung',
  completed: 'Erstattet',
  failed: 'Fehlgeschlagen',
}
export const RefundChannelSchema = z.enum(['provider', 'claim', 'bank_transfer'])
export const REFUND_CHANNEL_LABELS: Record<z.infer<typeof RefundChannelSchema>, string> = {
  provider: 'Über den Zahlungsdienst',
  claim: 'Rechnungsforderung gemindert',
  bank_transfer: 'Überweisung auf IBAN',
}

export const AfterSaleRowSchema = z.object({
  orderNumber: z.string(),
  customerName: z.string(),
  email: z.string(),
  /** When the first still open matter arrived (declaration, return or refund); ISO 8601. */
  openedAt: z.string(),
  /** The nearest deadline of an open matter (refund due: 14 days); null when none runs. */
  dueAt: z.string().nullable(),
  overdue: z.boolean(),
  withdrawals: z.number().int(),
  returns: z.number().int(),
  refundedCents: z.number().int(),
  nextStep: AfterSaleStepSchema,
})
export type AfterSaleRow = z.infer<typeof AfterSaleRowSchema>

export const AfterSaleQueueSchema = z.object({
  rows: z.array(AfterSaleRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Counts for the tabs. */
  openCount: z.number().int(),
  overdueCount: z.number().int(),
})
export type AfterSaleQueue = z.infer<typeof AfterSaleQueueSchema>

export const AfterSaleLineSchema = z.object({
  orderLineId: z.number().int(),
  deliveryNumber: z.string(),
  deliveryStatus: z.string(),
  kind: z.enum(['product', 'warranty', 'protection']),
  articleNumber: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  /** Units already covered by refunds that did not fail. */
  refundedQuantity: z.number().int(),
})
export type AfterSaleLine = z.infer<typeof AfterSaleLineSchema>

export const AfterSaleWithdrawalSchema = z.object({
  id: z.string(),
  declaredAt: z.string(),
  channel: z.enum(['account', 'guest']),
  name: z.string(),
  email: z.string(),
  wholeOrder: z.boolean(),
  items: z.array(
    z.object({
      lineId: z.number().int(),
      deliveryNumber: z.string(),
      articleNumber: z.string(),
      name: z.string(),
      quantity: z.number().int(),
    }),
  ),
  /** The refund is due by then (14 days after the declaration, § 357 (1) BGB). */
  refundDueAt: z.string(),
  /** A refund refers to this declaration. */
  refunded: z.boolean(),
})

export const AfterSaleReturnSchema = z.object({
  id: z.number().int(),
  returnNumber: z.string(),
  kind: ReturnKindSchema,
  withdrawalId: z.string().nullable(),
  reason: z.string().nullable(),
  status: ReturnStatusSchema,
  carrier: z.string(),
  trackingNumber: z.string(),
  createdAt: z.string(),
  receivedAt: z.string().nullable(),
  inspectedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  lines: z.array(
    z.object({
      orderLineId: z.number().int(),
      articleNumber: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      unitPriceCents: z.number().int(),
      outcome: z.enum(['restock', 'write_off']).nullable(),
      note: z.string().nullable(),
    }),
  ),
})
export type AfterSaleReturn = z.infer<typeof AfterSaleReturnSchema>

export const RefundBreakdownSchema = z.object({
  lines: z.array(
    z.object({
      orderLineId: z.number().int(),
      articleNumber: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      goodsCents: z.number().int(),
      couponCents: z.number().int(),
      extrasCents: z.number().int(),
    }),
  ),
  shippingCents: z.number().int(),
  paymentFeeCents: z.number().int(),
  adjustmentCents: z.number().int(),
})
export type RefundBreakdownWire = z.infer<typeof RefundBreakdownSchema>

export const AfterSaleRefundSchema = z.object({
  id: z.string(),
  reason: RefundReasonSchema,
  returnId: z.number().int().nullable(),
  withdrawalId: z.string().nullable(),
  amountCents: z.number().int(),
  breakdown: RefundBreakdownSchema,
  channel: RefundChannelSchema,
  status: RefundStatusSchema,
  /** IBAN with all but the last four characters masked; null until entered. */
  ibanMasked: z.string().nullable(),
  accountHolder: z.string().nullable(),
  failure: z.string().nullable(),
  dueAt: z.string(),
  overdue: z.boolean(),
  createdBy: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
})
export type AfterSaleRefund = z.infer<typeof AfterSaleRefundSchema>

export const AfterSaleDetailSchema = z.object({
  orderNumber: z.string(),
  createdAt: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  email: z.string(),
  customerType: z.enum(['private', 'business']),
  paymentMethod: z.string(),
  paymentLabel: z.string().nullable(),
  totalCents: z.number().int(),
  refundedCents: z.number().int(),
  nextStep: AfterSaleStepSchema,
  lines: z.array(AfterSaleLineSchema),
  withdrawals: z.array(AfterSaleWithdrawalSchema),
  returns: z.array(AfterSaleReturnSchema),
  refunds: z.array(AfterSaleRefundSchema),
})
export type AfterSaleDetail = z.infer<typeof AfterSaleDetailSchema>

export const InspectReturnBodySchema = z.object({
  lines: z
    .array(
      z.object({
        orderLineId: int(1, 2_147_483_647),
        outcome: z.enum(['restock', 'write_off'], { message: m('after_sale_outcome_required') }),
        note: z
          .string()
          .trim()
          .max(500, m('max_length', { length: 500 }))
          .optional(),
      }),
    )
    .min(1, m('return_lines_invalid')),
})
export type InspectReturnBody = z.infer<typeof InspectReturnBodySchema>

const StaffRefundFields = z.object({
  reason: RefundReasonSchema,
  returnId: int(1, 2_147_483_647).nullable().default(null),
  withdrawalId: z.string().uuid(m('invalid')).nullable().default(null),
  lines: z.array(z.object({ orderLineId: int(1, 2_147_483_647), quantity: int(0, 100_000) })),
  /** Cents on top of the lines (goodwill, partial credit on a defect). */
  adjustmentCents: int(0, 100_000_000).default(0),
})

function somethingToRefund(value: z.infer<typeof StaffRefundFields>, ctx: z.RefinementCtx) {
  if (!value.lines.some((line) => line.quantity > 0) && value.adjustmentCents === 0)
    ctx.addIssue({ code: 'custom', message: m('after_sale_refund_empty'), path: ['lines'] })
}

/** The refund staff asks for: lines and quantities, or an amount alone (goodwill). */
export const StaffRefundFormSchema = StaffRefundFields.superRefine(somethingToRefund)
export type StaffRefundForm = z.input<typeof StaffRefundFormSchema>

/** The form with a key made once per refund: a double click is one refund. */
export const StaffRefundBodySchema = StaffRefundFields.extend({
  idempotencyKey: z.string().trim().min(16, m('invalid')).max(100, m('invalid')),
}).superRefine(somethingToRefund)

export const RefundProposalSchema = z.object({
  amountCents: z.number().int(),
  breakdown: RefundBreakdownSchema,
  channel: RefundChannelSchema,
  dueAt: z.string(),
})
export type RefundProposal = z.infer<typeof RefundProposalSchema>

const OrderNumberParams = z.object({ orderNumber: z.string().trim().min(1).max(40) })
const ReturnParams = z.object({ id: textId() })
const RefundParams = z.object({ id: z.string().uuid(m('invalid')) })

const ReturnStatusError = errorBody(z.enum(['return_status_not_allowed']))
const ReturnLinesError = errorBody(z.enum(['return_lines_invalid']))
const RefundRefused = errorBody(
  z.enum([
    'refund_line_invalid',
    'refund_quantity_exceeded',
    'refund_exceeds_paid',
    'refund_amount_invalid',
    'refund_nothing_paid',
  ]),
)
const RefundStatusError = errorBody(z.enum(['refund_status_not_allowed']))

export const backofficeAfterSaleContract = c.router(
  {
    queue: {
      method: 'GET',
      path: '/api/staff/after-sale',
      query: z.object({
        view: AfterSaleViewSchema.default('open'),
        page: textInt(1, 1000).default(1),
      }),
      responses: { 200: AfterSaleQueueSchema, 401: Unauthorized },
      summary:
        'Orders with withdrawals, returns or refunds: open (nearest deadline first), overdue, or settled',
    },
    detail: {
      method: 'GET',
      path: '/api/staff/after-sale/:orderNumber',
      pathParams: OrderNumberParams,
      responses: { 200: AfterSaleDetailSchema, 401: Unauthorized, 404: NotFound },
      summary: "One order's declarations, returns and refunds with its lines",
    },
    receiveReturn: {
      method: 'POST',
      path: '/api/staff/after-sale/returns/:id/receive',
      pathParams: ReturnParams,
      body: c.noBody(),
      responses: {
        200: AfterSaleDetailSchema,
        401: Unauthorized,
        404: NotFound,
        409: ReturnStatusError,
      },
      summary: 'The parcel of a return arrived',
    },
    inspectReturn: {
      method: 'POST',
      path: '/api/staff/after-sale/returns/:id/inspect',
      pathParams: ReturnParams,
      body: InspectReturnBodySchema,
      responses: {
        200: AfterSaleDetailSchema,
        401: Unauthorized,
        404: NotFound,
        409: ReturnStatusError,
        422: ReturnLinesError,
      },
      summary: 'Each returned item restocked or written off',
    },
    proposeRefund: {
      method: 'POST',
      path: '/api/staff/after-sale/:orderNumber/refund-proposal',
      pathParams: OrderNumberParams,
      body: StaffRefundFormSchema,
      responses: {
        200: RefundProposalSchema,
        401: Unauthorized,
        404: NotFound,
        422: RefundRefused,
      },
      summary: 'What a refund of these lines would pay back and how (nothing is written)',
    },
    refund: {
      method: 'POST',
      path: '/api/staff/after-sale/:orderNumber/refunds',
      pathParams: OrderNumberParams,
      body: StaffRefundBodySchema,
      responses: {
        200: AfterSaleDetailSchema,
        401: Unauthorized,
        404: NotFound,
        422: RefundRefused,
      },
      summary: 'Records the refund and pays it back (same key: the same refund)',
    },
    markRefundPaid: {
      method: 'POST',
      path: '/api/staff/after-sale/refunds/:id/paid',
      pathParams: RefundParams,
      body: c.noBody(),
      responses: {
        200: AfterSaleDetailSchema,
        401: Unauthorized,
        404: NotFound,
        409: RefundStatusError,
      },
      summary:
        'The bank transfer of a refund was made, or a failed refund was settled outside the shop',
    },
    retryRefund: {
      method: 'POST',
      path: '/api/staff/after-sale/refunds/:id/retry',
      pathParams: RefundParams,
      body: c.noBody(),
      responses: {
        200: AfterSaleDetailSchema,
        401: Unauthorized,
        404: NotFound,
        409: RefundStatusError,
      },
      summary: 'Asks the payment provider again for a failed refund',
    },
  },
  { metadata: SERVICE_AND_ADMIN },
)
