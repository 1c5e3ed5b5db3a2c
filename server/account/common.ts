// Shared by the account slice's use cases: limits, who is asking, hashing, rate limits, links.
import { createHash } from 'node:crypto'
import type { AppContext } from '#server/platform/http.ts'
import { hitRateLimit } from '#server/platform/rate-limit.ts'

export const TWO_FA_VALID_MINUTES = 10
/** Tries per code (the 6th is refused even when right: 5 wrong ones kill the code). */
export const TWO_FA_MAX_TRIES = 5
export const TWO_FA_MAX_SENDS = 5
export const RESET_VALID_MINUTES = 60
export const DEVICE_TRUST_DAYS = 180
/** Login requests per client address and 10 minutes (429 beyond). */
export const LOGIN_REQUESTS_PER_ADDRESS = 300

/** Who is asking: the client address and the browser's device token (if it sent one). */
export type Client = { ip: string; deviceToken: string | undefined }

export type Limited = 'rate_limited'

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

export async function withinLimit(
  ctx: AppContext,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<boolean> {
  const result = await hitRateLimit(ctx.db, key, { limit, windowSeconds, now: ctx.clock.now() })
  return result.allowed
}

export function accountLinks(ctx: AppContext) {
  const base = ctx.config.publicUrl
  return {
    account: `${base}/kundenkonto`,
    login: `${base}/kundenkonto/login`,
    passwordForgotten: `${base}/kundenkonto/passwort+vergessen`,
  }
}
