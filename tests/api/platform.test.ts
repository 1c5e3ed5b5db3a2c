// The platform through real HTTP on a real Postgres: header data for guests, errors, security
// headers, origin check, the dev mailbox and the OpenAPI document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { enqueueMail } from '#server/platform/mail/outbox.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import { createBrowser } from '#tests/support/client.ts'

let shop: TestApp
beforeAll(async () => {
  shop = await startTestApp()
})
afterAll(() => shop.close())

describe('GET /api/header_data for a guest', () => {
  it('answers counts of 0 and not logged in, without creating a session', async () => {
    const browser = createBrowser(shop.url)
    const response = await browser.api.header.getHeaderData()
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      wishlistItemCount: 0,
      cartAmount: 0,
      isLoggedIn: false,
      isLoggedInSoft: false,
      fullLoginExpiryTimestamp: null,
      firstName: null,
    })
    expect(browser.cookies.size).toBe(0)
  })
})

describe('errors', () => {
  it('answers unknown API paths with JSON 404 not_found', async () => {
    const response = await fetch(`${shop.url}/api/gibt-es-nicht`)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({
      code: 'not_found',
      message: 'Die Seite wurde nicht gefunden',
    })
  })

  it('answers malformed JSON with 400 validation_failed and no stack trace', async () => {
    const response = await fetch(`${shop.url}/api/dev/mails`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"broken":',
    })
    expect(response.status).toBe(400)
    const text = await response.text()
    expect(JSON.parse(text)).toMatchObject({
      code: 'validation_failed',
      message: 'Bitte überprüfe deine Eingaben.',
    })
    expect(text).not.toMatch(/at .*\.(ts|js):\d+/)
  })

  it('answers a body over the limit with 413 payload_too_large', async () => {
    const response = await fetch(`${shop.url}/api/dev/mails`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ x: 'a'.repeat(300_000) }),
    })
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ code: 'payload_too_large' })
  })
})

describe('security headers', () => {
  it('sends a content security policy, nosniff and no x-powered-by', async () => {
    const response = await fetch(`${shop.url}/api/header_data`)
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('x-powered-by')).toBeNull()
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN')
  })
})

describe('origin check on writes', () => {
  it('refuses a write from another site with 403 origin_forbidden', async () => {
    const response = await fetch(`${shop.url}/api/dev/mails`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ code: 'origin_forbidden' })
  })

  it('refuses a cross-site write announced by Sec-Fetch-Site', async () => {
    const response = await fetch(`${shop.url}/api/dev/mails`, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      body: '{}',
    })
    expect(response.status).toBe(403)
  })

  it('takes Origin: null only with Sec-Fetch-Site same-origin (the shop’s own forms under no-referrer)', async () => {
    const write = (headers: Record<string, string>) =>
      fetch(`${shop.url}/api/dev/mails`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'null', ...headers },
        body: '{}',
      })
    expect((await write({ 'sec-fetch-site': 'same-origin' })).status).toBe(404)
    expect((await write({ 'sec-fetch-site': 'cross-site' })).status).toBe(403)
    expect((await write({ 'sec-fetch-site': 'same-site' })).status).toBe(403)
    expect((await write({})).status).toBe(403)
  })

  it('lets a write from the shop itself through (to the route, which then answers)', async () => {
    const response = await fetch(`${shop.url}/api/dev/mails`, {
      method: 'POST',
      headers: { origin: shop.url, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(response.status).toBe(404)
  })
})

describe('dev mailbox', () => {
  it('lists outbox mails newest first with their links', async () => {
    await enqueueMail(shop.db, {
      to: 'mailbox-test@example.de',
      kind: 'test',
      subject: 'Erste Mail',
      paragraphs: ['Hallo'],
    })
    await enqueueMail(shop.db, {
      to: 'mailbox-test@example.de',
      kind: 'test',
      subject: 'Zweite Mail',
      paragraphs: ['Bitte bestätige.'],
      action: { label: 'Bestätigen', url: 'http://localhost:3000/bestaetigen?token=abc' },
    })
    const browser = createBrowser(shop.url)
    const response = await browser.api.dev.getMails({ query: { to: 'mailbox-test@example.de' } })
    expect(response.status).toBe(200)
    if (response.status !== 200) return
    expect(response.body.map((mail) => mail.subject)).toEqual(['Zweite Mail', 'Erste Mail'])
    expect(response.body[0]?.links).toEqual(['http://localhost:3000/bestaetigen?token=abc'])
    expect(response.body[0]?.text).toContain('Viele Grüße')
    const page = await fetch(`${shop.url}/dev/mails`)
    expect(await page.text()).toContain('Zweite Mail')
  })

  it('does not exist when SMTP is configured or in production', async () => {
    const variants: Record<string, string>[] = [
      { SMTP_URL: 'smtp://localhost:2525' },
      { NODE_ENV: 'production' },
    ]
    for (const env of variants) {
      const other = await startTestApp({ env })
      try {
        const response = await createBrowser(other.url).api.dev.getMails({ query: {} })
        expect(response.status).toBe(404)
        expect((await fetch(`${other.url}/dev/mails`)).status).toBe(404)
      } finally {
        await other.close()
      }
    }
  })
})

describe('API document', () => {
  it('publishes the contract as OpenAPI 3 with its real schemas', async () => {
    const response = await fetch(`${shop.url}/api/openapi.json`)
    const document = (await response.json()) as {
      openapi: string
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>
    }
    expect(document.openapi).toMatch(/^3\./)
    const header = document.paths['/api/header_data']?.get
    expect(header?.responses['200']).toBeDefined()
    expect(JSON.stringify(header?.responses['200'])).toContain('wishlistItemCount')
    const docs = await fetch(`${shop.url}/api/docs`)
    expect(await docs.text()).toContain('swagger-ui')
  })
})
