// The account end to end in Chromium: registration, logout, a wrong password, the e-mailed code
// from the dev mailbox, the soft login's popup, the password reset link, and the dashboard.
import type { Page } from '@playwright/test'
import { expect, holdPageScript, latestMail, test } from './fixtures.ts'

const PASSWORD = 'Blau-Tasse-42'
const NEW_PASSWORD = 'Gruen-Kanne-77'

function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.de`
}

async function register(page: Page, email: string) {
  await page.goto('/kundenkonto/registrieren')
  await expect(page.getByRole('link', { name: 'Registrieren' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await page.getByLabel('E-Mail').fill(email)
  await page.getByLabel('Vorname').fill('Lena')
  await page.getByLabel('Nachname').fill('Berger')
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Passwort wiederholen').fill(PASSWORD)
  await page.getByRole('button', { name: 'Registrieren' }).click()
  await expect(page).toHaveURL(/\/kundenkonto$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Kontoübersicht' })).toBeVisible()
}

async function codeFromMailbox(page: Page, email: string) {
  await expect
    .poll(async () => (await latestMail(page, email))?.subject)
    .toBe('Dein Bestätigungscode für die Anmeldung bei Bitwerk')
  const mail = await latestMail(page, email)
  const code = mail?.text.match(/Dein Code: (\d{6})/)?.[1]
  if (!code) throw new Error('no code in the mail')
  return code
}

test('register, log out, wrong password, code from the mailbox, soft-login popup, reset', async ({
  page,
}) => {
  const email = uniqueEmail('e2e')
  await register(page, email)
  await expect(
    page.getByRole('status').filter({ hasText: 'Willkommen bei Bitwerk!' }),
  ).toBeVisible()
  await expect(page.getByRole('banner').getByText('Hallo Lena')).toBeVisible()
  await page.screenshot({ path: 'test-results/screens/account-overview.png', fullPage: true })

  // Logout from the side navigation leads to the login page.
  await page
    .getByRole('navigation', { name: 'Kundenkonto' })
    .getByRole('button', { name: 'Abmelden' })
    .click()
  await expect(page).toHaveURL(/\/kundenkonto\/login$/)
  await expect(page.getByRole('heading', { name: 'Willkommen' })).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Anmelden' })).toBeVisible()

  // A wrong password: the spec's message with the reset link; the password field is cleared.
  await page.getByLabel('E-Mail').fill(email)
  await page.getByLabel('Passwort').fill('Falsch-123')
  await page.getByRole('button', { name: 'Anmelden' }).click()
  const failure = page
    .getByRole('alert')
    .filter({ hasText: 'Bei der Eingabe deiner E-Mail-Adresse' })
  await expect(failure).toBeVisible()
  await expect(failure.getByRole('link', { name: 'Passwort zurücksetzen' })).toBeVisible()
  await expect(page.getByLabel('Passwort')).toHaveValue('')
  await page.screenshot({ path: 'test-results/screens/account-login-failed.png' })

  // The right password in a browser the account has not confirmed: the e-mailed code.
  await page.getByLabel('Passwort').fill(PASSWORD)
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await expect(page.getByRole('heading', { name: 'Bestätigungscode eingeben' })).toBeVisible()
  const send = page.getByRole('button', { name: 'Senden', exact: true })
  await expect(send).toBeDisabled()
  const code = await codeFromMailbox(page, email)
  const digits = page.getByRole('group', { name: 'Bestätigungscode eingeben' }).getByRole('textbox')
  await expect(digits).toHaveCount(6)
  for (const [index, digit] of code.split('').entries()) {
    await digits.nth(index).fill(digit)
    if (index < 5) await expect(send).toBeDisabled()
  }
  await expect(send).toBeEnabled()
  await page.screenshot({ path: 'test-results/screens/account-two-fa.png' })
  await send.click()
  await expect(page).toHaveURL(/\/kundenkonto$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Kontoübersicht' })).toBeVisible()

  // The full login ends (dev call): the header greets softly, account pages open the popup.
  await page.request.post('/api/dev/expire-full-login')
  await page.goto('/')
  await expect(
    page.getByText('Hallo Lena, deine Sitzung ist abgelaufen, bitte melde dich erneut an'),
  ).toBeVisible()
  await expect(page.getByText('Du bist nicht Lena?')).toBeVisible()
  await page.getByRole('banner').getByRole('link', { name: 'Mein Konto' }).click()
  const popup = page.getByRole('dialog', { name: 'Bitte melde dich erneut an' })
  await expect(popup).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  await page.screenshot({ path: 'test-results/screens/account-soft-popup.png' })
  await popup.getByLabel('Passwort').fill(PASSWORD)
  await popup.getByRole('button', { name: 'Anmelden' }).click()
  await expect(popup).toBeHidden()
  await expect(page).toHaveURL(/\/kundenkonto$/)
  await expect(page.getByRole('banner').getByText('Hallo Lena', { exact: true })).toBeVisible()

  // Password reset through the mailed link, then login with the new password.
  await page
    .getByRole('navigation', { name: 'Kundenkonto' })
    .getByRole('button', { name: 'Abmelden' })
    .click()
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click()
  await expect(page).toHaveURL(/\/kundenkonto\/passwort\+vergessen$/)
  await expect(page.getByRole('heading', { name: 'Passwort vergessen?' })).toBeVisible()
  await page.getByLabel('E-Mail').fill(email)
  await page.getByRole('button', { name: 'Absenden' }).click()
  await expect(page).toHaveURL(/\/kundenkonto\/login$/)
  await expect(page.getByText(`Wenn ${email} bei uns registriert ist`)).toBeVisible()
  await expect
    .poll(async () => (await latestMail(page, email))?.subject)
    .toBe('Dein neues Passwort für Bitwerk')
  const link = (await latestMail(page, email))?.links[0] ?? ''
  await page.goto(new URL(link).pathname + new URL(link).search)
  await expect(page.getByRole('heading', { name: 'Neues Passwort festlegen' })).toBeVisible()
  await page.getByLabel('Neues Passwort', { exact: true }).fill(NEW_PASSWORD)
  await page.getByLabel('Neues Passwort wiederholen').fill(NEW_PASSWORD)
  await page.screenshot({ path: 'test-results/screens/account-new-password.png' })
  await page.getByRole('button', { name: 'Passwort speichern' }).click()
  await expect(page).toHaveURL(/\/kundenkonto\/login$/)
  await expect(page.getByText('Dein Passwort wurde geändert.')).toBeVisible()
  await page.getByLabel('E-Mail').fill(email)
  await page.getByLabel('Passwort').fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Kontoübersicht' })).toBeVisible()
})

test('the code boxes take a pasted code of exactly 6 characters', async ({ page, context }) => {
  const email = uniqueEmail('paste')
  await register(page, email)
  await page
    .getByRole('navigation', { name: 'Kundenkonto' })
    .getByRole('button', { name: 'Abmelden' })
    .click()
  await context.clearCookies()
  await page.goto('/kundenkonto/login')
  await page.getByLabel('E-Mail').fill(email)
  await page.getByLabel('Passwort').fill(PASSWORD)
  await page.getByRole('button', { name: 'Anmelden' }).click()
  const code = await codeFromMailbox(page, email)
  const first = page.getByRole('textbox', { name: 'Ziffer 1 von 6' })
  await first.focus()
  const paste = async (text: string) =>
    first.evaluate((input, value) => {
      const data = new DataTransfer()
      data.setData('text/plain', value)
      input.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      )
    }, text)
  await paste('12345')
  await expect(page.getByRole('textbox', { name: 'Ziffer 6 von 6' })).toHaveValue('')
  await paste(code)
  await expect(page.getByRole('textbox', { name: 'Ziffer 6 von 6' })).toHaveValue(code.slice(5))
  await page.getByRole('button', { name: 'Senden', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Kontoübersicht' })).toBeVisible()
})

test('guests are sent to the login; business registration asks for the VAT id abroad', async ({
  page,
}) => {
  await page.goto('/kundenkonto/bestellungen')
  await expect(page).toHaveURL(/\/kundenkonto\/login$/)
  await page.getByRole('link', { name: 'Registrieren' }).click()
  await expect(page.getByRole('heading', { name: 'Neu bei Bitwerk?' })).toBeVisible()
  await page.getByLabel('E-Mail').fill(uniqueEmail('firma'))
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD)
  await expect(page.getByText('Mindestens eine Ziffer')).toBeVisible()
  await page.getByLabel('Passwort wiederholen').fill(PASSWORD)
  await page.getByLabel('Ich bin Geschäftskunde').check()
  await page.getByLabel('Firma', { exact: true }).fill('Huber Handels GmbH')
  await page.getByLabel('Rechtsform').selectOption('2')
  await page.getByLabel('Wiederverkäufer').check()
  await page.getByLabel('Vorname', { exact: true }).fill('Karl')
  await page.getByLabel('Nachname', { exact: true }).fill('Huber')
  await page.getByLabel('Vorname Inhaber').fill('Karl')
  await page.getByLabel('Nachname Inhaber').fill('Huber')
  await page.getByLabel('Straße').fill('Ringstraße')
  await page.getByLabel('Hausnummer').fill('5')
  await page.getByLabel('PLZ').fill('1010')
  await page.getByLabel('Ort', { exact: true }).fill('Wien')
  await expect(page.getByLabel('USt-IdNr.')).toHaveCount(0)
  await page.getByLabel('Land', { exact: true }).selectOption({ label: 'Österreich' })
  await page.getByLabel('USt-IdNr.').fill('DE123456789')
  await page.getByRole('button', { name: 'Registrieren' }).click()
  await expect(
    page.getByText('Ust. ID. ist nicht gültig, bitte überprüfe deine Eingabe.'),
  ).toBeVisible()
  await page.screenshot({
    path: 'test-results/screens/account-register-business.png',
    fullPage: true,
  })
  await page.getByLabel('USt-IdNr.').fill('ATU12345678')
  await page.getByRole('button', { name: 'Registrieren' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Kontoübersicht' })).toBeVisible()
  // Business customers have no Campus entry.
  const nav = page.getByRole('navigation', { name: 'Kundenkonto' })
  await expect(nav.getByRole('link', { name: 'Meine Bestellungen' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Campusprogramm' })).toHaveCount(0)
})

test('the dashboard keeps at most 4 tiles, asks before removing, remembers the choice', async ({
  page,
}) => {
  await register(page, uniqueEmail('kacheln'))
  const tiles = page.locator('.tiles > li')
  await expect(tiles).toHaveCount(3)
  await page.getByRole('button', { name: 'Ansicht bearbeiten' }).click()
  const add = page.getByLabel('Kachel hinzufügen')
  await expect(add.locator('option', { hasText: 'Meine Kreditkarten' })).toHaveCount(0)
  await add.selectOption({ label: 'Campusprogramm' })
  await expect(tiles).toHaveCount(4)
  await expect(page.getByLabel('Kachel hinzufügen')).toHaveCount(0)
  await page.getByRole('button', { name: 'Kachel „Meine Daten“ entfernen' }).click()
  const dialog = page.getByRole('dialog', { name: 'Kachel entfernen' })
  await expect(dialog).toBeVisible()
  await page.screenshot({ path: 'test-results/screens/account-dashboard-remove.png' })
  await dialog.getByRole('button', { name: 'Entfernen' }).click()
  await expect(tiles).toHaveCount(3)
  await page.getByRole('button', { name: 'Ansicht schließen' }).click()
  expect(await page.evaluate(() => localStorage.getItem('bitwerk.dashboard'))).toBe(
    'orders,addressList,student',
  )
  await page.reload()
  await expect(tiles).toHaveCount(3)
  await expect(page.getByRole('link', { name: /Campusprogramm/ }).first()).toBeVisible()
})

test('on mobile the overview lists the navigation and pages offer a back button', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await register(page, uniqueEmail('mobil'))
  const nav = page.getByRole('navigation', { name: 'Kundenkonto' })
  await expect(nav.getByRole('link', { name: 'Kontoübersicht' })).toBeHidden()
  await expect(page.getByRole('button', { name: 'Ansicht bearbeiten' })).toBeHidden()
  await nav.getByRole('link', { name: 'Meine Benutzerdaten' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Benutzerdaten' })).toBeVisible()
  await page.screenshot({ path: 'test-results/screens/account-mobile-page.png', fullPage: true })
  await page.getByRole('link', { name: 'Zurück' }).click()
  await expect(page).toHaveURL(/\/kundenkonto$/)
})

/** The password alone (the soft login knows the e-mail); the code when this browser is new. */
async function reLogin(page: Page, scope: Page | ReturnType<Page['getByRole']>, email: string) {
  await expect(scope.getByLabel('E-Mail')).toHaveCount(0)
  await scope.getByLabel('Passwort').fill(PASSWORD)
  await scope.getByRole('button', { name: 'Anmelden' }).click()
  // Either the code step or the login's end (page left, popup closed) takes the field away.
  await expect(scope.getByLabel('Passwort')).toHaveCount(0)
  const codeHeading = scope.getByRole('heading', { name: 'Bestätigungscode eingeben' })
  if ((await codeHeading.count()) === 0) return
  const code = await codeFromMailbox(page, email)
  const digits = scope
    .getByRole('group', { name: 'Bestätigungscode eingeben' })
    .getByRole('textbox')
  for (const [index, digit] of code.split('').entries()) await digits.nth(index).fill(digit)
  await scope.getByRole('button', { name: 'Senden', exact: true }).click()
}

test('soft login: the password alone leads on to the page wanted; a login the server ended offers the re-login', async ({
  page,
}) => {
  test.slow() // three logins, each page checked with axe
  const email = uniqueEmail('soft')
  const registered = await page.request.post('/auth/register', {
    data: {
      email,
      firstName: 'Max',
      lastName: 'Berger',
      password: PASSWORD,
      passwordRepeat: PASSWORD,
    },
  })
  expect(registered.status()).toBe(200)
  await page.goto('/kundenkonto')
  await expect(page.getByRole('heading', { level: 1, name: 'Kontoübersicht' })).toBeVisible()

  // The full login ended: an account page leads to the login page, which greets and asks for the
  // password only; after it the shopper is on the page he wanted, without another popup.
  await page.request.post('/api/dev/expire-full-login')
  await page.goto('/kundenkonto/bestellungen')
  await expect(page).toHaveURL(/\/kundenkonto\/login\?ziel=/)
  await expect(
    page.getByRole('heading', {
      name: 'Hallo Max, deine Sitzung ist abgelaufen, bitte melde dich erneut an',
    }),
  ).toBeVisible()
  await page.screenshot({ path: 'test-results/screens/account-soft-login-page.png' })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: 'test-results/screens/account-soft-login-page-mobile.png' })
  await page.setViewportSize({ width: 1366, height: 900 })
  await reLogin(page, page, email)
  await expect(page).toHaveURL(/\/kundenkonto\/bestellungen$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Bestellungen' })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // The server ends the full login before the browser's timer: the next page (its data not yet
  // loaded) offers the popup (password only), and after it the page shows, not the red
  // "Sitzung abgelaufen" box.
  const accountNav = page.getByRole('navigation', { name: 'Kundenkonto' })
  await page.request.post('/api/dev/expire-full-login')
  await accountNav.getByRole('link', { name: 'Meine Kreditkartendaten' }).click()
  const popup = page.getByRole('dialog', { name: 'Bitte melde dich erneut an' })
  await expect(popup).toBeVisible()
  await expect(popup.getByText('Hallo Max, deine Sitzung ist abgelaufen')).toBeVisible()
  await page.screenshot({ path: 'test-results/screens/account-soft-popup-expired.png' })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: 'test-results/screens/account-soft-popup-expired-mobile.png' })
  await page.setViewportSize({ width: 1366, height: 900 })
  await reLogin(page, popup, email)
  await expect(popup).toBeHidden()
  await expect(page.getByText('Du hast noch keine Kreditkarte gespeichert.')).toBeVisible()
  await expect(page.getByText('Deine Sitzung ist abgelaufen')).toHaveCount(0)
  await expect(page.getByRole('banner').getByText('Hallo Max', { exact: true })).toBeVisible()

  // The same when the page loads its data before it shows (the address book's loader).
  await page.request.post('/api/dev/expire-full-login')
  await accountNav.getByRole('link', { name: 'Meine Adressen' }).click()
  await expect(popup).toBeVisible()
  await reLogin(page, popup, email)
  await expect(popup).toBeHidden()
  await expect(page.getByRole('heading', { level: 1, name: 'Mein Adressbuch' })).toBeVisible()
  await expect(page.getByText('Deine Sitzung ist abgelaufen')).toHaveCount(0)
})

test('a login sent before the page script ran is sent by the script, the fields kept', async ({
  page,
}) => {
  // A visitor types and presses Enter before hydration.
  const release = await holdPageScript(page)
  const posts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(new URL(request.url()).pathname)
  })
  await page.goto('/kundenkonto/login', { waitUntil: 'commit' })
  await page.getByLabel('E-Mail').fill('frueh@example.de')
  await page.getByLabel('Passwort').fill('Falsch-123')
  await page.getByLabel('Passwort').press('Enter')
  // Held: the button waits, nothing went to the server (a post there answered 303 back to the
  // page, without the fields).
  await expect(page.getByRole('button', { name: 'Anmelden' })).toHaveAttribute('aria-busy', 'true')
  expect(posts).toEqual([])
  release()
  await expect(
    page.getByRole('alert').filter({ hasText: 'Bei der Eingabe deiner E-Mail-Adresse' }),
  ).toBeVisible()
  expect(posts).toEqual(['/auth/login'])
  await expect(page.getByLabel('E-Mail')).toHaveValue('frueh@example.de')
  await expect(page).toHaveURL(/\/kundenkonto\/login$/)
})

test.describe('before or without the page script', () => {
  test.use({ javaScriptEnabled: false })

  test('the login form sent by the browser itself keeps the password out of the address', async ({
    page,
  }) => {
    await page.goto('/kundenkonto/login')
    await page.getByLabel('E-Mail').fill('lena@example.de')
    await page.getByLabel('Passwort').fill('Blau-Tasse-42')
    const [posted] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'POST'),
      page.getByRole('button', { name: 'Anmelden' }).click(),
    ])
    expect(posted.status()).toBe(303)
    expect(posted.request().url()).not.toContain('Blau')
    await page.waitForLoadState()
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/kundenkonto/login')
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible()
  })
})
