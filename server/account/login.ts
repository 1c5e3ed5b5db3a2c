// Login with blocking: password check, trusted browsers, and the e-mailed code for new ones.
import type { LoginResult } from '#contract/account.ts'
import type { AppContext } from '#server/platform/http.ts'
import { verifyDummyPassword, verifyPassword } from '#server/platform/password.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import type { SessionHandle } from '#server/platform/session.ts'
import {
  activeBlock,
  confirmSuccess,
  countTry,
  deviceSubject,
  pairSubject,
  recordFailure,
} from './blocking.ts'
import {
  type Client,
  type Limited,
  LOGIN_REQUESTS_PER_ADDRESS,
  sha256,
  withinLimit,
} from './common.ts'
import { startFullLogin } from './full-login.ts'
import * as repo from './repo.ts'
import { deviceTrustEnd, openChallenge } from './two-factor.ts'

/** The answer while the e-mailed code is outstanding: nothing about the account yet. */
export const NEEDS_CODE_RESULT: LoginResult = {
  successful: false,
  needs2FaAuthentication: true,
  customerId: 0,
  userId: 0,
  businessCustomer: false,
  guestCustomer: false,
  firstName: '',
  lastName: '',
  email: '',
  notepadCount: 0,
  cartData: { cartAmount: 0, products: [] },
  fullLoginExpiryTimestamp: null,
  tid: null,
  trackingId: null,
  trackingContactId: null,
  testGroup: null,
}

export type LoginOutcome =
  | { kind: 'logged_in'; result: LoginResult }
  | { kind: 'needs_code'; result: LoginResult }
export type LoginError = 'login_failed' | 'login_blocked' | Limited

/** The e-mail of a soft login's customer (the re-login asks for the password alone). */
export async function softLoginEmail(
  ctx: AppContext,
  session: SessionHandle,
): Promise<string | null> {
  if ((await session.level()) !== 'soft') return null
  const customerId = await session.customerId()
  const customer = customerId ? await repo.findCustomerById(ctx.db, customerId) : null
  return customer?.email ?? null
}

export async function login(
  ctx: AppContext,
  session: SessionHandle,
  input: { email: string; password: string },
  client: Client,
): Promise<Result<LoginOutcome, LoginError, { blockedUntil: Date }>> {
  const now = ctx.clock.now()
  // Guards the password hashing per client address; high, since a network of many customers
  // (a university, a company) logs in through one address.
  if (!(await withinLimit(ctx, `login:ip:${client.ip}`, LOGIN_REQUESTS_PER_ADDRESS, 10 * 60))) {
    return err('rate_limited')
  }

  const customer = await repo.findFullCustomerByEmail(ctx.db, input.email)
  const deviceHash = client.deviceToken ? sha256(client.deviceToken) : null
  const trusted =
    customer && deviceHash
      ? await repo.isTrustedDevice(ctx.db, customer.id, deviceHash, now)
      : false
  // A trusted browser counts its failures on its own; any other browser counts per e-mail and
  // client address, so strangers' failures elsewhere never hold the owner.
  const subject =
    trusted && customer && deviceHash
      ? deviceSubject(customer.id, deviceHash)
      : pairSubject(input.email, client.ip)

  const blockedUntil = await activeBlock(ctx.db, subject, now)
  if (blockedUntil) return err('login_blocked', { blockedUntil })
  // Counted before the (slow) password check: tries sent at once cannot pass the limit.
  const attempt = await countTry(ctx.db, subject, now)
  if (attempt.refusedUntil) return err('login_blocked', { blockedUntil: attempt.refusedUntil })

  const valid = customer?.passwordHash
    ? await verifyPassword(customer.passwordHash, input.password)
    : await verifyDummyPassword(input.password)
  if (!customer || !valid) {
    const until = await recordFailure(
      ctx.db,
      trusted
        ? { subject, count: attempt.count }
        : { subject, count: attempt.count, email: input.email, ip: client.ip },
      now,
    )
    return until ? err('login_blocked', { blockedUntil: until }) : err('login_failed')
  }
  const burstUntil = await confirmSuccess(ctx.db, subject, now)
  if (burstUntil) return err('login_blocked', { blockedUntil: burstUntil })

  if (trusted && deviceHash) {
    await repo.trustDevice(ctx.db, customer.id, deviceHash, now, deviceTrustEnd(now))
    return ok({ kind: 'logged_in', result: await startFullLogin(session, ctx, customer) })
  }
  await openChallenge(ctx, session, customer)
  return ok({ kind: 'needs_code', result: NEEDS_CODE_RESULT })
}
