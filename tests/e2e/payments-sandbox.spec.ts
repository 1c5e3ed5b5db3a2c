// The payment sandbox's pages in Chromium, driven through its test shop (/psp/dev/harness): the
// hosted card fields in an iframe (alias by postMessage), 3-D Secure, redirect wallets and the
// simulated Apple Pay sheet. Every visited page is checked with axe by the fixture.
import { expect, test } from './fixtures.ts'

const year = String((new Date().getFullYear() + 3) % 100).padStart(2, '0')

test('card with 3-D Secure: hosted fields in an iframe, alias to the shop, challenge approved', async ({
  page,
}) => {
  await page.goto('/psp/dev/harness')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Test-Shop der Sandbox')
  const fields = page.locator('#card-frame').contentFrame()
  const payButton = page.getByRole('button', { name: '49,99 € mit Karte bezahlen' })
  await expect(payButton).toBeDisabled()

  // A wrong number: the provider's German error inside the frame, nothing reaches the shop.
  await fields.getByLabel('Karteninhaber').fill('Jörg Weiß-Groß')
  await fields.getByLabel('Kartennummer').fill('4111 1111 1111 1112')
  await fields.getByLabel('Monat (MM)').fill('12')
  await fields.getByLabel('Jahr (JJ)').fill(year)
  await fields.getByLabel('Prüfnummer (CVC)').fill('123')
  await fields.getByRole('button', { name: 'Karte prüfen' }).click()
  await expect(fields.getByText('Die Kartennummer ist ungültig.')).toBeVisible()
  await expect(fields.getByLabel('Kartennummer')).toHaveAttribute('aria-invalid', 'true')
  await expect(fields.getByLabel('Kartennummer')).toBeFocused()
  await expect(page.locator('#alias-status')).toContainText('Karte nicht übernommen')

  // The 3-D Secure test card, typed and sent with the keyboard only.
  await fields.getByLabel('Kartennummer').fill('')
  await page.keyboard.type('4000 0000 0000 3220')
  await page.keyboard.press('Tab')
  await expect(fields.getByLabel('Monat (MM)')).toBeFocused()
  await fields.getByLabel('Prüfnummer (CVC)').press('Enter')
  await expect(fields.getByRole('status')).toContainText('Karte geprüft: Visa **** **** **** 3220')
  await expect(page.locator('#alias-status')).toContainText(
    /Alias erhalten: ca_\S+ \(\*{4} \*{4} \*{4} 3220, 12\/\d\d\)/,
  )
  await expect(payButton).toBeEnabled()
  // The shop's page holds the alias, never the card number.
  const shopHtml = await page.content()
  expect(shopHtml).not.toContain('4000000000003220')
  expect(shopHtml).not.toContain('4000 0000 0000 3220')
  await page.screenshot({ path: 'test-results/screens/psp-harness-card.png', fullPage: true })

  await payButton.click()
  await expect(page).toHaveURL(/\/psp\/3ds\/tds_/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zahlung bestätigen')
  await expect(page.getByText('49,99 €')).toBeVisible()
  await page.screenshot({ path: 'test-results/screens/psp-3ds.png', fullPage: true })
  await page.getByRole('button', { name: 'Bestätigen' }).click()

  await expect(page).toHaveURL(/\/psp\/dev\/harness\/result\?paymentId=pay_/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zahlung erfolgreich')
  await expect(page.getByTestId('payment-status')).toHaveText('autorisiert')
  await expect(page.getByText('Visa **** **** **** 3220')).toBeVisible()
})

test('card declined after "Ablehnen" on the 3-D Secure page', async ({ page }) => {
  await page.goto('/psp/dev/harness')
  const fields = page.locator('#card-frame').contentFrame()
  await fields.getByLabel('Karteninhaber').fill('Erika Mustermann')
  await fields.getByLabel('Kartennummer').fill('5200 0000 0000 1096')
  await fields.getByLabel('Monat (MM)').fill('01')
  await fields.getByLabel('Jahr (JJ)').fill(year)
  await fields.getByLabel('Prüfnummer (CVC)').fill('321')
  await fields.getByRole('button', { name: 'Karte prüfen' }).click()
  await expect(page.locator('#alias-status')).toContainText('Alias erhalten')
  await page.getByRole('button', { name: '49,99 € mit Karte bezahlen' }).click()
  await page.getByRole('button', { name: 'Ablehnen' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zahlung nicht erfolgreich')
  await expect(page.getByRole('alert')).toContainText(
    'Deine Kreditkarte konnte nicht geprüft werden.',
  )
})

test('PayPal express: sandbox buyer approves, the shop reads the shipping address', async ({
  page,
}) => {
  await page.goto('/psp/dev/harness')
  await page.getByRole('button', { name: 'PayPal Express' }).click()
  await expect(page).toHaveURL(/\/psp\/pay\/ps_/)
  await expect(page.getByText('PayPal · Sandbox')).toBeVisible()
  await expect(page.getByText('49,99 €')).toBeVisible()
  await page.getByLabel(/Lukas Gruber/).check()
  await page.screenshot({ path: 'test-results/screens/psp-paypal.png', fullPage: true })
  await page.getByRole('button', { name: 'Zahlung genehmigen' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zahlung erfolgreich')
  await expect(page.getByText('Mariahilfer Straße 45, 1060 Wien, AT')).toBeVisible()
})

test('Consors financing: form post, 24 months chosen, approved', async ({ page }) => {
  await page.goto('/psp/dev/harness')
  await page.getByRole('button', { name: 'Consors Finanzierung' }).click()
  await page.getByRole('button', { name: 'Finanzierung beantragen' }).click()
  await expect(page).toHaveURL(/\/psp\/pay\/ps_/)
  await page.getByRole('radio', { name: /^24 Monate/ }).check()
  await page.screenshot({ path: 'test-results/screens/psp-consors.png', fullPage: true })
  await page.getByRole('button', { name: 'Zahlung genehmigen' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zahlung erfolgreich')
  await expect(page.getByText(/24 Monate, .* im Monat/)).toBeVisible()
})

test('Amazon Pay button payload and a cancelled Klarna payment', async ({ page }) => {
  await page.goto('/psp/dev/harness')
  await page.getByRole('button', { name: 'Amazon Pay (Express-Button)' }).click()
  await expect(page.getByText('Amazon Pay · Sandbox')).toBeVisible()
  await page.getByRole('button', { name: 'Zahlung genehmigen' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zahlung erfolgreich')

  await page.getByRole('link', { name: 'Zurück zum Test-Shop' }).click()
  await page.getByRole('button', { name: 'Klarna' }).click()
  await expect(page.getByRole('radio', { name: /Später bezahlen/ })).toBeChecked()
  await page.getByRole('button', { name: 'Abbrechen' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zahlung nicht erfolgreich')
  await expect(page.getByTestId('payment-status')).toHaveText('abgebrochen')
})

test('Apple Pay: merchant session, simulated sheet, token authorized', async ({ page }) => {
  await page.goto('/psp/dev/harness')
  await page.getByRole('button', { name: 'Apple Pay (Simulation)' }).click()
  const sheet = page.locator('#applepay-sheet iframe').contentFrame()
  await expect(sheet.getByText('49,99 €')).toBeVisible()
  await page.screenshot({ path: 'test-results/screens/psp-applepay-sheet.png', fullPage: true })
  await sheet.getByRole('button', { name: 'Mit Apple Pay bezahlen' }).click()
  await expect(page.locator('#applepay-status')).toContainText(
    /Apple Pay erfolgreich: pay_\S+ \(authorized\)/,
  )
})

test('the info page lists the test cards', async ({ page }) => {
  await page.goto('/psp/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bitpay Sandbox: Testdaten')
  await expect(page.getByRole('table')).toContainText('4111 1111 1111 1111')
  await page.screenshot({ path: 'test-results/screens/psp-info.png', fullPage: true })
})
