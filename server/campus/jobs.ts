// The Campus lifecycle job: ends memberships whose day has passed (expired, or pending when a
// renewal is still being examined), closes e-mail applications whose link ran out, sends the
// "renew soon" mail as a membership enters its 14-day window, and deletes documents 30 days
// after their decision (the decision itself stays in the application).
import { RENEWAL_WINDOW_DAYS } from '#contract/campus.ts'
import type { Tx } from '#db/client.ts'
import { setStudentMembership } from '#server/account/index.ts'
import type { Clock } from '#server/platform/clock.ts'
import type { Job } from '#server/platform/jobs.ts'
import type { FileStorage } from '#server/platform/storage.ts'
import { germanDate } from './dates.ts'
import { sendExpiredMail, sendRenewalReminderMail } from './mails.ts'
import * as repo from './repo.ts'
import { campusLinks, settleAfterClose } from './service.ts'

const DAY_MS = 24 * 60 * 60 * 1000
/** Documents are kept this long after the decision (questions, objections), then deleted. */
export const DOCUMENT_RETENTION_DAYS = 30
const BATCH = 200

export type CampusJobOptions = { publicUrl: string; storage: FileStorage }

export type LifecycleReport = {
  expired: number
  linksExpired: number
  reminders: number
  documentsDeleted: number
}

export async function runCampusLifecycle(
  tx: Tx,
  now: Date,
  options: CampusJobOptions,
): Promise<LifecycleReport> {
  const links = campusLinks(options.publicUrl)
  const report: LifecycleReport = { expired: 0, linksExpired: 0, reminders: 0, documentsDeleted: 0 }

  for (const customer of await repo.dueExpirations(tx, now, BATCH)) {
    const open = await repo.findOpenApplications(tx, customer.id, now)
    // A renewal still being examined keeps the customer a (pending) member.
    const next = open.length > 0 ? 'pending' : 'expired'
    await setStudentMembership(tx, customer.id, { studentStatus: next }, now)
    if (next === 'expired') await sendExpiredMail(tx, customer, links.account)
    report.expired += 1
  }

  for (const application of await repo.dueLinkExpiries(tx, now, BATCH)) {
    const closed = await repo.updateApplication(tx, application.id, {
      status: 'expired',
      decidedAt: now,
      updatedAt: now,
    })
    if (closed) await settleAfterClose(tx, application.customerId, closed, now, { refused: false })
    report.linksExpired += 1
  }

  const windowEnd = new Date(now.getTime() + RENEWAL_WINDOW_DAYS * DAY_MS)
  for (const { application, customer } of await repo.dueRenewalReminders(
    tx,
    now,
    windowEnd,
    BATCH,
  )) {
    await repo.updateApplication(tx, application.id, { renewalReminderSentAt: now })
    if (customer.studentExpiration) {
      await sendRenewalReminderMail(
        tx,
        customer,
        germanDate(customer.studentExpiration),
        links.account,
      )
    }
    report.reminders += 1
  }

  const before = new Date(now.getTime() - DOCUMENT_RETENTION_DAYS * DAY_MS)
  for (const row of await repo.documentsToDelete(tx, before, BATCH)) {
    if (row.documentKey) await options.storage.delete(row.documentKey)
    await repo.updateApplication(tx, row.id, { documentDeletedAt: now })
    report.documentsDeleted += 1
  }
  return report
}

export function campusJobs(clock: Clock, options: CampusJobOptions): Job[] {
  return [
    {
      name: 'campus-lifecycle',
      everyMs: 10 * 60 * 1000,
      run: (tx) => runCampusLifecycle(tx, clock.now(), options),
    },
  ]
}
