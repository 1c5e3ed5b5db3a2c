// The audit log: who did what, when, to which record, with the record before and after.
// Changes are written in the same transaction as the entry, so there is no change without its
// entry and no entry for a change that was rolled back.

import type { Tx } from '#db/client.ts'
import type { Result } from '#server/platform/result.ts'
import * as repo from './access-repo.ts'
import type { StaffPrincipal, StaffRequest } from './session.ts'

export type AuditTarget = { type: string; id: string | number }

export type AuditEntry = {
  action: string
  target?: AuditTarget
  before?: unknown
  after?: unknown
}

type Actor = { staffId: number | null; email: string }

function requestFacts(req: StaffRequest) {
  const id = (req as unknown as { id?: unknown }).id
  return { requestId: id === undefined ? null : String(id), ip: req.ip ?? null }
}

/** Writes one entry (in the caller's transaction when given). */
export async function writeAudit(
  req: StaffRequest,
  actor: Actor,
  entry: AuditEntry,
  db: Parameters<typeof repo.insertAudit>[0] = req.ctx.db,
) {
  await repo.insertAudit(db, {
    at: req.ctx.clock.now(),
    staffId: actor.staffId,
    staffEmail: actor.email,
    action: entry.action,
    entityType: entry.target?.type ?? null,
    entityId: entry.target === undefined ? null : String(entry.target.id),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ...requestFacts(req),
  })
}

/** The verified member of staff of a guarded call (the guard admitted it). */
export async function actorOf(req: StaffRequest): Promise<StaffPrincipal> {
  const principal = await req.staff.principal()
  if (!principal) throw new Error('staff call without a verified staff session')
  return principal
}

/**
 * Runs a staff change and its audit entry in one transaction. `work` returns the change's
 * before and after (or a domain error: then nothing is written). Issue 11's calls use this for
 * every write: `auditedChange(req, 'customer.company_name.change', { type: 'customer', id },
 * (tx, staff) => service.changeCompanyName(tx, …))`.
 */
export async function auditedChange<
  T extends { before: unknown; after: unknown },
  E extends string,
>(
  req: StaffRequest,
  action: string,
  target: AuditTarget,
  work: (tx: Tx, staff: StaffPrincipal) => Promise<Result<T, E>>,
): Promise<Result<T, E>> {
  const staff = await actorOf(req)
  return req.ctx.db.transaction(async (tx) => {
    const result = await work(tx, staff)
    if (result.ok) {
      await writeAudit(
        req,
        { staffId: staff.staffId, email: staff.email },
        { action, target, before: result.value.before, after: result.value.after },
        tx,
      )
    }
    return result
  })
}

/** Records a read of sensitive data (a Campus document), outside any change. */
export async function auditedRead(req: StaffRequest, action: string, target: AuditTarget) {
  const staff = await actorOf(req)
  await writeAudit(req, { staffId: staff.staffId, email: staff.email }, { action, target })
}
