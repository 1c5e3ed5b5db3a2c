// Helpers of the account API tests: unique customers, codes from the dev mailbox, full logins.
import { expect } from 'vitest'
import { type Browser, createBrowser } from '#tests/support/client.ts'

export const PASSWORD = 'Blau-Tasse-42'
let counter = 0

export function uniqueEmail(prefix = 'kunde'): string {
  counter += 1
  return `${prefix}-${counter}-${Date.now().toString(36)}@example.de`
}

export async function mailsTo(browser: Browser, email: string) {
  const response = await browser.api.dev.getMails({ query: { to: email } })
  if (response.status !== 200) throw new Error(`dev mailbox answered ${response.status}`)
  return response.body
}

/** The 6-digit code of the newest two-factor mail to the address. */
export async function latestCode(browser: Browser, email: string): Promise<string> {
  const mails = await mailsTo(browser, email)
  const mail = mails.find((m) => m.subject.includes('Bestätigungscode'))
  const code = mail?.text.match(/Dein Code: (\d{6})/)?.[1]
  if (!code) throw new Error(`no code mail to ${email}`)
  return code
}

/**
 * Browsers with distinct client addresses (the test app trusts X-Forwarded-For), so the per-address
 * rate limits and blocks of one test never touch another.
 */
export function browserFactory(baseUrl: string): (url?: string) => Browser {
  let count = 0
  return (url = baseUrl) => {
    count += 1
    return createBrowser(url, {
      headers: {
        'x-forwarded-for': `10.${(count >> 16) & 255}.${(count >> 8) & 255}.${count & 255}`,
      },
    })
  }
}

/** The body of a business registration (a German GmbH), with overrides. */
export function businessRegistration(overrides: Record<string, unknown> = {}) {
  return {
    customerType: 'business' as const,
    email: uniqueEmail('firma'),
    firstName: 'Petra',
    lastName: 'Schulz',
    password: PASSWORD,
    passwordRepeat: PASSWORD,
    company: 'Schulz Elektro GmbH',
    businessForm: 1,
    businessType: 'consumer' as const,
    ownerFirstname: '',
    ownerLastname: '',
    ustId: '',
    streetName: 'Hauptstraße',
    streetNumber: '12a',
    zipCode: '10115',
    cityName: 'Berlin',
    countryId: 81,
    ...overrides,
  }
}

/** Registers a private customer (the browser is then logged in) and returns its data. */
export async function registerCustomer(
  browser: Browser,
  overrides: Partial<{ email: string; firstName: string; lastName: string; password: string }> = {},
) {
  const body = {
    email: overrides.email ?? uniqueEmail(),
    firstName: overrides.firstName ?? 'Lena',
    lastName: overrides.lastName ?? 'Berger',
    password: overrides.password ?? PASSWORD,
    passwordRepeat: overrides.password ?? PASSWORD,
  }
  const response = await browser.api.account.register({ body })
  expect(response.status).toBe(200)
  return body
}

/** Password, then (for a new browser) the mailed code: a full login. */
export async function logIn(browser: Browser, email: string, password = PASSWORD) {
  const first = await browser.api.account.login({ body: { email, password } })
  if (first.status !== 200) throw new Error(`login answered ${first.status}`)
  if (!first.body.needs2FaAuthentication) return first.body
  const code = await latestCode(browser, email)
  const second = await browser.api.account.submitTwoFaCode({ body: { code } })
  if (second.status !== 200) throw new Error(`code answered ${second.status}`)
  return second.body
}
