// Queries of the checkout: reads of the customer, address book and countries (read-only; other
// slices own those tables), vouchers, redemptions and the payment attempts the reconciliation job
// watches. The order's rows are written by the orders slice (`placeOrderRows`).
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '#db/client.ts'
import { customers } from '#db/schema/account.ts'
import { addresses, countries } from '#db/schema/addresses.ts'
import { paymentAttempts, voucherRedemptions, vouchers } from '#db/schema/checkout.ts'
import type { VoucherRow } from './rules.ts'

export async function findCustomer(db: DbOrTx, customerId: number) {
  const [row] = await db
    .select({
      id: customers.id,
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      customerType: customers.customerType,
      isLight: customers.isLight,
      vatId: customers.vatId,
      studentStatus: customers.studentStatus,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
  return row ?? null
}
export type CustomerFacts = NonNullable<Awaited<ReturnType<typeof findCustomer>>>

const addressColumns = {
  id: addresses.id,
  company: addresses.company,
  firstName: addresses.firstName,
  lastName: addresses.lastName,
  streetName: addresses.streetName,
  streetNumber: addresses.streetNumber,
  zipCode: addresses.zipCode,
  cityName: addresses.cityName,
  countryId: addresses.countryId,
  countryName: countries.name,
  postNumber: addresses.postNumber,
  type: addresses.type,
  isDefault: addresses.isDefault,
}

export async function listAddresses(db: DbOrTx, customerId: number) {
  return db
    .select(addressColumns)
    .from(addresses)
    .innerJoin(countries, eq(countries.id, addresses.countryId))
    .where(eq(addresses.customerId, customerId))
    .orderBy(asc(addresses.id))
}
export type AddressRow = Awaited<ReturnType<typeof listAddresses>>[number]

export async function findCountry(db: DbOrTx, where: { id?: number; iso2?: string }) {
  const [row] = await db
    .select()
    .from(countries)
    .where(
      where.id !== undefined ? eq(countries.id, where.id) : eq(countries.iso2, where.iso2 ?? ''),
    )
  return row ?? null
}

export async function deliveryCountries(db: DbOrTx, customerType: 'private' | 'business') {
  const column =
    customerType === 'business' ? countries.deliveryBusiness : countries.deliveryPrivate
  return db
    .select({ countryId: countries.id, countryName: countries.name })
    .from(countries)
    .where(eq(column, true))
    .orderBy(asc(countries.sortOrder), asc(countries.name))
}

// --- Vouchers --------------------------------------------------------------------------------

export async function findVoucher(db: DbOrTx, code: string): Promise<VoucherRow | null> {
  const [row] = await db
    .select()
    .from(vouchers)
    .where(sql`upper(${vouchers.code}) = ${code.trim().toUpperCase()}`)
  return row ?? null
}

export async function findVouchers(db: DbOrTx, codes: string[]): Promise<VoucherRow[]> {
  const rows = await Promise.all(codes.map((code) => findVoucher(db, code)))
  return rows.filter((row): row is VoucherRow => row !== null)
}

export async function hasRedeemed(db: DbOrTx, voucherId: number, customerId: number) {
  const [row] = await db
    .select({ id: voucherRedemptions.id })
    .from(voucherRedemptions)
    .where(
      and(
        eq(voucherRedemptions.voucherId, voucherId),
        eq(voucherRedemptions.customerId, customerId),
      ),
    )
    .limit(1)
  return Boolean(row)
}

/** Counts one use, guarded in the statement: false when the voucher is used up meanwhile. */
export async function countVoucherUse(tx: Tx, voucherId: number): Promise<boolean> {
  const rows = await tx
    .update(vouchers)
    .set({ usedCount: sql`${vouchers.usedCount} + 1` })
    .where(
      and(
        eq(vouchers.id, voucherId),
        sql`(${vouchers.maxUses} is null or ${vouchers.usedCount} < ${vouchers.maxUses})`,
      ),
    )
    .returning({ id: vouchers.id })
  return rows.length > 0
}

// --- Orders ----------------------------------------------------------------------------------

export async function insertRedemption(
  tx: Tx,
  values: { voucherId: number; orderId: number; customerId: number; amountCents: number; at: Date },
) {
  await tx.insert(voucherRedemptions).values(values)
}

// --- Payment attempts (issue 16) -------------------------------------------------------------

/**
 * Before the provider is asked for money under `key`: the attempt is (again) open and renewed,
 * committed before the call. False when the key may not pay any more (the reconciliation voids
 * or voided it, or it belongs to another customer).
 */
export async function beginPaymentAttempt(
  db: DbOrTx,
  attempt: { key: string; customerId: number; method: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .insert(paymentAttempts)
    .values({
      idempotencyKey: attempt.key,
      customerId: attempt.customerId,
      method: attempt.method,
      state: 'open',
      createdAt: attempt.now,
      updatedAt: attempt.now,
    })
    .onConflictDoUpdate({
      target: paymentAttempts.idempotencyKey,
      set: { state: 'open', updatedAt: attempt.now, resolvedAt: null },
      setWhere: and(
        inArray(paymentAttempts.state, ['open', 'closed']),
        eq(paymentAttempts.customerId, attempt.customerId),
      ),
    })
    .returning({ key: paymentAttempts.idempotencyKey })
  return rows.length > 0
}

/**
 * In the order's transaction: the attempt's money goes to this order. False when the
 * reconciliation has taken the attempt to void it (the order must not be written); true also
 * when there is no attempt (offline methods).
 */
export async function claimAttemptForOrder(tx: Tx, key: string, now: Date): Promise<boolean> {
  const claimed = await tx
    .update(paymentAttempts)
    .set({ state: 'ordered', resolvedAt: now })
    .where(
      and(
        eq(paymentAttempts.idempotencyKey, key),
        inArray(paymentAttempts.state, ['open', 'closed', 'ordered']),
      ),
    )
    .returning({ key: paymentAttempts.idempotencyKey })
  if (claimed.length > 0) return true
  const [other] = await tx
    .select({ state: paymentAttempts.state })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.idempotencyKey, key))
  return !other
}

export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect

/** Attempts the reconciliation looks at: unresolved and not renewed since `cutoff`. */
export async function unresolvedAttempts(db: DbOrTx, cutoff: Date, limit: number) {
  return db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        inArray(paymentAttempts.state, ['open', 'voiding']),
        lte(paymentAttempts.updatedAt, cutoff),
      ),
    )
    .orderBy(asc(paymentAttempts.updatedAt))
    .limit(limit)
}

/**
 * Moves an unresolved attempt on, guarded in the statement: only from the given states and only
 * when no retry renewed it after `cutoff`. False when somebody else moved it first.
 */
export async function settleAttempt(
  db: DbOrTx,
  key: string,
  change: {
    from: PaymentAttemptRow['state'][]
    to: PaymentAttemptRow['state']
    cutoff: Date
    now: Date
  },
): Promise<boolean> {
  const rows = await db
    .update(paymentAttempts)
    .set({ state: change.to, resolvedAt: change.to === 'voiding' ? null : change.now })
    .where(
      and(
        eq(paymentAttempts.idempotencyKey, key),
        inArray(paymentAttempts.state, change.from),
        lte(paymentAttempts.updatedAt, change.cutoff),
      ),
    )
    .returning({ key: paymentAttempts.idempotencyKey })
  return rows.length > 0
}

export async function findAttempt(db: DbOrTx, key: string) {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.idempotencyKey, key))
  return row ?? null
}
