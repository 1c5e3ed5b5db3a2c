// Delivers the outbox over SMTP. Rows are claimed with FOR UPDATE SKIP LOCKED, so several app
// processes never send the same mail twice; failures are retried with growing delays.
import { eq, sql } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import type { Db } from '#db/client.ts'
import { mailOutbox } from '#db/schema/platform.ts'
import type { Logger } from '../log.ts'

const MAX_ATTEMPTS = 8

export function createMailSender(options: { db: Db; smtpUrl: string; from: string; log: Logger }) {
  const transport = nodemailer.createTransport(options.smtpUrl)
  return async function sendPendingMails(): Promise<number> {
    const claimed = await options.db.execute<{
      id: number
      to: string
      subject: string
      text: string
      html: string
      attempts: number
    }>(sql`
      update mail_outbox set status = 'sending', attempts = attempts + 1
      where id in (
        select id from mail_outbox
        where status = 'queued' and next_attempt_at <= now()
        order by id limit 20
        for update skip locked
      )
      returning id, "to", subject, text, html, attempts`)
    for (const mail of claimed) {
      try {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        })
        await options.db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: new Date(), lastError: null })
          .where(eq(mailOutbox.id, mail.id))
      } catch (error) {
        const failed = mail.attempts >= MAX_ATTEMPTS
        const delaySeconds = 30 * 2 ** Math.min(mail.attempts, 10)
        options.log.warn({ err: error, mailId: mail.id }, 'mail delivery failed')
        await options.db
          .update(mailOutbox)
          .set({
            status: failed ? 'failed' : 'queued',
            lastError: String(error).slice(0, 500),
            nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})`,
          })
          .where(eq(mailOutbox.id, mail.id))
      }
    }
    return claimed.length
  }
}
