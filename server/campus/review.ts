// The staff's side of Campus documents: the review queue, one application with its document,
// approval with an end date and refusal with a reason. The back office calls these inside its
// audited transaction (they take `tx`) and writes the before/after they return to the audit log.

import type {
  StaffCampusApplication,
  StaffCampusApplicationDetail,
} from '#contract/backoffice-access.ts'
import { berlinDate, type CampusFileType } from '#contract/campus.ts'
import type { Db, DbOrTx, Tx } from '#db/client.ts'
import type { AppContext } from '#server/platform/http.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import { addMonths, endOfBerlinDay, germanDate } from './dates.ts'
import { sendApprovedMail, sendRejectedMail } from './mails.ts'
import { campusStatusOf } from './membership.ts'
import * as repo from './repo.ts'
import { campusLinks, grantMembership, settleAfterClose } from './service.ts'

/** Staff may grant at most this far ahead. */
export const MAX_GRANT_YEARS = 5

type ReviewRow = Awaited<ReturnType<typeof repo.listDocumentApplications>>[number]

function summaryOf(row: ReviewRow): StaffCampusApplication {
  const { application: a, customer } = row
  return {
    id: a.id,
    submittedAt: a.createdAt.toISOString(),
    status: a.status,
    isRenewal: a.isRenewal,
    customerId: customer.id,
    customerNumber: customer.customerNumber,
    firstName: a.firstName ?? customer.firstName,
    lastName: a.lastName ?? customer.lastName,
    email: customer.email,
    studentType: a.studentType ?? 1,
    school: a.school ?? '',
    validFrom: a.validFrom ?? '',
    validTo: a.validTo ?? '',
  }
}

export async function listReviewApplications(
  db: Db,
  status: 'pending' | 'approved' | 'rejected',
  page: number,
  pageSize: number,
) {
  const [rows, total] = await Promise.all([
    repo.listDocumentApplications(db, status, pageSize, (page - 1) * pageSize),
    repo.countDocumentApplications(db, status),
  ])
  return { applications: rows.map(summaryOf), total: total.count, page, pageSize }
}

export async function reviewQueueStats(db: Db) {
  const open = await repo.countDocumentApplications(db, 'pending')
  return {
    openCampusApplications: open.count,
    oldestOpenCampusApplicationAt: open.oldest?.toISOString() ?? null,
  }
}

export function documentUrl(applicationId: number): string {
  return `/api/staff/campus/applications/${applicationId}/document`
}

export async function getReviewApplication(
  ctx: AppContext,
  db: DbOrTx,
  id: number,
): Promise<StaffCampusApplicationDetail | null> {
  const row = await repo.findReviewApplication(db, id)
  if (row?.application.method !== 'document') return null
  const { application: a, customer } = row
  const history = await repo.listCustomerApplications(db, customer.id, a.id)
  return {
    ...summaryOf(row),
    birthDate: a.birthDate,
    account: {
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      customerNumber: customer.customerNumber,
      isLight: customer.isLight,
      studentStatus: campusStatusOf(customer, ctx.clock.now()),
      studentExpiration: customer.studentExpiration?.toISOString() ?? null,
    },
    document:
      a.documentKey && !a.documentDeletedAt
        ? {
            type: a.documentType ?? 'application/octet-stream',
            size: a.documentSize ?? 0,
            name: a.documentName ?? 'nachweis',
            url: documentUrl(a.id),
          }
        : null,
    decidedAt: a.decidedAt?.toISOString() ?? null,
    decidedBy: row.decidedBy ?? null,
    grantedUntil: a.grantedUntil?.toISOString() ?? null,
    rejectionReason: a.rejectionReason,
    history: history.map((h) => ({
      id: h.id,
      method: h.method,
      status: h.status,
      submittedAt: h.createdAt.toISOString(),
      decidedAt: h.decidedAt?.toISOString() ?? null,
    })),
  }
}

/** The stored document of an application, for staff. */
export async function readApplicationDocument(
  ctx: AppContext,
  id: number,
): Promise<
  Result<
    { data: Buffer; type: CampusFileType; name: string },
    'not_found' | 'campus_document_missing'
  >
> {
  const row = await repo.findReviewApplication(ctx.db, id)
  if (row?.application.method !== 'document') return err('not_found')
  const a = row.application
  if (!a.documentKey || a.documentDeletedAt) return err('campus_document_missing')
  const data = await ctx.storage.get(a.documentKey)
  if (!data) return err('campus_document_missing')
  return ok({
    data,
    type: (a.documentType ?? 'application/pdf') as CampusFileType,
    name: a.documentName ?? 'nachweis',
  })
}

/** What an audited decision changed: the application and the customer's membership. */
export type ReviewChange = {
  before: ReviewSnapshot
  after: ReviewSnapshot
}
type ReviewSnapshot = {
  application: { status: string; grantedUntil: string | null; rejectionReason: string | null }
  customer: { id: number; studentStatus: string; studentExpiration: string | null }
}

async function snapshot(tx: Tx, applicationId: number): Promise<ReviewSnapshot | null> {
  const row = await repo.findReviewApplication(tx, applicationId)
  if (!row) return null
  return {
    application: {
      status: row.application.status,
      grantedUntil: row.application.grantedUntil?.toISOString() ?? null,
      rejectionReason: row.application.rejectionReason,
    },
    customer: {
      id: row.customer.id,
      studentStatus: row.customer.studentStatus,
      studentExpiration: row.customer.studentExpiration?.toISOString() ?? null,
    },
  }
}

type DecisionCode = 'not_found' | 'campus_application_not_pending'

async function openDocumentApplication(
  tx: Tx,
  id: number,
): Promise<Result<repo.ApplicationRow, DecisionCode>> {
  const application = await repo.findApplicationForUpdate(tx, id)
  if (application?.method !== 'document') return err('not_found')
  if (application.status !== 'pending') return err('campus_application_not_pending')
  return ok(application)
}

/**
 * Approves a document: the membership is valid until the end of `validUntil` (Berlin), which
 * must lie after today and at most five years ahead. The customer gets the German mail.
 */
export async function approveApplication(
  tx: Tx,
  ctx: AppContext,
  input: { id: number; validUntil: string; staffId: number },
): Promise<Result<ReviewChange, DecisionCode | 'campus_valid_until_invalid'>> {
  const now = ctx.clock.now()
  const today = berlinDate(now)
  if (input.validUntil <= today || input.validUntil > addMonths(today, MAX_GRANT_YEARS * 12)) {
    return err('campus_valid_until_invalid')
  }
  const open = await openDocumentApplication(tx, input.id)
  if (!open.ok) return open
  const before = await snapshot(tx, input.id)
  const customer = await repo.lockCustomer(tx, open.value.customerId)
  if (!before || !customer) return err('not_found')
  const until = endOfBerlinDay(input.validUntil)
  await repo.updateApplication(tx, input.id, {
    status: 'approved',
    decidedAt: now,
    decidedByStaffId: input.staffId,
    grantedUntil: until,
    updatedAt: now,
  })
  await grantMembership(tx, customer.id, until, now, input.id)
  await sendApprovedMail(tx, customer, germanDate(until), campusLinks(ctx.config.publicUrl).deals)
  const after = await snapshot(tx, input.id)
  if (!after) throw new Error('approved application vanished')
  return ok({ before, after })
}

/**
 * Refuses a document with a reason (mailed to the customer). Without another open application
 * or a running membership, the customer is deactivated and may register again.
 */
export async function rejectApplication(
  tx: Tx,
  ctx: AppContext,
  input: { id: number; reason: string; staffId: number },
): Promise<Result<ReviewChange, DecisionCode>> {
  const now = ctx.clock.now()
  const open = await openDocumentApplication(tx, input.id)
  if (!open.ok) return open
  const before = await snapshot(tx, input.id)
  const customer = await repo.lockCustomer(tx, open.value.customerId)
  if (!before || !customer) return err('not_found')
  const closed = await repo.updateApplication(tx, input.id, {
    status: 'rejected',
    decidedAt: now,
    decidedByStaffId: input.staffId,
    rejectionReason: input.reason,
    updatedAt: now,
  })
  if (!closed) throw new Error('rejected application vanished')
  await settleAfterClose(tx, customer.id, closed, now, { refused: true })
  await sendRejectedMail(tx, customer, input.reason, campusLinks(ctx.config.publicUrl).account)
  const after = await snapshot(tx, input.id)
  if (!after) throw new Error('rejected application vanished')
  return ok({ before, after })
}
