// Campus end to end in Chromium (issue 9): a student registers by university e-mail and confirms
// from the dev mailbox; another uploads a PDF, a member of staff logs in to the back office with
// the e-mailed code and approves it, and the customer sees Campus prices on the deals listing
// and the product page.
import type { Page } from '@playwright/test'
import { expect, latestMail, registerBusinessCustomer, test } from './fixtures.ts'

const PASSWORD = 'Blau-Tasse-42'
const STAFF = { email: 'service@bitwerk.example', password: 'Backoffice-Demo-2026' }

function unique(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`
}

function isoDay(offsetDays: number) {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10)
}

async function registerCustomer(page: Page, email: string, firstName: string) {
  await page.goto('/kundenkonto/registrieren')
  await page.getByLabel('E-Mail').fill(email)
  await page.getByLabel('Vorname').fill(firstName)
  await page.getByLabel('Nachname').fill('Berger')
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Passwort wiederholen').fill(PASSWORD)
  await page.getByRole('button', { name: 'Registrieren' }).click()
  await expect(page).toHaveURL(/\/kundenkonto$/)
}

async function openCampusPage(page: Page) {
  await page
    .getByRole('navigation', { name: 'Kundenkonto' })
    .getByRole('link', { name: 'Campusprogramm' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Campusprogramm' })).toBeVisible()
}

test('a student registers by university e-mail and confirms from the mailbox', async ({ page }) => {
  const email = `${unique('campus-mail')}@example.de`
  const universityEmail = `${unique('lena')}@tum.de`
  await registerCustomer(page, email, 'Lena')
  await openCampusPage(page)
  await expect(
    page.getByRole('heading', { name: 'Deine Vorteile im Campusprogramm' }),
  ).toBeVisible()

  // The form's own messages first.
  await page.getByRole('button', { name: 'Jetzt registrieren' }).click()
  await expect(page.getByText('Bitte wähle eine Hochschule aus der Liste aus.')).toBeVisible()
  await expect(page.getByText('Bitte stimme noch den Teilnahmebedingungen zu.')).toBeVisible()

  await page.getByLabel('Hochschule').selectOption({ label: 'Technische Universität München' })
  // An address of another university: the server's text.
  await page
    .getByRole('textbox', { name: 'Hochschul-E-Mail-Adresse' })
    .fill(`${unique('lena')}@lmu.de`)
  await page.getByLabel(/Ich akzeptiere die/).check()
  await page.getByRole('button', { name: 'Jetzt registrieren' }).click()
  await expect(
    page.getByText('Diese E-Mail-Adresse gehört nicht zur ausgewählten Hochschule.'),
  ).toBeVisible()

  await page.getByRole('textbox', { name: 'Hochschul-E-Mail-Adresse' }).fill(universityEmail)
  await page.getByRole('button', { name: 'Jetzt registrieren' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Bitte bestätige deine Registrierung' }),
  ).toBeVisible()
  await expect(page.getByText(`Bestätigungslink an ${universityEmail}`)).toBeVisible()

  await expect
    .poll(async () => (await latestMail(page, universityEmail))?.subject)
    .toContain('Bitte bestätige deine Hochschul-E-Mail-Adresse')
  const mail = await latestMail(page, universityEmail)
  const link = mail?.links.find((l) => l.includes('/studentenprogramm/bestaetigen'))
  if (!link) throw new Error('no confirmation link')
  await page.goto(link)
  await expect(page.getByText(/Deine Hochschul-E-Mail-Adresse ist bestätigt/)).toBeVisible()

  await page.goto('/kundenkonto/studentenprogramm')
  await expect(
    page.getByText(
      /Du bist noch bis zum \d\d\.\d\d\.\d{4} für unser Campusprogramm freigeschaltet\./,
    ),
  ).toBeVisible()
  await page.screenshot({ path: 'test-results/screens/campus-valid.png', fullPage: true })
})

test('a PDF is approved by staff and the customer sees Campus prices', async ({
  page,
  browser,
}) => {
  const email = `${unique('campus-doc')}@example.de`
  await registerCustomer(page, email, 'Jonas')
  await openCampusPage(page)
  await page.getByRole('radio', { name: /Mit Nachweis hochladen/ }).check()
  await page.getByLabel('Ich bin').selectOption({ label: 'Auszubildende/r' })
  await expect(page.getByLabel('Berufsschule')).toBeVisible()
  await page.getByLabel('Geburtsdatum').fill('2004-05-17')
  await page.getByLabel('Berufsschule').fill('Berufsschule Nord Hamburg')
  await page.getByLabel('Beginn des Ausbildungsjahres').fill(isoDay(-60))
  await page.getByLabel('Ende des Ausbildungsjahres').fill(isoDay(300))
  await page.getByLabel(/Nachweis \(/).setInputFiles({
    name: 'ausbildungsvertrag.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n'),
  })
  await page.getByLabel(/Ich akzeptiere die/).check()
  await page.getByRole('button', { name: 'Nachweis senden' }).click()
  await expect(
    page.getByText('Deine Registrierung wird momentan bearbeitet.', { exact: false }),
  ).toBeVisible()
  await page.screenshot({ path: 'test-results/screens/campus-pending.png', fullPage: true })

  // The back office in its own browser context: password, then the e-mailed code.
  const staffContext = await browser.newContext()
  const staff = await staffContext.newPage()
  await staff.goto('/backoffice/campus')
  await expect(staff).toHaveURL(/\/backoffice\/login/)
  await staff.getByLabel('E-Mail-Adresse').fill(STAFF.email)
  await staff.getByLabel('Passwort').fill(STAFF.password)
  await staff.getByRole('button', { name: 'Weiter' }).click()
  await expect(staff.getByLabel('Code')).toBeVisible()
  await expect
    .poll(async () => (await latestMail(staff, STAFF.email))?.text ?? '')
    .toMatch(/Dein Code: \d{6}/)
  const code = (await latestMail(staff, STAFF.email))?.text.match(/Dein Code: (\d{6})/)?.[1] ?? ''
  await staff.getByLabel('Code').fill(code)
  await staff.getByRole('button', { name: 'Anmelden' }).click()
  await expect(staff.getByRole('heading', { level: 1, name: 'Campus-Prüfung' })).toBeVisible()

  await staff
    .getByRole('link', { name: /Prüfen.*Antrag von Jonas Berger/ })
    .first()
    .click()
  await expect(staff.getByRole('heading', { level: 1, name: 'Campus-Antrag' })).toBeVisible()
  await expect(staff.getByText('Berufsschule Nord Hamburg')).toBeVisible()
  await expect(staff.getByTitle('Nachweis (PDF)')).toBeVisible()
  await staff.getByRole('button', { name: 'Nachweis bestätigen' }).click()
  await expect(staff.getByText(/Status: Bestätigt/)).toBeVisible()
  await staff.screenshot({ path: 'test-results/screens/backoffice-campus.png', fullPage: true })
  await staffContext.close()

  await expect
    .poll(async () => (await latestMail(page, email))?.subject)
    .toBe('Dein Nachweis ist bestätigt: willkommen im Campusprogramm')
  await page.reload()
  await expect(page.getByText(/Du bist noch bis zum .* freigeschaltet\./)).toBeVisible()

  // Campus prices: on the deals listing and on a product page.
  await page.goto('/studentenprogramm')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Das Bitwerk Campusprogramm' }),
  ).toBeVisible()
  const deals = page.locator('.campus-deals__grid')
  await expect(deals.getByText('Campus-Preis').first()).toBeVisible()
  await deals.getByRole('link').first().click()
  await expect(page).toHaveURL(/\/artikel\//)
  await expect(page.locator('.price-block__campus').first()).toContainText('Campus-Preis')
})

test('a business customer is not invited to register for Campus', async ({ page }) => {
  const email = `${unique('campus-firma')}@example.de`
  await registerBusinessCustomer(page, email, PASSWORD)
  await page.goto('/studentenprogramm')
  await expect(page.getByText('Das Campusprogramm gilt für Privatkundenkonten.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Jetzt registrieren' })).toHaveCount(0)
})

test('an end date before the start date shows its message when the field is left', async ({
  page,
}) => {
  await registerCustomer(page, `${unique('campus-datum')}@example.de`, 'Mia')
  await openCampusPage(page)
  await page.getByRole('radio', { name: /Mit Nachweis hochladen/ }).check()
  // Filled top to bottom: the terms are not ticked yet when the dates are entered.
  await page.getByLabel('Semesterbeginn').fill(isoDay(30))
  const end = page.getByLabel('Semesterende')
  await end.fill(isoDay(10))
  await end.blur()
  const message = page.getByText('Das Enddatum muss nach dem Startdatum liegen.')
  await expect(message).toBeVisible()
  await expect(end).toHaveAttribute('aria-invalid', 'true')
  // A start before the end clears it.
  await page.getByLabel('Semesterbeginn').fill(isoDay(-30))
  await expect(message).toBeHidden()
})
