// Drizzle queries of the back office's access: staff accounts, sessions and the audit log.
import { and, count, desc, eq, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { staffAccounts, staffAuditLog, staffSessions } from '#db/schema/backoffice.ts'

export type StaffAccountRow = typeof staffAccounts.$inferSelect
export type StaffSessionRow = typeof staffSessions.$inferSelect
export type NewAuditEntry = typeof staffAuditLog.$inferInsert

export async function findAccountByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select()
    .from(staffAccounts)
    .where(sql`lower(${staffAccounts.email}) = ${email.trim().toLowerCase()}`)
  return row ?? null
}

export async function insertAccount(db: DbOrTx, values: typeof staffAccounts.$inferInsert) {
  const [row] = await db.insert(staffAccounts).values(values).returning()
  if (!row) throw new Error('staff account insert returned nothing')
  return row
}

export async function updateAccount(
  db: DbOrTx,
  id: number,
  values: Partial<typeof staffAccounts.$inferInsert>,
) {
  const [row] = await db
    .update(staffAccounts)
    .set(values)
    .where(eq(staffAccounts.id, id))
    .returning()
  return row ?? null
}

/** The session with its account. */
export async function findSession(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ session: staffSessions, account: staffAccounts })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(eq(staffSessions.id, id))
  return row ?? null
}

export async function insertSession(db: DbOrTx, values: typeof staffSessions.$inferInsert) {
  await db.insert(staffSessions).values(values)
}

export async function updateSession(
  db: DbOrTx,
  id: string,
  values: Partial<typeof staffSessions.$inferInsert>,
) {
  await db.update(staffSessions).set(values).where(eq(staffSessions.id, id))
}

/**
 * Counts one try of an unverified session's code and returns the count with the code it is
 * checked against, in one statement (parallel tries get distinct counts). Null when the session
 * is gone, verified or has no code.
 */
export async function countCodeTry(db: DbOrTx, id: string) {
  const [row] = await db
    .update(staffSessions)
    .set({ codeFailedAttempts: sql`least(${staffSessions.codeFailedAttempts} + 1, 32767)` })
    .where(
      and(
        eq(staffSessions.id, id),
        isNull(staffSessions.verifiedAt),
        isNotNull(staffSessions.codeHash),
      ),
    )
    .returning({
      tries: staffSessions.codeFailedAttempts,
      codeHash: staffSessions.codeHash,
      codeExpiresAt: staffSessions.codeExpiresAt,
    })
  return row ?? null
}

/**
 * Uses the session's code once while it has had at most `maxTries` tries: false when another
 * request used (or a resend replaced) it, or more tries came in meanwhile.
 */
export async function consumeCode(db: DbOrTx, id: string, codeHash: string, maxTries: number) {
  const rows = await db
    .update(staffSessions)
    .set({ codeHash: null })
    .where(
      and(
        eq(staffSessions.id, id),
        eq(staffSessions.codeHash, codeHash),
        lte(staffSessions.codeFailedAttempts, maxTries),
        isNull(staffSessions.verifiedAt),
      ),
    )
    .returning({ id: staffSessions.id })
  return rows.length === 1
}

/** A new code with fresh tries while fewer than `maxSends` codes were mailed (one statement). */
export async function renewCode(
  db: DbOrTx,
  id: string,
  values: { codeHash: string; codeExpiresAt: Date; maxSends: number },
) {
  const rows = await db
    .update(staffSessions)
    .set({
      codeHash: values.codeHash,
      codeExpiresAt: values.codeExpiresAt,
      codeSendCount: sql`${staffSessions.codeSendCount} + 1`,
      codeFailedAttempts: 0,
    })
    .where(
      and(
        eq(staffSessions.id, id),
        isNull(staffSessions.verifiedAt),
        lt(staffSessions.codeSendCount, values.maxSends),
      ),
    )
    .returning({ id: staffSessions.id })
  return rows.length === 1
}

export async function deleteSession(db: DbOrTx, id: string) {
  await db.delete(staffSessions).where(eq(staffSessions.id, id))
}

export async function deleteSessionsOf(db: DbOrTx, staffId: number) {
  await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId))
}

export async function deleteExpiredSessions(db: DbOrTx, now: Date) {
  await db.delete(staffSessions).where(lt(staffSessions.expiresAt, now))
}

export async function insertAudit(db: DbOrTx, entry: NewAuditEntry) {
  await db.insert(staffAuditLog).values(entry)
}

export async function listAudit(
  db: DbOrTx,
  options: { action?: string; limit: number; offset: number },
) {
  const where = options.action ? eq(staffAuditLog.action, options.action) : undefined
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(staffAuditLog)
      .where(where)
      .orderBy(desc(staffAuditLog.at), desc(staffAuditLog.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(staffAuditLog).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}

export function sessionFilter(id: string, staffId: number) {
  return and(eq(staffSessions.id, id), eq(staffSessions.staffId, staffId))
}
