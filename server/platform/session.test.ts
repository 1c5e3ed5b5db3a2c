// Sessions against a real database: created on the first write, keyed by the token's hash,
// renewed at login, destroyed at logout; login levels follow the full-login expiry.
import cookieParser from 'cookie-parser'
import { eq } from 'drizzle-orm'
import express from 'express'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createDb, type Db } from '#db/client.ts'
import { customers } from '#db/schema/account.ts'
import { sessions } from '#db/schema/platform.ts'
import { createPaymentProvider } from '#server/payment-sandbox/index.ts'
import { createShippingProvider } from '#server/shipping-sandbox/index.ts'
import { createVatIdVerifier } from '#server/vat-sandbox/index.ts'
import { createBrowser } from '#tests/support/client.ts'
import { cloneTemplate } from '#tests/support/template.ts'
import { manualClock } from './clock.ts'
import { loadConfig } from './config.ts'
import { createLogger } from './log.ts'
import { hashToken, loginLevelOf, sessionMiddleware } from './session.ts'
import { createFileSystemStorage } from './storage.ts'

let db: Db
let close: () => Promise<void>
let url: string
let server: ReturnType<express.Express['listen']>
const clock = manualClock(new Date('2026-11-21T10:00:00Z'))

beforeAll(async () => {
  const opened = createDb(await cloneTemplate(inject('dbAdminUrl'), inject('dbTemplate')))
  db = opened.db
  close = opened.close
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })
  const payments = createPaymentProvider({ db, config, clock }).provider
  const shipping = createShippingProvider({ clock })
  const app = express()
  app.use((req, _res, next) => {
    const storage = createFileSystemStorage(config.uploadDir)
    const vatIds = createVatIdVerifier({ clock })
    req.ctx = {
      db,
      config,
      clock,
      log: createLogger('silent'),
      payments,
      shipping,
      vatIds,
      storage,
    }
    next()
  })
  app.use(cookieParser())
  app.use(sessionMiddleware())
  app.get('/read', async (req, res) => {
    res.json({ session: (await req.session.load())?.id ?? null, level: await req.session.level() })
  })
  app.post('/write', async (req, res) => {
    res.json({ session: (await req.session.ensure()).id })
  })
  app.post('/login/:customerId', async (req, res) => {
    const until = new Date(clock.now().getTime() + 60_000)
    const result = await req.session.login(Number(req.params.customerId), until)
    res.json({ previous: result.previousId, session: result.session.id })
  })
  app.post('/logout', async (req, res) => {
    await req.session.destroy()
    res.json({})
  })
  server = app.listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const address = server.address()
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
})
afterAll(async () => {
  server.close()
  await close()
})

describe('sessions', () => {
  it('creates no session on a read', async () => {
    const browser = createBrowser(url)
    const body = await (await browser.fetch('/read')).json()
    expect(body).toEqual({ session: null, level: 'none' })
    expect(browser.cookies.size).toBe(0)
  })

  it('creates a session on the first write, with an httpOnly SameSite=Lax cookie', async () => {
    const browser = createBrowser(url)
    const response = await browser.fetch('/write', { method: 'POST' })
    const setCookie = response.headers.get('set-cookie') ?? ''
    expect(setCookie).toMatch(/^sid=[\w-]{43};/)
    expect(setCookie).toContain('HttpOnly')
    expect(setCookie).toContain('SameSite=Lax')
    const { session } = await response.json()
    // The table keeps only the token's hash.
    expect(session).toBe(hashToken(browser.cookies.get('sid') ?? ''))
    const again = await (await browser.fetch('/write', { method: 'POST' })).json()
    expect(again.session).toBe(session)
  })

  it('ignores an unknown or malformed cookie', async () => {
    for (const cookie of ['sid=abc', `sid=${'x'.repeat(43)}`]) {
      const response = await fetch(`${url}/read`, { headers: { cookie } })
      expect((await response.json()).session).toBeNull()
    }
  })

  it('gives a new session id at login, then full, then soft after the expiry', async () => {
    const [customer] = await db.select().from(customers).limit(1)
    if (!customer) throw new Error('seed has no customer')
    const browser = createBrowser(url)
    const first = (await (await browser.fetch('/write', { method: 'POST' })).json()).session
    const login = await (await browser.fetch(`/login/${customer.id}`, { method: 'POST' })).json()
    expect(login.previous).toBe(first)
    expect(login.session).not.toBe(first)
    expect(await db.select().from(sessions).where(eq(sessions.id, first))).toHaveLength(0)
    expect((await (await browser.fetch('/read')).json()).level).toBe('full')
    clock.advance(61_000)
    expect((await (await browser.fetch('/read')).json()).level).toBe('soft')
  })

  it('destroys the session at logout', async () => {
    const browser = createBrowser(url)
    const { session } = await (await browser.fetch('/write', { method: 'POST' })).json()
    await browser.fetch('/logout', { method: 'POST' })
    expect(browser.cookies.size).toBe(0)
    expect(await db.select().from(sessions).where(eq(sessions.id, session))).toHaveLength(0)
  })

  it('derives login levels from customer and full-login expiry', () => {
    const now = new Date('2026-11-21T10:00:00Z')
    const base = { id: 'x', expiresAt: now, createdAt: now, lastSeenAt: now, data: {} }
    expect(loginLevelOf(null, now)).toBe('none')
    expect(loginLevelOf({ ...base, customerId: null, fullLoginExpiresAt: null }, now)).toBe('none')
    expect(
      loginLevelOf(
        { ...base, customerId: 1, fullLoginExpiresAt: new Date(now.getTime() + 1) },
        now,
      ),
    ).toBe('full')
    expect(loginLevelOf({ ...base, customerId: 1, fullLoginExpiresAt: now }, now)).toBe('soft')
  })
})
