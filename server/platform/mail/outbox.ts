// Every mail goes into the outbox first, inside the caller's transaction where there is one,
// so a mail is sent exactly when the change that caused it was committed.
import { and, desc, eq } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { mailOutbox } from '#db/schema/platform.ts'
import { type MailContent, renderMail } from './render.ts'

export type OutgoingMail = MailContent & { to: string; kind: string }

export async function enqueueMail(db: DbOrTx, mail: OutgoingMail): Promise<number> {
  const { text, html } = renderMail(mail)
  const [row] = await db
    .insert(mailOutbox)
    .values({ to: mail.to.trim(), subject: mail.subject, text, html, kind: mail.kind })
    .returning({ id: mailOutbox.id })
  if (!row) throw new Error('outbox insert returned nothing')
  return row.id
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
  return rows.map((row) => ({ ...row, links: extractLinks(row.text) }))
}
