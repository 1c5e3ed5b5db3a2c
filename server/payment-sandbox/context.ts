// What every part of the simulator shares: database, clock, keys, its base path, lifetimes,
// URL helpers and the row → Payment mapping.
import { and, eq, inArray } from 'drizzle-orm'
import type { Db, DbOrTx } from '#db/client.ts'
import { pspCardAliases, pspPayments } from '#db/schema/payments.ts'
import type { Clock } from '#server/platform/clock.ts'
import type { CardAliasInfo, Payment, PaymentDeclineCode } from '#server/platform/payments/port.ts'
import { formatExpiry } from './card-rules.ts'
import type { SimulatorKeys } from './crypto.ts'

export type SimCtx = {
  db: Db
  clock: Clock
  keys: SimulatorKeys
  /** Where the simulator's pages are served, e.g. `/psp`. */
  basePath: string
}

export const LIFETIME_MS = {
  cardSession: 30 * 60 * 1000,
  challenge: 15 * 60 * 1000,
  redirect: 3 * 60 * 60 * 1000,
  applePaySession: 5 * 60 * 1000,
  applePayToken: 10 * 60 * 1000,
} as const

/** Checks per hosted card form before it refuses further attempts (card testing). */
export const MAX_CARD_CHECKS = 10
export const MAX_AMOUNT_CENTS = 100_000_000
/** Express checkouts may complete with up to 15 % more than approved (shipping added later). */
export const EXPRESS_RAISE_FACTOR = 1.15

export const SANDBOX_MERCHANT = {
  name: 'Bitwerk',
  amazonMerchantId: 'A2BITWERKSANDBOX',
  amazonPublicKeyId: 'SANDBOX-BITPAY-AMZN-0001',
  amazonStoreId: 'amzn1.application-oa2-client.bitpay-sandbox',
  applePayMerchantId: 'merchant.example.bitwerk.sandbox',
} as const

export type PaymentRow = typeof pspPayments.$inferSelect
export type AliasRow = typeof pspCardAliases.$inferSelect

// ---------------------------------------------------------------------------------------------
// Input checks: a violation is a bug in the calling shop, so they throw.

/** A provider's wire amount: euros with a dot and two decimals ("12.34"). */
export function decimalAmount(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
}

export function assertAmount(amountCents: number): void {
  if (!Number.isInteger(amountCents) || amountCents <= 0 || amountCents > MAX_AMOUNT_CENTS)
    throw new TypeError(`amount must be a positive integer of cents, got ${amountCents}`)
}

export function assertText(value: string, name: string): void {
  if (typeof value !== 'string' || value.trim() === '' || value.length > 200)
    throw new TypeError(`${name} must be a non-empty string of at most 200 characters`)
}

/** Return URLs are the shop's pages: absolute http(s) or root-relative (`/kasse/...`). */
export function isShopUrl(url: string): boolean {
  if (typeof url !== 'string' || url.length > 2000) return false
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\')
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:'
  } catch {
    return false
  }
}

export function assertShopUrl(url: string, name: string): void {
  if (!isShopUrl(url))
    throw new TypeError(`${name} must be an absolute http(s) or root-relative URL`)
}

/** An origin as the browser reports it: scheme, host and port, nothing else. */
export function isOrigin(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value
  } catch {
    return false
  }
}

export function assertOrigin(value: string, name: string): void {
  if (!isOrigin(value)) throw new TypeError(`${name} must be an origin like https://shop.example`)
}

/** Appends query parameters to an absolute or root-relative URL. */
export function withParams(url: string, params: Record<string, string>): string {
  const relative = url.startsWith('/')
  const parsed = new URL(url, 'http://relative.invalid')
  for (const [name, value] of Object.entries(params)) parsed.searchParams.set(name, value)
  return relative ? `${parsed.pathname}${parsed.search}${parsed.hash}` : parsed.toString()
}

/** The origin of an absolute URL; null for root-relative ones (the page's own origin). */
export function originOf(url: string | null): string | null {
  if (!url || url.startsWith('/')) return null
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

// ---------------------------------------------------------------------------------------------
// Rows

export function aliasInfo(row: AliasRow): CardAliasInfo {
  return {
    alias: row.alias,
    brand: row.brand,
    maskedNumber: row.maskedNumber,
    expiry: formatExpiry(row.expiryMonth, row.expiryYear),
    expiryMonth: row.expiryMonth,
    expiryYear: row.expiryYear,
    holder: row.holder,
  }
}

export function toPayment(row: PaymentRow, alias: AliasRow | null): Payment {
  const details = row.details
  return {
    paymentId: row.id,
    method: row.method,
    status: row.status,
    amountCents: row.amountCents,
    currency: 'EUR',
    capturedCents: row.capturedCents,
    refundedCents: row.refundedCents,
    reference: row.reference,
    declineCode: (row.declineCode as PaymentDeclineCode | null) ?? null,
    express: row.express,
    card: alias ? aliasInfo(alias) : null,
    payer: details.payer ?? null,
    klarna:
      row.method === 'klarna' && row.sessionToken && details.klarna
        ? { klarnaSessionId: row.sessionToken, paymentMethod: details.klarna.paymentMethod }
        : null,
    financing: details.financing ?? null,
    applePay: details.applePay ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    expiresAt: row.expiresAt,
  }
}

type PaymentKey =
  | { id: string }
  | { sessionToken: string }
  | { idempotencyKey: string }
  | { authorizationToken: string }

function whereOf(key: PaymentKey) {
  if ('id' in key) return eq(pspPayments.id, key.id)
  if ('sessionToken' in key) return eq(pspPayments.sessionToken, key.sessionToken)
  if ('idempotencyKey' in key) return eq(pspPayments.idempotencyKey, key.idempotencyKey)
  return eq(pspPayments.authorizationToken, key.authorizationToken)
}

export async function findPayment(
  db: DbOrTx,
  key: PaymentKey,
): Promise<{ row: PaymentRow; alias: AliasRow | null } | null> {
  const [found] = await db
    .select({ row: pspPayments, alias: pspCardAliases })
    .from(pspPayments)
    .leftJoin(pspCardAliases, eq(pspCardAliases.alias, pspPayments.cardAlias))
    .where(whereOf(key))
    .limit(1)
  return found ?? null
}

const OPEN_STATUSES = ['created', 'challenge', 'approved'] as const

/** A session the buyer left alone past its lifetime turns `expired` (on the next read). */
export async function expireIfDue(ctx: SimCtx, row: PaymentRow): Promise<PaymentRow> {
  const open = (OPEN_STATUSES as readonly string[]).includes(row.status)
  if (!open || !row.expiresAt || row.expiresAt > ctx.clock.now()) return row
  const [updated] = await ctx.db
    .update(pspPayments)
    .set({ status: 'expired', declineCode: 'payment_expired', updatedAt: ctx.clock.now() })
    .where(and(eq(pspPayments.id, row.id), inArray(pspPayments.status, [...OPEN_STATUSES])))
    .returning()
  if (updated) return updated
  return (await findPayment(ctx.db, { id: row.id }))?.row ?? row
}

/** Finds a payment and applies a due expiry. */
export async function loadPayment(
  ctx: SimCtx,
  key: PaymentKey,
): Promise<{ row: PaymentRow; alias: AliasRow | null } | null> {
  const found = await findPayment(ctx.db, key)
  if (!found) return null
  return { row: await expireIfDue(ctx, found.row), alias: found.alias }
}
