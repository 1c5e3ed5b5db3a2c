// The e-mailed code of a login in a new browser: sending, checking, resending; trusted devices.
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { LoginResult } from '#contract/account.ts'
import type { AppContext } from '#server/platform/http.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import type { SessionHandle } from '#server/platform/session.ts'
import {
  type Client,
  DEVICE_TRUST_DAYS,
  type Limited,
  sha256,
  TWO_FA_MAX_SENDS,
  TWO_FA_MAX_TRIES,
  TWO_FA_VALID_MINUTES,
  withinLimit,
} from './common.ts'
import { startFullLogin } from './full-login.ts'
import { sendTwoFaCodeMail } from './mails.ts'
import type { CustomerRow } from './repo.ts'
import * as repo from './repo.ts'

export function deviceTrustEnd(now: Date): Date {
  return new Date(now.getTime() + DEVICE_TRUST_DAYS * 24 * 60 * 60 * 1000)
}

function newCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0')
}

function codeHash(sessionId: string, code: string): string {
  return sha256(`${sessionId}:${code}`)
}

export async function openChallenge(
  ctx: AppContext,
  session: SessionHandle,
  customer: CustomerRow,
) {
  const now = ctx.clock.now()
  const row = await session.ensure()
  const code = newCode()
  await ctx.db.transaction(async (tx) => {
    await repo.insertChallenge(tx, {
      customerId: customer.id,
      sessionId: row.id,
      codeHash: codeHash(row.id, code),
      expiresAt: new Date(now.getTime() + TWO_FA_VALID_MINUTES * 60 * 1000),
      now,
    })
    await sendTwoFaCodeMail(tx, customer, code, TWO_FA_VALID_MINUTES)
  })
}

export async function submitTwoFaCode(
  ctx: AppContext,
  session: SessionHandle,
  code: string,
  client: Client,
): Promise<Result<{ result: LoginResult; deviceToken: string }, 'two_fa_code_invalid' | Limited>> {
  const now = ctx.clock.now()
  // Per client address: high, since a network of many customers (a university) shares one.
  if (!(await withinLimit(ctx, `two-fa:ip:${client.ip}`, 120, 10 * 60))) return err('rate_limited')
  const row = await session.load()
  const challenge = row ? await repo.findOpenChallenge(ctx.db, row.id) : null
  if (!row || !challenge) return err('two_fa_code_invalid')
  if (!(await withinLimit(ctx, `two-fa:account:${challenge.customerId}`, 20, 60 * 60))) {
    return err('rate_limited')
  }
  // The try is counted before the code is compared, and the count it got decides: of tries sent
  // at once, only the first TWO_FA_MAX_TRIES are ever compared.
  const counted = await repo.countCodeTry(ctx.db, challenge.id)
  if (!counted || counted.tries > TWO_FA_MAX_TRIES || counted.expiresAt <= now) {
    return err('two_fa_code_invalid')
  }
  const expected = Buffer.from(counted.codeHash, 'hex')
  const given = Buffer.from(codeHash(row.id, code), 'hex')
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return err('two_fa_code_invalid')
  }
  const consumed = await repo.consumeChallenge(ctx.db, challenge.id, {
    codeHash: counted.codeHash,
    maxTries: TWO_FA_MAX_TRIES,
    now,
  })
  if (!consumed) {
    return err('two_fa_code_invalid')
  }
  const customer = await repo.findCustomerById(ctx.db, challenge.customerId)
  if (!customer) return err('two_fa_code_invalid')
  // The code proves the e-mail address; the browser is trusted from now on.
  await repo.confirmEmail(ctx.db, customer.id, now)
  const deviceToken = client.deviceToken ?? randomBytes(32).toString('base64url')
  await repo.trustDevice(ctx.db, customer.id, sha256(deviceToken), now, deviceTrustEnd(now))
  return ok({ result: await startFullLogin(session, ctx, customer), deviceToken })
}

export async function resendTwoFaCode(
  ctx: AppContext,
  session: SessionHandle,
): Promise<Result<void, 'two_fa_resend_failed' | Limited>> {
  const now = ctx.clock.now()
  const row = await session.load()
  const challenge = row ? await repo.findOpenChallenge(ctx.db, row.id) : null
  if (!row || !challenge || challenge.sendCount >= TWO_FA_MAX_SENDS) {
    return err('two_fa_resend_failed')
  }
  if (!(await withinLimit(ctx, `two-fa-send:account:${challenge.customerId}`, 10, 60 * 60))) {
    return err('rate_limited')
  }
  const customer = await repo.findCustomerById(ctx.db, challenge.customerId)
  if (!customer) return err('two_fa_resend_failed')
  const code = newCode()
  // The send count is checked and raised by the update itself (parallel presses count one by one).
  const renewed = await ctx.db.transaction(async (tx) => {
    const done = await repo.renewChallenge(tx, challenge.id, {
      codeHash: codeHash(row.id, code),
      expiresAt: new Date(now.getTime() + TWO_FA_VALID_MINUTES * 60 * 1000),
      now,
      maxSends: TWO_FA_MAX_SENDS,
    })
    if (done) await sendTwoFaCodeMail(tx, customer, code, TWO_FA_VALID_MINUTES)
    return done
  })
  if (!renewed) return err('two_fa_resend_failed')
  return ok(undefined)
}
