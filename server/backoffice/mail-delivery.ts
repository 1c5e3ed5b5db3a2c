// The back office's view of mail delivery (issue 16): mails that failed or keep waiting, and
// "Erneut senden". The outbox is the platform's table: read and changed through its functions.
import {
  BACKOFFICE_PAGE_SIZE,
  type BackofficeMail,
  type BackofficeMails,
} from '#contract/backoffice.ts'
import type { DbOrTx } from '#db/client.ts'
import type { AppContext } from '#server/platform/http.ts'
import {
  listUndeliveredMails,
  resendMail as requeue,
  type UndeliveredMail,
} from '#server/platform/mail/outbox.ts'
import { err, ok, type Result } from '#server/platform/result.ts'

/** An unsent mail counts as a problem once it has waited this long, even without a failure. */
export const MAIL_WAITING_PROBLEM_MS = 15 * 60 * 1000

function mailOf(row: UndeliveredMail): BackofficeMail {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  }
}

export async function listMails(
  ctx: AppContext,
  query: { page: number; status?: 'failed' | 'waiting' | undefined },
): Promise<BackofficeMails> {
  const smtpConfigured = Boolean(ctx.config.smtpUrl)
  const { total, mails } = await listUndeliveredMails(ctx.db, {
    status: query.status,
    // Without SMTP every mail waits for the dev mailbox: only real failures are problems.
    waitingSince: smtpConfigured
      ? new Date(ctx.clock.now().getTime() - MAIL_WAITING_PROBLEM_MS)
      : null,
    limit: BACKOFFICE_PAGE_SIZE,
    offset: (query.page - 1) * BACKOFFICE_PAGE_SIZE,
  })
  return {
    mails: mails.map(mailOf),
    total,
    page: query.page,
    pageSize: BACKOFFICE_PAGE_SIZE,
    smtpConfigured,
  }
}

/** Queues the mail again (fresh attempts, due now); the router audits before and after. */
export async function resendMail(
  tx: DbOrTx,
  ctx: AppContext,
  id: number,
): Promise<
  Result<
    { before: BackofficeMail; after: BackofficeMail },
    'not_found' | 'backoffice_mail_not_resendable'
  >
> {
  const result = await requeue(tx, id, ctx.clock.now())
  if (!result.ok) {
    return err(result.code === 'not_found' ? 'not_found' : 'backoffice_mail_not_resendable')
  }
  return ok({ before: mailOf(result.before), after: mailOf(result.after) })
}
