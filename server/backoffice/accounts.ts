// Staff accounts are made by a command (`npm run staff:create`), never through the shop.
import { isStaffRole, STAFF_ROLES, type StaffRole } from '#contract/backoffice-access.ts'
import type { DbOrTx } from '#db/client.ts'
import { hashPassword } from '#server/platform/password.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import * as repo from './access-repo.ts'

/** Staff passwords are longer than customers': the back office reaches every customer. */
export const STAFF_PASSWORD_MIN = 12

export type NewStaffAccount = { email: string; name: string; role: string; password: string }

export type StaffAccountProblem =
  | 'email_invalid'
  | 'role_unknown'
  | 'password_too_short'
  | 'name_missing'
  | 'exists'

export function checkStaffAccount(input: NewStaffAccount): StaffAccountProblem | null {
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email.trim())) return 'email_invalid'
  if (!isStaffRole(input.role)) return 'role_unknown'
  if (input.password.length < STAFF_PASSWORD_MIN) return 'password_too_short'
  if (input.name.trim().length < 2) return 'name_missing'
  return null
}

/**
 * Creates a staff account, or with `update` changes role, name and password of an existing one
 * (its sessions end). Roles outside STAFF_ROLES are refused here; the guard would refuse them
 * anyway.
 */
export async function createStaffAccount(
  db: DbOrTx,
  input: NewStaffAccount,
  options: { update?: boolean; now?: Date } = {},
): Promise<Result<{ id: number; created: boolean }, StaffAccountProblem>> {
  const problem = checkStaffAccount(input)
  if (problem) return err(problem)
  const now = options.now ?? new Date()
  const passwordHash = await hashPassword(input.password)
  const existing = await repo.findAccountByEmail(db, input.email)
  if (existing) {
    if (!options.update) return err('exists')
    await repo.updateAccount(db, existing.id, {
      name: input.name.trim(),
      role: input.role,
      passwordHash,
      disabledAt: null,
      updatedAt: now,
    })
    await repo.deleteSessionsOf(db, existing.id)
    return ok({ id: existing.id, created: false })
  }
  const row = await repo.insertAccount(db, {
    email: input.email.trim().toLowerCase(),
    name: input.name.trim(),
    role: input.role,
    passwordHash,
    createdAt: now,
    updatedAt: now,
  })
  return ok({ id: row.id, created: true })
}

export { STAFF_ROLES, type StaffRole }
