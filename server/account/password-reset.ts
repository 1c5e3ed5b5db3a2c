// Password reset: the single-use link by e-mail and setting the new password with it.
import { randomBytes } from 'node:crypto'
import type { AppContext } from '#server/platform/http.ts'
import { hashPassword } from '#server/platform/password.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import { endCustomerSessions } from '#server/platform/session.ts'
import { clearBlocks, emailKey } from './blocking.ts'
import {
  accountLinks,
  type Client,
  type Limited,
  RESET_VALID_MINUTES,
  sha256,
  withinLimit,
} from './common.ts'
import { sendPasswordResetMail } from './mails.ts'
import { isCommonPassword } from './passwords.ts'
import * as repo from './repo.ts'

/**
 * Mails a single-use reset link when the address has a full account. The answer is the same
 * either way; the limits per client address and per e-mail hold for unknown addresses too.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  client: Client,
): Promise<Result<void, Limited>> {
  const address = await withinLimit(ctx, `reset:ip:${client.ip}`, 20, 60 * 60)
  const account = await withinLimit(ctx, `reset:${emailKey(email)}`, 3, 60 * 60)
  if (!address || !account) return err('rate_limited')
  // Full accounts without a password yet (converted light accounts) set their first one here.
  const customer = await repo.findFullCustomerByEmail(ctx.db, email)
  if (!customer) return ok(undefined)
  const now = ctx.clock.now()
  const token = randomBytes(32).toString('base64url')
  const url = `${accountLinks(ctx).passwordForgotten}?token=${token}`
  await ctx.db.transaction(async (tx) => {
    await repo.insertPasswordReset(tx, {
      customerId: customer.id,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + RESET_VALID_MINUTES * 60 * 1000),
      now,
    })
    await sendPasswordResetMail(tx, customer, url, RESET_VALID_MINUTES)
  })
  return ok(undefined)
}

/**
 * Sets the new password from a reset link: the link works once and expires; the account's
 * sessions end, its open codes close and its login block ends.
 */
export async function resetPassword(
  ctx: AppContext,
  input: { token: string; password: string },
  client: Client,
): Promise<Result<void, 'reset_link_invalid' | 'password_not_secure' | Limited>> {
  if (!(await withinLimit(ctx, `reset-set:ip:${client.ip}`, 30, 60 * 60))) {
    return err('rate_limited')
  }
  const now = ctx.clock.now()
  const reset = await repo.findUsableReset(ctx.db, sha256(input.token), now)
  if (!reset) return err('reset_link_invalid')
  if (isCommonPassword(input.password)) return err('password_not_secure')
  const passwordHash = await hashPassword(input.password)
  const customer = await ctx.db.transaction(async (tx) => {
    if (!(await repo.useReset(tx, reset.id, reset.customerId, now))) return null
    await repo.updatePassword(tx, reset.customerId, passwordHash, now)
    await repo.closeChallengesOf(tx, reset.customerId, now)
    await endCustomerSessions(tx, reset.customerId)
    return repo.findCustomerById(tx, reset.customerId)
  })
  if (!customer) return err('reset_link_invalid')
  await clearBlocks(ctx.db, customer.email, customer.id)
  return ok(undefined)
}
