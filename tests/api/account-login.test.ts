// Login levels, the e-mailed code for new browsers, blocking and logout, through real HTTP on a
// real Postgres (account-area sections 3, 4 and 8).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rateLimits } from '#db/schema/platform.ts'
import { DEMO_CUSTOMERS, DEMO_PASSWORD } from '#db/seed/customers.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import { createBrowser } from '#tests/support/client.ts'
import {
  browserFactory,
  latestCode,
  logIn,
  mailsTo,
  PASSWORD,
  registerCustomer,
} from './account-fixtures.ts'

const LOGIN_FAILED =
  'Bei der Eingabe deiner E-Mail-Adresse und/oder Passwort ist ein Fehler aufgetreten. Bitte überprüfe deine Eingaben oder setze dein Passwort zurück.'
const CODE_INVALID =
  'Der Code stimmt nicht überein oder ist möglicherweise abgelaufen. Bitte versuche es erneut.'

let shop: TestApp
beforeAll(async () => {
  // Behind a proxy, so that each test browser can come from its own client address.
  shop = await startTestApp({ env: { TRUST_PROXY: '1' } })
  newBrowser = browserFactory(shop.url)
  shop.clock.set(new Date(Math.ceil(Date.now() / 1000) * 1000))
})
afterAll(() => shop.close())

let newBrowser: ReturnType<typeof browserFactory>

const nowSeconds = () => Math.floor(shop.clock.now().getTime() / 1000)

/** A registered customer and a fresh browser that does not know it yet. */
async function customer() {
  const data = await registerCustomer(newBrowser())
  return { ...data, browser: newBrowser() }
}

describe('POST /auth/login from a browser the account has not used', () => {
  it('asks for the e-mailed code and tells nothing about the account yet', async () => {
    const browser = newBrowser()
    const response = await browser.api.account.login({
      body: { email: DEMO_CUSTOMERS.private, password: DEMO_PASSWORD },
    })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      successful: false,
      needs2FaAuthentication: true,
      customerId: 0,
      firstName: '',
      email: '',
      fullLoginExpiryTimestamp: null,
    })
    const mails = await mailsTo(browser, DEMO_CUSTOMERS.private)
    expect(mails[0]?.subject).toBe('Dein Bestätigungscode für die Anmeldung bei Bitwerk')
    expect(mails[0]?.text).toMatch(/Dein Code: \d{6}/)
    expect(mails[0]?.text).toContain('10 Minuten gültig')
    // Not logged in before the code.
    const header = await browser.api.header.getHeaderData()
    expect(header.body).toMatchObject({ isLoggedIn: false, isLoggedInSoft: false })
  })

  it('refuses a wrong code with two_fa_code_invalid and logs in with the right one', async () => {
    const { email, browser } = await customer()
    await browser.api.account.login({ body: { email, password: PASSWORD } })
    const sessionBefore = browser.cookies.get('sid')
    const code = await latestCode(browser, email)
    const wrong = code === '000000' ? '111111' : '000000'
    const refused = await browser.api.account.submitTwoFaCode({ body: { code: wrong } })
    expect(refused.status).toBe(422)
    expect(refused.body).toEqual({ code: 'two_fa_code_invalid', message: CODE_INVALID })

    const accepted = await browser.api.account.submitTwoFaCode({ body: { code } })
    expect(accepted.status).toBe(200)
    expect(accepted.body).toMatchObject({
      successful: true,
      needs2FaAuthentication: false,
      firstName: 'Lena',
      lastName: 'Berger',
      email,
      businessCustomer: false,
      guestCustomer: false,
      fullLoginExpiryTimestamp: nowSeconds() + 3600,
    })
    if (accepted.status === 200) {
      expect(accepted.body.customerId).toBeGreaterThan(0)
      expect(accepted.body.userId).toBe(accepted.body.customerId)
    }
    // A new session id at login, and the browser is remembered for the account.
    expect(browser.cookies.get('sid')).not.toBe(sessionBefore)
    expect(browser.cookies.get('did')).toMatch(/^[\w-]{43}$/)
    const header = await browser.api.header.getHeaderData()
    expect(header.body).toMatchObject({
      isLoggedIn: true,
      isLoggedInSoft: false,
      firstName: 'Lena',
      fullLoginExpiryTimestamp: nowSeconds() + 3600,
    })
  })

  it('refuses the code of another session', async () => {
    const { email, browser } = await customer()
    await browser.api.account.login({ body: { email, password: PASSWORD } })
    const code = await latestCode(browser, email)
    const stranger = newBrowser()
    const response = await stranger.api.account.submitTwoFaCode({ body: { code } })
    expect(response.status).toBe(422)
  })

  it('refuses a code after 10 minutes (expiry)', async () => {
    const { email, browser } = await customer()
    await browser.api.account.login({ body: { email, password: PASSWORD } })
    const code = await latestCode(browser, email)
    shop.clock.advance(10 * 60 * 1000 + 1000)
    const response = await browser.api.account.submitTwoFaCode({ body: { code } })
    expect(response.status).toBe(422)
    expect(response.body).toMatchObject({ code: 'two_fa_code_invalid' })
  })

  it('refuses even the right code after 5 wrong ones (try limit)', async () => {
    const { email, browser } = await customer()
    await browser.api.account.login({ body: { email, password: PASSWORD } })
    const code = await latestCode(browser, email)
    const wrong = code === '123456' ? '654321' : '123456'
    for (let i = 0; i < 5; i += 1) {
      const response = await browser.api.account.submitTwoFaCode({ body: { code: wrong } })
      expect(response.status).toBe(422)
    }
    const response = await browser.api.account.submitTwoFaCode({ body: { code } })
    expect(response.status).toBe(422)
    expect(response.body).toMatchObject({ code: 'two_fa_code_invalid' })
  })

  it('answers a code that is not 6 digits with 400 two_fa_code_format', async () => {
    const browser = newBrowser()
    const response = await browser.api.account.submitTwoFaCode({ body: { code: '12a45' } })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ fields: { code: 'two_fa_code_format' } })
  })
})

describe('POST /api/auth/resend-two-fa-code', () => {
  it('sends a new code with its notice; only the newest code works', async () => {
    const { email, browser } = await customer()
    await browser.api.account.login({ body: { email, password: PASSWORD } })
    const first = await latestCode(browser, email)
    const response = await browser.api.account.resendTwoFaCode()
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      successful: true,
      message: 'Wir haben dir einen neuen Code an deine E-Mail-Adresse gesendet.',
    })
    const mails = await mailsTo(browser, email)
    expect(mails.filter((m) => m.subject.includes('Bestätigungscode'))).toHaveLength(2)
    const second = await latestCode(browser, email)
    if (second !== first) {
      const old = await browser.api.account.submitTwoFaCode({ body: { code: first } })
      expect(old.status).toBe(422)
    }
    const ok = await browser.api.account.submitTwoFaCode({ body: { code: second } })
    expect(ok.status).toBe(200)
  })

  it('fails with two_fa_resend_failed without an open login, and after 5 mails', async () => {
    const none = await newBrowser().api.account.resendTwoFaCode()
    expect(none.status).toBe(422)
    expect(none.body).toEqual({
      code: 'two_fa_resend_failed',
      message: 'Leider kam es zu einem technischen Problem. Bitte versuche es erneut.',
    })
    const { email, browser } = await customer()
    await browser.api.account.login({ body: { email, password: PASSWORD } })
    for (let i = 0; i < 4; i += 1) {
      expect((await browser.api.account.resendTwoFaCode()).status).toBe(200)
    }
    const sixth = await browser.api.account.resendTwoFaCode()
    expect(sixth.status).toBe(422)
    expect(sixth.body).toMatchObject({ code: 'two_fa_resend_failed' })
  })
})

describe('login from a trusted browser, and logout', () => {
  it('needs no code in a browser that passed it; logout destroys the session', async () => {
    const { email, browser } = await customer()
    await logIn(browser, email)
    const oldSession = browser.cookies.get('sid') ?? ''
    const logout = await browser.api.account.logout()
    expect(logout.status).toBe(200)
    expect(logout.body).toEqual({ successful: true })
    expect(browser.cookies.has('sid')).toBe(false)
    // The old cookie is worth nothing now.
    const replay = newBrowser()
    replay.cookies.set('sid', oldSession)
    expect((await replay.api.header.getHeaderData()).body).toMatchObject({ isLoggedIn: false })

    const again = await browser.api.account.login({ body: { email, password: PASSWORD } })
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ successful: true, needs2FaAuthentication: false })
    expect(browser.cookies.get('sid')).not.toBe(oldSession)
  })

  it('logout-and-transfer ends the login and leaves a guest session', async () => {
    const { email, browser } = await customer()
    await logIn(browser, email)
    const before = browser.cookies.get('sid')
    const response = await browser.api.account.logoutAndTransfer()
    expect(response.status).toBe(200)
    expect(browser.cookies.get('sid')).toMatch(/^[\w-]{43}$/)
    expect(browser.cookies.get('sid')).not.toBe(before)
    const header = await browser.api.header.getHeaderData()
    expect(header.body).toMatchObject({ isLoggedIn: false, isLoggedInSoft: false })
  })
})

describe('wrong credentials', () => {
  it('answers 422 login_failed with the spec text, the same for unknown e-mails', async () => {
    const { email } = await customer()
    const wrongPassword = await newBrowser().api.account.login({
      body: { email, password: 'Falsch-123' },
    })
    const unknown = await newBrowser().api.account.login({
      body: { email: 'niemand-hier@example.de', password: 'Falsch-123' },
    })
    for (const response of [wrongPassword, unknown]) {
      expect(response.status).toBe(422)
      expect(response.body).toEqual({
        code: 'login_failed',
        message: LOGIN_FAILED,
        successful: false,
      })
    }
  })

  it('answers an empty field with 400 required', async () => {
    const response = await newBrowser().api.account.login({
      body: { email: ' ', password: '' },
    })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ fields: { email: 'required', password: 'required' } })
  })
})

describe('blocking after repeated failures', () => {
  async function failFiveTimes(browser: ReturnType<typeof newBrowser>, email: string) {
    const answers = []
    for (let i = 0; i < 5; i += 1) {
      answers.push(await browser.api.account.login({ body: { email, password: `Falsch-${i}x` } }))
    }
    return answers
  }

  it('blocks the account for 5 minutes with 403 loginBlockedUntil and a countdown', async () => {
    const { email, browser } = await customer()
    const answers = await failFiveTimes(browser, email)
    expect(answers.slice(0, 4).map((a) => a.status)).toEqual([422, 422, 422, 422])
    const blocked = answers[4]
    expect(blocked?.status).toBe(403)
    expect(blocked?.body).toEqual({
      code: 'login_blocked',
      message:
        'Es gab zu viele erfolglose Anmeldeversuche. Bitte warte 5:00 Minuten, bis du dich erneut einloggen kannst.',
      loginBlockedUntil: nowSeconds() + 300,
    })
    // Even the right password waits; the countdown runs.
    shop.clock.advance(61_000)
    const right = await browser.api.account.login({ body: { email, password: PASSWORD } })
    expect(right.status).toBe(403)
    expect(right.body).toMatchObject({ message: expect.stringContaining('3:59 Minuten') })
    // The block ends by itself.
    shop.clock.advance(240_000)
    const after = await browser.api.account.login({ body: { email, password: PASSWORD } })
    expect(after.status).toBe(200)
    expect(after.body).toMatchObject({ needs2FaAuthentication: true })
  })

  it('blocks an unknown e-mail exactly like a registered one (no enumeration)', async () => {
    const answers = await failFiveTimes(newBrowser(), 'unbekannt-block@example.de')
    expect(answers.map((a) => a.status)).toEqual([422, 422, 422, 422, 403])
    expect(answers[4]?.body).toMatchObject({ loginBlockedUntil: nowSeconds() + 300 })
  })

  it('blocks longer when it happens again, but never longer than 30 minutes', async () => {
    const { email, browser } = await customer()
    const lengths: number[] = []
    for (let round = 0; round < 4; round += 1) {
      const answers = await failFiveTimes(browser, email)
      const body = answers[4]?.body as { loginBlockedUntil: number }
      lengths.push(body.loginBlockedUntil - nowSeconds())
      shop.clock.advance((body.loginBlockedUntil - nowSeconds()) * 1000)
    }
    expect(lengths).toEqual([300, 900, 1800, 1800])
  })

  it('does not lock the customer out of a browser that passed the code', async () => {
    const { email, browser } = await customer()
    await logIn(browser, email)
    await browser.api.account.logout()
    const stranger = newBrowser()
    const answers = await failFiveTimes(stranger, email)
    expect(answers[4]?.status).toBe(403)
    const own = await browser.api.account.login({ body: { email, password: PASSWORD } })
    expect(own.status).toBe(200)
    expect(own.body).toMatchObject({ successful: true })
  })
})

describe('login levels', () => {
  it('turns soft after the full login: header greets, account calls answer 401', async () => {
    const { email, browser } = await customer()
    await logIn(browser, email)
    const full = await browser.api.account.getCustomer()
    expect(full.status).toBe(200)
    expect(full.body).toMatchObject({ email, isLoggedIn: true, isLoggedInSoft: false })

    shop.clock.advance(3600 * 1000)
    const header = await browser.api.header.getHeaderData()
    expect(header.body).toMatchObject({
      isLoggedIn: false,
      isLoggedInSoft: true,
      fullLoginExpiryTimestamp: null,
      firstName: 'Lena',
    })
    const soft = await browser.api.account.getCustomer()
    expect(soft.status).toBe(401)
    expect(soft.body).toEqual({
      code: 'soft_login_required',
      message: 'Deine Sitzung ist abgelaufen, bitte melde dich erneut an.',
    })
    // The password again makes it full (the browser is trusted: no code).
    const again = await browser.api.account.login({ body: { email, password: PASSWORD } })
    expect(again.body).toMatchObject({ successful: true })
    expect((await browser.api.account.getCustomer()).status).toBe(200)
  })

  it('re-logs a soft login in with the password alone; without a soft login it fails', async () => {
    const { email, browser } = await customer()
    await logIn(browser, email)
    shop.clock.advance(3600 * 1000)
    const wrong = await browser.api.account.login({ body: { password: 'Falsch-123x' } })
    expect(wrong.status).toBe(422)
    expect(wrong.body).toMatchObject({ code: 'login_failed' })
    const again = await browser.api.account.login({ body: { password: PASSWORD } })
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ successful: true })
    expect((await browser.api.account.getCustomer()).body).toMatchObject({ email })
    // A guest (no soft login) cannot leave out the e-mail.
    const guest = await newBrowser().api.account.login({ body: { password: PASSWORD } })
    expect(guest.status).toBe(400)
    expect(guest.body).toMatchObject({ fields: { email: 'required' } })
  })

  it('answers a guest with 401 unauthorized on /account/customer/get', async () => {
    const response = await newBrowser().api.account.getCustomer()
    expect(response.status).toBe(401)
    expect(response.body).toMatchObject({ code: 'unauthorized' })
  })

  it('POST /api/dev/expire-full-login ends the full login early (dev and tests only)', async () => {
    const { email, browser } = await customer()
    await logIn(browser, email)
    expect((await browser.api.dev.expireFullLogin()).status).toBe(200)
    const header = await browser.api.header.getHeaderData()
    expect(header.body).toMatchObject({ isLoggedIn: false, isLoggedInSoft: true })
    const production = await startTestApp({ env: { NODE_ENV: 'production' } })
    try {
      const response = await createBrowser(production.url).api.dev.expireFullLogin()
      expect(response.status).toBe(404)
    } finally {
      await production.close()
    }
  })
})

describe('lock-out without abuse: blocks hold the attacker, not the owner (issue 16)', () => {
  /** Browsers that share one client address (a university or company network). */
  function networkBrowser(address: string) {
    return createBrowser(shop.url, { headers: { 'x-forwarded-for': address } })
  }

  async function fail(browser: ReturnType<typeof newBrowser>, email: string, times = 1) {
    let last: Awaited<ReturnType<typeof browser.api.account.login>> | undefined
    for (let i = 0; i < times; i += 1) {
      last = await browser.api.account.login({ body: { email, password: `Falsch-${i}x` } })
    }
    if (!last) throw new Error('no try')
    return last
  }

  it('an attacker who keeps failing is held with 403 and a countdown; the owner is not', async () => {
    const { email } = await customer()
    const owned = newBrowser()
    await logIn(owned, email)
    await owned.api.account.logout()
    const attacker = newBrowser()
    for (let round = 0; round < 2; round += 1) {
      const blocked = await fail(attacker, email, 5)
      expect(blocked.status).toBe(403)
      const body = blocked.body as { loginBlockedUntil: number; code: string }
      expect(body).toMatchObject({ code: 'login_blocked' })
      expect(body.loginBlockedUntil).toBeGreaterThan(nowSeconds())
      // While the attacker waits, the owner logs in: in the trusted browser without a code,
      // in a new browser with the e-mailed code.
      const own = await owned.api.account.login({ body: { email, password: PASSWORD } })
      expect(own.body).toMatchObject({ successful: true })
      await owned.api.account.logout()
      const fresh = newBrowser()
      const step = await fresh.api.account.login({ body: { email, password: PASSWORD } })
      expect(step.status).toBe(200)
      expect(step.body).toMatchObject({ needs2FaAuthentication: true })
      expect(await logIn(fresh, email)).toMatchObject({ successful: true })
      shop.clock.advance((body.loginBlockedUntil - nowSeconds()) * 1000)
    }
  })

  it('guessing spread over many addresses blocks each address at once, never the owner', async () => {
    const { email } = await customer()
    // 20 addresses, one failure each: the e-mail's alarm.
    const first = await Promise.all(Array.from({ length: 19 }, () => fail(newBrowser(), email)))
    expect(first.map((a) => a.status)).toEqual(Array(19).fill(422))
    expect((await fail(newBrowser(), email)).status).toBe(403)
    // From now on a single failure blocks its address...
    const next = await fail(newBrowser(), email)
    expect(next.status).toBe(403)
    expect(next.body).toMatchObject({ loginBlockedUntil: nowSeconds() + 300 })
    // ...while the right password from a new browser still leads to the e-mailed code.
    const owner = newBrowser()
    const step = await owner.api.account.login({ body: { email, password: PASSWORD } })
    expect(step.body).toMatchObject({ needs2FaAuthentication: true })
    expect(await logIn(owner, email)).toMatchObject({ successful: true })
    shop.clock.advance(15 * 60 * 1000)
  })

  it('20 failures from one address do not keep another customer behind it out', async () => {
    const network = '172.20.0.1'
    const attacker = networkBrowser(network)
    const target = await customer()
    const answers = []
    for (let i = 0; i < 15; i += 1) answers.push(await fail(attacker, `streuung-${i}@example.de`))
    answers.push(await fail(attacker, target.email, 5))
    expect(answers.slice(0, 15).map((a) => a.status)).toEqual(Array(15).fill(422))
    // The attacker is blocked for the e-mail it kept guessing, with the spec's countdown.
    expect(answers[15]?.status).toBe(403)
    expect(answers[15]?.body).toMatchObject({
      code: 'login_blocked',
      loginBlockedUntil: nowSeconds() + 300,
    })
    // A customer in the same network logs in with the right password (a new browser: the code).
    const { email } = await registerCustomer(newBrowser())
    const neighbour = networkBrowser(network)
    const step = await neighbour.api.account.login({ body: { email, password: PASSWORD } })
    expect(step.status).toBe(200)
    expect(step.body).toMatchObject({ needs2FaAuthentication: true })
    expect(await logIn(neighbour, email)).toMatchObject({ successful: true })
    // Only the pair the attacker kept guessing waits: the same e-mail from the same address
    // (where the owner would use a trusted browser, another address or the password reset).
    const targetHere = networkBrowser(network)
    const held = await targetHere.api.account.login({
      body: { email: target.email, password: PASSWORD },
    })
    expect(held.status).toBe(403)
    const elsewhere = newBrowser()
    expect(await logIn(elsewhere, target.email)).toMatchObject({ successful: true })
  })

  it('50 failures from one address make each further failure there block at once', async () => {
    const network = '172.20.0.2'
    const sprayer = networkBrowser(network)
    const sprayed = await Promise.all(
      Array.from({ length: 49 }, (_, i) => fail(sprayer, `spray-${i}@example.de`)),
    )
    expect(sprayed.map((a) => a.status)).toEqual(Array(49).fill(422))
    expect((await fail(sprayer, 'spray-49@example.de')).status).toBe(403)
    expect((await fail(sprayer, 'spray-50@example.de')).status).toBe(403)
    const { email } = await registerCustomer(newBrowser())
    const neighbour = networkBrowser(network)
    const step = await neighbour.api.account.login({ body: { email, password: PASSWORD } })
    expect(step.body).toMatchObject({ needs2FaAuthentication: true })
    shop.clock.advance(15 * 60 * 1000)
  })

  it('answers 429 beyond 300 login requests per address and 10 minutes', async () => {
    const address = '172.20.0.3'
    // 295 requests of this address were counted already (sending them would only take time).
    await shop.db.insert(rateLimits).values({
      key: `login:ip:${address}`,
      count: 295,
      expiresAt: new Date(shop.clock.now().getTime() + 10 * 60 * 1000),
    })
    const flood = networkBrowser(address)
    const statuses: number[] = []
    for (let i = 0; i < 6; i += 1) {
      const body = { email: `flut-${i}@example.de`, password: 'Falsch-123' }
      statuses.push((await flood.api.account.login({ body })).status)
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429])
  })
})
