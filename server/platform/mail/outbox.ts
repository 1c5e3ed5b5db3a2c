// Every mail goes into the outbox first, inside the caller's transaction where there is one,
// so a mail is sent exactly when the change that caused it was committed.
import { and, desc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { type MailStatus, mailAttachments, mailOutbox } from '#db/schema/platform.ts'
import { type MailContent, renderMail } from './render.ts'

export type MailAttachment = { filename: string; contentType: string; content: Buffer }

export type OutgoingMail = MailContent & {
  to: string
  kind: string
  /** Files sent with the mail (invoices); copied into the outbox with it. */
  attachments?: MailAttachment[] | undefined
}

export async function enqueueMail(db: DbOrTx, mail: OutgoingMail): Promise<number> {
  const { text, html } = renderMail(mail)
  const [row] = await db
    .insert(mailOutbox)
    .values({ to: mail.to.trim(), subject: mail.subject, text, html, kind: mail.kind })
    .returning({ id: mailOutbox.id })
  if (!row) throw new Error('outbox insert returned nothing')
  if (mail.attachments?.length)
    await db
      .insert(mailAttachments)
      .values(mail.attachments.map((file) => ({ mailId: row.id, ...file })))
  return row.id
}

/** A mail's attachments, in the order they were added. */
export async function attachmentsOf(db: DbOrTx, mailId: number): Promise<MailAttachment[]> {
  return db
    .select({
      filename: mailAttachments.filename,
      contentType: mailAttachments.contentType,
      content: mailAttachments.content,
    })
    .from(mailAttachments)
    .where(eq(mailAttachments.mailId, mailId))
    .orderBy(mailAttachments.id)
}

/** File names of the attachments of these mails (dev mailbox, tests). */
async function attachmentNames(db: DbOrTx, mailIds: number[]): Promise<Map<number, string[]>> {
  const names = new Map<number, string[]>()
  if (mailIds.length === 0) return names
  const rows = await db
    .select({ mailId: mailAttachments.mailId, filename: mailAttachments.filename })
    .from(mailAttachments)
    .where(inArray(mailAttachments.mailId, mailIds))
    .orderBy(mailAttachments.id)
  for (const row of rows) names.set(row.mailId, [...(names.get(row.mailId) ?? []), row.filename])
  return names
}

const LINK = /https?:\/\/[^\s<>"')]+/g

export function extractLinks(text: string): string[] {
  return [...new Set(text.match(LINK) ?? [])]
}

/** Newest first, optionally for one recipient: for the dev mailbox and tests. */
export async function listMails(db: DbOrTx, options: { to?: string; limit?: number } = {}) {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(options.to ? and(eq(mailOutbox.to, options.to.trim())) : undefined)
    .orderBy(desc(mailOutbox.id))
    .limit(options.limit ?? 100)
  const names = await attachmentNames(
    db,
    rows.map((row) => row.id),
  )
  return rows.map((row) => ({
    ...row,
    links: extractLinks(row.text),
    attachments: names.get(row.id) ?? [],
  }))
}

// --- Delivery problems, for staff (back office "Mailversand") ----------------------------------

/** What staff see of a mail: never its text (it may carry a login code or a reset link). */
export type UndeliveredMail = {
  id: number
  to: string
  subject: string
  kind: string
  status: MailStatus
  attempts: number
  lastError: string | null
  createdAt: Date
  lastAttemptAt: Date | null
  /** When a queued mail is tried next. */
  nextAttemptAt: Date | null
}

const UNDELIVERED = {
  id: mailOutbox.id,
  to: mailOutbox.to,
  subject: mailOutbox.subject,
  kind: mailOutbox.kind,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  createdAt: mailOutbox.createdAt,
  lastAttemptAt: mailOutbox.lastAttemptAt,
  nextAttemptAt: mailOutbox.nextAttemptAt,
}

function toUndelivered(row: UndeliveredMail): UndeliveredMail {
  return { ...row, nextAttemptAt: row.status === 'queued' ? row.nextAttemptAt : null }
}

/**
 * Mails with delivery problems, newest first: failed ones, and unsent ones that have failed at
 * least once or wait since before `waitingSince` (null: only those that have failed; without
 * SMTP every mail waits in the outbox for the dev mailbox, which is no problem).
 */
export async function listUndeliveredMails(
  db: DbOrTx,
  options: {
    status?: 'failed' | 'waiting'
    waitingSince: Date | null
    limit: number
    offset: number
  },
): Promise<{ total: number; mails: UndeliveredMail[] }> {
  const failed = eq(mailOutbox.status, 'failed')
  // A claim counts its attempt up front: a first send in flight is no problem.
  const waiting = or(
    and(eq(mailOutbox.status, 'queued'), gt(mailOutbox.attempts, 0)),
    and(eq(mailOutbox.status, 'sending'), gt(mailOutbox.attempts, 1)),
    options.waitingSince
      ? and(
          inArray(mailOutbox.status, ['queued', 'sending']),
          lte(mailOutbox.createdAt, options.waitingSince),
        )
      : undefined,
  )
  const where =
    options.status === 'failed'
      ? failed
      : options.status === 'waiting'
        ? waiting
        : or(failed, waiting)
  const [rows, [count]] = await Promise.all([
    db
      .select(UNDELIVERED)
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(mailOutbox).where(where),
  ])
  return { total: count?.total ?? 0, mails: rows.map(toUndelivered) }
}

/**
 * Queues a failed (or waiting) mail again with a fresh set of attempts, due at `now`. A mail
 * already sent or being sent is left alone ('not_resendable'): staff cannot cause a duplicate.
 */
export async function resendMail(
  tx: DbOrTx,
  id: number,
  now: Date,
): Promise<
  | { ok: true; before: UndeliveredMail; after: UndeliveredMail }
  | { ok: false; code: 'not_found' | 'not_resendable' }
> {
  const [row] = await tx
    .select(UNDELIVERED)
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id))
    .for('update')
  if (!row) return { ok: false, code: 'not_found' }
  if (row.status !== 'failed' && row.status !== 'queued') {
    return { ok: false, code: 'not_resendable' }
  }
  const [after] = await tx
    .update(mailOutbox)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: now, claimedUntil: null })
    .where(eq(mailOutbox.id, id))
    .returning(UNDELIVERED)
  if (!after) throw new Error('outbox update returned nothing')
  return { ok: true, before: toUndelivered(row), after: toUndelivered(after) }
}
