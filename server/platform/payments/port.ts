// The payment-provider port: what the shop asks of a payment provider, one interface per method
// family. The sandbox simulator (server/payment-sandbox/) implements it; a real provider's adapter is a second
// implementation of the same interfaces, picked in ./provider.ts, and nothing else changes.
//
// Rules every implementation keeps:
// - Money is integer cents in EUR. Amounts must be positive integers (a caller bug otherwise: throw).
// - Expected outcomes (declined, cancelled, expired, wrong state) come back as Result errors;
//   implementations throw only for caller bugs (bad URLs, empty keys) or a broken provider.
// - URLs handed out (hosted fields, redirect pages, forms) are opaque to the shop: it puts them
//   into an iframe, a redirect or a form action as they are. They may be relative to the shop's
//   own origin (the sandbox runs under /psp/ of the shop) or absolute (a real provider).
// - Return and cancel URLs are the shop's own pages, absolute or root-relative. The provider
//   appends its parameters (see RedirectReturnParams, CardChallengeReturnParams); the shop must
//   never trust a status in the URL and asks the provider instead.
// - Calls that move money take an idempotency key: the same key with the same parameters returns
//   the first answer; with other parameters it is `idempotency_conflict`.
import type { MessageCode } from '#contract/messages.de.ts'
import type { Result } from '../result.ts'

export type Currency = 'EUR'

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'diners' | 'discover'
/** The redirect wallets: the buyer leaves the shop for the provider's page and comes back. */
export type RedirectMethod = 'paypal' | 'amazonpay' | 'klarna' | 'consors'
export type PaymentMethodKind = 'card' | RedirectMethod | 'applepay'
/** The shop's names for Klarna's categories (pay later = invoice in 30 days, pay now = direct). */
export type KlarnaPaymentMethod = 'klarnapaylater' | 'klarnapaynow'

/**
 * Life of a payment:
 *   redirect: created → approved (buyer said yes) → authorized (shop completed) → captured …
 *             created → cancelled | declined | expired
 *   card:     authorized | captured | declined, or challenge → authorized | captured | declined | expired
 *   any authorized → captured → partially_refunded → refunded; authorized → voided
 */
export type PaymentStatus =
  | 'created'
  | 'challenge'
  | 'approved'
  | 'authorized'
  | 'captured'
  | 'partially_refunded'
  | 'refunded'
  | 'voided'
  | 'declined'
  | 'cancelled'
  | 'expired'

/** Refusals the shopper caused or the provider decided: show `translate(code)` to the shopper. */
export const PAYMENT_DECLINE_CODES = [
  'card_declined',
  'card_expired',
  'card_alias_unknown',
  'credit_card_verification_failed',
  'payment_declined',
  'payment_cancelled',
  'payment_expired',
  'apple_pay_token_invalid',
] as const satisfies readonly MessageCode[]
export type PaymentDeclineCode = (typeof PAYMENT_DECLINE_CODES)[number]

/**
 * Mistakes of the calling shop (unknown id, wrong state, another amount, a reused key): log them
 * and answer the shopper with a general error.
 */
export type PaymentUsageErrorCode =
  | 'payment_not_found'
  | 'payment_invalid_state'
  | 'payment_amount_invalid'
  | 'payment_authorization_invalid'
  | 'idempotency_conflict'

export type PaymentErrorCode = PaymentDeclineCode | PaymentUsageErrorCode

/** The safe data of a checked card: all the shop may store (alias, brand, masked number, expiry). */
export type CardAliasInfo = {
  alias: string
  brand: CardBrand
  /** Every digit masked except the last group, grouped as printed: `**** **** **** 1111`. */
  maskedNumber: string
  /** MM/YY */
  expiry: string
  expiryMonth: number
  /** Four digits. */
  expiryYear: number
  holder: string
}

/** An address as wallets deliver it; the shop maps the ISO country code to its country ids. */
export type PayerAddress = {
  firstName: string
  lastName: string
  company: string | null
  streetName: string
  streetNumber: string
  addition: string | null
  zipCode: string
  cityName: string
  /** ISO 3166-1 alpha-2, e.g. DE */
  countryCode: string
}

/** Who paid with a wallet. The shipping address is given for express checkouts only. */
export type Payer = {
  firstName: string
  lastName: string
  email: string
  shippingAddress: PayerAddress | null
}

/** Terms of a Consors financing, as the buyer chose them on the provider's page. */
export type Financing = {
  months: number
  /** Effective annual interest rate in percent; 0 for the 0 % offers. */
  annualRatePercent: number
  monthlyRateCents: number
  totalCents: number
}

/** A payment as the provider sees it now. */
export type Payment = {
  paymentId: string
  method: PaymentMethodKind
  status: PaymentStatus
  /** Authorized (or, before that, requested) amount. */
  amountCents: number
  currency: Currency
  capturedCents: number
  refundedCents: number
  /** The shop's reference (checkout or order id) given at creation. */
  reference: string
  /** Why it ended declined or cancelled; null otherwise. */
  declineCode: PaymentDeclineCode | null
  /** Express checkout (PayPal, Amazon Pay): the payer's shipping address comes from the wallet. */
  express: boolean
  /** Card payments: the card's safe data. */
  card: CardAliasInfo | null
  /** Wallet payments once the buyer approved: name, e-mail and (express) shipping address. */
  payer: Payer | null
  klarna: { klarnaSessionId: string; paymentMethod: KlarnaPaymentMethod } | null
  financing: Financing | null
  applePay: { network: string; displayName: string } | null
  createdAt: Date
  updatedAt: Date
  /** Until then the buyer can still act on the provider's page. */
  expiresAt: Date | null
}

// ---------------------------------------------------------------------------------------------
// Card: hosted fields, alias, authorization with 3-D Secure

export type CardCheckSession = {
  sessionId: string
  /** The provider's card form: put it into an iframe on the checkout page. */
  fieldsUrl: string
  /** Where that form posts the card (multipart/form-data); the shop never posts to it itself. */
  checkUrl: string
  expiresAt: Date
}

/**
 * Messages between the hosted card form (in the iframe) and the shop's page. The iframe posts
 * them with the session's parentOrigin as target origin; the shop accepts them only when
 * `event.origin` is the origin of fieldsUrl and `event.source` is the iframe's window.
 * A real provider's adapter serves a small bridge page that speaks the same messages.
 */
export type CardFieldsMessage =
  | {
      type: 'card-fields:alias'
      alias: string
      brand: CardBrand
      maskedNumber: string
      expiry: string
    }
  | { type: 'card-fields:error'; code: string; message: string }
  | { type: 'card-fields:resize'; height: number }
/** From the shop's page to the iframe: submit the card form (e.g. from the shop's own button). */
export type CardFieldsCommand = { type: 'card-fields:submit' }

export type CardAuthorizeInput = {
  alias: string
  amountCents: number
  reference: string
  idempotencyKey: string
  /** Where the 3-D Secure page sends the buyer back (with `paymentId`). */
  returnUrl: string
  /** Capture at once (true) or only reserve the money (false, default). */
  capture?: boolean
}

/** Appended by the provider to a card's returnUrl after the 3-D Secure page. */
export type CardChallengeReturnParams = { paymentId: string }

export type CardAuthorization =
  | { paymentId: string; status: 'authorized' | 'captured'; card: CardAliasInfo }
  | { paymentId: string; status: 'challenge'; challengeUrl: string; card: CardAliasInfo }

export type CardAuthorizeError =
  | 'card_declined'
  | 'card_expired'
  | 'card_alias_unknown'
  | 'credit_card_verification_failed'
  | 'payment_expired'
  | 'payment_not_found'
  | 'payment_invalid_state'
  | 'idempotency_conflict'

export interface CardPayments {
  /** A hosted card form for one checkout. `parentOrigin` is the shop page's origin (no path). */
  createCheckSession(input: { reference: string; parentOrigin: string }): Promise<CardCheckSession>
  /** The safe data behind an alias the browser reported, or null if the provider has no such card. */
  getAlias(alias: string): Promise<CardAliasInfo | null>
  /**
   * Reserves (or captures) an amount on a card. `challenge` means: redirect the buyer to
   * challengeUrl; afterwards call getAuthorization with the paymentId from the return URL.
   * Declines carry `{ paymentId }` as data when a payment was recorded.
   */
  authorize(
    input: CardAuthorizeInput,
  ): Promise<Result<CardAuthorization, CardAuthorizeError, { paymentId: string }>>
  /** The outcome of a card payment, e.g. after the buyer returned from the 3-D Secure page. */
  getAuthorization(
    paymentId: string,
  ): Promise<Result<CardAuthorization, CardAuthorizeError, { paymentId: string }>>
}

// ---------------------------------------------------------------------------------------------
// Redirect wallets: PayPal (express), Amazon Pay, Klarna, Consors financing

export type RedirectSessionInput = {
  method: RedirectMethod
  amountCents: number
  reference: string
  /** The buyer comes back here after approving or when declined (with `token`). */
  returnUrl: string
  /** The buyer comes back here after cancelling (with `token`). */
  cancelUrl: string
  /** PayPal / Amazon Pay express: the wallet supplies the shipping address. */
  express?: boolean
  /** Klarna only; default klarnapaylater. */
  klarnaPaymentMethod?: KlarnaPaymentMethod
  /** Creating the same session twice (double click) gives the first one. */
  idempotencyKey?: string
}

export type RedirectSession = {
  paymentId: string
  /** The session's token: it comes back on the return URL. For Klarna it is the klarnaSessionId. */
  token: string
  method: RedirectMethod
  /** Send the buyer here (GET). */
  redirectUrl: string
  /** Consors: post this form (formUrl, formData) instead of the redirect. */
  form: { formUrl: string; formData: Record<string, string> } | null
  /** Klarna: session id, client token and the categories the buyer may choose. */
  klarna: {
    klarnaSessionId: string
    clientToken: string
    paymentMethodCategories: KlarnaPaymentMethod[]
  } | null
  expiresAt: Date
}

/**
 * Appended by the provider to returnUrl / cancelUrl. Klarna adds `authorizationToken` after
 * approval (the shop passes it to complete()).
 */
export type RedirectReturnParams = { token: string; authorizationToken?: string }

export type CompleteRedirectInput = {
  token: string
  /** The final amount; express checkouts may raise it by up to 15 % (shipping), others not. */
  amountCents?: number
  /** Klarna: the authorization token from the return URL (required). */
  authorizationToken?: string
  capture?: boolean
}

export type CompleteRedirectError =
  | 'payment_not_found'
  | 'payment_invalid_state'
  | 'payment_amount_invalid'
  | 'payment_authorization_invalid'
  | 'payment_cancelled'
  | 'payment_declined'
  | 'payment_expired'

export interface RedirectPayments {
  createSession(
    input: RedirectSessionInput,
  ): Promise<Result<RedirectSession, 'idempotency_conflict'>>
  /**
   * The session behind a returned token: status (created, approved, cancelled, declined,
   * expired, authorized, ...), and once approved the payer (PayPal / Amazon Pay details pages).
   */
  getSession(token: string): Promise<Payment | null>
  /** Turns an approved session into an authorized (or captured) payment. Repeatable. */
  complete(input: CompleteRedirectInput): Promise<Result<Payment, CompleteRedirectError>>
}

export interface KlarnaPayments {
  /** `/api/checkout/update-klarna-session`: the buyer switched category or the amount changed. */
  updateSession(input: {
    klarnaSessionId: string
    paymentMethod: KlarnaPaymentMethod
    amountCents?: number
  }): Promise<Result<Payment, 'payment_not_found' | 'payment_invalid_state'>>
}

/** What the Amazon Pay button needs (signed), plus where the button sends the buyer. */
export type AmazonPayButton = {
  merchantId: string
  publicKeyId: string
  ledgerCurrency: Currency
  checkoutLanguage: 'de_DE'
  /** PayAndShip for express (address from Amazon), PayOnly otherwise. */
  productType: 'PayAndShip' | 'PayOnly'
  placement: 'Cart' | 'Checkout'
  payloadJSON: string
  signature: string
  /**
   * The sandbox stands in for Amazon's button script: the button is a form that posts
   * payloadJSON, signature and publicKeyId to this URL.
   */
  checkoutUrl: string
}

export interface AmazonPayPayments {
  /**
   * A signed button payload. The buyer returns to returnUrl with `token`; from then on it is a
   * redirect session (getSession, complete).
   */
  createButtonPayload(input: {
    amountCents: number
    reference: string
    returnUrl: string
    cancelUrl: string
    express?: boolean
    placement?: 'Cart' | 'Checkout'
  }): Promise<AmazonPayButton>
}

// ---------------------------------------------------------------------------------------------
// Apple Pay: merchant session, then a payment token

/** Apple's payment request as the spec fixes it: DE, EUR, visa and masterCard, 3DS/debit/credit. */
export type ApplePayPaymentRequest = {
  countryCode: 'DE'
  currencyCode: Currency
  supportedNetworks: ['visa', 'masterCard']
  merchantCapabilities: ['supports3DS', 'supportsDebit', 'supportsCredit']
  total: { label: string; amount: string; type: 'final' }
}

/** Opaque to the shop: `applePayMerchantSession`, handed to completeMerchantValidation(). */
export type ApplePayMerchantSession = {
  epochTimestamp: number
  expiresAt: number
  merchantSessionIdentifier: string
  nonce: string
  merchantIdentifier: string
  domainName: string
  displayName: string
  signature: string
  /**
   * Sandbox only: browsers without Apple Pay open this simulated payment sheet in an iframe
   * (append `amount` in cents and `label`); it posts `{ type: 'applepay:token', token }`,
   * `{ type: 'applepay:cancel' }` or `{ type: 'applepay:error' }` to the shop's page (target
   * origin: shopOrigin). Absent with a real provider, where ApplePaySession shows Apple's sheet.
   */
  sheetUrl?: string
}

export type ApplePayAuthorizeInput = {
  /** `event.payment.token` from onpaymentauthorized, as the browser sent it. */
  paymentToken: unknown
  amountCents: number
  reference: string
  idempotencyKey: string
  capture?: boolean
}

export interface ApplePayPayments {
  paymentRequest(input: { amountCents: number; label: string }): ApplePayPaymentRequest
  /** `GET /kasse/applepay/init`: `shopOrigin` is the page's origin, `displayName` the shop's name. */
  createMerchantSession(input: {
    shopOrigin: string
    displayName: string
  }): Promise<ApplePayMerchantSession>
  /** `POST /kasse/applepay/process`: checks the token and reserves (or captures) the amount. */
  authorize(
    input: ApplePayAuthorizeInput,
  ): Promise<
    Result<
      Payment,
      'apple_pay_token_invalid' | 'card_declined' | 'idempotency_conflict',
      { paymentId: string }
    >
  >
}

// ---------------------------------------------------------------------------------------------
// After authorization, for every method

export type PaymentOperationError =
  | 'payment_not_found'
  | 'payment_invalid_state'
  | 'payment_amount_invalid'
  | 'idempotency_conflict'

export interface PaymentOperations {
  get(paymentId: string): Promise<Payment | null>
  /**
   * Every payment created with this reference (the shop passes the order attempt's idempotency
   * key), oldest first. The shop's reconciliation asks it for attempts that have no order: it
   * finds authorizations even when the shop crashed before it learnt their paymentId.
   */
  findByReference(reference: string): Promise<Payment[]>
  /** Takes the money of an authorized payment (all of it unless amountCents says less). */
  capture(input: {
    paymentId: string
    amountCents?: number
    idempotencyKey: string
  }): Promise<Result<Payment, PaymentOperationError>>
  /** Pays back (part of) a captured payment; several partial refunds add up to the capture. */
  refund(input: {
    paymentId: string
    amountCents: number
    idempotencyKey: string
  }): Promise<Result<Payment, PaymentOperationError>>
  /** Releases an authorization that was not captured (order failed or cancelled). */
  void(input: {
    paymentId: string
    idempotencyKey: string
  }): Promise<Result<Payment, PaymentOperationError>>
}

/** The provider as the shop sees it. */
export interface PaymentProvider {
  /** Which adapter this is ('simulator', later e.g. a real provider's name). */
  readonly name: string
  readonly card: CardPayments
  readonly redirect: RedirectPayments
  readonly klarna: KlarnaPayments
  readonly amazonPay: AmazonPayPayments
  readonly applePay: ApplePayPayments
  readonly payments: PaymentOperations
}
