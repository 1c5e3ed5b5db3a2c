// Newsletter through real HTTP on a real Postgres: double opt-in, activation texts, unsubscribe,
// and spam protection per form type.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newsletterSubscriptions } from '#db/schema/newsletter.ts'
import { checkSpamProtection, newsletterJobs } from '#server/newsletter/index.ts'
import { runJobOnce } from '#server/platform/jobs.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import { type Browser, createBrowser } from '#tests/support/client.ts'

let shop: TestApp
beforeAll(async () => {
  shop = await startTestApp()
})
afterAll(() => shop.close())

let counter = 0
function address() {
  counter += 1
  return `leser${counter}-${Date.now()}@example.de`
}

async function subscribe(browser: Browser, email: string, extra: object = {}) {
  return browser.api.newsletter.subscribe({
    body: { email, type: 'offers', ageConfirmed: true, ...extra },
  })
}

async function linkFrom(browser: Browser, email: string, path: string) {
  const mails = await browser.api.dev.getMails({ query: { to: email } })
  if (mails.status !== 200) throw new Error('no mailbox')
  const link = mails.body.flatMap((mail) => mail.links).find((l) => l.includes(path))
  if (!link) throw new Error(`no ${path} link`)
  return new URL(link).searchParams.get('token') ?? ''
}

describe('POST /api/newsletter/subscribe', () => {
  it('answers the spec text and sends a German double opt-in mail', async () => {
    const browser = createBrowser(shop.url)
    const email = address()
    const response = await subscribe(browser, email)
    expect(response).toMatchObject({
      status: 200,
      body: {
        successful: true,
        error: null,
        message:
          'Vielen Dank für deine Anmeldung! Wir haben dir soeben eine E-Mail zur Bestätigung deiner Anmeldung gesendet.',
      },
    })
    const mails = await browser.api.dev.getMails({ query: { to: email } })
    if (mails.status !== 200) throw new Error('no mailbox')
    expect(mails.body[0]?.subject).toBe('Bitte bestätige deine Newsletter-Anmeldung')
    expect(mails.body[0]?.text).toContain('Angebote & Deals')
    expect(mails.body[0]?.links[0]).toMatch(/\/newsletter\/aktivieren\?token=[\w-]+$/)
    const [row] = await shop.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email))
    expect(row).toMatchObject({ status: 'pending', type: 'offers', source: 'newsletter' })
    expect(row?.consentText).toContain('mindestens 16 Jahre')
  })

  it('requires the age 16 confirmation (min_age_16) and a valid e-mail', async () => {
    const browser = createBrowser(shop.url)
    const young = await subscribe(browser, address(), { ageConfirmed: false })
    expect(young.status).toBe(400)
    expect(young.body).toMatchObject({ fields: { ageConfirmed: 'min_age_16' } })
    const bad = await subscribe(browser, 'keine-adresse')
    expect(bad.body).toMatchObject({ fields: { email: 'email_missing_at' } })
  })

  it('refuses a repeat within 60 minutes with spam_protection, then allows it again', async () => {
    const browser = createBrowser(shop.url)
    expect((await subscribe(browser, address())).status).toBe(200)
    const repeat = await subscribe(browser, address())
    expect(repeat.status).toBe(422)
    expect(repeat.body).toMatchObject({
      code: 'spam_protection',
      minutes: 60,
      message:
        'Du hast dieses Formular gerade erst abgeschickt. Bitte versuche es in 60 Minuten erneut.',
    })
    // The checkout's newsletter box has its own window.
    const checkout = await subscribe(browser, address(), { formType: 'checkout_newsletter' })
    expect(checkout.status).toBe(200)
    shop.clock.advance(59 * 60 * 1000)
    const later = await subscribe(browser, address())
    expect(later.body).toMatchObject({ code: 'spam_protection', minutes: 1 })
    shop.clock.advance(2 * 60 * 1000)
    expect((await subscribe(browser, address())).status).toBe(200)
  })

  it('refuses the same address from another visitor within the window', async () => {
    const email = address()
    expect((await subscribe(createBrowser(shop.url), email)).status).toBe(200)
    const other = await subscribe(createBrowser(shop.url), email.toUpperCase())
    expect(other.body).toMatchObject({ code: 'spam_protection' })
  })
})

describe('activation and unsubscribe', () => {
  it('activates from the mail link with the success text, and again on a second click', async () => {
    const browser = createBrowser(shop.url)
    const email = address()
    await subscribe(browser, email)
    const token = await linkFrom(browser, email, '/newsletter/aktivieren')
    const response = await browser.api.newsletter.activate({ body: { token } })
    expect(response).toMatchObject({
      status: 200,
      body: { successful: true, message: 'Deine Newsletter-Aktivierung war erfolgreich.' },
    })
    expect((await browser.api.newsletter.activate({ body: { token } })).status).toBe(200)
    const [row] = await shop.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email))
    expect(row?.status).toBe('active')
    expect(row?.activatedAt).not.toBeNull()
    // The welcome mail carries the unsubscribe link.
    const unsubscribeToken = await linkFrom(browser, email, '/newsletter/abmelden')
    const left = await browser.api.newsletter.unsubscribe({ body: { token: unsubscribeToken } })
    expect(left).toMatchObject({ status: 200, body: { successful: true } })
    const [after] = await shop.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email))
    expect(after?.status).toBe('unsubscribed')
    // An old activation link does not undo the unsubscribe.
    const again = await browser.api.newsletter.activate({ body: { token } })
    expect(again.body).toMatchObject({ code: 'newsletter_activation_failed' })
  })

  it("ends the subscription from the page's form as the browser sends it, and says so (303)", async () => {
    const browser = createBrowser(shop.url)
    const email = address()
    await subscribe(browser, email)
    const token = await linkFrom(browser, email, '/newsletter/aktivieren')
    await browser.api.newsletter.activate({ body: { token } })
    const unsubscribeToken = await linkFrom(browser, email, '/newsletter/abmelden')
    const send = (value: string) =>
      browser.fetch('/newsletter/abmelden', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: value }).toString(),
      })
    const left = await send(unsubscribeToken)
    expect(left.status).toBe(303)
    expect(left.headers.get('location')).toBe('/newsletter/abmelden?ergebnis=abgemeldet')
    const [after] = await shop.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email))
    expect(after?.status).toBe('unsubscribed')
    // An unknown link comes back with the token, to try again; a malformed one is refused.
    const unknown = await send('c'.repeat(32))
    expect(unknown.headers.get('location')).toBe(
      `/newsletter/abmelden?token=${'c'.repeat(32)}&ergebnis=fehler`,
    )
    expect((await send('<kaputt>')).status).toBe(400)
  })

  it('answers an unknown or expired link with the failure text', async () => {
    const browser = createBrowser(shop.url)
    const unknown = await browser.api.newsletter.activate({
      body: { token: 'a'.repeat(32) },
    })
    expect(unknown).toMatchObject({
      status: 422,
      body: {
        code: 'newsletter_activation_failed',
        message: 'Deine Newsletter-Aktivierung war nicht erfolgreich.',
      },
    })
    const email = address()
    await subscribe(browser, email)
    const token = await linkFrom(browser, email, '/newsletter/aktivieren')
    shop.clock.advance(8 * 24 * 60 * 60 * 1000)
    const expired = await browser.api.newsletter.activate({ body: { token } })
    expect(expired.body).toMatchObject({ code: 'newsletter_activation_failed' })
    const badUnsubscribe = await browser.api.newsletter.unsubscribe({
      body: { token: 'b'.repeat(32) },
    })
    expect(badUnsubscribe.body).toMatchObject({ code: 'newsletter_unsubscribe_failed' })
  })

  it('sends an active subscriber no new mail and gives the same answer', async () => {
    const browser = createBrowser(shop.url)
    const email = address()
    await subscribe(browser, email)
    const token = await linkFrom(browser, email, '/newsletter/aktivieren')
    await browser.api.newsletter.activate({ body: { token } })
    shop.clock.advance(61 * 60 * 1000)
    const before = await browser.api.dev.getMails({ query: { to: email } })
    const response = await subscribe(browser, email)
    expect(response.status).toBe(200)
    const after = await browser.api.dev.getMails({ query: { to: email } })
    expect(after.body).toHaveLength((before.body as unknown[]).length)
  })
})

describe('checkSpamProtection for other forms', () => {
  it('uses 10 minutes for review comments and 60 for product reviews', async () => {
    const now = new Date('2031-01-01T10:00:00Z')
    const key = [`session:${Date.now()}`]
    expect(
      (await checkSpamProtection(shop.db, { formType: 'review_comment', keys: key, now })).ok,
    ).toBe(true)
    const repeat = await checkSpamProtection(shop.db, {
      formType: 'review_comment',
      keys: key,
      now: new Date(now.getTime() + 9 * 60_000),
    })
    expect(repeat).toMatchObject({ ok: false, code: 'spam_protection', data: { minutes: 1 } })
    const afterTen = await checkSpamProtection(shop.db, {
      formType: 'review_comment',
      keys: key,
      now: new Date(now.getTime() + 10 * 60_000 + 1),
    })
    expect(afterTen.ok).toBe(true)
    await checkSpamProtection(shop.db, { formType: 'product_review', keys: key, now })
    const review = await checkSpamProtection(shop.db, {
      formType: 'product_review',
      keys: key,
      now,
    })
    expect(review).toMatchObject({ ok: false, data: { minutes: 60 } })
  })
})

describe('unconfirmed sign-ups', () => {
  it('are deleted once their activation link has expired', async () => {
    const browser = createBrowser(shop.url)
    const email = address()
    shop.clock.advance(2 * 60 * 60 * 1000)
    await subscribe(browser, email)
    const [job] = newsletterJobs(shop.clock)
    if (!job) throw new Error('no job')
    const rows = () =>
      shop.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email))
    await runJobOnce(shop.db, job)
    expect(await rows()).toHaveLength(1)
    shop.clock.advance(8 * 24 * 60 * 60 * 1000)
    await runJobOnce(shop.db, job)
    expect(await rows()).toHaveLength(0)
  })
})
