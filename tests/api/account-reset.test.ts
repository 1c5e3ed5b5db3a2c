// Password forgotten: the anti-enumeration notice, the single-use expiring link, the new
// password's rules, and what a reset ends (sessions, the login block), through real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import type { Browser } from '#tests/support/client.ts'
import {
  browserFactory,
  logIn,
  mailsTo,
  PASSWORD,
  registerCustomer,
  uniqueEmail,
} from './account-fixtures.ts'

const NEW_PASSWORD = 'Gruen-Kanne-77'

let shop: TestApp
beforeAll(async () => {
  shop = await startTestApp({ env: { TRUST_PROXY: '1' } })
  newBrowser = browserFactory(shop.url)
})
afterAll(() => shop.close())

let newBrowser: ReturnType<typeof browserFactory>

async function resetLink(browser: Browser, email: string) {
  const mails = await mailsTo(browser, email)
  const link = mails.find((m) => m.subject === 'Dein neues Passwort für Bitwerk')?.links[0]
  if (!link) throw new Error(`no reset mail to ${email}`)
  return link
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? ''

describe('POST /auth/reset', () => {
  it('answers the same notice for registered and unknown addresses; mails only the registered', async () => {
    const { email } = await registerCustomer(newBrowser())
    const browser = newBrowser()
    const known = await browser.api.account.requestPasswordReset({ body: { email } })
    const unknownEmail = uniqueEmail('unbekannt')
    const unknown = await browser.api.account.requestPasswordReset({
      body: { email: unknownEmail },
    })
    expect(known.status).toBe(200)
    expect(known.body).toEqual({
      successful: true,
      message: `Wenn ${email} bei uns registriert ist, erhältst du in Kürze eine E-Mail zum Zurücksetzen deines Passworts.`,
    })
    expect(unknown.status).toBe(200)
    expect(unknown.body).toEqual({
      successful: true,
      message: `Wenn ${unknownEmail} bei uns registriert ist, erhältst du in Kürze eine E-Mail zum Zurücksetzen deines Passworts.`,
    })
    const link = await resetLink(browser, email)
    expect(link).toMatch(/\/kundenkonto\/passwort\+vergessen\?token=[\w-]{43}$/)
    expect(await mailsTo(browser, unknownEmail)).toEqual([])
  })

  it('limits requests per e-mail address, known or not (429)', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 4; i += 1) {
      const response = await newBrowser().api.account.requestPasswordReset({
        body: { email: 'oft-vergessen@example.de' },
      })
      statuses.push(response.status)
    }
    expect(statuses).toEqual([200, 200, 200, 429])
  })
})

describe('POST /process-password-forgotten', () => {
  it('sets the new password once; the link cannot be used again', async () => {
    const { email } = await registerCustomer(newBrowser())
    const browser = newBrowser()
    await browser.api.account.requestPasswordReset({ body: { email } })
    const token = tokenOf(await resetLink(browser, email))
    const body = { token, password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD }
    const done = await browser.api.account.processPasswordForgotten({ body })
    expect(done.status).toBe(200)
    expect(done.body).toEqual({
      successful: true,
      message: 'Dein Passwort wurde geändert. Du kannst dich jetzt anmelden.',
    })
    const again = await browser.api.account.processPasswordForgotten({ body })
    expect(again.status).toBe(422)
    expect(again.body).toEqual({
      code: 'reset_link_invalid',
      message: 'Dieser Link ist ungültig oder abgelaufen. Bitte fordere einen neuen Link an.',
    })
    const old = await newBrowser().api.account.login({ body: { email, password: PASSWORD } })
    expect(old.status).toBe(422)
    const result = await logIn(newBrowser(), email, NEW_PASSWORD)
    expect(result.successful).toBe(true)
  })

  it('refuses an expired link (after 60 minutes)', async () => {
    const { email } = await registerCustomer(newBrowser())
    const browser = newBrowser()
    await browser.api.account.requestPasswordReset({ body: { email } })
    const token = tokenOf(await resetLink(browser, email))
    shop.clock.advance(60 * 60 * 1000 + 1000)
    const response = await browser.api.account.processPasswordForgotten({
      body: { token, password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD },
    })
    expect(response.status).toBe(422)
    expect(response.body).toMatchObject({ code: 'reset_link_invalid' })
  })

  it('refuses an older link once a newer one was sent, and an unknown token', async () => {
    const { email } = await registerCustomer(newBrowser())
    const browser = newBrowser()
    await browser.api.account.requestPasswordReset({ body: { email } })
    const older = tokenOf(await resetLink(browser, email))
    await browser.api.account.requestPasswordReset({ body: { email } })
    for (const token of [older, 'x'.repeat(43)]) {
      const response = await browser.api.account.processPasswordForgotten({
        body: { token, password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD },
      })
      expect(response.status).toBe(422)
    }
  })

  it('holds the new password to the rules and refuses common passwords', async () => {
    const { email } = await registerCustomer(newBrowser())
    const browser = newBrowser()
    await browser.api.account.requestPasswordReset({ body: { email } })
    const token = tokenOf(await resetLink(browser, email))
    const weak = await browser.api.account.processPasswordForgotten({
      body: { token, password: 'kurz', passwordRepeat: 'kurz' },
    })
    expect(weak.status).toBe(400)
    expect(weak.body).toMatchObject({ fields: { password: 'password_too_short' } })
    const common = await browser.api.account.processPasswordForgotten({
      body: { token, password: 'Sommer2024', passwordRepeat: 'Sommer2024' },
    })
    expect(common.status).toBe(422)
    expect(common.body).toMatchObject({ code: 'password_not_secure' })
    // The link still works after a refused password.
    const done = await browser.api.account.processPasswordForgotten({
      body: { token, password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD },
    })
    expect(done.status).toBe(200)
  })

  it('ends the account block and every session of the account', async () => {
    const { email } = await registerCustomer(newBrowser())
    const loggedIn = newBrowser()
    await logIn(loggedIn, email)
    const attacker = newBrowser()
    let last = 0
    for (let i = 0; i < 5; i += 1) {
      last = (await attacker.api.account.login({ body: { email, password: `Falsch-${i}x` } }))
        .status
    }
    expect(last).toBe(403)

    const browser = newBrowser()
    await browser.api.account.requestPasswordReset({ body: { email } })
    const token = tokenOf(await resetLink(browser, email))
    await browser.api.account.processPasswordForgotten({
      body: { token, password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD },
    })
    const header = await loggedIn.api.header.getHeaderData()
    expect(header.body).toMatchObject({ isLoggedIn: false, isLoggedInSoft: false })
    // Even the address that was blocked may try again (the owner may share it with the attacker).
    const login = await attacker.api.account.login({ body: { email, password: NEW_PASSWORD } })
    expect(login.status).toBe(200)
  })
})
