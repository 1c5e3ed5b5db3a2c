// Tables of the payment provider's sandbox simulator (server/platform/payments/simulator/).
// They stand for the provider's own database: the shop's tables never reference them, and a real
// provider adapter would not use them at all. Prefix psp_.
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

const at = () => timestamp({ withTimezone: true, mode: 'date' })

export type PspMethod = 'card' | 'paypal' | 'amazonpay' | 'klarna' | 'consors' | 'applepay'
export type PspCardBrand = 'visa' | 'mastercard' | 'amex' | 'diners' | 'discover'
export type PspPaymentStatus =
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
export type PspOperationKind = 'authorize' | 'capture' | 'refund' | 'void'

/** What the buyer told the provider: wallet payer data, Klarna choice, financing terms, Apple Pay card. */
export type PspPaymentDetails = {
  payer?: {
    firstName: string
    lastName: string
    email: string
    shippingAddress: {
      firstName: string
      lastName: string
      company: string | null
      streetName: string
      streetNumber: string
      addition: string | null
      zipCode: string
      cityName: string
      countryCode: string
    } | null
  }
  klarna?: { paymentMethod: 'klarnapaylater' | 'klarnapaynow'; clientToken: string }
  financing?: {
    months: number
    annualRatePercent: number
    monthlyRateCents: number
    totalCents: number
  }
  applePay?: { network: string; displayName: string }
}

/** A hosted card form handed out to one checkout; the browser posts the card against its id. */
export const pspCardSessions = pgTable('psp_card_sessions', {
  id: text().primaryKey(),
  /** The shop page that frames the form: the only target of the alias message. */
  parentOrigin: text().notNull(),
  reference: text().notNull(),
  attempts: integer().notNull().default(0),
  createdAt: at().notNull(),
  expiresAt: at().notNull(),
})

/**
 * A checked card. The provider keeps the number encrypted (AES-256-GCM) in its vault; the shop
 * only ever sees the alias and the safe fields.
 */
export const pspCardAliases = pgTable(
  'psp_card_aliases',
  {
    alias: text().primaryKey(),
    sessionId: text().references(() => pspCardSessions.id, { onDelete: 'set null' }),
    brand: text().$type<PspCardBrand>().notNull(),
    maskedNumber: text().notNull(),
    expiryMonth: smallint().notNull(),
    expiryYear: smallint().notNull(),
    holder: text().notNull(),
    panEncrypted: text().notNull(),
    /** HMAC of the number: recognises the same card without decrypting. */
    panFingerprint: text().notNull(),
    createdAt: at().notNull(),
  },
  (t) => [index('psp_card_aliases_fingerprint_idx').on(t.panFingerprint)],
)

/**
 * One payment: a redirect session (PayPal, Amazon Pay, Klarna, Consors), a card authorization
 * (maybe waiting for 3-D Secure) or an Apple Pay authorization, with its amounts.
 */
export const pspPayments = pgTable(
  'psp_payments',
  {
    id: text().primaryKey(),
    method: text().$type<PspMethod>().notNull(),
    status: text().$type<PspPaymentStatus>().notNull(),
    amountCents: integer().notNull(),
    currency: text().notNull().default('EUR'),
    capturedCents: integer().notNull().default(0),
    refundedCents: integer().notNull().default(0),
    reference: text().notNull(),
    cardAlias: text().references(() => pspCardAliases.alias),
    /** The capability in the buyer's URLs (redirect page, 3-D Secure page); Klarna's session id. */
    sessionToken: text(),
    /** Klarna's authorization token after approval; Apple Pay's transaction id (single use). */
    authorizationToken: text(),
    idempotencyKey: text(),
    /** Hash of the request's parameters: the same key with other parameters is a conflict. */
    requestHash: text(),
    express: boolean().notNull().default(false),
    autoCapture: boolean().notNull().default(false),
    returnUrl: text(),
    cancelUrl: text(),
    details: jsonb().$type<PspPaymentDetails>().notNull().default({}),
    declineCode: text(),
    createdAt: at().notNull(),
    updatedAt: at().notNull(),
    /** Until then the buyer may still act (redirect page, 3-D Secure); afterwards it expires. */
    expiresAt: at(),
  },
  (t) => [
    uniqueIndex('psp_payments_session_token_unique').on(t.sessionToken),
    uniqueIndex('psp_payments_authorization_token_unique').on(t.authorizationToken),
    uniqueIndex('psp_payments_idempotency_key_unique').on(t.idempotencyKey),
    index('psp_payments_reference_idx').on(t.reference),
  ],
)

/** Every money movement on a payment; capture, refund and void are idempotent by key. */
export const pspOperations = pgTable(
  'psp_operations',
  {
    id: serial().primaryKey(),
    paymentId: text()
      .notNull()
      .references(() => pspPayments.id, { onDelete: 'cascade' }),
    kind: text().$type<PspOperationKind>().notNull(),
    amountCents: integer().notNull(),
    idempotencyKey: text(),
    createdAt: at().notNull(),
  },
  (t) => [
    uniqueIndex('psp_operations_idempotency_key_unique').on(t.idempotencyKey),
    index('psp_operations_payment_idx').on(t.paymentId),
  ],
)

/** Apple Pay merchant sessions: a token is only good for a session the provider handed out. */
export const pspApplePaySessions = pgTable('psp_apple_pay_sessions', {
  id: text().primaryKey(),
  shopOrigin: text().notNull(),
  displayName: text().notNull(),
  createdAt: at().notNull(),
  expiresAt: at().notNull(),
})
