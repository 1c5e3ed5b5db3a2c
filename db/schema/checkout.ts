// Tables of the checkout slice: vouchers and their redemptions, and the payment attempts the
// reconciliation job watches. Orders themselves are in orders.ts. Redeeming a voucher happens in
// the order's transaction (issue 7); staff create vouchers in the back office (issue 11).
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { customers } from './account.ts'
import { orders } from './orders.ts'

const at = () => timestamp({ withTimezone: true, mode: 'date' })

export const vouchers = pgTable(
  'vouchers',
  {
    id: serial().primaryKey(),
    /** Entered case-insensitively; stored upper case. */
    code: text().notNull(),
    title: text().notNull(),
    kind: text().$type<'value' | 'percent'>().notNull(),
    valueCents: integer(),
    percent: smallint(),
    /** Goods value the cart must reach (the business voucher: 1000 EUR). */
    minOrderCents: integer().notNull().default(0),
    /** Only for business customers. */
    businessOnly: boolean().notNull().default(false),
    validFrom: at(),
    validUntil: at(),
    /** Total redemptions allowed; null: unlimited. A single-use code has 1. */
    maxUses: integer(),
    usedCount: integer().notNull().default(0),
    /** Each customer may redeem it once. */
    oncePerCustomer: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
    /** "staff:{id}" or "seed". */
    createdBy: text().notNull().default('seed'),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vouchers_code_unique').on(sql`upper(${t.code})`),
    check(
      'vouchers_kind_value',
      sql`(${t.kind} = 'value' and ${t.valueCents} > 0) or (${t.kind} = 'percent' and ${t.percent} between 1 and 100)`,
    ),
    check('vouchers_used_within_max', sql`${t.maxUses} is null or ${t.usedCount} <= ${t.maxUses}`),
  ],
)

export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    id: serial().primaryKey(),
    voucherId: integer()
      .notNull()
      .references(() => vouchers.id, { onDelete: 'restrict' }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    amountCents: integer().notNull(),
    at: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('voucher_redemptions_voucher_order_unique').on(t.voucherId, t.orderId),
    index('voucher_redemptions_customer_idx').on(t.customerId),
  ],
)

/**
 * open: the provider may hold money for this attempt; ordered: its order committed; voiding: the
 * reconciliation job decided to void (no order may use it any more); voided: done; closed: the
 * provider holds nothing for it (declined, cancelled, expired).
 */
export type PaymentAttemptState = 'open' | 'ordered' | 'voiding' | 'voided' | 'closed'

/**
 * One row per order attempt that asks a payment provider for money (issue 16), keyed by the
 * attempt's idempotency key (the provider's reference). Written and committed before the provider
 * is called, so an authorisation whose order never committed (crash, lost connection) is found
 * and voided by the reconciliation job (server/checkout/reconcile.ts).
 */
export const paymentAttempts = pgTable(
  'checkout_payment_attempts',
  {
    idempotencyKey: text().primaryKey(),
    customerId: integer().references(() => customers.id, { onDelete: 'set null' }),
    /** The checkout's payment method id (creditcard, paypal, applepay, ...). */
    method: text().notNull(),
    state: text().$type<PaymentAttemptState>().notNull().default('open'),
    createdAt: at().notNull(),
    /** The last time the shop asked the provider under this key (a retry renews it). */
    updatedAt: at().notNull(),
    resolvedAt: at(),
  },
  (t) => [
    index('checkout_payment_attempts_unresolved_idx')
      .on(t.updatedAt)
      .where(sql`${t.state} in ('open', 'voiding')`),
    check(
      'checkout_payment_attempts_state',
      sql`${t.state} in ('open', 'ordered', 'voiding', 'voided', 'closed')`,
    ),
  ],
)

/**
 * Answers of the VAT-id register (issue 20, § 18e UStG): one row per question. The quote of a
 * business customer abroad reuses a positive answer of the last 24 hours; the order keeps the
 * consultation number (orders.vat_check_request_id) as the evidence of the tax exemption.
 */
export const vatIdChecks = pgTable(
  'checkout_vat_id_checks',
  {
    id: serial().primaryKey(),
    vatId: text().notNull(),
    valid: boolean().notNull(),
    name: text(),
    address: text(),
    requestId: text().notNull(),
    checkedAt: at().notNull(),
  },
  (t) => [index('checkout_vat_id_checks_lookup_idx').on(t.vatId, t.checkedAt.desc())],
)
