// The back office's access through real HTTP (issue 9's Campus review, issue 11's foundation):
// login by password and e-mailed code, staff sessions apart from customer sessions, every staff
// route closed to guests, customers and unknown roles, and the audit log of review actions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STAFF_SESSION_COOKIE } from '#contract/backoffice-access.ts'
import { berlinDate } from '#contract/campus.ts'
import { contract } from '#contract/index.ts'
import { createStaffAccount } from '#server/backoffice/index.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import type { Browser } from '#tests/support/client.ts'
import { browserFactory, mailsTo, registerCustomer, uniqueEmail } from './account-fixtures.ts'
import {
  expectStaffRoutesGuarded,
  insertStaffAccount,
  STAFF_TEST_PASSWORD,
  staffLogIn,
} from './staff-access.ts'

let shop: TestApp
let newBrowser: ReturnType<typeof browserFactory>
beforeAll(async () => {
  shop = await startTestApp({ env: { TRUST_PROXY: '1' } })
  newBrowser = browserFactory(shop.url)
})
afterAll(() => shop.close())

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n')

async function staffAs(role: string): Promise<{ browser: Browser; email: string }> {
  const email = await insertStaffAccount(shop.db, role)
  const browser = newBrowser()
  await staffLogIn(browser, email)
  return { browser, email }
}

async function codeOf(browser: Browser, email: string): Promise<string> {
  const mails = await mailsTo(browser, email)
  const code = mails[0]?.text.match(/Dein Code: (\d{6})/)?.[1]
  if (!code) throw new Error(`no code to ${email}`)
  return code
}

describe('staff login', () => {
  it('needs the password and then the e-mailed code; only then the session counts', async () => {
    const email = `anna-${Date.now().toString(36)}@bitwerk.example`
    const created = await createStaffAccount(shop.db, {
      email,
      name: 'Anna Beispiel',
      role: 'service',
      password: STAFF_TEST_PASSWORD,
    })
    expect(created.ok).toBe(true)
    const browser = newBrowser()

    const wrong = await browser.api.backofficeAccess.login({
      body: { email, password: 'falsch-falsch' },
    })
    expect(wrong.status).toBe(422)
    expect(wrong.body).toMatchObject({ code: 'staff_login_failed' })
    const unknown = await browser.api.backofficeAccess.login({
      body: { email: 'niemand@bitwerk.example', password: STAFF_TEST_PASSWORD },
    })
    expect(unknown.body).toEqual(wrong.body)

    const first = await browser.api.backofficeAccess.login({
      body: { email, password: STAFF_TEST_PASSWORD },
    })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ needsCode: true })
    const mails = await mailsTo(browser, email)
    expect(mails[0]?.subject).toBe('Dein Anmeldecode für das Bitwerk Backoffice')
    // Password alone: still no access.
    expect((await browser.api.backofficeAccess.me()).status).toBe(401)

    const code = await codeOf(browser, email)
    const bad = await browser.api.backofficeAccess.submitCode({
      body: { code: code === '000000' ? '111111' : '000000' },
    })
    expect(bad.status).toBe(422)
    expect(bad.body).toMatchObject({ code: 'staff_code_invalid' })

    const ok = await browser.api.backofficeAccess.submitCode({ body: { code } })
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ email, role: 'service', roleLabel: 'Kundenservice' })
    expect((await browser.api.backofficeAccess.me()).status).toBe(200)

    expect((await browser.api.backofficeAccess.logout()).status).toBe(200)
    expect((await browser.api.backofficeAccess.me()).status).toBe(401)
  })

  it('ends the open login after five wrong codes', async () => {
    const email = await insertStaffAccount(shop.db, 'service')
    const browser = newBrowser()
    await browser.api.backofficeAccess.login({ body: { email, password: STAFF_TEST_PASSWORD } })
    const code = await codeOf(browser, email)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 4; i += 1) {
      expect(
        (await browser.api.backofficeAccess.submitCode({ body: { code: wrong } })).status,
      ).toBe(422)
    }
    const fifth = await browser.api.backofficeAccess.submitCode({ body: { code: wrong } })
    expect(fifth.body).toMatchObject({ code: 'staff_code_expired' })
    expect((await browser.api.backofficeAccess.submitCode({ body: { code } })).status).toBe(401)
  })

  it('keeps staff and customer sessions apart', async () => {
    const browser = newBrowser()
    await registerCustomer(browser, { email: uniqueEmail('kunde-staff') })
    // A customer login gives no staff access ...
    expect((await browser.api.backofficeAccess.me()).status).toBe(401)
    // ... and a staff login in the same browser gives no customer access and ends none.
    const email = await insertStaffAccount(shop.db, 'admin')
    await staffLogIn(browser, email)
    expect(browser.cookies.has(STAFF_SESSION_COOKIE)).toBe(true)
    expect((await browser.api.backofficeAccess.me()).status).toBe(200)
    expect((await browser.api.account.getCustomer()).status).toBe(200)
    const staffOnly = newBrowser()
    staffOnly.cookies.set(STAFF_SESSION_COOKIE, browser.cookies.get(STAFF_SESSION_COOKIE) ?? '')
    expect((await staffOnly.api.backofficeAccess.me()).status).toBe(200)
    expect((await staffOnly.api.account.getCustomer()).status).toBe(401)
    expect((await staffOnly.api.campus.getStatus()).status).toBe(401)
    // A customer session id in the staff cookie is no staff session.
    const forged = newBrowser()
    forged.cookies.set(STAFF_SESSION_COOKIE, browser.cookies.get('sid') ?? 'x')
    expect((await forged.api.backofficeAccess.me()).status).toBe(401)
  })
})

describe('staff access', () => {
  it('refuses guests, customers and unknown roles on every guarded staff route', async () => {
    const customer = newBrowser()
    await registerCustomer(customer, { email: uniqueEmail('kunde-zugang') })
    const guarded = await expectStaffRoutesGuarded(contract.backofficeAccess, {
      guest: newBrowser(),
      customer,
      unknownRole: (await staffAs('praktikant')).browser,
      staff: {
        service: (await staffAs('service')).browser,
        admin: (await staffAs('admin')).browser,
      },
    })
    expect(guarded).toBeGreaterThanOrEqual(8)
  })
})

describe('audit log', () => {
  it('records logins, document views and review decisions with before and after', async () => {
    const customer = newBrowser()
    const { email } = await registerCustomer(customer, { email: uniqueEmail('kunde-audit') })
    const upload = await customer.api.campus.registerByDocument({
      body: {
        file: new File([new Uint8Array(PDF)], 'nachweis.pdf', { type: 'application/pdf' }),
        studentData: {
          firstName: 'Lena',
          lastName: 'Berger',
          birthDate: '2001-01-01',
          studentType: 3,
          studentSchool: 'Berufsschule Nord',
          studentValidFrom: '2020-09-01',
          studentValidTo: '2099-07-31',
          studentAgb: true,
        },
      },
    })
    expect(upload.status).toBe(200)
    const service = await staffAs('service')
    const list = await service.browser.api.backofficeAccess.listCampusApplications({ query: {} })
    const id =
      list.status === 200 ? list.body.applications.find((a) => a.email === email)?.id : undefined
    if (!id) throw new Error('application not listed')
    expect(
      (await service.browser.fetch(`/api/staff/campus/applications/${id}/document`)).status,
    ).toBe(200)
    const rejected = await service.browser.api.backofficeAccess.rejectCampusApplication({
      params: { id },
      body: { reason: 'Name auf dem Nachweis und im Antrag stimmen nicht überein.' },
    })
    expect(rejected.status).toBe(200)

    const admin = await staffAs('admin')
    const log = await admin.browser.api.backofficeAccess.listAuditLog({ query: {} })
    expect(log.status).toBe(200)
    const entries = log.status === 200 ? log.body.entries : []
    const mine = entries.filter((e) => e.staffEmail === service.email)
    expect(mine.map((e) => e.action)).toEqual(
      expect.arrayContaining(['staff.login', 'campus.document.view', 'campus.application.reject']),
    )
    const decision = mine.find((e) => e.action === 'campus.application.reject')
    expect(decision).toMatchObject({
      entityType: 'campus_application',
      entityId: String(id),
      before: { application: { status: 'pending' }, customer: { studentStatus: 'pending' } },
      after: {
        application: {
          status: 'rejected',
          rejectionReason: 'Name auf dem Nachweis und im Antrag stimmen nicht überein.',
        },
        customer: { studentStatus: 'deactivated' },
      },
    })
    // A refused decision (already decided) writes nothing.
    const again = await service.browser.api.backofficeAccess.approveCampusApplication({
      params: { id },
      body: { validUntil: berlinDate(new Date(shop.clock.now().getTime() + 100 * 86_400_000)) },
    })
    expect(again.status).toBe(409)
    const after = await admin.browser.api.backofficeAccess.listAuditLog({
      query: { action: 'campus.application.approve' },
    })
    expect(after.status === 200 && after.body.entries.some((e) => e.entityId === String(id))).toBe(
      false,
    )
    // Service staff may not read the audit log.
    expect((await service.browser.api.backofficeAccess.listAuditLog({ query: {} })).status).toBe(
      403,
    )
  })
})
