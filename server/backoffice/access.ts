// Rules of the back office login: password (argon2id), then a 6-digit code by e-mail at every
// login (no trusted browsers for staff), attempts limited per address and per client. Failed and
// successful logins and logouts are written to the audit log.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import {
  isStaffRole,
  STAFF_PAGE_SIZE,
  STAFF_ROLE_LABELS,
  type StaffAuditEntry,
  type StaffLoginBody,
  type StaffMe,
} from '#contract/backoffice-access.ts'
import { verifyDummyPassword, verifyPassword } from '#server/platform/password.ts'
import { hitRateLimit } from '#server/platform/rate-limit.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import * as repo from './access-repo.ts'
import { writeAudit } from './audit.ts'
import { sendStaffCodeMail } from './mails.ts'
import type { StaffPrincipal, StaffRequest } from './session.ts'

export const STAFF_CODE_VALID_MINUTES = 10
export const STAFF_CODE_MAX_FAILED = 5
export const STAFF_CODE_MAX_SENDS = 3

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

async function withinLimit(req: StaffRequest, key: string, limit: number, windowSeconds: number) {
  const result = await hitRateLimit(req.ctx.db, key, {
    limit,
    windowSeconds,
    now: req.ctx.clock.now(),
  })
  return result.allowed
}

export function meOf(principal: {
  staffId: number
  email: string
  name: string
  role: string
}): StaffMe {
  return {
    id: principal.staffId,
    email: principal.email,
    name: principal.name,
    role: principal.role,
    roleLabel: isStaffRole(principal.role) ? STAFF_ROLE_LABELS[principal.role] : principal.role,
  }
}

/**
 * Step 1: the password. Unknown and disabled addresses cost the same argon2 work and get the
 * same answer. A right password starts an unverified session and mails the code.
 */
export async function login(
  req: StaffRequest,
  body: StaffLoginBody,
): Promise<Result<void, 'staff_login_failed' | 'rate_limited'>> {
  const email = body.email.trim().toLowerCase()
  const client = req.ip ?? 'unknown'
  // Per address, per e-mail from that address, and (much higher) per e-mail from everywhere: a
  // stranger who knows a staff address cannot lock its owner out of the back office.
  const allowed =
    (await withinLimit(req, `staff-login:ip:${client}`, 30, 10 * 60)) &&
    (await withinLimit(req, `staff-login:${sha256(email)}:${sha256(client)}`, 10, 15 * 60)) &&
    (await withinLimit(req, `staff-login:${sha256(email)}`, 100, 15 * 60))
  if (!allowed) return err('rate_limited')
  const account = await repo.findAccountByEmail(req.ctx.db, email)
  const usable = account && !account.disabledAt
  const passwordOk = usable
    ? await verifyPassword(account.passwordHash, body.password)
    : await verifyDummyPassword(body.password)
  if (!usable || !passwordOk) {
    await writeAudit(
      req,
      { staffId: account?.id ?? null, email },
      { action: 'staff.login_failed', after: { reason: 'password' } },
    )
    return err('staff_login_failed')
  }
  const code = newCode()
  const now = req.ctx.clock.now()
  await req.ctx.db.transaction(async (tx) => {
    await req.staff.start(
      account.id,
      {
        hash: sha256(code),
        expiresAt: new Date(now.getTime() + STAFF_CODE_VALID_MINUTES * 60 * 1000),
      },
      tx,
    )
    await sendStaffCodeMail(tx, account, code, STAFF_CODE_VALID_MINUTES)
  })
  return ok(undefined)
}

/** Step 2: the code. Five wrong codes end the open login. */
export async function submitCode(
  req: StaffRequest,
  code: string,
): Promise<
  Result<
    StaffMe,
    'staff_unauthorized' | 'staff_code_invalid' | 'staff_code_expired' | 'rate_limited'
  >
> {
  const loaded = await req.staff.load()
  if (!loaded || loaded.session.verifiedAt || !loaded.session.codeHash) {
    return err('staff_unauthorized')
  }
  const { session, account } = loaded
  if (!(await withinLimit(req, `staff-code:ip:${req.ip ?? 'unknown'}`, 30, 10 * 60))) {
    return err('rate_limited')
  }
  const now = req.ctx.clock.now()
  // The try is counted before the code is compared, and the count it got decides: of tries sent
  // at once, only the first STAFF_CODE_MAX_FAILED are ever compared.
  const counted = await repo.countCodeTry(req.ctx.db, session.id)
  if (!counted?.codeHash) return err('staff_unauthorized')
  if (!counted.codeExpiresAt || counted.codeExpiresAt <= now) {
    await req.staff.destroy()
    return err('staff_code_expired')
  }
  if (counted.tries > STAFF_CODE_MAX_FAILED) {
    await req.staff.destroy()
    return err('staff_code_expired')
  }
  const expected = Buffer.from(counted.codeHash, 'hex')
  const given = Buffer.from(sha256(code), 'hex')
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    await writeAudit(
      req,
      { staffId: account.id, email: account.email },
      { action: 'staff.login_failed', after: { reason: 'code', attempt: counted.tries } },
    )
    if (counted.tries >= STAFF_CODE_MAX_FAILED) {
      await req.staff.destroy()
      return err('staff_code_expired')
    }
    return err('staff_code_invalid')
  }
  const codeHash = counted.codeHash
  const verified = await req.ctx.db.transaction(async (tx) => {
    if (!(await repo.consumeCode(tx, session.id, codeHash, STAFF_CODE_MAX_FAILED))) return false
    await req.staff.verify(tx)
    await repo.updateAccount(tx, account.id, { lastLoginAt: now })
    await writeAudit(
      req,
      { staffId: account.id, email: account.email },
      { action: 'staff.login' },
      tx,
    )
    return true
  })
  if (!verified) return err('staff_code_invalid')
  return ok(
    meOf({ staffId: account.id, email: account.email, name: account.name, role: account.role }),
  )
}

/** A new code for the open login (the old one stops working), at most three mails per login. */
export async function resendCode(
  req: StaffRequest,
): Promise<Result<void, 'staff_unauthorized' | 'staff_code_resend_failed'>> {
  const loaded = await req.staff.load()
  if (!loaded || loaded.session.verifiedAt) return err('staff_unauthorized')
  const { session, account } = loaded
  if (session.codeSendCount >= STAFF_CODE_MAX_SENDS) return err('staff_code_resend_failed')
  const code = newCode()
  const now = req.ctx.clock.now()
  // The send count is checked and raised by the update itself (parallel presses count one by one).
  const renewed = await req.ctx.db.transaction(async (tx) => {
    const done = await repo.renewCode(tx, session.id, {
      codeHash: sha256(code),
      codeExpiresAt: new Date(now.getTime() + STAFF_CODE_VALID_MINUTES * 60 * 1000),
      maxSends: STAFF_CODE_MAX_SENDS,
    })
    if (done) await sendStaffCodeMail(tx, account, code, STAFF_CODE_VALID_MINUTES)
    return done
  })
  return renewed ? ok(undefined) : err('staff_code_resend_failed')
}

export async function logout(req: StaffRequest): Promise<void> {
  const principal: StaffPrincipal | null = await req.staff.principal()
  await req.staff.destroy()
  if (principal) {
    await writeAudit(
      req,
      { staffId: principal.staffId, email: principal.email },
      { action: 'staff.logout' },
    )
  }
}

export async function listAuditLog(
  req: StaffRequest,
  query: { page: number; action?: string },
): Promise<{ entries: StaffAuditEntry[]; total: number; page: number; pageSize: number }> {
  const { rows, total } = await repo.listAudit(req.ctx.db, {
    action: query.action,
    limit: STAFF_PAGE_SIZE,
    offset: (query.page - 1) * STAFF_PAGE_SIZE,
  })
  return {
    entries: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      staffEmail: row.staffEmail,
      action: row.action,
      entityType: row.entityType,
      entityId: row.entityId,
      before: row.before,
      after: row.after,
    })),
    total,
    page: query.page,
    pageSize: STAFF_PAGE_SIZE,
  }
}
