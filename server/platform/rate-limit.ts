// Fixed-window rate limits kept in Postgres, so they hold across app processes and restarts.
import { and, eq, gt, like, lt, lte, max, sql } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { rateLimits } from '#db/schema/platform.ts'

export type RateLimitResult = {
  allowed: boolean
  count: number
  /** When the current window ends. */
  resetAt: Date
}

/** Counts one hit on `key`; allowed while the window's count stays within `limit`. */
export async function hitRateLimit(
  db: DbOrTx,
  key: string,
  options: { limit: number; windowSeconds: number; now: Date },
): Promise<RateLimitResult> {
  const { limit, windowSeconds, now } = options
  const windowEnd = new Date(now.getTime() + windowSeconds * 1000)
  // Dates inside raw sql fragments are not serialized by the driver: pass them as text.
  const nowAt = sql`${now.toISOString()}::timestamptz`
  const endAt = sql`${windowEnd.toISOString()}::timestamptz`
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, expiresAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.expiresAt} <= ${nowAt} then 1 else ${rateLimits.count} + 1 end`,
        expiresAt: sql`case when ${rateLimits.expiresAt} <= ${nowAt} then ${endAt} else ${rateLimits.expiresAt} end`,
      },
    })
    .returning({ count: rateLimits.count, expiresAt: rateLimits.expiresAt })
  if (!row) throw new Error('rate limit upsert returned nothing')
  return { allowed: row.count <= limit, count: row.count, resetAt: row.expiresAt }
}

/** The current count of `key` without counting a hit. */
export async function peekRateLimit(
  db: DbOrTx,
  key: string,
  now: Date,
): Promise<RateLimitResult | null> {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key))
  if (!row || row.expiresAt <= now) return null
  return { allowed: true, count: row.count, resetAt: row.expiresAt }
}

/**
 * Starts a window on `key` unless one is running, in one statement: `started` is true for
 * exactly one of several parallel callers; the others get the running window's end.
 */
export async function startRateWindow(
  db: DbOrTx,
  key: string,
  options: { windowSeconds: number; now: Date },
): Promise<{ started: boolean; resetAt: Date }> {
  const { windowSeconds, now } = options
  const windowEnd = new Date(now.getTime() + windowSeconds * 1000)
  const nowAt = sql`${now.toISOString()}::timestamptz`
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, expiresAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { count: 1, expiresAt: windowEnd },
      setWhere: sql`${rateLimits.expiresAt} <= ${nowAt}`,
    })
    .returning({ expiresAt: rateLimits.expiresAt })
  if (row) return { started: true, resetAt: row.expiresAt }
  const running = await peekRateLimit(db, key, now)
  // Deleted in between (a reset): nothing runs, and this caller did not start anything.
  return { started: false, resetAt: running?.resetAt ?? now }
}

/** Moves the end of the running window of `key`. */
export async function setRateWindowEnd(db: DbOrTx, key: string, end: Date): Promise<void> {
  await db.update(rateLimits).set({ expiresAt: end }).where(eq(rateLimits.key, key))
}

export async function resetRateLimit(db: DbOrTx, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key))
}

/** The latest end of the running windows whose keys start with `prefix`, or null. */
export async function latestWindowEndWithPrefix(
  db: DbOrTx,
  prefix: string,
  now: Date,
): Promise<Date | null> {
  const [row] = await db
    .select({ end: max(rateLimits.expiresAt) })
    .from(rateLimits)
    .where(and(like(rateLimits.key, likePrefix(prefix)), gt(rateLimits.expiresAt, now)))
  return row?.end ?? null
}

function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * Forgets `key` unless its window counted more than `limit` hits (one statement): false when
 * it is over the limit, e.g. because more hits came in while the caller was working.
 */
export async function resetRateLimitWithin(
  db: DbOrTx,
  key: string,
  limit: number,
  now: Date,
): Promise<boolean> {
  const deleted = await db
    .delete(rateLimits)
    .where(and(eq(rateLimits.key, key), lte(rateLimits.count, limit)))
    .returning({ key: rateLimits.key })
  if (deleted.length > 0) return true
  return !(await peekRateLimit(db, key, now))
}

/** Forgets every key that starts with `prefix` (e.g. all addresses of one account). */
export async function resetRateLimitsWithPrefix(db: DbOrTx, prefix: string): Promise<void> {
  await db.delete(rateLimits).where(like(rateLimits.key, likePrefix(prefix)))
}

export async function deleteExpiredRateLimits(db: DbOrTx, now: Date): Promise<number> {
  const deleted = await db
    .delete(rateLimits)
    .where(lt(rateLimits.expiresAt, now))
    .returning({ key: rateLimits.key })
  return deleted.length
}
