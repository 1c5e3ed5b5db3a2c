// Delivers the outbox over SMTP (docs/decisions.md "Mail delivery").
//
// - A mail is claimed by one short statement (FOR UPDATE SKIP LOCKED, status 'sending', a lease in
//   `claimed_until`), so several shop processes never take the same mail; no transaction and no
//   pooled connection is held while the SMTP server is talked to.
// - Delivery is at least once: a sender that dies mid-send leaves the mail 'sending', and after
//   the lease another sender takes it again. The lease is far longer than a send may take (the
//   transport's timeouts and an overall deadline), so in the normal case nothing goes out twice.
//   Every attempt carries the same Message-ID, so a receiver can drop the rare duplicate.
// - Transient failures (server down, timeouts, 4xx replies) are retried with a bounded
//   exponential backoff; a permanent refusal of the mail (5xx to RCPT TO or DATA) marks it failed
//   at once, and so does the last of MAX_ATTEMPTS. Failed mails are listed for staff.
// - Time is the later of the database's and the shop clock's, so tests can move past a backoff.
import { sql } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import type { Db } from '#db/client.ts'
import { type Clock, systemClock } from '../clock.ts'
import type { Logger } from '../log.ts'
import { attachmentsOf } from './outbox.ts'

/** Attempts before a mail that keeps failing transiently is given up (about 5 hours). */
export const MAX_ATTEMPTS = 12
const FIRST_RETRY_SECONDS = 30
const MAX_RETRY_SECONDS = 60 * 60
/** How long a claim holds: much longer than SEND_DEADLINE_MS, so only dead senders lose it. */
export const CLAIM_LEASE_MS = 5 * 60 * 1000
/** The whole SMTP conversation of one mail is aborted after this. */
const SEND_DEADLINE_MS = 2 * 60 * 1000
/** At most this many mails per run; the next run takes the rest. */
const BATCH = 50

export type SmtpTimeouts = {
  connectionTimeout: number
  greetingTimeout: number
  socketTimeout: number
}
const TIMEOUTS: SmtpTimeouts = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
}

/** Seconds until the next try after `attempts` failed attempts: 30 s, 1, 2, 4 ... min, at most 1 h. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(FIRST_RETRY_SECONDS * 2 ** Math.max(attempts - 1, 0), MAX_RETRY_SECONDS)
}

type SmtpError = { code?: unknown; responseCode?: unknown; command?: unknown }

export type FailureKind =
  /** The server refused this mail for good (unknown mailbox, rejected content): no retry. */
  | 'permanent'
  /** This mail was deferred (4xx to RCPT TO or DATA): retry it later, go on with the others. */
  | 'transient'
  /** The server is unreachable or refused the session: retry later and end this run. */
  | 'server'

/** What a failed send means for the mail and for the rest of the run. */
export function classifySmtpError(error: unknown): FailureKind {
  const e = (typeof error === 'object' && error !== null ? error : {}) as SmtpError
  const code = typeof e.responseCode === 'number' ? e.responseCode : undefined
  const command = typeof e.command === 'string' ? e.command : undefined
  const aboutTheMail = command === 'RCPT TO' || command === 'DATA'
  if (aboutTheMail && code !== undefined) {
    // RFC 5321: 5yz is permanent; 552 to RCPT TO (mailbox full) is to be treated as 452.
    if (code >= 500 && code !== 503 && !(code === 552 && command === 'RCPT TO')) {
      return 'permanent'
    }
    return 'transient'
  }
  // An address nodemailer refuses before talking to the server will never be sendable.
  if (e.code === 'EENVELOPE' && command === 'API') return 'permanent'
  return 'server'
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 500)
  const { code, command } = error as SmtpError
  const where = typeof command === 'string' && command !== 'API' ? ` (${command})` : ''
  const prefix = typeof code === 'string' ? `${code}: ` : ''
  return `${prefix}${error.message}${where}`.slice(0, 500)
}

function domainOf(from: string): string {
  return /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'bitwerk.example'
}

type Claimed = {
  id: number
  to: string
  subject: string
  text: string
  html: string
  attempts: number
  created_at: string | Date
}

export type SendReport = { sent: number; deferred: number; failed: number; serverDown: boolean }

export type MailSenderOptions = {
  db: Db
  smtpUrl: string
  from: string
  log: Logger
  clock?: Clock
  /** Overrides of the SMTP timeouts in ms (tests); SMTP_URL query parameters win over both. */
  timeouts?: Partial<SmtpTimeouts>
  /** Overall deadline of one mail's SMTP conversation in ms. */
  sendDeadlineMs?: number
  batch?: number
}

export type MailSender = (() => Promise<SendReport>) & { close: () => void }

export function createMailSender(options: MailSenderOptions): MailSender {
  const { db, log } = options
  const clock = options.clock ?? systemClock
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    ...TIMEOUTS,
    ...options.timeouts,
  })
  const messageDomain = domainOf(options.from)
  /** Mails the server took whose 'sent' mark did not reach the database: marked first next run. */
  const unmarked = new Map<number, number>()
  /** The later of the database's time and the shop clock's (tests move the latter). */
  const now = () => sql`greatest(now(), ${clock.now().toISOString()}::timestamptz)`

  async function claim(): Promise<Claimed | undefined> {
    // Due mails first; then mails whose sender died (claim expired). Each claim is one statement.
    for (const due of [
      sql`status = 'queued' and next_attempt_at <= ${now()} order by next_attempt_at`,
      sql`status = 'sending' and claimed_until <= ${now()} order by claimed_until`,
    ]) {
      const [row] = await db.execute<Claimed>(sql`
        update mail_outbox
        set status = 'sending', attempts = attempts + 1, last_attempt_at = ${now()},
          claimed_until = ${now()} + make_interval(secs => ${CLAIM_LEASE_MS / 1000})
        where id = (select id from mail_outbox where ${due} limit 1 for update skip locked)
        returning id, "to", subject, text, html, attempts, created_at`)
      if (row) return row
    }
    return undefined
  }

  /** Marks only while the claim is still ours (same attempt, still 'sending'). */
  async function markSent(id: number, attempts: number) {
    const rows = await db.execute(sql`
      update mail_outbox set status = 'sent', sent_at = ${now()}, claimed_until = null
      where id = ${id} and status = 'sending' and attempts = ${attempts}
      returning id`)
    if (rows.length === 0) log.warn({ mailId: id }, 'mail sent after its claim had expired')
  }

  async function markFailure(mail: Claimed, kind: FailureKind, error: unknown) {
    const failed = kind === 'permanent' || mail.attempts >= MAX_ATTEMPTS
    const delay = retryDelaySeconds(mail.attempts)
    await db.execute(sql`
      update mail_outbox
      set status = ${failed ? 'failed' : 'queued'}, last_error = ${describe(error)},
        claimed_until = null,
        next_attempt_at = ${now()} + make_interval(secs => ${failed ? 0 : delay})
      where id = ${mail.id} and status = 'sending' and attempts = ${mail.attempts}`)
    const level = failed ? 'error' : 'warn'
    log[level](
      { err: error, mailId: mail.id, attempts: mail.attempts, kind },
      failed ? 'mail delivery failed for good' : 'mail delivery failed, will retry',
    )
  }

  async function sendOne(mail: Claimed) {
    const createdAt = new Date(mail.created_at).getTime()
    const attachments = await attachmentsOf(db, mail.id)
    await transport.sendMail({
      attachments: attachments.map((file) => ({
        filename: file.filename,
        contentType: file.contentType,
        content: file.content,
      })),
      from: options.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: `<outbox-${mail.id}-${createdAt}@${messageDomain}>`,
      signal: AbortSignal.timeout(options.sendDeadlineMs ?? SEND_DEADLINE_MS),
    })
  }

  const sendPendingMails = async (): Promise<SendReport> => {
    for (const [id, attempts] of unmarked) {
      await markSent(id, attempts)
      unmarked.delete(id)
    }
    const report: SendReport = { sent: 0, deferred: 0, failed: 0, serverDown: false }
    for (let i = 0; i < (options.batch ?? BATCH); i++) {
      const mail = await claim()
      if (!mail) break
      try {
        await sendOne(mail)
      } catch (error) {
        const kind = classifySmtpError(error)
        await markFailure(mail, kind, error)
        if (kind === 'permanent' || mail.attempts >= MAX_ATTEMPTS) report.failed++
        else report.deferred++
        if (kind === 'server') {
          // Trying the other mails now would only fail the same way (or wait out every timeout).
          report.serverDown = true
          break
        }
        continue
      }
      report.sent++
      try {
        await markSent(mail.id, mail.attempts)
      } catch (error) {
        unmarked.set(mail.id, mail.attempts)
        throw error
      }
    }
    return report
  }
  return Object.assign(sendPendingMails, { close: () => transport.close() })
}

/**
 * Runs the sender every `everyMs` in this process, one run at a time, outside any transaction
 * (the jobs of platform/jobs.ts hold a transaction for their advisory lock; mail delivery needs
 * no such lock, its claims keep processes apart). `stop()` waits for the run in flight.
 */
export function startMailDelivery(options: MailSenderOptions & { everyMs?: number }) {
  const send = createMailSender(options)
  const everyMs = options.everyMs ?? 2000
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()
  const tick = () => {
    running = send()
      .then(
        () => {},
        (error: unknown) => options.log.error({ err: error }, 'mail delivery run failed'),
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, everyMs)
      })
  }
  timer = setTimeout(tick, everyMs)
  return {
    stop: async () => {
      stopped = true
      clearTimeout(timer)
      await running
      send.close()
    },
  }
}
