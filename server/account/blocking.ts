// Login blocking after repeated failures, counted in the platform's rate-limit windows.
//
// Subjects: the e-mail address (whether registered or not, so a block tells nothing about it),
// the client address, and a trusted browser of the account (it counts on its own, so strangers
// cannot lock a customer out on the browser they use). Five failures of an e-mail (or trusted
// browser) within 15 minutes, or twenty of a client address, block it: 5 minutes the first time,
// 15 the second, 30 from the third on within 24 hours. Every block ends; a password reset ends
// the e-mail's block at once.
import { createHash } from 'node:crypto'
import type { DbOrTx } from '#db/client.ts'
import { hitRateLimit, peekRateLimit, resetRateLimit } from '#server/platform/rate-limit.ts'

export type Subject = { key: string; limit: number }

const FAILURE_WINDOW_S = 15 * 60
const BLOCK_STEPS_S = [5 * 60, 15 * 60, 30 * 60]
const BLOCK_HISTORY_S = 24 * 60 * 60
export const ACCOUNT_FAILURE_LIMIT = 5
export const ADDRESS_FAILURE_LIMIT = 20

function digest(value: string): string {
  return createHash('sha256').update(value).digest('hex').slice(0, 32)
}

export function emailSubject(email: string): Subject {
  return { key: `email:${digest(email.trim().toLowerCase())}`, limit: ACCOUNT_FAILURE_LIMIT }
}

export function addressSubject(ip: string): Subject {
  return { key: `ip:${digest(ip)}`, limit: ADDRESS_FAILURE_LIMIT }
}

export function deviceSubject(customerId: number, deviceHash: string): Subject {
  return { key: `device:${customerId}:${deviceHash.slice(0, 32)}`, limit: ACCOUNT_FAILURE_LIMIT }
}

/** The end of the latest running block among the subjects, or null. */
export async function activeBlock(
  db: DbOrTx,
  subjects: Subject[],
  now: Date,
): Promise<Date | null> {
  let until: Date | null = null
  for (const subject of subjects) {
    const block = await peekRateLimit(db, `login-block:${subject.key}`, now)
    if (block && (!until || block.resetAt > until)) until = block.resetAt
  }
  return until
}

/** Counts a failure; when it reaches the limit, starts a block and returns its end. */
export async function recordFailure(db: DbOrTx, subject: Subject, now: Date): Promise<Date | null> {
  const failures = await hitRateLimit(db, `login-fail:${subject.key}`, {
    limit: subject.limit,
    windowSeconds: FAILURE_WINDOW_S,
    now,
  })
  if (failures.count < subject.limit) return null
  const history = await hitRateLimit(db, `login-blocks:${subject.key}`, {
    limit: Number.MAX_SAFE_INTEGER,
    windowSeconds: BLOCK_HISTORY_S,
    now,
  })
  const seconds = BLOCK_STEPS_S[Math.min(history.count, BLOCK_STEPS_S.length) - 1] ?? 300
  const block = await hitRateLimit(db, `login-block:${subject.key}`, {
    limit: Number.MAX_SAFE_INTEGER,
    windowSeconds: seconds,
    now,
  })
  // After the block the subject starts with a fresh count.
  await resetRateLimit(db, `login-fail:${subject.key}`)
  return block.resetAt
}

/** A successful login forgets the subject's failures (not its block history). */
export async function clearFailures(db: DbOrTx, subject: Subject): Promise<void> {
  await resetRateLimit(db, `login-fail:${subject.key}`)
}

/** A successful password reset ends the e-mail's block and forgets its history. */
export async function clearBlock(db: DbOrTx, subject: Subject): Promise<void> {
  for (const prefix of ['login-fail', 'login-block', 'login-blocks']) {
    await resetRateLimit(db, `${prefix}:${subject.key}`)
  }
}
