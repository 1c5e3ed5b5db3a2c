// The payment flows of the checkout through the provider port: offline methods place the order
// at once; the card is authorized (maybe after the 3-D Secure page); wallets (PayPal, Amazon Pay,
// Klarna, Consors) send the buyer to the provider and place the order on return; Apple Pay
// authorizes a token. Money is asked for first, then the order is written; if the order fails,
// the authorization is voided, so a failed or cancelled payment leaves the cart and no order.
// Before each call that may reserve money, the attempt is recorded (repo.beginPaymentAttempt),
// so the reconciliation job (reconcile.ts) voids what a crash left without an order.
import type {
  CheckoutAddress,
  LastOrder,
  PaymentMethodId,
  PlacedOrder,
  ProcessBody,
  ProcessError,
  ProcessResult,
} from '#contract/checkout.ts'
import { loadVisitorConsent, marketingPartnersOf } from '#server/consent/index.ts'
import { findOrderByKey, orderOverview } from '#server/orders/index.ts'
import type { AppContext } from '#server/platform/http.ts'
import type { Payment, PaymentErrorCode } from '#server/platform/payments/index.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import type { SessionHandle, SessionRow } from '#server/platform/session.ts'
import { orderProblem, type PaymentRecord, placedOrderOf, placeOrder } from './place-order.ts'
import * as repo from './repo.ts'
import { shippingModules } from './rules.ts'
import { deliveryCountryProblem } from './service.ts'
import {
  buildQuote,
  LAST_ORDER_KEY,
  type PendingPayment,
  type Quote,
  type Stored,
  saveStored,
  storedOf,
  toState,
} from './state.ts'

export const RETURN_PATH = '/kasse/zahlung/zurueck'
export const CANCEL_PATH = '/kasse/zahlung/abbruch'
export const CARD_RETURN_PATH = '/kasse/zahlung/karte'
export const EXPRESS_RETURN_PATH = '/kasse/express/zurueck'
export const SUCCESS_PATH = '/kasse/erfolgreich'
/** Session data: the request key that placed the last order under another key (express). */
const LAST_REQUEST_KEY = 'checkoutLastRequest'

const OFFLINE = new Set<PaymentMethodId>([
  'moneyorder',
  'cod',
  'cashec',
  'invoice',
  'santanderfinanz',
])
const WALLETS = new Set<PaymentMethodId>([
  'paypal',
  'amazonpay',
  'klarnapaylater',
  'klarnapaynow',
  'commerzfinanz',
])

export type Client = { consentCookie: string | undefined }
type Outcome = Result<ProcessResult, ProcessError>

function success(order: PlacedOrder): ProcessResult {
  return { type: 'redirect', error: null, redirectUrl: SUCCESS_PATH, order }
}

function declineCode(code: PaymentErrorCode): ProcessError {
  switch (code) {
    case 'card_declined':
    case 'card_expired':
    case 'card_alias_unknown':
    case 'credit_card_verification_failed':
    case 'payment_declined':
    case 'payment_cancelled':
    case 'payment_expired':
    case 'apple_pay_token_invalid':
    case 'idempotency_conflict':
      return code
    default:
      return 'payment_failed'
  }
}

async function finish(
  ctx: AppContext,
  session: SessionHandle,
  row: SessionRow,
  key: string,
  payment: PaymentRecord,
  body: Pick<ProcessBody, 'consent' | 'idempotencyKey'>,
  client: Client,
): Promise<Result<PlacedOrder, ProcessError>> {
  const consent = await loadVisitorConsent(ctx.db, client.consentCookie)
  const placed = await placeOrder(ctx, row, {
    key,
    payment,
    partners: marketingPartnersOf(consent),
    affiliate: body.consent?.affiliate ?? null,
  })
  // A thrown error (database lost) is not a refusal: the order may even have committed. Nothing
  // is voided here then; a retry with the same key finishes the order or the reconciliation
  // voids the authorization once the grace period is over.
  if (!placed.ok) {
    if (payment.pspPaymentId) {
      await ctx.payments.payments.void({
        paymentId: payment.pspPaymentId,
        idempotencyKey: `void-${key}`,
      })
    }
    return placed
  }
  await session.patchData({
    checkout: null,
    [LAST_ORDER_KEY]: placed.value,
    // An express wallet's order is keyed by its start; the confirmation's own key answers it too.
    [LAST_REQUEST_KEY]:
      body.idempotencyKey !== key ? { requestKey: body.idempotencyKey, orderKey: key } : null,
  })
  return placed
}

function labelOf(payment: Payment): string | null {
  if (payment.card) return `${payment.card.brand} ${payment.card.maskedNumber}`
  if (payment.payer) return payment.payer.email
  return null
}

async function setPending(session: SessionHandle, stored: Stored, pending: PendingPayment | null) {
  await saveStored(session, { ...stored, pending })
}

type Loaded = { row: SessionRow; stored: Stored; quote: Quote }

async function load(
  ctx: AppContext,
  session: SessionHandle,
): Promise<Result<Loaded, ProcessError>> {
  const row = await session.load()
  if (!row?.customerId) return err('checkout_login_required')
  const stored = storedOf(row)
  if (!stored) return err('init_error')
  return ok({ row, stored, quote: await buildQuote(ctx, row) })
}

/**
 * The order this key placed, answered again (a retry after a lost answer). The session learns it
 * as its last order (the success page shows it) also when the first attempt's answer never came.
 */
async function replay(ctx: AppContext, session: SessionHandle, row: SessionRow, key: string) {
  const existing = await findOrderByKey(ctx.db, key)
  if (!existing) return null
  if (existing.customerId !== row.customerId) return err('idempotency_conflict' as const)
  const placed = placedOrderOf(existing)
  await session.patchData({ checkout: null, [LAST_ORDER_KEY]: placed })
  return ok(success(placed))
}

/** replay() by the request's own key, or by the order key it placed the last order under. */
async function replayRequest(
  ctx: AppContext,
  session: SessionHandle,
  row: SessionRow,
  requestKey: string,
) {
  const direct = await replay(ctx, session, row, requestKey)
  if (direct) return direct
  const last = row.data[LAST_REQUEST_KEY] as { requestKey?: unknown; orderKey?: unknown } | null
  if (last?.requestKey !== requestKey || typeof last.orderKey !== 'string') return null
  return replay(ctx, session, row, last.orderKey)
}

/**
 * A provider's return page loaded again (reload, lost answer): the payment's reference is the
 * attempt's key, so its order is found also after the checkout's state was cleared.
 */
async function replayPayment(
  ctx: AppContext,
  session: SessionHandle,
  row: SessionRow,
  payment: { token?: string | undefined; paymentId?: string | undefined },
) {
  const found = payment.paymentId
    ? await ctx.payments.payments.get(payment.paymentId)
    : payment.token
      ? await ctx.payments.redirect.getSession(payment.token)
      : null
  return found ? replay(ctx, session, row, found.reference) : null
}

/**
 * Records the attempt before the provider may reserve money under `key`. When the key may not
 * pay any more (the reconciliation voided it), the order it placed is answered, else an error.
 */
async function beginAttempt(
  ctx: AppContext,
  session: SessionHandle,
  row: SessionRow,
  key: string,
  method: PaymentMethodId,
): Promise<Outcome | null> {
  const customerId = row.customerId
  if (!customerId) return err('checkout_login_required')
  const begun = await repo.beginPaymentAttempt(ctx.db, {
    key,
    customerId,
    method,
    now: ctx.clock.now(),
  })
  if (begun) return null
  return (await replay(ctx, session, row, key)) ?? err('payment_expired')
}

/** POST /api/checkout/process and the method-specific variants. */
export async function processCheckout(
  ctx: AppContext,
  session: SessionHandle,
  body: ProcessBody,
  client: Client,
  only?: PaymentMethodId[],
): Promise<Outcome> {
  const current = await session.load()
  if (current?.customerId) {
    const earlier =
      (await replayRequest(ctx, session, current, body.idempotencyKey)) ??
      (body.paymentToken
        ? await replayPayment(ctx, session, current, { token: body.paymentToken })
        : null)
    if (earlier) return earlier
  }
  const loaded = await load(ctx, session)
  if (!loaded.ok) return loaded
  const { row, stored, quote } = loaded.value
  const method = stored.payment
  if (!method)
    return err(quote.payments.length === 0 ? 'checkout_no_payments' : 'checkout_payment_missing')
  if (only && !only.includes(method)) return err('checkout_payment_missing')
  const problem = await orderProblem(ctx, quote, method)
  if (problem) return err(problem)
  if (OFFLINE.has(method)) {
    const placed = await finish(
      ctx,
      session,
      row,
      body.idempotencyKey,
      { method, pspPaymentId: null, label: null, authorizedCents: null },
      body,
      client,
    )
    return placed.ok ? ok(success(placed.value)) : placed
  }
  if (method === 'creditcard') return payByCard(ctx, session, loaded.value, body, client)
  if (WALLETS.has(method)) {
    const token = body.paymentToken ?? (stored.pending?.express ? stored.pending.token : null)
    if (token) return finishWallet(ctx, session, loaded.value, token, body, client)
    return startWallet(ctx, session, loaded.value, method, body.idempotencyKey)
  }
  return err('apple_pay_unavailable')
}

async function payByCard(
  ctx: AppContext,
  session: SessionHandle,
  { row, stored, quote }: Loaded,
  body: ProcessBody,
  client: Client,
): Promise<Outcome> {
  if (!stored.card) return err('card_missing')
  const key = body.idempotencyKey
  const refused = await beginAttempt(ctx, session, row, key, 'creditcard')
  if (refused) return refused
  const authorized = await ctx.payments.card.authorize({
    alias: stored.card.alias,
    amountCents: quote.pricing.totalCents,
    reference: key,
    idempotencyKey: key,
    returnUrl: CARD_RETURN_PATH,
  })
  if (!authorized.ok) return err(declineCode(authorized.code))
  const auth = authorized.value
  if (auth.status === 'challenge') {
    await setPending(session, stored, {
      key,
      method: 'creditcard',
      express: false,
      token: null,
      paymentId: auth.paymentId,
    })
    return ok({ type: 'redirect', error: null, redirectUrl: auth.challengeUrl, order: null })
  }
  const placed = await finish(
    ctx,
    session,
    row,
    key,
    {
      method: 'creditcard',
      pspPaymentId: auth.paymentId,
      label: `${auth.card.brand} ${auth.card.maskedNumber}`,
      authorizedCents: quote.pricing.totalCents,
    },
    body,
    client,
  )
  return placed.ok ? ok(success(placed.value)) : placed
}

/** After the 3-D Secure page: the card's outcome, then the order. */
export async function finishCardChallenge(
  ctx: AppContext,
  session: SessionHandle,
  paymentId: string,
  body: ProcessBody,
  client: Client,
): Promise<Outcome> {
  const current = await session.load()
  if (current?.customerId) {
    const earlier =
      (await replayRequest(ctx, session, current, body.idempotencyKey)) ??
      (await replayPayment(ctx, session, current, { paymentId }))
    if (earlier) return earlier
  }
  const loaded = await load(ctx, session)
  if (!loaded.ok) return loaded
  const { row, stored } = loaded.value
  const pending = stored.pending
  if (!pending || pending.paymentId !== paymentId) return err('payment_failed')
  const refused = await beginAttempt(ctx, session, row, pending.key, 'creditcard')
  if (refused) return refused
  const result = await ctx.payments.card.getAuthorization(paymentId)
  if (!result.ok) {
    await setPending(session, stored, null)
    return err(declineCode(result.code))
  }
  if (result.value.status === 'challenge') return err('checkout_payment_pending')
  const payment = await ctx.payments.payments.get(paymentId)
  const placed = await finish(
    ctx,
    session,
    row,
    pending.key,
    {
      method: 'creditcard',
      pspPaymentId: paymentId,
      label: `${result.value.card.brand} ${result.value.card.maskedNumber}`,
      authorizedCents: payment?.amountCents ?? null,
    },
    body,
    client,
  )
  return placed.ok ? ok(success(placed.value)) : placed
}

function walletOf(method: PaymentMethodId) {
  if (method === 'paypal') return 'paypal' as const
  if (method === 'amazonpay') return 'amazonpay' as const
  if (method === 'commerzfinanz') return 'consors' as const
  return 'klarna' as const
}

async function startWallet(
  ctx: AppContext,
  session: SessionHandle,
  { stored, quote }: Loaded,
  method: PaymentMethodId,
  key: string,
): Promise<Outcome> {
  const amountCents = quote.pricing.totalCents
  if (method === 'amazonpay') {
    const button = await ctx.payments.amazonPay.createButtonPayload({
      amountCents,
      reference: key,
      returnUrl: RETURN_PATH,
      cancelUrl: CANCEL_PATH,
      placement: 'Checkout',
    })
    await setPending(session, stored, { key, method, express: false, token: null, paymentId: null })
    return ok({ type: 'amazon_pay_express', error: null, amazonPay: button })
  }
  const created = await ctx.payments.redirect.createSession({
    method: walletOf(method),
    amountCents,
    reference: key,
    returnUrl: RETURN_PATH,
    cancelUrl: CANCEL_PATH,
    idempotencyKey: key,
    ...(method === 'klarnapaylater' || method === 'klarnapaynow'
      ? { klarnaPaymentMethod: method }
      : {}),
  })
  if (!created.ok) return err(declineCode(created.code))
  const wallet = created.value
  await setPending(session, stored, {
    key,
    method,
    express: false,
    token: wallet.token,
    paymentId: wallet.paymentId,
  })
  if (wallet.form) {
    return ok({
      type: 'consors_finance',
      error: null,
      formUrl: wallet.form.formUrl,
      formData: wallet.form.formData,
    })
  }
  return ok({ type: 'redirect', error: null, redirectUrl: wallet.redirectUrl, order: null })
}

async function finishWallet(
  ctx: AppContext,
  session: SessionHandle,
  { row, stored, quote }: Loaded,
  token: string,
  body: ProcessBody,
  client: Client,
): Promise<Outcome> {
  const wallet = await ctx.payments.redirect.getSession(token)
  const pending = stored.pending
  if (!wallet || !pending || wallet.reference !== pending.key) return err('payment_failed')
  const earlier = await replay(ctx, session, row, pending.key)
  if (earlier) return earlier
  const refused = await beginAttempt(ctx, session, row, pending.key, pending.method)
  if (refused) return refused
  const completed = await ctx.payments.redirect.complete({
    token,
    ...(pending.express ? { amountCents: quote.pricing.totalCents } : {}),
    ...(body.authorizationToken ? { authorizationToken: body.authorizationToken } : {}),
  })
  if (!completed.ok) {
    await setPending(session, stored, null)
    return err(declineCode(completed.code))
  }
  const payment = completed.value
  const placed = await finish(
    ctx,
    session,
    row,
    pending.key,
    {
      method: pending.method,
      pspPaymentId: payment.paymentId,
      label: labelOf(payment),
      authorizedCents: payment.amountCents,
    },
    body,
    client,
  )
  return placed.ok ? ok(success(placed.value)) : placed
}

/** The cancel page: the open payment is forgotten; cart and checkout stay as they were. */
export async function cancelPending(session: SessionHandle) {
  const stored = storedOf(await session.load())
  if (stored?.pending) await saveStored(session, { ...stored, pending: null })
}

// --- Express (PayPal, Amazon Pay) ------------------------------------------------------------

async function expressStart(ctx: AppContext, session: SessionHandle) {
  const row = await session.load()
  if (!row?.customerId) return err('checkout_login_required' as const)
  const quote = await buildQuote(ctx, row)
  if (quote.goodsCents <= 0) return err('cart_empty' as const)
  return ok({ row, quote })
}

export async function startPayPalExpress(ctx: AppContext, session: SessionHandle, key: string) {
  const started = await expressStart(ctx, session)
  if (!started.ok) return started
  const { quote } = started.value
  const created = await ctx.payments.redirect.createSession({
    method: 'paypal',
    express: true,
    amountCents: quote.pricing.totalCents,
    reference: key,
    returnUrl: `${EXPRESS_RETURN_PATH}?method=paypal`,
    cancelUrl: CANCEL_PATH,
    idempotencyKey: key,
  })
  if (!created.ok) return err('paypal_init_failed' as const)
  await saveStored(session, {
    ...quote.stored,
    type: 'expressPayPalCheckout',
    payment: 'paypal',
    pending: { key, method: 'paypal', express: true, token: created.value.token, paymentId: null },
  })
  return ok({ redirectUrl: created.value.redirectUrl })
}

export async function startAmazonPayExpress(
  ctx: AppContext,
  session: SessionHandle,
  key: string,
  placement: 'Cart' | 'Checkout',
) {
  const started = await expressStart(ctx, session)
  if (!started.ok) return started
  const { quote } = started.value
  const button = await ctx.payments.amazonPay.createButtonPayload({
    amountCents: quote.pricing.totalCents,
    reference: key,
    returnUrl: `${EXPRESS_RETURN_PATH}?method=amazonpay`,
    cancelUrl: CANCEL_PATH,
    express: true,
    placement,
  })
  await saveStored(session, {
    ...quote.stored,
    type: 'expressAmazonPayCheckoutInit',
    payment: 'amazonpay',
    pending: { key, method: 'amazonpay', express: true, token: null, paymentId: null },
  })
  return ok({ amazonPay: button })
}

/** Amazon Pay's button context for the current checkout. */
export async function amazonPaymentContext(ctx: AppContext, session: SessionHandle) {
  const started = await expressStart(ctx, session)
  if (!started.ok) return started
  return ok({
    amountCents: started.value.quote.pricing.totalCents,
    currency: 'EUR' as const,
    productType: 'PayAndShip' as const,
    placement: 'Checkout' as const,
  })
}

/**
 * After an express wallet: the payer's shipping address becomes this order's delivery address
 * (checked like any delivery address) and the checkout goes on to its confirmation step.
 */
export async function expressDetails(
  ctx: AppContext,
  session: SessionHandle,
  token: string,
  method: 'paypal' | 'amazonpay',
) {
  const unusable = method === 'paypal' ? 'paypal_address_unusable' : 'amazon_pay_address_unusable'
  const row = await session.load()
  const stored = storedOf(row)
  if (!row?.customerId || !stored) return err('checkout_login_required' as const)
  const pending = stored.pending
  const wallet = await ctx.payments.redirect.getSession(token)
  if (!wallet || !pending || wallet.reference !== pending.key || pending.method !== method) {
    return err(
      method === 'paypal' ? ('paypal_init_failed' as const) : ('amazon_pay_init_failed' as const),
    )
  }
  if (wallet.status === 'cancelled') return err('payment_cancelled' as const)
  if (wallet.status === 'declined') return err('payment_declined' as const)
  if (wallet.status === 'expired') return err('payment_expired' as const)
  const payer = wallet.payer
  const shipped = payer?.shippingAddress
  if (!payer || !shipped) return err(unusable)
  const country = await repo.findCountry(ctx.db, { iso2: shipped.countryCode })
  if (!country) return err(unusable)
  const isPackstation = /packstation/i.test(shipped.streetName)
  const address: CheckoutAddress = {
    id: 0,
    firstName: shipped.firstName,
    lastName: shipped.lastName,
    company: shipped.company ?? '',
    streetName: isPackstation ? 'Packstation' : shipped.streetName,
    streetNumber: shipped.streetNumber,
    zipCode: shipped.zipCode,
    cityName: shipped.cityName,
    countryId: country.id,
    countryName: country.name,
    defaultAddress: false,
    type: isPackstation ? 'packstation' : 'normal',
    postNumber: isPackstation ? (shipped.addition ?? '').replace(/\D/g, '') : '',
  }
  const quote = await buildQuote(ctx, row)
  if (await deliveryCountryProblem(ctx, quote, country.id)) return err(unusable)
  const next: Stored = {
    ...stored,
    payment: method,
    oneOffDelivery: address,
    deliveryAddressId: null,
    pending: { ...pending, token },
  }
  await saveStored(session, next)
  const state = toState(await buildQuote(ctx, await session.load()))
  return ok({
    successful: true as const,
    payer: { firstName: payer.firstName, lastName: payer.lastName, email: payer.email },
    address,
    state,
  })
}

// --- Apple Pay -------------------------------------------------------------------------------

export async function applePayInit(ctx: AppContext, session: SessionHandle, origin: string) {
  const started = await expressStart(ctx, session)
  if (!started.ok) return err('apple_pay_unavailable' as const)
  const total = started.value.quote.pricing.totalCents
  const merchantSession = await ctx.payments.applePay.createMerchantSession({
    shopOrigin: origin,
    displayName: 'Bitwerk',
  })
  return ok({
    applePayMerchantSession: merchantSession,
    paymentRequest: ctx.payments.applePay.paymentRequest({ amountCents: total, label: 'Bitwerk' }),
    summary: { fullTotal: total },
  })
}

export async function applePayProcess(
  ctx: AppContext,
  session: SessionHandle,
  body: ProcessBody & { paymentData?: unknown },
  client: Client,
): Promise<Outcome> {
  const current = await session.load()
  if (current?.customerId) {
    const earlier = await replayRequest(ctx, session, current, body.idempotencyKey)
    if (earlier) return earlier
  }
  const loaded = await load(ctx, session)
  if (!loaded.ok) return loaded
  const { row, quote } = loaded.value
  const problem = await orderProblem(ctx, quote, 'applepay')
  if (problem)
    return err(problem === 'checkout_payment_missing' ? 'apple_pay_unavailable' : problem)
  const refused = await beginAttempt(ctx, session, row, body.idempotencyKey, 'applepay')
  if (refused) return refused
  const authorized = await ctx.payments.applePay.authorize({
    paymentToken: body.paymentData,
    amountCents: quote.pricing.totalCents,
    reference: body.idempotencyKey,
    idempotencyKey: body.idempotencyKey,
  })
  if (!authorized.ok) return err('apple_pay_unavailable')
  const placed = await finish(
    ctx,
    session,
    row,
    body.idempotencyKey,
    {
      method: 'applepay',
      pspPaymentId: authorized.value.paymentId,
      label: authorized.value.applePay?.displayName ?? 'Apple Pay',
      authorizedCents: authorized.value.amountCents,
    },
    body,
    client,
  )
  return placed.ok ? ok(success(placed.value)) : placed
}

export async function updateKlarna(
  ctx: AppContext,
  klarnaSessionId: string,
  paymentMethod: 'klarnapaylater' | 'klarnapaynow',
) {
  const updated = await ctx.payments.klarna.updateSession({ klarnaSessionId, paymentMethod })
  return updated.ok ? ok(true) : err('payment_failed' as const)
}

export async function lastOrder(
  ctx: AppContext,
  session: SessionHandle,
): Promise<LastOrder | null> {
  const row = await session.load()
  const value = row?.data[LAST_ORDER_KEY]
  if (!value || typeof value !== 'object') return null
  const placed = value as PlacedOrder
  const overview = await orderOverview(ctx.db, placed.orderNumber)
  const delivery = overview?.delivery ?? null
  const address = delivery?.deliveryAddress ?? null
  const [moduleId] = (delivery?.shippingModule ?? '').split(':')
  const expected = address
    ? shippingModules(
        { countryId: address.countryId, addressType: address.type },
        1,
        moduleId === 'pickup' ? 'cashec' : null,
      ).find((module) => module.id === moduleId)?.description
    : undefined
  const children = new Map<number, number>()
  for (const line of overview?.lines ?? []) {
    if (line.parentLineId !== null) {
      children.set(
        line.parentLineId,
        (children.get(line.parentLineId) ?? 0) + line.unitPriceCents * line.quantity,
      )
    }
  }
  return {
    ...placed,
    items: (overview?.lines ?? [])
      .filter((line) => line.parentLineId === null)
      .map((line) => ({
        name: line.name,
        articleNumber: line.articleNumber,
        quantity: line.quantity,
        totalCents: line.unitPriceCents * line.quantity + (children.get(line.id) ?? 0),
        imageUrl: line.imageUrl,
      })),
    deliveryAddress: address
      ? {
          firstName: address.firstName,
          lastName: address.lastName,
          company: address.company ?? '',
          streetName: address.streetName,
          streetNumber: address.streetNumber,
          zipCode: address.zipCode,
          cityName: address.cityName,
          countryId: address.countryId,
          countryName: address.countryName,
          type: address.type,
          postNumber: address.postNumber ?? '',
        }
      : null,
    shippingLabel: delivery?.shippingLabel ?? null,
    expectedDelivery: expected
      ? placed.paymentMethod === 'moneyorder'
        ? `${expected} nach Zahlungseingang`
        : expected
      : null,
  }
}
