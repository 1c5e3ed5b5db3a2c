// Limits under races and through proxies (issue 16, items 4 and 5): every counter that guards a
// limit is raised and checked in one statement, so parallel tries count one by one; per-address
// limits use the client address the trusted proxies report, never a client-chosen one.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customers, twoFaChallenges } from '#db/schema/account.ts'
import { staffAuditLog } from '#db/schema/backoffice.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import { type Browser, createBrowser } from '#tests/support/client.ts'
import {
  browserFactory,
  latestCode,
  mailsTo,
  PASSWORD,
  registerCustomer,
  uniqueEmail,
} from './account-fixtures.ts'
import { insertStaffAccount, STAFF_TEST_PASSWORD } from './staff-access.ts'

let shop: TestApp
let newBrowser: ReturnType<typeof browserFactory>
beforeAll(async () => {
  shop = await startTestApp({ env: { TRUST_PROXY: '1' } })
  newBrowser = browserFactory(shop.url)
})
afterAll(() => shop.close())

/** 20 codes sent at once: wrong ones, with the right one 13th. */
function burst(right: string): string[] {
  const wrong = (i: number) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0')
  return Array.from({ length: 20 }, (_, i) => (i === 12 ? right : wrong(i)))
}

async function openChallenge() {
  const { email } = await registerCustomer(newBrowser())
  const browser = newBrowser()
  const login = await browser.api.account.login({ body: { email, password: PASSWORD } })
  expect(login.body).toMatchObject({ needs2FaAuthentication: true })
  return { email, browser, code: await latestCode(browser, email) }
}

describe('two-factor code tries (5 per code)', () => {
  it('20 parallel tries with the right code sent 13th: no more than 5 are ever compared', async () => {
    const { email, browser, code } = await openChallenge()
    const answers = await Promise.all(
      burst(code).map((c) => browser.api.account.submitTwoFaCode({ body: { code: c } })),
    )
    const accepted = answers.filter((a) => a.status === 200)
    if (accepted.length === 0) {
      // The usual outcome: every try was counted and the code died after the fifth.
      expect(await triesOf(email)).toBe(20)
    } else {
      // The server cannot see the order of sending: the right code may arrive among the first
      // five. Then it was used within five tries, and no try after it counted.
      expect(accepted).toHaveLength(1)
      expect(await triesOf(email)).toBeLessThanOrEqual(5)
    }
    // The code is dead (used, or tried too often): the right one alone is refused now.
    const late = await browser.api.account.submitTwoFaCode({ body: { code } })
    expect(late.status).not.toBe(200)
  })

  it('sends at most 5 mails per login even when "send again" is pressed 10 times at once', async () => {
    const { email, browser } = await openChallenge()
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => browser.api.account.resendTwoFaCode()),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4)
    const mails = await mailsTo(browser, email)
    expect(mails.filter((m) => m.subject.includes('Bestätigungscode'))).toHaveLength(5)
  })
})

/** The tries counted on the customer's (only) code. */
async function triesOf(email: string): Promise<number> {
  const rows = await shop.db
    .select({ tries: twoFaChallenges.failedAttempts })
    .from(twoFaChallenges)
    .innerJoin(customers, eq(customers.id, twoFaChallenges.customerId))
    .where(eq(customers.email, email))
  expect(rows).toHaveLength(1)
  return rows[0]?.tries ?? -1
}

describe('login failures (5 per e-mail and address)', () => {
  it('checks at most 5 passwords of 20 sent at once (the right one sent 13th)', async () => {
    const { email } = await registerCustomer(newBrowser())
    const browser = newBrowser()
    const passwords = Array.from({ length: 20 }, (_, i) => (i === 12 ? PASSWORD : `Falsch-${i}x`))
    const answers = await Promise.all(
      passwords.map((password) => browser.api.account.login({ body: { email, password } })),
    )
    const statuses = answers.map((a) => a.status)
    // Checked passwords answer 422 (wrong) or 200 (right); all others were refused unchecked.
    expect(statuses.filter((s) => s !== 403).length).toBeLessThanOrEqual(5)
    expect(statuses.filter((s) => s === 403).length).toBeGreaterThanOrEqual(15)
    for (const answer of answers.filter((a) => a.status === 403)) {
      expect(answer.body).toMatchObject({
        code: 'login_blocked',
        loginBlockedUntil: expect.any(Number),
      })
    }
  })
})

describe('staff code tries (5 per login)', () => {
  it('20 parallel tries with the right code sent 13th: no more than 5 are ever compared', async () => {
    const email = await insertStaffAccount(shop.db, 'service')
    const browser = newBrowser()
    const login = await browser.api.backofficeAccess.login({
      body: { email, password: STAFF_TEST_PASSWORD },
    })
    expect(login.status).toBe(200)
    const mails = await browser.api.dev.getMails({ query: { to: email } })
    const code = (mails.status === 200 ? mails.body[0]?.text : '')?.match(/Dein Code: (\d{6})/)?.[1]
    if (!code) throw new Error('no staff code')
    const answers = await Promise.all(
      burst(code).map((c) => browser.api.backofficeAccess.submitCode({ body: { code: c } })),
    )
    // Every compared wrong code is in the audit log with its try's number.
    const compared = await shop.db
      .select({ after: staffAuditLog.after })
      .from(staffAuditLog)
      .where(
        and(eq(staffAuditLog.staffEmail, email), eq(staffAuditLog.action, 'staff.login_failed')),
      )
    const accepted = answers.filter((a) => a.status === 200)
    expect(accepted.length).toBeLessThanOrEqual(1)
    expect(compared.length + accepted.length).toBeLessThanOrEqual(5)
    for (const entry of compared) {
      expect((entry.after as { attempt: number }).attempt).toBeLessThanOrEqual(5)
    }
  })
})

describe('staff login limits', () => {
  it('mails at most 3 codes per login even when "send again" is pressed 10 times at once', async () => {
    const email = await insertStaffAccount(shop.db, 'service')
    const browser = newBrowser()
    await browser.api.backofficeAccess.login({ body: { email, password: STAFF_TEST_PASSWORD } })
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => browser.api.backofficeAccess.resendCode()),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2)
    expect(await mailsTo(browser, email)).toHaveLength(3)
  })

  it('a stranger who knows a staff address cannot lock its owner out', async () => {
    const email = await insertStaffAccount(shop.db, 'service')
    const stranger = newBrowser()
    const statuses: number[] = []
    for (let i = 0; i < 11; i += 1) {
      const body = { email, password: `Falsch-${i}-Falsch` }
      statuses.push((await stranger.api.backofficeAccess.login({ body })).status)
    }
    expect(statuses.at(-1)).toBe(429)
    const owner = newBrowser()
    const login = await owner.api.backofficeAccess.login({
      body: { email, password: STAFF_TEST_PASSWORD },
    })
    expect(login.status).toBe(200)
  })
})

describe('TRUST_PROXY', () => {
  /** Five wrong passwords, each with a new client-chosen left-most X-Forwarded-For entry. */
  async function spoofedFailures(url: string, email: string, proxyHop: string) {
    const statuses: number[] = []
    for (let i = 0; i < 6; i += 1) {
      const browser: Browser = createBrowser(url, {
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}, ${proxyHop}` },
      })
      const response = await browser.api.account.login({
        body: { email, password: `Falsch-${i}x` },
      })
      statuses.push(response.status)
    }
    return statuses
  }

  it('with a hop count of 1, a forged left-most X-Forwarded-For entry does not reset a per-address limit', async () => {
    // Reset requests: 20 per client address and hour.
    const statuses: number[] = []
    for (let i = 0; i < 21; i += 1) {
      const browser = createBrowser(shop.url, {
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}, 198.51.100.99` },
      })
      const body = { email: uniqueEmail('reset-proxy') }
      statuses.push((await browser.api.account.requestPasswordReset({ body })).status)
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200))
    expect(statuses[20]).toBe(429)
  })

  it('with a hop count of 1 only the right-most entry counts: a forged left-most one resets nothing', async () => {
    const statuses = await spoofedFailures(shop.url, uniqueEmail('proxy'), '198.51.100.7')
    expect(statuses).toEqual([422, 422, 422, 422, 403, 403])
  })

  it('with a list, only the listed proxies are stripped', async () => {
    const listed = await startTestApp({ env: { TRUST_PROXY: '127.0.0.1, 198.51.100.0/24' } })
    try {
      // 198.51.100.7 is a listed proxy: the entry before it is the client (a new one each time).
      const throughListed = await spoofedFailures(listed.url, uniqueEmail('liste'), '198.51.100.7')
      expect(throughListed).toEqual([422, 422, 422, 422, 422, 422])
      // 192.0.2.9 is not listed: it is the client, whatever it claims before.
      const throughOther = await spoofedFailures(listed.url, uniqueEmail('liste'), '192.0.2.9')
      expect(throughOther).toEqual([422, 422, 422, 422, 403, 403])
    } finally {
      await listed.close()
    }
  })
})
