// Meine Benutzerdaten end to end in Chromium: a private customer changes name, e-mail (the old
// address gets the notice in the dev mailbox) and password through the modals.
import type { Page } from '@playwright/test'
import { expect, latestMail, test } from './fixtures.ts'

const PASSWORD = 'Blau-Tasse-42'
const NEW_PASSWORD = 'Gruen-Kanne-77'

function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.de`
}

/** A private customer, registered (and so logged in) through the page's own cookies. */
async function registerPrivate(page: Page, email: string) {
  const response = await page.request.post('/auth/register', {
    data: {
      email,
      firstName: 'Lena',
      lastName: 'Berger',
      password: PASSWORD,
      passwordRepeat: PASSWORD,
    },
  })
  expect(response.status()).toBe(200)
}

test('a private customer changes name, e-mail and password', async ({ page }) => {
  const email = uniqueEmail('daten')
  await registerPrivate(page, email)
  await page.goto('/kundenkonto/kontaktinformationen')
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Benutzerdaten' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Kundendaten' })).toBeVisible()
  await expect(page.getByText('Lena Berger')).toBeVisible()
  await page.screenshot({ path: 'test-results/screens/customer-data.png', fullPage: true })

  // Name: saving stays disabled until a name changed and the password is given.
  await page.getByRole('link', { name: 'Name ändern' }).click()
  const nameDialog = page.getByRole('dialog', { name: 'Name ändern' })
  const saveName = nameDialog.getByRole('button', { name: 'Änderungen speichern' })
  await expect(saveName).toBeDisabled()
  await nameDialog.getByLabel('Vorname').fill('Marie')
  await expect(saveName).toBeDisabled()
  await nameDialog.getByLabel('Aktuelles Passwort').fill('Falsch-123')
  await expect(saveName).toBeEnabled()
  await saveName.click()
  await expect(nameDialog.getByRole('alert')).toHaveText(
    'Das eingegebene Passwort ist nicht korrekt.',
  )
  await nameDialog.getByLabel('Aktuelles Passwort').fill(PASSWORD)
  await nameDialog.getByRole('button', { name: 'Änderungen speichern' }).click()
  await expect(nameDialog).toBeHidden()
  await expect(page).toHaveURL(/\/kundenkonto\/kontaktinformationen$/)
  await expect(
    page.getByRole('status').filter({ hasText: 'Dein Name wurde erfolgreich geändert.' }),
  ).toBeVisible()
  await expect(page.getByText('Marie Berger')).toBeVisible()

  // E-mail: the old address is told.
  const newEmail = uniqueEmail('neu')
  await page.getByRole('link', { name: 'E-Mail Adresse ändern' }).click()
  const emailDialog = page.getByRole('dialog', { name: 'E-Mail Adresse ändern' })
  await emailDialog.getByLabel('Neue E-Mail-Adresse').fill(newEmail)
  await emailDialog.getByLabel('Aktuelles Passwort').fill(PASSWORD)
  await page.screenshot({ path: 'test-results/screens/customer-data-email.png' })
  await emailDialog.getByRole('button', { name: 'Änderungen speichern' }).click()
  await expect(emailDialog).toBeHidden()
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Deine E-Mail-Adresse wurde erfolgreich geändert.' }),
  ).toBeVisible()
  await expect(page.getByText(newEmail)).toBeVisible()
  await expect
    .poll(async () => (await latestMail(page, email))?.subject)
    .toBe('Deine E-Mail-Adresse bei Bitwerk wurde geändert')
  expect((await latestMail(page, email))?.text).toContain(newEmail)

  // Password: a wrong current one gets its own text; then the change works.
  await page.getByRole('link', { name: 'Passwort ändern' }).click()
  const passwordDialog = page.getByRole('dialog', { name: 'Passwort ändern' })
  const savePassword = passwordDialog.getByRole('button', { name: 'Änderungen speichern' })
  await expect(savePassword).toBeDisabled()
  await passwordDialog.getByLabel('Aktuelles Passwort').fill('Falsch-123')
  await passwordDialog.getByLabel('Neues Passwort', { exact: true }).fill(NEW_PASSWORD)
  await passwordDialog.getByLabel('Neues Passwort wiederholen').fill(NEW_PASSWORD)
  await savePassword.click()
  await expect(passwordDialog.getByRole('alert')).toHaveText(
    'Das aktuelle Passwort war nicht korrekt.',
  )
  await passwordDialog.getByLabel('Aktuelles Passwort').fill(PASSWORD)
  await page.screenshot({ path: 'test-results/screens/customer-data-password.png' })
  await passwordDialog.getByRole('button', { name: 'Änderungen speichern' }).click()
  await expect(passwordDialog).toBeHidden()
  await expect(
    page.getByRole('status').filter({ hasText: 'Dein Passwort wurde erfolgreich geändert.' }),
  ).toBeVisible()

  // The new password logs in (the browser is trusted: no code needed).
  const login = await page.request.post('/auth/login', {
    data: { email: newEmail, password: NEW_PASSWORD },
  })
  expect(login.status()).toBe(200)
})

test('a business customer sees the company block; company changes go via customer service', async ({
  page,
}) => {
  const email = uniqueEmail('firma')
  const response = await page.request.post('/auth/registration', {
    data: {
      customerType: 'business',
      email,
      firstName: 'Petra',
      lastName: 'Schulz',
      password: PASSWORD,
      passwordRepeat: PASSWORD,
      company: 'Schulz Elektro OHG',
      businessForm: 2,
      businessType: 'reseller',
      ownerFirstname: 'Paul',
      ownerLastname: 'Schulz',
      ustId: '',
      streetName: 'Hauptstraße',
      streetNumber: '12',
      zipCode: '10115',
      cityName: 'Berlin',
      countryId: 81,
    },
  })
  expect(response.status()).toBe(200)
  await page.goto('/kundenkonto/kontaktinformationen')
  await expect(page.getByRole('heading', { name: 'Ansprechpartner' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Firmendaten' })).toBeVisible()
  await expect(page.getByText('Wiederverkäufer')).toBeVisible()
  await page.screenshot({ path: 'test-results/screens/customer-data-business.png', fullPage: true })

  await page.getByRole('link', { name: 'Firmenname ändern' }).click()
  const company = page.getByRole('dialog', { name: 'Firmenname ändern' })
  await expect(company).toContainText(
    'Firmenname, Rechtsform und Kundenart kann nur unser Kundenservice ändern.',
  )
  await company.getByRole('button', { name: 'Schließen' }).first().click()

  // Business form and type: edit links whose modals name the customer service.
  for (const [link, value] of [
    ['Rechtsform ändern', 'Personengesellschaft (GbR, KG, OHG)'],
    ['Kundenart ändern', 'Wiederverkäufer'],
  ] as const) {
    await expect(page.getByText(value)).toBeVisible()
    await page.getByRole('link', { name: link }).click()
    const dialog = page.getByRole('dialog', { name: link })
    await expect(dialog).toContainText('kann nur unser Kundenservice ändern.')
    await expect(dialog.getByRole('link', { name: 'service@bitwerk.example' })).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Änderungen speichern' })).toHaveCount(0)
    if (link === 'Rechtsform ändern') {
      await page.screenshot({ path: 'test-results/screens/customer-data-business-form.png' })
    }
    await dialog.getByRole('button', { name: 'Schließen' }).first().click()
    await expect(dialog).toBeHidden()
  }

  await page.getByRole('link', { name: 'Inhaber Name ändern' }).click()
  const owner = page.getByRole('dialog', { name: 'Inhaber Name ändern' })
  await owner.getByLabel('Vorname Inhaber').fill('Paula')
  await owner.getByRole('button', { name: 'Änderungen speichern' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Der Inhabername wurde erfolgreich geändert.' }),
  ).toBeVisible()
  await expect(page.getByText('Paula Schulz')).toBeVisible()
})

test('a private customer is never offered the VAT id form', async ({ page }) => {
  await registerPrivate(page, uniqueEmail('ohne-ustid'))
  await page.goto('/kundenkonto/kontaktinformationen')
  await expect(page.getByRole('heading', { name: 'Kundendaten' })).toBeVisible()
  await expect(page.getByText('Ust. ID.')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Rechtsform ändern' })).toHaveCount(0)
  // Reached by its address, the route leads back to the overview without the form.
  await page.goto('/kundenkonto/kontaktinformationen/ustid-aendern')
  await expect(page).toHaveURL(/\/kundenkonto\/kontaktinformationen$/)
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByLabel('Ust. ID.')).toHaveCount(0)
  // The server refuses it too.
  const refused = await page.request.post('/api/account/vat-id/change', {
    data: { vatId: 'DE123456789' },
  })
  expect(refused.status()).toBe(422)
  expect(await refused.json()).toMatchObject({ code: 'forbidden' })
})

test('a change sent after the full login ended asks for the password and is then saved', async ({
  page,
}) => {
  const email = uniqueEmail('soft-aenderung')
  await registerPrivate(page, email)
  await page.goto('/kundenkonto/kontaktinformationen/namen-aendern')
  const dialog = page.getByRole('dialog', { name: 'Name ändern' })
  await dialog.getByLabel('Vorname').fill('Marlene')
  await dialog.getByLabel('Aktuelles Passwort').fill(PASSWORD)
  await page.request.post('/api/dev/expire-full-login')
  await dialog.getByRole('button', { name: 'Änderungen speichern' }).click()

  const popup = page.getByRole('dialog', { name: 'Bitte melde dich erneut an' })
  await expect(popup).toBeVisible()
  await page.screenshot({ path: 'test-results/screens/customer-data-soft-popup.png' })
  await popup.getByLabel('Passwort').fill(PASSWORD)
  await popup.getByRole('button', { name: 'Anmelden' }).click()
  // Either the code step (a browser the shop does not know yet) or the popup's end.
  await expect(popup.getByLabel('Passwort')).toHaveCount(0)
  if ((await popup.getByRole('heading', { name: 'Bestätigungscode eingeben' }).count()) > 0) {
    await expect
      .poll(async () => (await latestMail(page, email))?.subject)
      .toBe('Dein Bestätigungscode für die Anmeldung bei Bitwerk')
    const code = (await latestMail(page, email))?.text.match(/Dein Code: (\d{6})/)?.[1] ?? ''
    const digits = popup
      .getByRole('group', { name: 'Bestätigungscode eingeben' })
      .getByRole('textbox')
    for (const [index, digit] of code.split('').entries()) await digits.nth(index).fill(digit)
    await popup.getByRole('button', { name: 'Senden', exact: true }).click()
  }
  await expect(popup).toBeHidden()
  // The same values went out again: saved, back on the overview with the success message.
  await expect(
    page.getByRole('status').filter({ hasText: 'Dein Name wurde erfolgreich geändert.' }),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/kundenkonto\/kontaktinformationen$/)
  await expect(page.getByText('Marlene Berger')).toBeVisible()
})
