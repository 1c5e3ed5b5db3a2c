// Mail delivery for real (issue 16): the outbox sender against a real SMTP server started here
// (smtp-server), what arrives parsed with mailparser. Delivered once and intact (umlauts, text
// and HTML); retried with backoff while the server is down or defers (4xx), then delivered;
// never twice with two senders on separate pools racing; a claim of a sender that died is taken
// again only after its lease; a permanent refusal (5xx) or the last attempt marks the mail
// failed at once, staff see it in the back office and send it again (audited); a server that
// never greets does not stall the sender. Time moves with the shop clock, never by sleeping.
import { createServer, type Server } from 'node:net'
import { eq, inArray } from 'drizzle-orm'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createDb, type Db } from '#db/client.ts'
import { mailOutbox } from '#db/schema/platform.ts'
import { createLogger } from '#server/platform/log.ts'
import { enqueueMail } from '#server/platform/mail/outbox.ts'
import {
  CLAIM_LEASE_MS,
  createMailSender,
  MAX_ATTEMPTS,
  type MailSender,
  type MailSenderOptions,
  startMailDelivery,
} from '#server/platform/mail/sender.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import { cloneTemplate } from '#tests/support/template.ts'
import { browserFactory } from './account-fixtures.ts'
import { insertStaffAccount, staffLogIn } from './staff-access.ts'

const FROM = 'Bitwerk Kundenservice <service@bitwerk.example>'
const log = createLogger('silent')

type Arrival = { envelopeTo: string[]; envelopeFrom: string; mail: ParsedMail }

/** A real SMTP server: accepts, defers everything (4xx) or refuses unknown mailboxes (550). */
class TestSmtp {
  arrivals: Arrival[] = []
  mode: 'accept' | 'defer' = 'accept'
  /** Local parts the server does not know (550 to RCPT TO). */
  unknown = new Set<string>()
  private server: SMTPServer

  private constructor() {
    const reply = (message: string, responseCode: number) =>
      Object.assign(new Error(message), { responseCode })
    this.server = new SMTPServer({
      logger: false,
      disableReverseLookup: true,
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo: (address, _session, callback) => {
        if (this.mode === 'defer') return callback(reply('Try again later', 451))
        const local = address.address.split('@')[0] ?? ''
        if (this.unknown.has(local)) return callback(reply('5.1.1 Unknown mailbox', 550))
        callback()
      },
      onData: (stream, session, callback) => {
        simpleParser(stream).then(
          (mail) => {
            this.arrivals.push({
              mail,
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            })
            callback()
          },
          (error: Error) => callback(error),
        )
      },
    })
  }

  static async start(port = 0): Promise<TestSmtp> {
    const smtp = new TestSmtp()
    await new Promise<void>((resolve, reject) => {
      smtp.server.once('error', reject)
      smtp.server.listen(port, '127.0.0.1', () => resolve())
    })
    return smtp
  }

  get port(): number {
    const address = this.server.server.address()
    if (!address || typeof address === 'string') throw new Error('not listening')
    return address.port
  }

  arrivalsTo(address: string): Arrival[] {
    return this.arrivals.filter((a) => a.envelopeTo.includes(address))
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()))
  }
}

/** A port with nothing listening on it (connection refused). */
async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()))
  const address = probe.address()
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}

/** Runs the sender until a run finds nothing due; returns the sums of its reports. */
async function drain(send: MailSender) {
  const total = { sent: 0, deferred: 0, failed: 0, runs: 0, serverDown: false }
  for (;;) {
    const report = await send()
    total.runs++
    total.sent += report.sent
    total.deferred += report.deferred
    total.failed += report.failed
    total.serverDown ||= report.serverDown
    if (report.sent + report.deferred + report.failed === 0) return total
  }
}

let counter = 0
function address(prefix = 'empfaenger'): string {
  counter++
  return `${prefix}-${counter}-${Date.now().toString(36)}@kunden.example`
}

function testMail(to: string, subject = 'Deine Bestellung bei Bitwerk') {
  return {
    to,
    kind: 'order_confirmation',
    subject,
    greeting: 'Hallo Jürgen,',
    paragraphs: ['Grüße aus Köln: Äpfel, Öl, Übergrößen und Maß für Maß.'],
    action: { label: 'Bestellung ansehen', url: 'https://bitwerk.example/konto/bestellungen' },
  }
}

async function row(db: Db, id: number) {
  const [found] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id))
  if (!found) throw new Error(`mail ${id} not found`)
  return found
}

let shop: TestApp
let smtp: TestSmtp
const senders: MailSender[] = []

/** A sender on the test app's database and clock (or on another pool). */
function sender(options: Partial<MailSenderOptions> & { port: number }): MailSender {
  const send = createMailSender({
    db: shop.db,
    smtpUrl: `smtp://127.0.0.1:${options.port}`,
    from: FROM,
    log,
    clock: shop.clock,
    ...options,
  })
  senders.push(send)
  return send
}

/** Moves the shop clock `ms` past the later of itself and real time. */
function advance(ms: number) {
  shop.clock.set(new Date(Math.max(shop.clock.now().getTime(), Date.now()) + ms))
}

beforeAll(async () => {
  shop = await startTestApp()
  smtp = await TestSmtp.start()
  // The template's own mails (if any) go out first, so that each test sees only its own.
  await drain(sender({ port: smtp.port }))
})
afterAll(async () => {
  for (const send of senders) send.close()
  await smtp.close()
  await shop.close()
})

describe('mail delivery over SMTP', () => {
  it('delivers a mail once with sender, recipient, subject, text and HTML intact', async () => {
    const to = address()
    const subject = 'Bestätigung: Größe „XL“ für Jürgen'
    const id = await enqueueMail(shop.db, testMail(to, subject))

    const result = await drain(sender({ port: smtp.port }))
    expect(result.sent).toBeGreaterThanOrEqual(1)

    const arrivals = smtp.arrivalsTo(to)
    expect(arrivals).toHaveLength(1)
    const [{ mail, envelopeFrom }] = arrivals as [Arrival]
    expect(envelopeFrom).toBe('service@bitwerk.example')
    expect(mail.from?.value).toEqual([
      { address: 'service@bitwerk.example', name: 'Bitwerk Kundenservice' },
    ])
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : null).toBe(to)
    expect(mail.subject).toBe(subject)
    expect(mail.text).toContain('Hallo Jürgen,')
    expect(mail.text).toContain('Grüße aus Köln: Äpfel, Öl, Übergrößen und Maß für Maß.')
    expect(mail.text).toContain('https://bitwerk.example/konto/bestellungen')
    expect(mail.html).toContain('Grüße aus Köln: Äpfel, Öl, Übergrößen und Maß für Maß.')
    expect(mail.html).toContain('href="https://bitwerk.example/konto/bestellungen"')
    expect(mail.messageId).toMatch(new RegExp(`^<outbox-${id}-\\d+@bitwerk\\.example>$`))

    const stored = await row(shop.db, id)
    expect(stored.status).toBe('sent')
    expect(stored.attempts).toBe(1)
    expect(stored.sentAt).not.toBeNull()
    expect(stored.claimedUntil).toBeNull()
  })

  it('retries with growing delays while the server is down or defers, then delivers once', async () => {
    const port = await freePort()
    const send = sender({ port })
    const to = address()
    const id = await enqueueMail(shop.db, testMail(to))

    // Nobody listens: connection refused. The run stops, the mail waits 30 s.
    const down = await send()
    expect(down).toMatchObject({ sent: 0, deferred: 1, failed: 0, serverDown: true })
    let stored = await row(shop.db, id)
    expect(stored.status).toBe('queued')
    expect(stored.attempts).toBe(1)
    expect(stored.lastError).toMatch(/ECONNECTION|ECONNREFUSED/)
    const firstDelay = stored.nextAttemptAt.getTime() - (stored.lastAttemptAt?.getTime() ?? 0)
    expect(firstDelay).toBeGreaterThanOrEqual(30_000)
    expect(firstDelay).toBeLessThan(32_000)

    // Not due yet: a run right away leaves it alone.
    expect(await send()).toMatchObject({ sent: 0, deferred: 0, failed: 0 })
    expect((await row(shop.db, id)).attempts).toBe(1)

    // Still down after 30 s: the next delay doubles.
    advance(31_000)
    expect(await send()).toMatchObject({ deferred: 1, serverDown: true })
    stored = await row(shop.db, id)
    expect(stored.attempts).toBe(2)
    const secondDelay = stored.nextAttemptAt.getTime() - (stored.lastAttemptAt?.getTime() ?? 0)
    expect(secondDelay).toBeGreaterThanOrEqual(60_000)
    expect(secondDelay).toBeLessThan(62_000)

    // The server is back but answers 451 (temporary): deferred again, the server is up.
    const back = await TestSmtp.start(port)
    try {
      back.mode = 'defer'
      advance(61_000)
      expect(await send()).toMatchObject({ sent: 0, deferred: 1, serverDown: false })
      stored = await row(shop.db, id)
      expect(stored.status).toBe('queued')
      expect(stored.attempts).toBe(3)
      expect(stored.lastError).toContain('451')
      expect(back.arrivals).toHaveLength(0)

      // It accepts again: delivered once at the next due run.
      back.mode = 'accept'
      advance(121_000)
      const result = await drain(send)
      expect(result.sent).toBeGreaterThanOrEqual(1)
      expect(back.arrivalsTo(to)).toHaveLength(1)
      stored = await row(shop.db, id)
      expect(stored.status).toBe('sent')
      expect(stored.attempts).toBe(4)
    } finally {
      await back.close()
    }
  })

  it('sends every mail exactly once when two shop processes send at the same time', async () => {
    // Two senders as two processes would have them: separate pools on the same database.
    const url = await cloneTemplate(inject('dbAdminUrl'), inject('dbTemplate'))
    const pools = [createDb(url, { max: 3 }), createDb(url, { max: 3 })]
    const race = await TestSmtp.start()
    try {
      const [a, b] = pools.map(({ db }) =>
        sender({ db, port: race.port, clock: { now: () => new Date() }, batch: 5 }),
      ) as [MailSender, MailSender]
      // The template's own mails first, then 40 of ours.
      await drain(a)
      race.arrivals = []
      const recipients = Array.from({ length: 40 }, () => address('race'))
      const ids: number[] = []
      for (const to of recipients) ids.push(await enqueueMail(pools[0]!.db, testMail(to)))

      const [resultA, resultB] = await Promise.all([drain(a), drain(b)])
      expect(resultA.sent + resultB.sent).toBe(40)
      // Both really took part.
      expect(resultA.sent).toBeGreaterThan(0)
      expect(resultB.sent).toBeGreaterThan(0)
      expect(race.arrivals).toHaveLength(40)
      for (const to of recipients) expect(race.arrivalsTo(to)).toHaveLength(1)
      const rows = await pools[0]!.db
        .select({ status: mailOutbox.status, attempts: mailOutbox.attempts })
        .from(mailOutbox)
        .where(inArray(mailOutbox.id, ids))
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true)
    } finally {
      await race.close()
      for (const pool of pools) await pool.close()
    }
  })

  it('takes a mail left "sending" by a sender that died only after its lease, then once', async () => {
    const send = sender({ port: smtp.port })
    const to = address()
    const id = await enqueueMail(shop.db, testMail(to))
    // What a process that claimed the mail and died before its SMTP answer leaves behind.
    const claimedAt = new Date(Math.max(shop.clock.now().getTime(), Date.now()))
    await shop.db
      .update(mailOutbox)
      .set({
        status: 'sending',
        attempts: 1,
        lastAttemptAt: claimedAt,
        claimedUntil: new Date(claimedAt.getTime() + CLAIM_LEASE_MS),
      })
      .where(eq(mailOutbox.id, id))

    // The claim still holds: a run leaves it alone (that sender may still be talking to SMTP).
    await drain(send)
    expect(smtp.arrivalsTo(to)).toHaveLength(0)
    expect((await row(shop.db, id)).status).toBe('sending')

    shop.clock.set(new Date(claimedAt.getTime() + CLAIM_LEASE_MS + 1000))
    await drain(send)
    expect(smtp.arrivalsTo(to)).toHaveLength(1)
    const stored = await row(shop.db, id)
    expect(stored.status).toBe('sent')
    expect(stored.attempts).toBe(2)
  })

  it('marks a mail refused for good (550) failed at once, without stopping the others', async () => {
    const send = sender({ port: smtp.port })
    smtp.unknown.add('unbekannt')
    const bad = `unbekannt@kunden.example`
    const good = address()
    const badId = await enqueueMail(shop.db, testMail(bad))
    const goodId = await enqueueMail(shop.db, testMail(good))

    const result = await drain(send)
    expect(result.failed).toBe(1)
    const failed = await row(shop.db, badId)
    expect(failed.status).toBe('failed')
    expect(failed.attempts).toBe(1)
    expect(failed.lastError).toContain('550')
    expect((await row(shop.db, goodId)).status).toBe('sent')
    expect(smtp.arrivalsTo(good)).toHaveLength(1)
    expect(smtp.arrivalsTo(bad)).toHaveLength(0)
  })

  it('gives a mail up after the last attempt', async () => {
    const deferring = await TestSmtp.start()
    try {
      deferring.mode = 'defer'
      const send = sender({ port: deferring.port })
      const id = await enqueueMail(shop.db, testMail(address()))
      await shop.db
        .update(mailOutbox)
        .set({ attempts: MAX_ATTEMPTS - 1 })
        .where(eq(mailOutbox.id, id))
      expect(await send()).toMatchObject({ failed: 1, deferred: 0 })
      const stored = await row(shop.db, id)
      expect(stored.status).toBe('failed')
      expect(stored.attempts).toBe(MAX_ATTEMPTS)
      expect(stored.lastError).toContain('451')
    } finally {
      await deferring.close()
    }
  })

  it('the delivery loop of a shop process sends on its own; stopping waits for its run', async () => {
    const to = address()
    const id = await enqueueMail(shop.db, testMail(to))
    const delivery = startMailDelivery({
      db: shop.db,
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: FROM,
      log,
      clock: shop.clock,
      everyMs: 20,
    })
    try {
      const deadline = Date.now() + 10_000
      while ((await row(shop.db, id)).status !== 'sent' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    } finally {
      await delivery.stop()
    }
    expect((await row(shop.db, id)).status).toBe('sent')
    expect(smtp.arrivalsTo(to)).toHaveLength(1)
  })

  it('does not hang on a server that never greets (timeouts)', async () => {
    const silent: Server = createServer(() => {})
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()))
    try {
      const port = (silent.address() as { port: number }).port
      const send = sender({
        port,
        timeouts: { connectionTimeout: 500, greetingTimeout: 500, socketTimeout: 500 },
      })
      const id = await enqueueMail(shop.db, testMail(address()))
      expect(await send()).toMatchObject({ deferred: 1, serverDown: true })
      const stored = await row(shop.db, id)
      expect(stored.status).toBe('queued')
      expect(stored.lastError).toContain('ETIMEDOUT')
      // Out of the way of the next test.
      await shop.db.update(mailOutbox).set({ status: 'failed' }).where(eq(mailOutbox.id, id))
    } finally {
      silent.close()
    }
  })
})

describe('failed mails in the back office', () => {
  it('lists a failed mail for customer service, who sends it again (audited); it arrives', async () => {
    const newBrowser = browserFactory(shop.url)
    const staff = newBrowser()
    const email = await insertStaffAccount(shop.db, 'service')
    await staffLogIn(staff, email)
    const admin = newBrowser()
    const adminEmail = await insertStaffAccount(shop.db, 'admin')
    await staffLogIn(admin, adminEmail)

    smtp.unknown.add('umgezogen')
    const to = `umgezogen@kunden.example`
    const subject = 'Dein Code für Bitwerk – gültig 10 Minuten'
    const id = await enqueueMail(shop.db, { ...testMail(to, subject), kind: 'two_fa_code' })
    await drain(sender({ port: smtp.port }))
    expect((await row(shop.db, id)).status).toBe('failed')

    const listed = await staff.api.backoffice.listMails({ query: { status: 'failed' } })
    expect(listed.status).toBe(200)
    if (listed.status !== 200) return
    const entry = listed.body.mails.find((m) => m.id === id)
    expect(entry).toMatchObject({
      to,
      subject,
      kind: 'two_fa_code',
      status: 'failed',
      attempts: 1,
      nextAttemptAt: null,
    })
    expect(entry?.lastError).toContain('550')
    expect(entry?.lastAttemptAt).not.toBeNull()
    // Staff never see the text (it may carry a login code).
    expect(JSON.stringify(listed.body)).not.toContain('Grüße aus Köln')
    // Delivered mails are not problems.
    const all = await staff.api.backoffice.listMails({ query: {} })
    expect(all.status === 200 && all.body.mails.every((m) => m.status !== 'sent')).toBe(true)

    // The mailbox exists again; customer service sends the mail again.
    smtp.unknown.delete('umgezogen')
    const resent = await staff.api.backoffice.resendMail({ params: { id } })
    expect(resent.status).toBe(200)
    expect(resent.body).toMatchObject({ id, status: 'queued', attempts: 0 })
    const audit = await admin.api.backofficeAccess.listAuditLog({
      query: { action: 'mail.resend' },
    })
    expect(audit.status).toBe(200)
    if (audit.status !== 200) return
    expect(audit.body.entries[0]).toMatchObject({
      staffEmail: email,
      entityType: 'mail',
      entityId: String(id),
      before: { status: 'failed', attempts: 1 },
      after: { status: 'queued', attempts: 0 },
    })

    await drain(sender({ port: smtp.port }))
    expect(smtp.arrivalsTo(to)).toHaveLength(1)
    expect((await row(shop.db, id)).status).toBe('sent')

    // Sent: no second send from the back office, no double mail.
    const again = await staff.api.backoffice.resendMail({ params: { id } })
    expect(again.status).toBe(409)
    const missing = await staff.api.backoffice.resendMail({ params: { id: 2_000_000_000 } })
    expect(missing.status).toBe(404)
  })
})
