// The Campus programme through real HTTP on a real Postgres (account-area §2-§9, issue 9):
// registration by university e-mail and its codes, registration by document and its limits,
// documents for staff only, the status lifecycle with a moved clock and its job, renewal,
// re-registration, the automatedVerificationEnabled switch and the effects elsewhere
// (name change, billing lock, Campus prices).
import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { berlinDate } from '#contract/campus.ts'
import { customers } from '#db/schema/account.ts'
import { runCampusLifecycle } from '#server/campus/index.ts'
import { createFileSystemStorage } from '#server/platform/storage.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import type { Browser } from '#tests/support/client.ts'
import {
  browserFactory,
  businessRegistration,
  logIn,
  mailsTo,
  PASSWORD,
  registerCustomer,
  uniqueEmail,
} from './account-fixtures.ts'
import { insertStaffAccount, staffLogIn } from './staff-access.ts'

let shop: TestApp
let newBrowser: ReturnType<typeof browserFactory>
let start: Date
beforeAll(async () => {
  shop = await startTestApp({ env: { TRUST_PROXY: '1' } })
  newBrowser = browserFactory(shop.url)
  start = shop.clock.now()
})
afterEach(() => {
  shop.clock.set(start)
  shop.config.campus.automatedVerificationEnabled = true
})
afterAll(() => shop.close())

const DAY = 24 * 60 * 60 * 1000
const TUM = 1
const germanDate = (at: Date) =>
  new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(at)
const dayAfter = (days: number) => berlinDate(new Date(shop.clock.now().getTime() + days * DAY))

let uniCounter = 0
function uniAddress(domain = 'tum.de') {
  uniCounter += 1
  return `student${uniCounter}.${Date.now().toString(36)}@${domain}`
}

async function student(): Promise<{ browser: Browser; email: string }> {
  const browser = newBrowser()
  const { email } = await registerCustomer(browser, { email: uniqueEmail('campus') })
  return { browser, email }
}

async function status(browser: Browser) {
  const response = await browser.api.campus.getStatus()
  if (response.status !== 200) throw new Error(`status answered ${response.status}`)
  return response.body
}

async function customerId(browser: Browser): Promise<number> {
  const response = await browser.api.account.getCustomer()
  if (response.status !== 200) throw new Error(`customer answered ${response.status}`)
  return response.body.id
}

function emailRegistration(browser: Browser, email: string, overrides: object = {}) {
  return browser.api.campus.registerByEmail({
    body: { university_id: TUM, email, terms: true, ...overrides },
  })
}

/** The token of the newest confirmation link mailed to the university address. */
async function confirmationToken(browser: Browser, universityEmail: string): Promise<string> {
  const mails = await mailsTo(browser, universityEmail)
  const link = mails[0]?.links.find((l) => l.includes('/studentenprogramm/bestaetigen'))
  const token = link && new URL(link).searchParams.get('token')
  if (!token) throw new Error(`no confirmation link to ${universityEmail}`)
  return token
}

/** A customer who registered by university e-mail and confirmed the link: valid. */
async function confirmedStudent() {
  const s = await student()
  const universityEmail = uniAddress()
  expect((await emailRegistration(s.browser, universityEmail)).status).toBe(200)
  const token = await confirmationToken(s.browser, universityEmail)
  const confirmed = await newBrowser().api.campus.confirmEmail({ body: { token } })
  expect(confirmed.status).toBe(200)
  const validUntil = new Date(confirmed.status === 200 ? confirmed.body.validUntil : 0)
  return { ...s, universityEmail, validUntil }
}

// --- Files -----------------------------------------------------------------------------------

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n')
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(200, 1)])

function pdfFile(name = 'studienbescheinigung.pdf', data: Buffer = PDF) {
  return new File([new Uint8Array(data)], name, { type: 'application/pdf' })
}

function studentData(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Lena',
    lastName: 'Berger',
    birthDate: '2002-04-12',
    studentType: 1,
    studentSchool: 'Universität Leipzig',
    studentValidFrom: dayAfter(-30),
    studentValidTo: dayAfter(150),
    studentAgb: true,
    ...overrides,
  }
}

function documentRegistration(browser: Browser, file: File | undefined, overrides = {}) {
  return browser.api.campus.registerByDocument({
    body: { ...(file ? { file } : {}), studentData: studentData(overrides) } as never,
  })
}

/** Staff (service role) logged in to the back office. */
async function staffBrowser(): Promise<Browser> {
  const email = await insertStaffAccount(shop.db, 'service')
  const browser = newBrowser()
  await staffLogIn(browser, email)
  return browser
}

async function pendingApplicationOf(staff: Browser, customerEmail: string): Promise<number> {
  const list = await staff.api.backofficeAccess.listCampusApplications({
    query: { status: 'pending' },
  })
  if (list.status !== 200) throw new Error(`queue answered ${list.status}`)
  const found = list.body.applications.find((a) => a.email === customerEmail)
  if (!found) throw new Error(`no pending application of ${customerEmail}`)
  return found.id
}

// --- Who may take part ---------------------------------------------------------------------------

describe('who may take part', () => {
  it('lists real German and Austrian universities with their domains', async () => {
    const { browser } = await student()
    const response = await browser.api.campus.getUniversities()
    expect(response.status).toBe(200)
    const list = response.status === 200 ? response.body : []
    expect(list.length).toBeGreaterThan(20)
    expect(list).toContainEqual(
      expect.objectContaining({ name: 'Technische Universität München', country: 'DE' }),
    )
    expect(list.some((u) => u.country === 'AT')).toBe(true)
  })

  it('starts unknown for a new private customer', async () => {
    const { browser } = await student()
    expect(await status(browser)).toMatchObject({
      campusProgramSubscriptionStatus: 'unknown',
      isMember: false,
      automatedVerificationEnabled: true,
      openApplication: null,
    })
  })

  it('refuses guests on every Campus call', async () => {
    const guest = newBrowser()
    expect((await guest.api.campus.getStatus()).status).toBe(401)
    expect((await guest.api.campus.getUniversities()).status).toBe(401)
    expect((await emailRegistration(guest, uniAddress())).status).toBe(401)
    expect((await documentRegistration(guest, pdfFile())).status).toBe(401)
  })

  it('refuses business customers on every Campus call', async () => {
    const browser = newBrowser()
    const registered = await browser.api.account.registerBusiness({
      body: businessRegistration(),
    })
    expect(registered.status).toBe(200)
    for (const response of [
      await browser.api.campus.getStatus(),
      await browser.api.campus.getUniversities(),
      await emailRegistration(browser, uniAddress()),
      await documentRegistration(browser, pdfFile()),
    ]) {
      expect(response.status).toBe(403)
      expect(response.body).toMatchObject({ code: 'campus_not_for_business' })
    }
  })
})

// --- Registration by university e-mail ---------------------------------------------------------------

describe('registration by university e-mail', () => {
  it('answers each code of the spec in its shape (successful, error, errorMsg)', async () => {
    const { browser } = await student()
    const cases: [object, string, string][] = [
      [{ terms: false }, 'terms_not_accepted', 'Bitte stimme noch den Teilnahmebedingungen zu.'],
      [{ email: 'kein-at-zeichen' }, 'invalid_email', 'Bitte gib eine gültige E-Mail Adresse ein.'],
      [
        { email: 'lena@gmail.com' },
        'email_does_not_belong_to_university',
        'Diese E-Mail-Adresse gehört nicht zur ausgewählten Hochschule.',
      ],
      [
        { email: 'lena@tum.de.example.com' },
        'email_does_not_belong_to_university',
        'Diese E-Mail-Adresse gehört nicht zur ausgewählten Hochschule.',
      ],
      [
        { university_id: '' },
        'university_required',
        'Bitte wähle eine Hochschule aus der Liste aus.',
      ],
    ]
    for (const [overrides, code, message] of cases) {
      const response = await emailRegistration(browser, uniAddress(), overrides)
      expect(response.status, code).toBe(422)
      expect(response.body, code).toMatchObject({
        successful: false,
        error: code,
        errorMsg: message,
        code,
      })
    }
    expect((await status(browser)).campusProgramSubscriptionStatus).toBe('unknown')
  })

  it('accepts subdomains, mails a link, is pending until confirmed and valid after', async () => {
    const { browser } = await student()
    const universityEmail = uniAddress('mytum.de').replace('@', '@stud.')
    const response = await emailRegistration(browser, universityEmail)
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      successful: true,
      message: expect.stringContaining('Link'),
    })
    expect(await status(browser)).toMatchObject({
      campusProgramSubscriptionStatus: 'pending',
      isMember: true,
      openApplication: { method: 'email', universityEmail, isRenewal: false },
    })
    const token = await confirmationToken(browser, universityEmail)
    // The link needs no login: it is opened from the university mailbox.
    const confirmed = await newBrowser().api.campus.confirmEmail({ body: { token } })
    expect(confirmed.status).toBe(200)
    const after = await status(browser)
    expect(after).toMatchObject({
      campusProgramSubscriptionStatus: 'valid',
      campusProgramVerificationType: 'email',
      universityEmail,
      isMember: true,
      openApplication: null,
    })
    // Twelve months from today, renewable from 14 days before.
    const until = new Date(after.campusProgramSubscriptionValidToDateTime ?? 0)
    expect(until.getTime() - shop.clock.now().getTime()).toBeGreaterThan(360 * DAY)
    expect(until.getTime() - shop.clock.now().getTime()).toBeLessThan(370 * DAY)
    // Opening the link again answers the same success; a made-up token does not.
    expect((await newBrowser().api.campus.confirmEmail({ body: { token } })).status).toBe(200)
    const wrong = await newBrowser().api.campus.confirmEmail({ body: { token: 'x'.repeat(43) } })
    expect(wrong.status).toBe(422)
    expect(wrong.body).toMatchObject({ code: 'campus_link_invalid' })
  })

  it('refuses an address another customer confirmed: email_used_by_someone_else', async () => {
    const first = await confirmedStudent()
    const { browser } = await student()
    const response = await emailRegistration(browser, first.universityEmail)
    expect(response.status).toBe(422)
    expect(response.body).toMatchObject({
      successful: false,
      error: 'email_used_by_someone_else',
      errorMsg: 'Diese E-Mail-Adresse wird bereits von einem anderen Konto verwendet.',
    })
  })

  it('refuses a running membership with possibleRenewalDate and universityEmail', async () => {
    const { browser, universityEmail, validUntil } = await confirmedStudent()
    const response = await emailRegistration(browser, uniAddress())
    const renewal = germanDate(new Date(validUntil.getTime() - 14 * DAY))
    expect(response.status).toBe(422)
    expect(response.body).toMatchObject({
      successful: false,
      error: 'cannot_register_again',
      errorData: { possibleRenewalDate: renewal, universityEmail },
      errorMsg: `Du bist bereits über ${universityEmail} für das Campusprogramm registriert. Eine Verlängerung ist ab dem ${renewal} möglich.`,
    })
    // The document way is refused alike.
    const document = await documentRegistration(browser, pdfFile())
    expect(document.status).toBe(422)
    expect(document.body).toMatchObject({ error: 'cannot_register_again' })
  })

  it('answers anything unexpected as the internal-error text (a failing mail outbox)', async () => {
    const { browser } = await student()
    await shop.db.execute(
      sql`alter table mail_outbox add constraint campus_test_block check (false) not valid`,
    )
    try {
      const response = await emailRegistration(browser, uniAddress())
      expect(response.status).toBe(422)
      expect(response.body).toMatchObject({
        successful: false,
        error: 'campus_internal_error',
        errorMsg:
          'Es ist ein interner Fehler aufgetreten. Bitte versuche es in 10 Minuten erneut oder nutze die manuelle Registrierung mit Nachweis.',
      })
    } finally {
      await shop.db.execute(sql`alter table mail_outbox drop constraint campus_test_block`)
    }
    expect((await status(browser)).campusProgramSubscriptionStatus).toBe('unknown')
  })

  it('is switched off by automatedVerificationEnabled: only the document way remains', async () => {
    const { browser } = await student()
    shop.config.campus.automatedVerificationEnabled = false
    expect((await status(browser)).automatedVerificationEnabled).toBe(false)
    const response = await emailRegistration(browser, uniAddress())
    expect(response.status).toBe(422)
    expect(response.body).toMatchObject({
      error: 'campus_internal_error',
      errorMsg: expect.stringContaining('manuelle Registrierung'),
    })
    expect((await documentRegistration(browser, pdfFile())).status).toBe(200)
  })
})

// --- Registration by document --------------------------------------------------------------------

describe('registration by document', () => {
  it('accepts a PDF: pending, a receipt mail, the application in the staff queue', async () => {
    const { browser, email } = await student()
    const response = await documentRegistration(browser, pdfFile())
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ successful: true })
    expect(await status(browser)).toMatchObject({
      campusProgramSubscriptionStatus: 'pending',
      isMember: true,
      openApplication: { method: 'document' },
    })
    const mails = await mailsTo(browser, email)
    expect(mails[0]?.subject).toBe('Wir prüfen deinen Nachweis für das Campusprogramm')
    const staff = await staffBrowser()
    const id = await pendingApplicationOf(staff, email)
    const detail = await staff.api.backofficeAccess.getCampusApplication({ params: { id } })
    expect(detail.status === 200 && detail.body).toMatchObject({
      firstName: 'Lena',
      studentType: 1,
      school: 'Universität Leipzig',
      document: { type: 'application/pdf', size: PDF.length, name: 'studienbescheinigung.pdf' },
    })
    const file = await staff.fetch(`/api/staff/campus/applications/${id}/document`)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('application/pdf')
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true)
  })

  it('refuses a file of 2.5 MB + 1 byte with "Datei größer als 2.5MB"', async () => {
    const { browser } = await student()
    const big = Buffer.concat([PDF, Buffer.alloc(2_500_001 - PDF.length, 0x20)])
    expect(big.length).toBe(2_500_001)
    const response = await documentRegistration(browser, pdfFile('gross.pdf', big))
    expect(response.status).toBe(422)
    expect(response.body).toMatchObject({
      successful: false,
      error: 'file_too_large',
      errorMsg: 'Datei größer als 2.5MB',
    })
    // Exactly 2.5 MB is allowed.
    const limit = Buffer.concat([PDF, Buffer.alloc(2_500_000 - PDF.length, 0x20)])
    expect((await documentRegistration(browser, pdfFile('genau.pdf', limit))).status).toBe(200)
  })

  it('judges the type by content: a renamed .exe is refused, a PNG named .txt accepted', async () => {
    const { browser } = await student()
    const exe = await documentRegistration(browser, pdfFile('ausweis.pdf', EXE))
    expect(exe.status).toBe(422)
    expect(exe.body).toMatchObject({ error: 'file_type_invalid' })
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64, 7),
    ])
    const named = new File([new Uint8Array(png)], 'scan.txt', { type: 'text/plain' })
    expect((await documentRegistration(browser, named)).status).toBe(200)
    expect((await status(browser)).campusProgramSubscriptionStatus).toBe('pending')
  })

  it('checks studentData by the form rules (400 with field codes) and wants a file', async () => {
    const { browser } = await student()
    const cases: [Record<string, unknown>, string, string][] = [
      [{ studentSchool: ' TU ' }, 'studentSchool', 'min_length'],
      [{ studentAgb: false }, 'studentAgb', 'terms_not_accepted'],
      [{ studentValidFrom: '' }, 'studentValidFrom', 'required'],
      [
        { studentValidFrom: dayAfter(10), studentValidTo: dayAfter(5) },
        'studentValidTo',
        'campus_valid_to_before_from',
      ],
      [
        { studentValidFrom: dayAfter(-300), studentValidTo: dayAfter(-1) },
        'studentValidTo',
        'campus_valid_to_past',
      ],
      [{ birthDate: dayAfter(-15 * 365) }, 'birthDate', 'min_age_16'],
      [{ studentType: 5 }, 'studentType', 'required'],
    ]
    for (const [overrides, field, code] of cases) {
      const response = await documentRegistration(browser, pdfFile(), overrides)
      expect(response.status, field).toBe(400)
      expect((response.body as { fields: Record<string, string> }).fields[field], field).toBe(code)
    }
    const missing = await documentRegistration(browser, undefined)
    expect(missing.status).toBe(422)
    expect(missing.body).toMatchObject({ error: 'file_required' })
    expect((await status(browser)).campusProgramSubscriptionStatus).toBe('unknown')
  })

  it('converts a light account to a full customer in the same submission', async () => {
    const browser = newBrowser()
    const guest = await browser.api.account.registerGuest({
      body: {
        customerType: 'private',
        email: uniqueEmail('gast-campus'),
        firstName: 'Gero',
        lastName: 'Gast',
        streetName: 'Gartenweg',
        streetNumber: '3',
        zipCode: '20095',
        cityName: 'Hamburg',
        countryId: 81,
      },
    })
    expect(guest.status).toBe(200)
    // Without the address the conversion cannot happen.
    const without = await documentRegistration(browser, pdfFile(), { firstName: 'Gero' })
    expect(without.status).toBe(400)
    const address = {
      streetName: 'Gartenweg',
      streetNumber: '3',
      zipCode: '20095',
      cityName: 'Hamburg',
      countryId: 81,
    }
    const response = await documentRegistration(browser, pdfFile(), {
      firstName: 'Gero',
      lastName: 'Gast',
      address,
    })
    expect(response.status).toBe(200)
    const customer = await browser.api.account.getCustomer()
    expect(customer.body).toMatchObject({ isLightAccount: false })
    expect(response.status === 200 && response.body.customerId).toBeGreaterThan(0)
  })
})

// --- Documents belong to their customer and staff ----------------------------------------------------

describe('documents', () => {
  it('no guest or customer (not even the owner) fetches an uploaded file', async () => {
    const owner = await student()
    expect((await documentRegistration(owner.browser, pdfFile())).status).toBe(200)
    const staff = await staffBrowser()
    const id = await pendingApplicationOf(staff, owner.email)
    const path = `/api/staff/campus/applications/${id}/document`
    const other = await student()
    for (const browser of [newBrowser(), other.browser, owner.browser]) {
      const response = await browser.fetch(path)
      expect(response.status).toBe(401)
      expect(response.headers.get('content-type')).toContain('application/json')
    }
    // Nothing under the upload folder is served as a static file either.
    const guessed = await newBrowser().fetch('/uploads/campus/')
    expect(guessed.status).not.toBe(200)
    expect((await staff.fetch(path)).status).toBe(200)
  })

  it('deletes documents 30 days after the decision (the job)', async () => {
    const owner = await student()
    expect((await documentRegistration(owner.browser, pdfFile())).status).toBe(200)
    const staff = await staffBrowser()
    const id = await pendingApplicationOf(staff, owner.email)
    const rejected = await staff.api.backofficeAccess.rejectCampusApplication({
      params: { id },
      body: { reason: 'Der Nachweis ist nicht lesbar.' },
    })
    expect(rejected.status).toBe(200)
    shop.clock.set(new Date(start.getTime() + 31 * DAY))
    await runJob()
    const fresh = await staffBrowserAt()
    const detail = await fresh.api.backofficeAccess.getCampusApplication({ params: { id } })
    expect(detail.status === 200 && detail.body.document).toBeNull()
    const file = await fresh.fetch(`/api/staff/campus/applications/${id}/document`)
    expect(file.status).toBe(404)
  })
})

/** Staff logged in at the moved clock (sessions end after 30 idle minutes). */
function staffBrowserAt() {
  return staffBrowser()
}

async function runJob() {
  const storage = createFileSystemStorage(shop.config.uploadDir)
  return shop.db.transaction((tx) =>
    runCampusLifecycle(tx, shop.clock.now(), { publicUrl: shop.config.publicUrl, storage }),
  )
}

async function storedStatus(id: number) {
  const [row] = await shop.db
    .select({ status: customers.studentStatus })
    .from(customers)
    .where(eq(customers.id, id))
  return row?.status
}

// --- Staff decisions -------------------------------------------------------------------------------

describe('staff decisions', () => {
  it('approval with an end date makes the customer valid until then and mails them', async () => {
    const { browser, email } = await student()
    expect((await documentRegistration(browser, pdfFile())).status).toBe(200)
    const staff = await staffBrowser()
    const id = await pendingApplicationOf(staff, email)
    const until = dayAfter(200)
    const approved = await staff.api.backofficeAccess.approveCampusApplication({
      params: { id },
      body: { validUntil: until },
    })
    expect(approved.status).toBe(200)
    expect(approved.body).toMatchObject({ status: 'approved' })
    const after = await status(browser)
    expect(after).toMatchObject({
      campusProgramSubscriptionStatus: 'valid',
      campusProgramVerificationType: 'manual',
    })
    expect(berlinDate(new Date(after.campusProgramSubscriptionValidToDateTime ?? 0))).toBe(until)
    const mails = await mailsTo(browser, email)
    expect(mails[0]?.subject).toBe('Dein Nachweis ist bestätigt: willkommen im Campusprogramm')
    // A second decision on the same application is refused.
    const again = await staff.api.backofficeAccess.rejectCampusApplication({
      params: { id },
      body: { reason: 'Zu spät bemerkt.' },
    })
    expect(again.status).toBe(409)
    // An end date in the past is refused.
    const other = await student()
    expect((await documentRegistration(other.browser, pdfFile())).status).toBe(200)
    const otherId = await pendingApplicationOf(staff, other.email)
    const past = await staff.api.backofficeAccess.approveCampusApplication({
      params: { id: otherId },
      body: { validUntil: dayAfter(-1) },
    })
    expect(past.status).toBe(422)
    expect(past.body).toMatchObject({ code: 'campus_valid_until_invalid' })
  })

  it('rejection deactivates with the reason, mails it, and allows registering again', async () => {
    const { browser, email } = await student()
    expect((await documentRegistration(browser, pdfFile())).status).toBe(200)
    const staff = await staffBrowser()
    const id = await pendingApplicationOf(staff, email)
    const reason = 'Der Nachweis ist abgelaufen oder zeigt keinen gültigen Zeitraum.'
    const rejected = await staff.api.backofficeAccess.rejectCampusApplication({
      params: { id },
      body: { reason },
    })
    expect(rejected.status).toBe(200)
    expect(await status(browser)).toMatchObject({
      campusProgramSubscriptionStatus: 'deactivated',
      isMember: false,
      rejectionReason: reason,
    })
    const mails = await mailsTo(browser, email)
    expect(mails[0]?.subject).toBe(
      'Dein Nachweis für das Campusprogramm konnte nicht bestätigt werden',
    )
    expect(mails[0]?.text).toContain(reason)
    // Re-registration after deactivation: by e-mail, and by document.
    expect((await emailRegistration(browser, uniAddress())).status).toBe(200)
    expect((await status(browser)).campusProgramSubscriptionStatus).toBe('pending')
    expect((await documentRegistration(browser, pdfFile())).status).toBe(200)
    expect((await status(browser)).campusProgramSubscriptionStatus).toBe('pending')
  })
})

// --- Lifecycle with a moved clock ----------------------------------------------------------------------

describe('lifecycle', () => {
  it('valid -> valid near expiry (14 days) -> expired by the job', async () => {
    const { browser, email, validUntil } = await confirmedStudent()
    const id = await customerId(browser)
    shop.clock.set(new Date(validUntil.getTime() - 15 * DAY))
    await logIn(browser, email)
    expect((await status(browser)).campusProgramSubscriptionStatus).toBe('valid')

    shop.clock.set(new Date(validUntil.getTime() - 13 * DAY))
    await logIn(browser, email)
    expect(await status(browser)).toMatchObject({
      campusProgramSubscriptionStatus: 'valid_near_expire',
      isMember: true,
    })
    // The job reminds once as the window opens.
    const reminded = await runJob()
    expect(reminded.reminders).toBeGreaterThanOrEqual(1)
    expect((await mailsTo(browser, email))[0]?.subject).toBe(
      'Deine Campus-Mitgliedschaft endet bald',
    )

    shop.clock.set(new Date(validUntil.getTime() + 60 * 1000))
    await logIn(browser, email)
    // Shown as expired at once; the job stores it and mails the customer.
    expect((await status(browser)).campusProgramSubscriptionStatus).toBe('expired')
    expect(await storedStatus(id)).toBe('valid')
    const report = await runJob()
    expect(report.expired).toBeGreaterThanOrEqual(1)
    expect(await storedStatus(id)).toBe('expired')
    expect((await mailsTo(browser, email))[0]?.subject).toBe(
      'Deine Campus-Mitgliedschaft ist abgelaufen',
    )
    expect(await status(browser)).toMatchObject({
      campusProgramSubscriptionStatus: 'expired',
      isMember: false,
    })
    // Expired members may register again (upload of current proof).
    expect((await documentRegistration(browser, pdfFile())).status).toBe(200)
    expect((await status(browser)).campusProgramSubscriptionStatus).toBe('pending')
  })

  it('renews by e-mail from 14 days before the end; the new year adds to the old end', async () => {
    const { browser, email, universityEmail, validUntil } = await confirmedStudent()
    shop.clock.set(new Date(validUntil.getTime() - 15 * DAY))
    await logIn(browser, email)
    const early = await emailRegistration(browser, universityEmail)
    expect(early.status).toBe(422)
    expect(early.body).toMatchObject({ error: 'cannot_register_again' })

    shop.clock.set(new Date(validUntil.getTime() - 13 * DAY))
    await logIn(browser, email)
    expect((await emailRegistration(browser, universityEmail)).status).toBe(200)
    expect(await status(browser)).toMatchObject({
      campusProgramSubscriptionStatus: 'valid_near_expire',
      isMember: true,
      openApplication: { method: 'email', isRenewal: true },
    })
    const token = await confirmationToken(browser, universityEmail)
    const confirmed = await newBrowser().api.campus.confirmEmail({ body: { token } })
    expect(confirmed.status).toBe(200)
    const renewedUntil = new Date(confirmed.status === 200 ? confirmed.body.validUntil : 0)
    expect(renewedUntil.getTime() - validUntil.getTime()).toBeGreaterThan(360 * DAY)
    expect((await status(browser)).campusProgramSubscriptionStatus).toBe('valid')
  })

  it('an unconfirmed link runs out after 7 days: back to unknown', async () => {
    const { browser, email } = await student()
    expect((await emailRegistration(browser, uniAddress())).status).toBe(200)
    shop.clock.set(new Date(start.getTime() + 8 * DAY))
    await runJob()
    await logIn(browser, email)
    expect(await status(browser)).toMatchObject({
      campusProgramSubscriptionStatus: 'unknown',
      openApplication: null,
    })
  })
})

// --- Effects elsewhere ------------------------------------------------------------------------------

describe('effects of a membership', () => {
  it('name change refused, billing address locked, Campus price shown; all gone once expired', async () => {
    const { browser, email, validUntil } = await confirmedStudent()
    const names = () =>
      browser.api.account.changeNames({
        body: { firstName: 'Marie', lastName: 'Keller', confirmationPassword: PASSWORD },
      })
    const refused = await names()
    expect(refused.status).toBe(422)
    expect(refused.body).toMatchObject({ code: 'action_not_allow_for_student' })

    const list = await browser.api.addresses.getAddresses()
    expect(list.status === 200 && list.body.rules.billingLock).toBe('campus')

    const [product] = await shop.db.execute<{ id: number; campus: number }>(
      sql`select id, campus_price_cents as campus from products where campus_price_cents is not null order by id limit 1`,
    )
    if (!product) throw new Error('no product with a Campus price')
    const page = await browser.api.catalog.getProduct({ params: { productId: product.id } })
    expect(page.status === 200 && page.body.campusPriceCents).toBe(product.campus)

    shop.clock.set(new Date(validUntil.getTime() + DAY))
    await runJob()
    await logIn(browser, email)
    const later = await browser.api.catalog.getProduct({ params: { productId: product.id } })
    expect(later.status === 200 && later.body.campusPriceCents).toBeNull()
    expect((await names()).status).toBe(200)
  })
})
