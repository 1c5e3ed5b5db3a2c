// Redirect wallets in the sandbox: PayPal, Amazon Pay, Klarna and Consors financing. A session
// is a payment row in `created`; the buyer decides on the provider's page (approve, cancel,
// decline) and the shop completes an approved session into an authorization.
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { pspPayments } from '#db/schema/payments.ts'
import type {
  AmazonPayButton,
  AmazonPayPayments,
  CompleteRedirectError,
  KlarnaPaymentMethod,
  KlarnaPayments,
  Payment,
  RedirectMethod,
  RedirectPayments,
  RedirectSession,
  RedirectSessionInput,
} from '#server/platform/payments/port.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import { sandboxBuyer } from './buyers.ts'
import { recordAuthorization } from './card.ts'
import {
  assertAmount,
  assertShopUrl,
  assertText,
  decimalAmount,
  EXPRESS_RAISE_FACTOR,
  findPayment,
  isShopUrl,
  LIFETIME_MS,
  loadPayment,
  type PaymentRow,
  SANDBOX_MERCHANT,
  type SimCtx,
  toPayment,
  withParams,
} from './context.ts'
import { randomToken, requestHash } from './crypto.ts'
import { financingTerms, isFinancingMonths } from './financing.ts'

export const REDIRECT_METHODS: RedirectMethod[] = ['paypal', 'amazonpay', 'klarna', 'consors']
export const KLARNA_METHODS: KlarnaPaymentMethod[] = ['klarnapaylater', 'klarnapaynow']

export type WalletDecision = 'approve' | 'cancel' | 'decline'
export type WalletChoices = { buyerId?: string; klarnaPaymentMethod?: string; months?: number }

function isRedirectMethod(method: string): method is RedirectMethod {
  return (REDIRECT_METHODS as string[]).includes(method)
}

export function redirectPaths(basePath: string) {
  return {
    page: (token: string) => `${basePath}/pay/${token}`,
    consorsForm: `${basePath}/consors/apply`,
    amazonCheckout: `${basePath}/amazonpay/checkout`,
  }
}

const AmazonPayloadSchema = z.object({
  webCheckoutDetails: z.object({
    checkoutReviewReturnUrl: z.string().refine(isShopUrl),
    checkoutCancelUrl: z.string().refine(isShopUrl),
  }),
  storeId: z.literal(SANDBOX_MERCHANT.amazonStoreId),
  scopes: z.array(z.enum(['name', 'email', 'shippingAddress', 'billingAddress'])),
  chargePermissionType: z.literal('OneTime'),
  paymentDetails: z.object({
    paymentIntent: z.literal('Authorize'),
    chargeAmount: z.object({
      amount: z.string().regex(/^[0-9]{1,7}\.[0-9]{2}$/),
      currencyCode: z.literal('EUR'),
    }),
  }),
  merchantMetadata: z.object({
    merchantReferenceId: z.string().min(1).max(200),
    merchantStoreName: z.string(),
  }),
  nonce: z.string().min(8).max(100),
})

export function createRedirectPayments(ctx: SimCtx) {
  const paths = redirectPaths(ctx.basePath)

  function consorsFormData(row: PaymentRow): Record<string, string> {
    const fields = {
      token: row.sessionToken ?? '',
      amountCents: String(row.amountCents),
      currency: 'EUR',
      reference: row.reference,
    }
    return { ...fields, signature: ctx.keys.sign('consors-form', consorsSigned(fields)) }
  }

  function toSession(row: PaymentRow): RedirectSession {
    const token = row.sessionToken ?? ''
    const method = row.method as RedirectMethod
    return {
      paymentId: row.id,
      token,
      method,
      redirectUrl: paths.page(token),
      form:
        method === 'consors'
          ? { formUrl: paths.consorsForm, formData: consorsFormData(row) }
          : null,
      klarna:
        method === 'klarna'
          ? {
              klarnaSessionId: token,
              clientToken: row.details.klarna?.clientToken ?? '',
              paymentMethodCategories: [...KLARNA_METHODS],
            }
          : null,
      expiresAt: row.expiresAt ?? row.createdAt,
    }
  }

  async function createSession(
    input: RedirectSessionInput,
  ): Promise<Result<RedirectSession, 'idempotency_conflict'>> {
    if (!isRedirectMethod(input.method)) throw new TypeError(`unknown method ${input.method}`)
    assertAmount(input.amountCents)
    assertText(input.reference, 'reference')
    assertShopUrl(input.returnUrl, 'returnUrl')
    assertShopUrl(input.cancelUrl, 'cancelUrl')
    if (input.idempotencyKey !== undefined) assertText(input.idempotencyKey, 'idempotencyKey')
    const express =
      (input.method === 'paypal' || input.method === 'amazonpay') && (input.express ?? false)
    const klarnaPaymentMethod = input.klarnaPaymentMethod ?? 'klarnapaylater'
    if (!KLARNA_METHODS.includes(klarnaPaymentMethod))
      throw new TypeError(`unknown Klarna method ${klarnaPaymentMethod}`)
    const hash = requestHash({
      op: 'redirect.create',
      method: input.method,
      amountCents: input.amountCents,
      reference: input.reference,
      returnUrl: input.returnUrl,
      cancelUrl: input.cancelUrl,
      express,
      klarnaPaymentMethod: input.method === 'klarna' ? klarnaPaymentMethod : null,
    })
    const replay = async () => {
      if (!input.idempotencyKey) return null
      const found = await findPayment(ctx.db, { idempotencyKey: input.idempotencyKey })
      if (!found) return null
      if (found.row.requestHash !== hash) return err('idempotency_conflict' as const)
      return ok(toSession(found.row))
    }
    const replayed = await replay()
    if (replayed) return replayed
    const now = ctx.clock.now()
    const [row] = await ctx.db
      .insert(pspPayments)
      .values({
        id: randomToken('pay'),
        method: input.method,
        status: 'created',
        amountCents: input.amountCents,
        reference: input.reference,
        sessionToken: randomToken('ps'),
        idempotencyKey: input.idempotencyKey ?? null,
        requestHash: hash,
        express,
        returnUrl: input.returnUrl,
        cancelUrl: input.cancelUrl,
        details:
          input.method === 'klarna'
            ? {
                klarna: { paymentMethod: klarnaPaymentMethod, clientToken: randomToken('kct', 24) },
              }
            : {},
        createdAt: now,
        updatedAt: now,
        expiresAt: new Date(now.getTime() + LIFETIME_MS.redirect),
      })
      .onConflictDoNothing({ target: pspPayments.idempotencyKey })
      .returning()
    if (row) return ok(toSession(row))
    const again = await replay()
    if (!again) throw new Error('redirect session vanished after an idempotency conflict')
    return again
  }

  async function getSession(token: string): Promise<Payment | null> {
    const found = await loadPayment(ctx, { sessionToken: token })
    if (!found || !isRedirectMethod(found.row.method)) return null
    return toPayment(found.row, null)
  }

  function refusal(row: PaymentRow): CompleteRedirectError | null {
    switch (row.status) {
      case 'created':
        return 'payment_invalid_state'
      case 'cancelled':
        return 'payment_cancelled'
      case 'declined':
        return 'payment_declined'
      case 'expired':
        return 'payment_expired'
      default:
        return null
    }
  }

  const port: RedirectPayments = {
    createSession,
    getSession,
    async complete(input) {
      assertText(input.token, 'token')
      if (input.amountCents !== undefined) assertAmount(input.amountCents)
      const found = await loadPayment(ctx, { sessionToken: input.token })
      if (!found || !isRedirectMethod(found.row.method)) return err('payment_not_found')
      const requested = input.amountCents
      const settle = (row: PaymentRow): Result<Payment, CompleteRedirectError> => {
        const refused = refusal(row)
        if (refused) return err(refused)
        if (row.status === 'approved') return err('payment_invalid_state')
        // Completed before: the same call again gets the same answer.
        if (requested !== undefined && requested !== row.amountCents)
          return err('payment_amount_invalid')
        return ok(toPayment(row, null))
      }
      const { row } = found
      if (row.status !== 'approved') return settle(row)
      if (
        row.method === 'klarna' &&
        (!input.authorizationToken || input.authorizationToken !== row.authorizationToken)
      )
        return err('payment_authorization_invalid')
      const amount = requested ?? row.amountCents
      const raiseLimit = Math.floor(row.amountCents * EXPRESS_RAISE_FACTOR)
      if (amount !== row.amountCents && !(row.express && amount <= raiseLimit))
        return err('payment_amount_invalid')
      const capture = input.capture ?? false
      const now = ctx.clock.now()
      const completed = await ctx.db.transaction(async (tx) => {
        const [updated] = await tx
          .update(pspPayments)
          .set({
            status: capture ? 'captured' : 'authorized',
            amountCents: amount,
            capturedCents: capture ? amount : 0,
            autoCapture: capture,
            updatedAt: now,
          })
          .where(and(eq(pspPayments.id, row.id), eq(pspPayments.status, 'approved')))
          .returning()
        if (updated) await recordAuthorization(tx, updated, now)
        return updated ?? null
      })
      if (completed) return ok(toPayment(completed, null))
      const current = await findPayment(ctx.db, { id: row.id })
      return current ? settle(current.row) : err('payment_not_found')
    },
  }

  const klarna: KlarnaPayments = {
    async updateSession(input) {
      if (!KLARNA_METHODS.includes(input.paymentMethod))
        throw new TypeError(`unknown Klarna method ${input.paymentMethod}`)
      if (input.amountCents !== undefined) assertAmount(input.amountCents)
      const found = await loadPayment(ctx, { sessionToken: input.klarnaSessionId })
      if (found?.row.method !== 'klarna') return err('payment_not_found')
      const { row } = found
      const [updated] = await ctx.db
        .update(pspPayments)
        .set({
          amountCents: input.amountCents ?? row.amountCents,
          details: {
            ...row.details,
            klarna: {
              clientToken: row.details.klarna?.clientToken ?? randomToken('kct', 24),
              paymentMethod: input.paymentMethod,
            },
          },
          updatedAt: ctx.clock.now(),
        })
        .where(and(eq(pspPayments.id, row.id), eq(pspPayments.status, 'created')))
        .returning()
      if (!updated) return err('payment_invalid_state')
      return ok(toPayment(updated, null))
    },
  }

  const amazonPay: AmazonPayPayments = {
    async createButtonPayload(input): Promise<AmazonPayButton> {
      assertAmount(input.amountCents)
      assertText(input.reference, 'reference')
      assertShopUrl(input.returnUrl, 'returnUrl')
      assertShopUrl(input.cancelUrl, 'cancelUrl')
      const express = input.express ?? false
      const payload: z.infer<typeof AmazonPayloadSchema> = {
        webCheckoutDetails: {
          checkoutReviewReturnUrl: input.returnUrl,
          checkoutCancelUrl: input.cancelUrl,
        },
        storeId: SANDBOX_MERCHANT.amazonStoreId,
        scopes: express ? ['name', 'email', 'shippingAddress'] : ['name', 'email'],
        chargePermissionType: 'OneTime',
        paymentDetails: {
          paymentIntent: 'Authorize',
          chargeAmount: { amount: decimalAmount(input.amountCents), currencyCode: 'EUR' },
        },
        merchantMetadata: {
          merchantReferenceId: input.reference,
          merchantStoreName: SANDBOX_MERCHANT.name,
        },
        nonce: randomToken('n', 12),
      }
      const payloadJSON = JSON.stringify(payload)
      return {
        merchantId: SANDBOX_MERCHANT.amazonMerchantId,
        publicKeyId: SANDBOX_MERCHANT.amazonPublicKeyId,
        ledgerCurrency: 'EUR',
        checkoutLanguage: 'de_DE',
        productType: express ? 'PayAndShip' : 'PayOnly',
        placement: input.placement ?? 'Checkout',
        payloadJSON,
        signature: ctx.keys.sign('amazon-pay', payloadJSON),
        checkoutUrl: paths.amazonCheckout,
      }
    },
  }

  /** The Amazon Pay button's post: verifies the merchant's signature, then opens a session. */
  async function startAmazonCheckout(form: {
    payloadJSON?: unknown
    signature?: unknown
    publicKeyId?: unknown
  }): Promise<Result<string, 'signature_invalid' | 'payload_invalid'>> {
    const { payloadJSON, signature, publicKeyId } = form
    if (
      typeof payloadJSON !== 'string' ||
      typeof signature !== 'string' ||
      publicKeyId !== SANDBOX_MERCHANT.amazonPublicKeyId ||
      !ctx.keys.verify('amazon-pay', payloadJSON, signature)
    )
      return err('signature_invalid')
    let parsed: z.infer<typeof AmazonPayloadSchema>
    try {
      parsed = AmazonPayloadSchema.parse(JSON.parse(payloadJSON))
    } catch {
      return err('payload_invalid')
    }
    const [euros, cents] = parsed.paymentDetails.chargeAmount.amount.split('.')
    const amountCents = Number(euros) * 100 + Number(cents)
    if (amountCents <= 0) return err('payload_invalid')
    const session = await createSession({
      method: 'amazonpay',
      amountCents,
      reference: parsed.merchantMetadata.merchantReferenceId,
      returnUrl: parsed.webCheckoutDetails.checkoutReviewReturnUrl,
      cancelUrl: parsed.webCheckoutDetails.checkoutCancelUrl,
      express: parsed.scopes.includes('shippingAddress'),
      // The same button pressed twice opens the same session.
      idempotencyKey: `amazonpay:${parsed.nonce}`,
    })
    if (!session.ok) return err('payload_invalid')
    return ok(session.value.redirectUrl)
  }

  /** The Consors form post: the signed fields must match the session. */
  async function startConsors(
    form: Record<string, unknown>,
  ): Promise<Result<string, 'form_invalid'>> {
    const fields = {
      token: String(form.token ?? ''),
      amountCents: String(form.amountCents ?? ''),
      currency: String(form.currency ?? ''),
      reference: String(form.reference ?? ''),
    }
    const signature = String(form.signature ?? '')
    if (!ctx.keys.verify('consors-form', consorsSigned(fields), signature))
      return err('form_invalid')
    const found = await findPayment(ctx.db, { sessionToken: fields.token })
    if (
      found?.row.method !== 'consors' ||
      String(found.row.amountCents) !== fields.amountCents ||
      found.row.reference !== fields.reference
    )
      return err('form_invalid')
    return ok(paths.page(fields.token))
  }

  /** The buyer's answer on the wallet page; returns where the buyer goes next. */
  async function decide(
    token: string,
    decision: WalletDecision,
    choices: WalletChoices,
  ): Promise<Result<string, 'not_found' | 'months_invalid'>> {
    const found = await loadPayment(ctx, { sessionToken: token })
    if (!found || !isRedirectMethod(found.row.method)) return err('not_found')
    let row = found.row
    if (row.status === 'created') {
      const now = ctx.clock.now()
      let set: Partial<PaymentRow>
      if (decision === 'cancel') set = { status: 'cancelled', declineCode: 'payment_cancelled' }
      else if (decision === 'decline') set = { status: 'declined', declineCode: 'payment_declined' }
      else {
        const details = { ...row.details }
        let authorizationToken: string | null = null
        if (row.method === 'paypal' || row.method === 'amazonpay') {
          const { payer } = sandboxBuyer(choices.buyerId)
          details.payer = row.express ? payer : { ...payer, shippingAddress: null }
        }
        if (row.method === 'klarna') {
          const chosen = KLARNA_METHODS.find((m) => m === choices.klarnaPaymentMethod)
          details.klarna = {
            clientToken: row.details.klarna?.clientToken ?? '',
            paymentMethod: chosen ?? row.details.klarna?.paymentMethod ?? 'klarnapaylater',
          }
          authorizationToken = randomToken('kat', 24)
        }
        if (row.method === 'consors') {
          if (choices.months === undefined || !isFinancingMonths(choices.months))
            return err('months_invalid')
          details.financing = financingTerms(row.amountCents, choices.months)
        }
        set = { status: 'approved', details, authorizationToken }
      }
      const [updated] = await ctx.db
        .update(pspPayments)
        .set({ ...set, updatedAt: now })
        .where(and(eq(pspPayments.id, row.id), eq(pspPayments.status, 'created')))
        .returning()
      row = updated ?? (await findPayment(ctx.db, { id: row.id }))?.row ?? row
    }
    return ok(returnTarget(row))
  }

  async function page(token: string) {
    const found = await loadPayment(ctx, { sessionToken: token })
    if (!found || !isRedirectMethod(found.row.method)) return null
    return found.row
  }

  return { port, klarna, amazonPay, startAmazonCheckout, startConsors, decide, page }
}

/**
 * Where the buyer goes after the wallet page: the cancel URL when cancelled or expired, else the
 * return URL; with the session token (and Klarna's authorization token once approved).
 */
export function returnTarget(row: PaymentRow): string {
  const token = row.sessionToken ?? ''
  if (row.status === 'cancelled' || row.status === 'expired')
    return withParams(row.cancelUrl ?? '/', { token })
  const params: Record<string, string> = { token }
  if (row.method === 'klarna' && row.authorizationToken && row.status !== 'declined')
    params.authorizationToken = row.authorizationToken
  return withParams(row.returnUrl ?? '/', params)
}

function consorsSigned(fields: {
  token: string
  amountCents: string
  currency: string
  reference: string
}): string {
  return [fields.token, fields.amountCents, fields.currency, fields.reference].join('\n')
}
