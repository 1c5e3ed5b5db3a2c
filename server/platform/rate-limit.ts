// Fixed-window rate limits kept in Postgres, so they hold across app processes and restarts.
import { eq, lt, sql } from 'drizzle-orm'
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

export async function resetRateLimit(db: DbOrTx, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key))
}

export async function deleteExpiredRateLimits(db: DbOrTx, now: Date): Promise<number> {
  const deleted = await db
    .delete(rateLimits)
    .where(lt(rateLimits.expiresAt, now))
    .returning({ key: rateLimits.key })
  return deleted.length
}
