// The refund engine (issue 19; docs/decisions.md "Refunds and cancellation"): money goes back as
// a recorded row (amount and breakdown fixed at recording, under the order row's lock), then
// through the payment port after the commit (no provider call inside a transaction), by
// reducing the invoice claim, or by bank transfer to the IBAN the customer enters.
// Also the capture at shipping: the provider's authorization is taken when the first delivery
// leaves, minus what refunds took off it before.
import { randomUUID } from 'node:crypto'
import { refundMailsDe } from '#contract/mails.de.ts'
import { formatEuro } from '#contract/money.ts'
import { REFUND_DUE_DAYS } from '#contract/refunds.ts'
import { fillText } from '#contract/text.ts'
import type { Db, DbOrTx, Tx } from '#db/client.ts'
import type {
  OrderPaymentMethod,
  RefundBreakdown,
  RefundChannel,
  RefundReason,
} from '#db/schema/orders.ts'
import type { AppContext } from '#server/platform/http.ts'
import { enqueueMail } from '#server/platform/mail/outbox.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import { issueRefundCreditNotes } from './invoicing.ts'
import { orderUrl, sendCreditNoteMail } from './mails.ts'
import { computeRefund } from './refund-amounts.ts'
import * as repo from './refunds-repo.ts'
import { lockOrder } from './withdrawal-repo.ts'

export type { RefundReason }

export type RefundRequest = {
  orderId: number
  reason: RefundReason
  returnId?: number | undefined
  withdrawalId?: string | undefined
  deliveryId?: number | undefined
  lines: { orderLineId: number; quantity: number }[]
  adjustmentCents?: number | undefined
  actor: string
  idempotencyKey: string
}

export type RefundError =
  | 'not_found'
  | 'refund_line_invalid'
  | 'refund_quantity_exceeded'
  | 'refund_exceeds_paid'
  | 'refund_amount_invalid'
  | 'refund_nothing_paid'

export type RefundView = {
  id: string
  orderId: number
  reason: RefundReason
  returnId: number | null
  withdrawalId: string | null
  deliveryId: number | null
  deliveryNumber: string | null
  amountCents: number
  breakdown: RefundBreakdown
  channel: RefundChannel
  status: repo.RefundRow['status']
  pspPaymentId: string | null
  pspAction: repo.RefundRow['pspAction']
  ibanMasked: string | null
  /** The account holder the customer entered for a bank transfer. */
  accountHolder: string | null
  failure: string | null
  /** "account", "guest", "job" or "staff:{id}". */
  createdBy: string
  dueAt: Date
  createdAt: Date
  completedAt: Date | null
}

const DAY_MS = 24 * 60 * 60 * 1000

/** How a payment method's money goes back. */
export function refundChannelOf(method: OrderPaymentMethod): RefundChannel {
  if (method === 'invoice') return 'claim'
  if (method === 'banktransfer' || method === 'cashondelivery' || method === 'cashpickup')
    return 'bank_transfer'
  return 'provider'
}

/** `DE89370400440532013000` → `DE89 **** **** **** **30 00`: country, check digits, last four. */
export function maskIban(iban: string): string {
  const masked = iban.slice(0, 4) + '*'.repeat(Math.max(0, iban.length - 8)) + iban.slice(-4)
  return masked.replace(/(.{4})(?=.)/g, '$1 ')
}

function viewOf(row: repo.RefundRowWithDelivery): RefundView {
  return {
    id: row.id,
    orderId: row.orderId,
    reason: row.reason,
    returnId: row.returnId,
    withdrawalId: row.withdrawalId,
    deliveryId: row.deliveryId,
    deliveryNumber: row.deliveryNumber,
    amountCents: row.amountCents,
    breakdown: row.breakdown,
    channel: row.channel,
    status: row.status,
    pspPaymentId: row.pspPaymentId,
    pspAction: row.pspAction,
    ibanMasked: row.iban ? maskIban(row.iban) : null,
    accountHolder: row.accountHolder,
    failure: row.failure,
    createdBy: row.createdBy,
    dueAt: row.dueAt,
    createdAt: row.createdAt,
    completedAt: row.completedAt,
  }
}

type Computed = {
  order: NonNullable<Awaited<ReturnType<typeof repo.findOrder>>>
  amountCents: number
  breakdown: RefundBreakdown
  channel: RefundChannel
  dueAt: Date
}

/** Computes a refund against the order as it is in `db` (locked by the caller when recording). */
async function compute(
  db: DbOrTx,
  now: Date,
  req: RefundRequest,
): Promise<Result<Computed, RefundError>> {
  const order = await repo.findOrder(db, req.orderId)
  if (!order) return err('not_found')
  const channel = refundChannelOf(order.paymentMethod)
  const [lines, deliveries, prior, facts] = await Promise.all([
    repo.linesOf(db, order.id),
    repo.deliveriesOf(db, order.id),
    repo.refundsOf(db, order.id),
    repo.paymentFacts(db, order.id),
  ])
  // Prepayment never booked, cash on delivery never handed over: nothing to give back.
  if (channel === 'bank_transfer') {
    const paid = order.paymentMethod === 'cashondelivery' ? facts.delivered : facts.prepaid
    if (!paid) return err('refund_nothing_paid')
  }
  const delivery = req.deliveryId ? deliveries.find((d) => d.id === req.deliveryId) : undefined
  if (req.deliveryId && !delivery) return err('not_found')
  const computed = computeRefund(order, lines, prior, {
    lines: req.lines,
    adjustmentCents: req.adjustmentCents,
    deliveryShippingCents: req.reason === 'cancellation' ? delivery?.shippingCents : undefined,
  })
  if (!computed.ok) return computed
  if (computed.value.amountCents <= 0) return err('refund_amount_invalid')
  const declaredAt = req.withdrawalId ? await repo.declaredAtOf(db, req.withdrawalId) : null
  if (req.withdrawalId && !declaredAt) return err('not_found')
  return ok({
    order,
    ...computed.value,
    channel,
    dueAt: new Date((declaredAt ?? now).getTime() + REFUND_DUE_DAYS * DAY_MS),
  })
}

/** What a refund would give back, where to and by when; writes nothing. */
export async function proposeRefund(
  db: DbOrTx,
  req: RefundRequest,
  now: Date = new Date(),
): Promise<
  Result<
    { amountCents: number; breakdown: RefundBreakdown; channel: RefundChannel; dueAt: Date },
    RefundError
  >
> {
  const computed = await compute(db, now, req)
  if (!computed.ok) return computed
  const { amountCents, breakdown, channel, dueAt } = computed.value
  return ok({ amountCents, breakdown, channel, dueAt })
}

const berlinDate = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/Berlin',
})

async function mailRefund(
  db: DbOrTx,
  ctx: AppContext,
  kind: 'completed' | 'ibanNeeded',
  view: RefundView,
) {
  const order = await repo.findOrder(db, view.orderId)
  if (!order) return
  const firstName = await repo.firstNameOf(db, order.customerId)
  const texts = refundMailsDe[kind]
  const params = { orderNumber: order.orderNumber, amount: formatEuro(view.amountCents) }
  const greeting = firstName ? fillText(texts.greeting, { firstName }) : texts.greetingAnonymous
  const action = { label: texts.action, url: orderUrl(ctx, order.orderNumber) }
  if (kind === 'ibanNeeded') {
    const t = refundMailsDe.ibanNeeded
    await enqueueMail(db, {
      to: order.email,
      kind: 'refund_iban_needed',
      subject: fillText(t.subject, params),
      greeting,
      paragraphs: [
        fillText(t.intro, params),
        fillText(t.next, { dueDate: berlinDate.format(view.dueAt) }),
      ],
      action,
    })
    return
  }
  const t = refundMailsDe.completed
  const how =
    view.channel === 'provider'
      ? t.provider
      : view.channel === 'claim'
        ? t.claim
        : fillText(t.bankTransfer, { iban: view.ibanMasked ?? '' })
  await enqueueMail(db, {
    to: order.email,
    kind: 'refund_completed',
    subject: fillText(t.subject, params),
    greeting,
    paragraphs: [fillText(t.intro, params), how],
    action,
  })
}

/**
 * Records a refund in the caller's transaction, under the order row's lock: the same key gives
 * the same row back; the lines' refunded quantities and the refunds' total never exceed what was
 * bought and paid. Invoice claims are reduced at once (completed); bank transfers wait for the
 * IBAN; provider refunds wait for executeRefund after the commit.
 */
export async function recordRefund(
  tx: Tx,
  ctx: AppContext,
  req: RefundRequest,
): Promise<Result<RefundView, RefundError>> {
  const locked = await lockOrder(tx, req.orderId)
  if (!locked) return err('not_found')
  const replay = await repo.findRefundByKey(tx, req.orderId, req.idempotencyKey)
  if (replay) return ok(viewOf(replay))
  const now = ctx.clock.now()
  const computed = await compute(tx, now, req)
  if (!computed.ok) return computed
  const { order, amountCents, breakdown, channel, dueAt } = computed.value
  const id = randomUUID()
  await repo.insertRefund(tx, {
    id,
    orderId: order.id,
    reason: req.reason,
    returnId: req.returnId ?? null,
    withdrawalId: req.withdrawalId ?? null,
    deliveryId: req.deliveryId ?? null,
    amountCents,
    breakdown,
    channel,
    status:
      channel === 'claim' ? 'completed' : channel === 'bank_transfer' ? 'awaiting_iban' : 'pending',
    pspPaymentId: channel === 'provider' ? order.pspPaymentId : null,
    dueAt,
    createdBy: req.actor,
    idempotencyKey: req.idempotencyKey,
    createdAt: now,
    completedAt: channel === 'claim' ? now : null,
    updatedAt: now,
  })
  const row = await repo.findRefund(tx, id)
  if (!row) throw new Error('refund insert returned nothing')
  const view = viewOf(row)
  if (channel === 'claim') await mailRefund(tx, ctx, 'completed', view)
  if (channel === 'bank_transfer') await mailRefund(tx, ctx, 'ibanNeeded', view)
  // The credit note (Rechnungskorrektur) of every invoice the refund corrects (issue 20).
  const notes = await issueRefundCreditNotes(tx, { ...row, orderId: order.id }, now)
  if (notes.length > 0) {
    const firstName = await repo.firstNameOf(tx, order.customerId)
    for (const note of notes)
      await sendCreditNoteMail(tx, {
        to: order.email,
        firstName,
        orderNumber: order.orderNumber,
        orderUrl: orderUrl(ctx, order.orderNumber),
        note,
      })
  }
  return ok(view)
}

/** The refund of a delivery's cancellation: what of its product lines is not yet refunded. */
export async function recordCancellationRefund(
  tx: Tx,
  ctx: AppContext,
  input: { orderId: number; deliveryId: number; actor: string; idempotencyKey: string },
): Promise<Result<RefundView | null, RefundError>> {
  const lines = await repo.linesOf(tx, input.orderId)
  const done = new Map<number, number>()
  for (const refund of await repo.refundsOf(tx, input.orderId))
    for (const line of refund.breakdown.lines)
      done.set(line.orderLineId, (done.get(line.orderLineId) ?? 0) + line.quantity)
  const open = lines
    .filter((line) => line.deliveryId === input.deliveryId && line.kind === 'product')
    .map((line) => ({ orderLineId: line.id, quantity: line.quantity - (done.get(line.id) ?? 0) }))
    .filter((line) => line.quantity > 0)
  if (open.length === 0) return ok(null)
  const result = await recordRefund(tx, ctx, {
    orderId: input.orderId,
    reason: 'cancellation',
    deliveryId: input.deliveryId,
    lines: open,
    actor: input.actor,
    idempotencyKey: input.idempotencyKey,
  })
  if (!result.ok && result.code === 'refund_nothing_paid') return ok(null)
  return result
}

async function finish(
  ctx: AppContext,
  id: string,
  values: Partial<repo.NewRefund>,
): Promise<RefundView> {
  const now = ctx.clock.now()
  const completed = values.status === 'completed'
  await ctx.db.transaction(async (tx) => {
    const moved = await repo.updateRefund(tx, id, ['pending', 'failed'], {
      ...values,
      updatedAt: now,
      ...(completed ? { completedAt: now, failure: null } : {}),
    })
    const row = await repo.findRefund(tx, id)
    if (moved && completed && row) await mailRefund(tx, ctx, 'completed', viewOf(row))
  })
  const row = await repo.findRefund(ctx.db, id)
  if (!row) throw new Error(`refund ${id} vanished`)
  return viewOf(row)
}

/**
 * Sends a recorded provider refund to the payment port, after the commit. The provider's
 * idempotency key is the refund's id, so a repeated call (a retry after `failed`, two processes)
 * never pays twice. Captured money is refunded; an authorization not yet captured is voided when
 * the refunds cover the whole order, otherwise reduced (recorded here as `partial_void`, and the
 * capture at shipping takes that much less). Claims and bank transfers come back unchanged.
 */
export async function executeRefund(ctx: AppContext, refundId: string): Promise<RefundView> {
  const row = await repo.findRefund(ctx.db, refundId)
  if (!row) throw new Error(`no refund ${refundId}`)
  if (row.channel !== 'provider' || (row.status !== 'pending' && row.status !== 'failed'))
    return viewOf(row)
  const fail = (failure: string) => finish(ctx, row.id, { status: 'failed', failure })
  const order = await repo.findOrder(ctx.db, row.orderId)
  const paymentId = row.pspPaymentId ?? order?.pspPaymentId ?? null
  if (!order || !paymentId) return fail('payment_missing')
  let payment = await ctx.payments.payments.get(paymentId)
  if (!payment) return fail('payment_not_found')
  // A shipment whose capture was missed (crash after the commit): capture first.
  if (payment.status === 'authorized' && (await repo.paymentFacts(ctx.db, order.id)).shipped) {
    await captureOrderPayment(ctx, order.id)
    payment = (await ctx.payments.payments.get(paymentId)) ?? payment
  }
  if (payment.status === 'authorized' || payment.status === 'voided') {
    const reductions = await repo.reductionsOf(ctx.db, order.id, row.id)
    if (payment.status === 'authorized' && reductions + row.amountCents < order.totalCents)
      return finish(ctx, row.id, {
        status: 'completed',
        pspPaymentId: paymentId,
        pspAction: 'partial_void',
      })
    const voided = await ctx.payments.payments.void({ paymentId, idempotencyKey: row.id })
    // Voided already (by an earlier refund of this order or the reconciliation): released too.
    if (!voided.ok && payment.status !== 'voided') return fail(voided.code)
    return finish(ctx, row.id, { status: 'completed', pspPaymentId: paymentId, pspAction: 'void' })
  }
  const refunded = await ctx.payments.payments.refund({
    paymentId,
    amountCents: row.amountCents,
    idempotencyKey: row.id,
  })
  if (!refunded.ok) return fail(refunded.code)
  return finish(ctx, row.id, { status: 'completed', pspPaymentId: paymentId, pspAction: 'refund' })
}

/**
 * Captures an order's provider payment when its first delivery ships (after that commit): the
 * whole order total minus what refunds took off the authorization before. Nothing left to take:
 * the authorization is voided. Repeatable (idempotency key per order); null when there is no
 * authorization to capture (offline methods, captured or voided already).
 */
export async function captureOrderPayment(
  ctx: AppContext,
  orderId: number,
): Promise<{
  paymentId: string
  action: 'captured' | 'voided' | 'failed'
  amountCents: number
  problem?: string
} | null> {
  const order = await repo.findOrder(ctx.db, orderId)
  if (!order?.pspPaymentId) return null
  const paymentId = order.pspPaymentId
  const payment = await ctx.payments.payments.get(paymentId)
  if (payment?.status !== 'authorized') return null
  const amountCents = Math.min(
    payment.amountCents,
    order.totalCents - (await repo.reductionsOf(ctx.db, orderId)),
  )
  if (amountCents <= 0) {
    const voided = await ctx.payments.payments.void({
      paymentId,
      idempotencyKey: `order-${orderId}-capture-void`,
    })
    return voided.ok
      ? { paymentId, action: 'voided', amountCents: 0 }
      : { paymentId, action: 'failed', amountCents: 0, problem: voided.code }
  }
  const captured = await ctx.payments.payments.capture({
    paymentId,
    amountCents,
    idempotencyKey: `order-${orderId}-capture`,
  })
  return captured.ok
    ? { paymentId, action: 'captured', amountCents }
    : { paymentId, action: 'failed', amountCents, problem: captured.code }
}

/** The customer's bank account for a bank-transfer refund: awaiting_iban -> pending. */
export async function setRefundIban(
  tx: Tx,
  ctx: AppContext,
  input: { orderId: number; refundId: string; accountHolder: string; iban: string },
): Promise<Result<RefundView, 'not_found' | 'refund_iban_not_needed'>> {
  const row = await repo.findRefund(tx, input.refundId)
  if (!row || row.orderId !== input.orderId) return err('not_found')
  const moved = await repo.updateRefund(tx, row.id, ['awaiting_iban'], {
    status: 'pending',
    accountHolder: input.accountHolder,
    iban: input.iban,
    updatedAt: ctx.clock.now(),
  })
  if (!moved) {
    // The same IBAN sent twice (double submit) is the same answer.
    if (row.iban === input.iban && row.accountHolder === input.accountHolder) return ok(viewOf(row))
    return err('refund_iban_not_needed')
  }
  const updated = await repo.findRefund(tx, row.id)
  if (!updated) throw new Error('refund vanished')
  return ok(viewOf(updated))
}

/**
 * Staff transferred the money of a bank-transfer refund (pending -> completed), or settled a
 * failed provider refund outside the shop (failed -> completed); with the customer's mail.
 */
export async function markRefundPaid(
  tx: Tx,
  ctx: AppContext,
  input: { refundId: string; actor: string },
): Promise<Result<RefundView, 'not_found' | 'refund_status_not_allowed'>> {
  const row = await repo.findRefund(tx, input.refundId)
  if (!row) return err('not_found')
  // A bank transfer staff made, or a provider refund that failed and staff settled outside the
  // shop (in the provider's dashboard, or by transfer for an order without provider payment).
  const from = row.channel === 'bank_transfer' ? (['pending'] as const) : (['failed'] as const)
  if (row.channel === 'claim') return err('refund_status_not_allowed')
  const now = ctx.clock.now()
  const moved = await repo.updateRefund(tx, row.id, [...from], {
    status: 'completed',
    completedAt: now,
    updatedAt: now,
  })
  if (!moved) return err('refund_status_not_allowed')
  const updated = await repo.findRefund(tx, row.id)
  if (!updated) throw new Error('refund vanished')
  const view = viewOf(updated)
  await mailRefund(tx, ctx, 'completed', view)
  return ok(view)
}

export async function refundsOfOrder(db: DbOrTx, orderId: number): Promise<RefundView[]> {
  return (await repo.refundsOf(db, orderId)).map(viewOf)
}

export async function findRefundView(db: Db | Tx, refundId: string): Promise<RefundView | null> {
  const row = await repo.findRefund(db, refundId)
  return row ? viewOf(row) : null
}
