// Drizzle queries of the account slice.
import { and, desc, eq, gt, isNull, lt, lte, ne, sql } from 'drizzle-orm'
import { type Db, type DbOrTx, preparedPerDb } from '#db/client.ts'
import { customers, passwordResets, trustedDevices, twoFaChallenges } from '#db/schema/account.ts'

export type CustomerRow = typeof customers.$inferSelect
export type NewCustomer = Omit<typeof customers.$inferInsert, 'id' | 'customerNumber'>

/** The full (non-light) account of an e-mail address, case-insensitively. */
export async function findFullCustomerByEmail(
  db: DbOrTx,
  email: string,
): Promise<CustomerRow | null> {
  const [row] = await db
    .select()
    .from(customers)
    .where(
      and(sql`lower(${customers.email}) = lower(${email.trim()})`, eq(customers.isLight, false)),
    )
  return row ?? null
}

export async function findCustomerById(db: DbOrTx, id: number): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id))
  return row ?? null
}

/** The same read outside a transaction, built once per database (issue 23: account pages). */
const customerByIdQuery = preparedPerDb((db) =>
  db
    .select()
    .from(customers)
    .where(eq(customers.id, sql.placeholder('id')))
    .prepare('account_customer_by_id'),
)

/** `findCustomerById` on the pool, as a prepared statement (the customer data's read). */
export async function readCustomerById(db: Db, id: number): Promise<CustomerRow | null> {
  const [row] = await customerByIdQuery(db).execute({ id })
  return row ?? null
}

/**
 * Inserts a full account with the next customer number; null when the e-mail already has a
 * full account (the partial unique index decides, so two racing registrations make one account).
 */
export async function insertFullCustomer(
  tx: DbOrTx,
  values: NewCustomer,
): Promise<CustomerRow | null> {
  const [row] = await tx
    .insert(customers)
    .values({
      ...values,
      isLight: false,
      customerNumber: sql`'K' || nextval('customer_number_seq')`,
    })
    .onConflictDoNothing()
    .returning()
  return row ?? null
}

/** A light account (guest): no customer number, no password. */
export async function insertLightCustomer(tx: DbOrTx, values: NewCustomer): Promise<CustomerRow> {
  const [row] = await tx
    .insert(customers)
    .values({ ...values, isLight: true, passwordHash: null, customerNumber: null })
    .returning()
  if (!row) throw new Error('customer insert returned nothing')
  return row
}

export async function updatePassword(tx: DbOrTx, customerId: number, hash: string, now: Date) {
  await tx
    .update(customers)
    .set({ passwordHash: hash, passwordChangedAt: now, updatedAt: now })
    .where(eq(customers.id, customerId))
}

export async function confirmEmail(db: DbOrTx, customerId: number, now: Date) {
  await db
    .update(customers)
    .set({ emailConfirmedAt: now })
    .where(and(eq(customers.id, customerId), isNull(customers.emailConfirmedAt)))
}

// --- trusted devices ---------------------------------------------------------------------

export async function isTrustedDevice(
  db: DbOrTx,
  customerId: number,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .where(
      and(
        eq(trustedDevices.customerId, customerId),
        eq(trustedDevices.tokenHash, tokenHash),
        gt(trustedDevices.expiresAt, now),
      ),
    )
  return Boolean(row)
}

/** Trusts a browser for an account (again): the expiry starts anew at every use. */
export async function trustDevice(
  db: DbOrTx,
  customerId: number,
  tokenHash: string,
  now: Date,
  expiresAt: Date,
) {
  await db
    .insert(trustedDevices)
    .values({ customerId, tokenHash, createdAt: now, lastUsedAt: now, expiresAt })
    .onConflictDoUpdate({
      target: [trustedDevices.customerId, trustedDevices.tokenHash],
      set: { lastUsedAt: now, expiresAt },
    })
}

// --- two-factor challenges ---------------------------------------------------------------

export type ChallengeRow = typeof twoFaChallenges.$inferSelect

/** The newest open challenge of a session. */
export async function findOpenChallenge(
  db: DbOrTx,
  sessionId: string,
): Promise<ChallengeRow | null> {
  const [row] = await db
    .select()
    .from(twoFaChallenges)
    .where(and(eq(twoFaChallenges.sessionId, sessionId), isNull(twoFaChallenges.consumedAt)))
    .orderBy(desc(twoFaChallenges.id))
    .limit(1)
  return row ?? null
}

/** A new challenge; earlier open ones of the session are closed. */
export async function insertChallenge(
  tx: DbOrTx,
  values: { customerId: number; sessionId: string; codeHash: string; expiresAt: Date; now: Date },
): Promise<ChallengeRow> {
  await tx
    .update(twoFaChallenges)
    .set({ consumedAt: values.now })
    .where(and(eq(twoFaChallenges.sessionId, values.sessionId), isNull(twoFaChallenges.consumedAt)))
  const [row] = await tx
    .insert(twoFaChallenges)
    .values({
      customerId: values.customerId,
      sessionId: values.sessionId,
      codeHash: values.codeHash,
      expiresAt: values.expiresAt,
      lastSentAt: values.now,
      createdAt: values.now,
    })
    .returning()
  if (!row) throw new Error('challenge insert returned nothing')
  return row
}

/**
 * Counts one try of the challenge's code (the column counts every try, right ones included) and
 * returns the count with the code it is checked against, in one statement: parallel tries get
 * distinct counts, so no more than the limit are ever compared. Null when the challenge is closed.
 */
export async function countCodeTry(db: DbOrTx, challengeId: number) {
  const [row] = await db
    .update(twoFaChallenges)
    .set({ failedAttempts: sql`least(${twoFaChallenges.failedAttempts} + 1, 32767)` })
    .where(and(eq(twoFaChallenges.id, challengeId), isNull(twoFaChallenges.consumedAt)))
    .returning({
      tries: twoFaChallenges.failedAttempts,
      codeHash: twoFaChallenges.codeHash,
      expiresAt: twoFaChallenges.expiresAt,
    })
  return row ?? null
}

/**
 * Consumes a challenge once, for the code that was checked, while it has had at most `maxTries`
 * tries: false when another request was first, or when more tries came in meanwhile (a burst of
 * tries kills the code even for the right one among them).
 */
export async function consumeChallenge(
  db: DbOrTx,
  challengeId: number,
  values: { codeHash: string; maxTries: number; now: Date },
) {
  const rows = await db
    .update(twoFaChallenges)
    .set({ consumedAt: values.now })
    .where(
      and(
        eq(twoFaChallenges.id, challengeId),
        eq(twoFaChallenges.codeHash, values.codeHash),
        lte(twoFaChallenges.failedAttempts, values.maxTries),
        isNull(twoFaChallenges.consumedAt),
      ),
    )
    .returning({ id: twoFaChallenges.id })
  return rows.length === 1
}

/**
 * A new code for an open challenge, with fresh tries, while it has sent fewer than `maxSends`
 * mails: checked and counted in one statement (false when the limit is reached or it closed).
 */
export async function renewChallenge(
  db: DbOrTx,
  challengeId: number,
  values: { codeHash: string; expiresAt: Date; now: Date; maxSends: number },
): Promise<boolean> {
  const rows = await db
    .update(twoFaChallenges)
    .set({
      codeHash: values.codeHash,
      expiresAt: values.expiresAt,
      failedAttempts: 0,
      sendCount: sql`${twoFaChallenges.sendCount} + 1`,
      lastSentAt: values.now,
    })
    .where(
      and(
        eq(twoFaChallenges.id, challengeId),
        isNull(twoFaChallenges.consumedAt),
        lt(twoFaChallenges.sendCount, values.maxSends),
      ),
    )
    .returning({ id: twoFaChallenges.id })
  return rows.length === 1
}

export async function closeChallengesOf(db: DbOrTx, customerId: number, now: Date) {
  await db
    .update(twoFaChallenges)
    .set({ consumedAt: now })
    .where(and(eq(twoFaChallenges.customerId, customerId), isNull(twoFaChallenges.consumedAt)))
}

// --- password resets ---------------------------------------------------------------------

/** A new reset link; earlier unused links of the customer stop working. */
export async function insertPasswordReset(
  tx: DbOrTx,
  values: { customerId: number; tokenHash: string; expiresAt: Date; now: Date },
) {
  await tx
    .update(passwordResets)
    .set({ usedAt: values.now })
    .where(and(eq(passwordResets.customerId, values.customerId), isNull(passwordResets.usedAt)))
  await tx.insert(passwordResets).values({
    customerId: values.customerId,
    tokenHash: values.tokenHash,
    expiresAt: values.expiresAt,
    createdAt: values.now,
  })
}

export async function findUsableReset(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
  return row ?? null
}

/** Uses a link once (false when it was used meanwhile) and closes the customer's other links. */
export async function useReset(tx: DbOrTx, resetId: number, customerId: number, now: Date) {
  const used = await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.id, resetId), isNull(passwordResets.usedAt)))
    .returning({ id: passwordResets.id })
  if (used.length !== 1) return false
  await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.customerId, customerId),
        ne(passwordResets.id, resetId),
        isNull(passwordResets.usedAt),
      ),
    )
  return true
}

// --- customer data changes (issue 5) ------------------------------------------------------

/** Locks the customer's row until the transaction ends (conversion, e-mail change). */
export async function lockCustomer(tx: DbOrTx, id: number): Promise<CustomerRow | null> {
  const [row] = await tx.select().from(customers).where(eq(customers.id, id)).for('update')
  return row ?? null
}

export async function updateCustomer(
  tx: DbOrTx,
  id: number,
  values: Partial<Omit<typeof customers.$inferInsert, 'id' | 'customerNumber'>>,
): Promise<boolean> {
  const rows = await tx
    .update(customers)
    .set(values)
    .where(eq(customers.id, id))
    .returning({ id: customers.id })
  return rows.length === 1
}

/** Whether another full account uses the e-mail address (case-insensitively). */
export async function isEmailTaken(db: DbOrTx, email: string, exceptId: number) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        sql`lower(${customers.email}) = lower(${email.trim()})`,
        eq(customers.isLight, false),
        ne(customers.id, exceptId),
      ),
    )
  return Boolean(row)
}

/** A light account becomes full: the next customer number; null when it is full already. */
export async function convertToFull(
  tx: DbOrTx,
  id: number,
  values: Partial<Omit<typeof customers.$inferInsert, 'id' | 'customerNumber'>>,
): Promise<CustomerRow | null> {
  const [row] = await tx
    .update(customers)
    .set({
      ...values,
      isLight: false,
      customerNumber: sql`'K' || nextval('customer_number_seq')`,
    })
    .where(and(eq(customers.id, id), eq(customers.isLight, true)))
    .returning()
  return row ?? null
}
