// Login blocking after repeated failures, counted in the platform's rate-limit windows
// (docs/decisions.md "Lock-out without abuse").
//
// A try is counted against its *subject* before the password is checked, and the count it got
// decides, so tries sent at once cannot pass the limit. The subject is the pair of e-mail address
// (registered or not, so a block tells nothing about it) and client address; on a browser that
// passed the e-mailed code for the account it is that browser. Five failures of a subject within
// 15 minutes block it: 5 minutes the first time, 15 the second, 30 from the third on within
// 24 hours. Strangers elsewhere therefore never block the owner: their failures block their own
// address (which gets the spec's 403 countdown), not the account.
//
// Two alarms tighten the rule without blocking anybody with the right password: from the 20th
// failure of an e-mail from all addresses within 15 minutes (guessing spread over many addresses),
// or the 50th from one address for all e-mails (spraying from one network), every failure
// concerned blocks its pair at once. A right password never depends on the alarms; from a new
// browser it leads to the e-mailed code as always.
import { createHash } from 'node:crypto'
import type { DbOrTx } from '#db/client.ts'
import {
  hitRateLimit,
  latestWindowEndWithPrefix,
  peekRateLimit,
  resetRateLimit,
  resetRateLimitsWithPrefix,
  resetRateLimitWithin,
  setRateWindowEnd,
  startRateWindow,
} from '#server/platform/rate-limit.ts'

export type Subject = { key: string }

const FAILURE_WINDOW_S = 15 * 60
const BLOCK_STEPS_S = [5 * 60, 15 * 60, 30 * 60]
const BLOCK_HISTORY_S = 24 * 60 * 60
/** Failures of one subject (e-mail + address, or a trusted browser) that start a block. */
export const SUBJECT_FAILURE_LIMIT = 5
/** Failures of one e-mail from all addresses within the window that raise its alarm. */
export const ACCOUNT_ALARM_LIMIT = 20
/** Failures from one address for all e-mails within the window that raise its alarm. */
export const ADDRESS_ALARM_LIMIT = 50

function digest(value: string): string {
  return createHash('sha256').update(value).digest('hex').slice(0, 32)
}

function emailDigest(email: string): string {
  return digest(email.trim().toLowerCase())
}

/** The rate-limit key part of an e-mail address (registration and reset limits, too). */
export function emailKey(email: string): string {
  return `email:${emailDigest(email)}`
}

/** An e-mail address tried from one client address (a browser without trust). */
export function pairSubject(email: string, ip: string): Subject {
  return { key: `pair:${emailDigest(email)}:${digest(ip)}` }
}

/** A browser that passed the e-mailed code for the account: counts on its own. */
export function deviceSubject(customerId: number, deviceHash: string): Subject {
  return { key: `device:${customerId}:${deviceHash.slice(0, 32)}` }
}

/** The end of the subject's running block, or null. */
export async function activeBlock(db: DbOrTx, subject: Subject, now: Date): Promise<Date | null> {
  const block = await peekRateLimit(db, `login-block:${subject.key}`, now)
  return block?.resetAt ?? null
}

/**
 * Counts a try of the subject before its password is checked. Over the limit (other tries sent
 * at the same time took the last ones) it is refused unchecked: `refusedUntil` is the end of the
 * running block, or of the failure window when the block is not written yet.
 */
export async function countTry(
  db: DbOrTx,
  subject: Subject,
  now: Date,
): Promise<{ count: number; refusedUntil: Date | null }> {
  const tries = await hitRateLimit(db, `login-fail:${subject.key}`, {
    limit: SUBJECT_FAILURE_LIMIT,
    windowSeconds: FAILURE_WINDOW_S,
    now,
  })
  if (tries.allowed) return { count: tries.count, refusedUntil: null }
  return {
    count: tries.count,
    refusedUntil: (await activeBlock(db, subject, now)) ?? tries.resetAt,
  }
}

/**
 * A failed try (already counted by countTry): when it reached the limit, or an alarm of its
 * e-mail or address is raised, the subject's block starts; returns the block's end or null.
 */
export async function recordFailure(
  db: DbOrTx,
  failure: { subject: Subject; count: number; email?: string; ip?: string },
  now: Date,
): Promise<Date | null> {
  const alarm = await raiseAlarms(db, failure.email, failure.ip, now)
  if (failure.count < SUBJECT_FAILURE_LIMIT && !alarm) return null
  return startBlock(db, failure.subject, now)
}

/** Counts the failure for the e-mail and the address; true when either is over its alarm. */
async function raiseAlarms(
  db: DbOrTx,
  email: string | undefined,
  ip: string | undefined,
  now: Date,
): Promise<boolean> {
  const window = { windowSeconds: FAILURE_WINDOW_S, now }
  const checks: Promise<boolean>[] = []
  if (email !== undefined) {
    checks.push(
      hitRateLimit(db, `login-alarm:email:${emailDigest(email)}`, {
        ...window,
        limit: ACCOUNT_ALARM_LIMIT - 1,
      }).then((hit) => !hit.allowed),
    )
  }
  if (ip !== undefined) {
    checks.push(
      hitRateLimit(db, `login-alarm:ip:${digest(ip)}`, {
        ...window,
        limit: ADDRESS_ALARM_LIMIT - 1,
      }).then((hit) => !hit.allowed),
    )
  }
  return (await Promise.all(checks)).some(Boolean)
}

/**
 * Starts the subject's block unless one runs (parallel failures start one block): its length
 * follows the subject's blocks within 24 hours. Afterwards the subject starts with a fresh count.
 */
async function startBlock(db: DbOrTx, subject: Subject, now: Date): Promise<Date> {
  const blockKey = `login-block:${subject.key}`
  const claimed = await startRateWindow(db, blockKey, {
    windowSeconds: BLOCK_STEPS_S[0] ?? 300,
    now,
  })
  if (!claimed.started) return claimed.resetAt
  const history = await hitRateLimit(db, `login-blocks:${subject.key}`, {
    limit: Number.MAX_SAFE_INTEGER,
    windowSeconds: BLOCK_HISTORY_S,
    now,
  })
  const seconds = BLOCK_STEPS_S[Math.min(history.count, BLOCK_STEPS_S.length) - 1] ?? 300
  const end = new Date(now.getTime() + seconds * 1000)
  if (end.getTime() !== claimed.resetAt.getTime()) await setRateWindowEnd(db, blockKey, end)
  await resetRateLimit(db, `login-fail:${subject.key}`)
  return end
}

/**
 * A right password: forgets the subject's failures, unless more tries than the limit came in
 * meanwhile or a block started (a burst of tries with the right password among them): then the
 * end of the block, or of the failure window, and the login is refused like a blocked one.
 */
export async function confirmSuccess(
  db: DbOrTx,
  subject: Subject,
  now: Date,
): Promise<Date | null> {
  const key = `login-fail:${subject.key}`
  const within = await resetRateLimitWithin(db, key, SUBJECT_FAILURE_LIMIT, now)
  const block = await activeBlock(db, subject, now)
  if (block) return block
  if (within) return null
  return (await peekRateLimit(db, key, now))?.resetAt ?? null
}

/**
 * The latest end of the account's running blocks (any address with its e-mail, any of its
 * trusted browsers), or null: what the back office shows.
 */
export async function accountBlockEnd(
  db: DbOrTx,
  email: string,
  customerId: number,
  now: Date,
): Promise<Date | null> {
  const ends = await Promise.all([
    latestWindowEndWithPrefix(db, `login-block:pair:${emailDigest(email)}:`, now),
    latestWindowEndWithPrefix(db, `login-block:device:${customerId}:`, now),
  ])
  return ends.reduce<Date | null>((a, b) => (b && (!a || b > a) ? b : a), null)
}

/**
 * A successful password reset (or staff's "unblock") ends every block of the e-mail (all addresses) and of the
 * account's trusted browsers, and forgets their history and the e-mail's alarm.
 */
export async function clearBlocks(db: DbOrTx, email: string, customerId: number): Promise<void> {
  for (const prefix of ['login-fail', 'login-block', 'login-blocks']) {
    await resetRateLimitsWithPrefix(db, `${prefix}:pair:${emailDigest(email)}:`)
    await resetRateLimitsWithPrefix(db, `${prefix}:device:${customerId}:`)
  }
  await resetRateLimit(db, `login-alarm:email:${emailDigest(email)}`)
}
