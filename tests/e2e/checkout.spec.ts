// Checkout end to end in Chromium: a guest pays by card through the 3-D Secure page, a customer
// pays with PayPal express, a business customer redeems the business voucher and pays by
// invoice. Each ends on /kasse/erfolgreich with the confirmation in the dev mailbox.
import type { Page } from '@playwright/test'
import {
  expect,
  latestMail,
  productForCheckout,
  registerBusinessCustomer,
  test,
} from './fixtures.ts'

const PASSWORD = 'Blau-Tasse-42'

function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.de`
}

async function addToCart(page: Page, id: number, quantity = 1) {
  const response = await page.request.post('/cart/add/', { data: { id, quantity } })
  expect(response.status()).toBe(200)
}

async function expectSuccess(page: Page, email: string) {
  await expect(page).toHaveURL(/\/kasse\/erfolgreich$/)
  await expect(
    page.getByRole('heading', { name: 'Vielen Dank für deine Bestellung!' }),
  ).toBeVisible()
  const orderNumber = (await page.getByTestId('order-number').textContent()) ?? ''
  expect(orderNumber).toMatch(/^B\d{7}$/)
  const mail = await latestMail(page, email)
  expect(mail?.subject).toContain(orderNumber)
  // The cart was emptied by the order: the header counts no article (also after a return page).
  // The success page shows what was ordered, where it goes, how it is paid and when it comes.
  await expect(page.getByRole('heading', { name: 'Deine Artikel' })).toBeVisible()
  await expect(page.locator('.checkout-success-items li')).not.toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Lieferadresse' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Zahlart' })).toBeVisible()
  await expect(page.getByTestId('expected-delivery')).toContainText('Werktag')
  await expect(
    page.locator('.header-action__count', { hasText: 'Artikel im Warenkorb' }),
  ).toHaveCount(0)
}

test('a guest buys with a test card through the 3-D Secure page', async ({ page }) => {
  const email = uniqueEmail('gast')
  await page.goto('/')
  await addToCart(page, await productForCheckout(page, 2000))
  await page.goto('/kasse')
  await page.getByLabel('E-Mail-Adresse').fill(email)
  await page.getByLabel('Vorname').fill('Gustav')
  await page.getByLabel('Nachname').fill('Gast')
  await page.getByLabel('Straße').fill('Lindenstraße')
  await page.getByLabel('Hausnummer').fill('7')
  await page.getByLabel('PLZ').fill('50667')
  await page.getByLabel('Ort').fill('Köln')
  await page.getByRole('button', { name: 'Weiter zur Zahlung' }).click()
  await page.getByRole('radio', { name: 'Kreditkarte' }).click()
  const card = page.frameLocator('iframe[title="Kreditkartendaten"]')
  await card.getByLabel('Karteninhaber').fill('Gustav Gast')
  await card.getByLabel('Kartennummer').fill('4000 0000 0000 3220')
  await card.getByLabel('Monat (MM)').fill('12')
  await card.getByLabel('Jahr (JJ)').fill('30')
  await card.getByLabel('Prüfnummer (CVC)').fill('123')
  await card.getByRole('button', { name: 'Karte prüfen' }).click()
  await expect(page.getByText(/3220, gültig bis 12 \/ 2030/)).toBeVisible()
  await expect(
    page.locator('.checkout-legal').getByRole('link', { name: 'Widerrufsbelehrung' }),
  ).toBeVisible()
  await expect(page.getByText(/inkl\. 19 % MwSt\./).first()).toBeVisible()
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click()
  await expect(page).toHaveURL(/\/psp\/3ds\//)
  await page.getByRole('button', { name: 'Bestätigen' }).click()
  await expectSuccess(page, email)
})

test('a declined card: a styled alert, and "Andere Karte verwenden" gives the card up', async ({
  page,
}) => {
  const email = uniqueEmail('abgelehnt')
  await page.goto('/')
  await addToCart(page, await productForCheckout(page, 2000))
  await page.goto('/kasse')
  // The guest e-mail field shows its detailed message when left.
  const emailField = page.getByLabel('E-Mail-Adresse')
  await emailField.fill('gustav@')
  await emailField.blur()
  await expect(emailField).toHaveAttribute('aria-invalid', 'true')
  await expect(page.locator('.field__error').first()).toBeVisible()
  await emailField.fill(email)
  await expect(emailField).not.toHaveAttribute('aria-invalid', 'true')
  await page.getByLabel('Vorname').fill('Gustav')
  await page.getByLabel('Nachname').fill('Gast')
  await page.getByLabel('Straße').fill('Lindenstraße')
  await page.getByLabel('Hausnummer').fill('7')
  await page.getByLabel('PLZ').fill('50667')
  await page.getByLabel('Ort').fill('Köln')
  await page.getByRole('button', { name: 'Weiter zur Zahlung' }).click()
  await page.getByRole('radio', { name: 'Kreditkarte' }).click()
  // The summary column stays in view while scrolling (desktop).
  await expect(page.locator('.checkout-aside')).toHaveCSS('position', 'sticky')
  const card = page.frameLocator('iframe[title="Kreditkartendaten"]')
  await card.getByLabel('Karteninhaber').fill('Gustav Gast')
  await card.getByLabel('Kartennummer').fill('4000 0000 0000 0002')
  await card.getByLabel('Monat (MM)').fill('12')
  await card.getByLabel('Jahr (JJ)').fill('30')
  await card.getByLabel('Prüfnummer (CVC)').fill('123')
  await card.getByRole('button', { name: 'Karte prüfen' }).click()
  await expect(page.getByText(/0002, gültig bis 12 \/ 2030/)).toBeVisible()
  // Each product's delivery time stands above the order button (issue 20).
  const times = page.locator('.checkout-delivery-times')
  await expect(times.getByRole('heading', { name: 'Lieferzeiten' })).toBeVisible()
  await expect(times.getByRole('listitem').first()).toContainText(/Lieferzeit: /)
  const order = page.getByRole('button', { name: 'Zahlungspflichtig bestellen' })
  await order.click()
  const declined = page
    .getByRole('alert')
    .filter({ hasText: 'Die Zahlung mit dieser Karte wurde abgelehnt.' })
  await expect(declined).toBeVisible()
  await expect(declined).toHaveClass(/form-error/)
  await page.getByRole('button', { name: 'Andere Karte verwenden' }).click()
  await expect(card.getByLabel('Kartennummer')).toBeVisible()
  // Until a new card is checked, there is no card to order with: no fallback to the old one.
  await expect(order).toBeDisabled()
})

test('PayPal express in the cart of a guest leads straight into the guest form', async ({
  page,
}) => {
  await page.goto('/')
  await addToCart(page, await productForCheckout(page, 2000))
  await page.goto('/warenkorb')
  await page.getByRole('button', { name: 'PayPal Express' }).click()
  await expect(page).toHaveURL(/\/kasse\?meldung=checkout_express_guest$/)
  await expect(page.getByRole('status').filter({ hasText: 'Als Gast' })).toBeVisible()
  await expect(page.getByLabel('E-Mail-Adresse')).toBeVisible()
})

test('a customer pays with PayPal express', async ({ page }) => {
  const email = uniqueEmail('kunde')
  await page.goto('/')
  const registered = await page.request.post('/auth/register', {
    data: {
      email,
      firstName: 'Lena',
      lastName: 'Berger',
      password: PASSWORD,
      passwordRepeat: PASSWORD,
    },
  })
  expect(registered.status()).toBe(200)
  await addToCart(page, await productForCheckout(page, 2000))
  await page.goto('/kasse')
  await page.getByRole('button', { name: 'PayPal Express' }).click()
  await expect(page).toHaveURL(/\/psp\/pay\//)
  await page.getByRole('button', { name: 'Zahlung genehmigen' }).click()
  await expect(page).toHaveURL(/\/kasse$/)
  await expect(page.getByRole('radio', { name: 'PayPal', exact: true })).toBeChecked()
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click()
  await expectSuccess(page, email)
})

test('a customer pays with PayPal through the return page', async ({ page }) => {
  const email = uniqueEmail('paypal')
  await page.goto('/')
  await registerBusinessCustomer(page, email, PASSWORD)
  await addToCart(page, await productForCheckout(page, 2000))
  await page.goto('/kasse')
  await page.getByRole('radio', { name: 'PayPal', exact: true }).click()
  await expect(page.getByRole('radio', { name: 'PayPal', exact: true })).toBeChecked()
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click()
  await expect(page).toHaveURL(/\/psp\/pay\//)
  await page.getByRole('button', { name: 'Zahlung genehmigen' }).click()
  await expectSuccess(page, email)
})

test('a business customer redeems the business voucher and pays by invoice', async ({ page }) => {
  const email = uniqueEmail('firma')
  await page.goto('/')
  await registerBusinessCustomer(page, email, PASSWORD)
  await addToCart(page, await productForCheckout(page, 100_000))
  await page.goto('/kasse')
  await page.getByLabel('Gutscheincode').fill('BUSINESS20')
  await page.getByRole('button', { name: 'Einlösen' }).click()
  await expect(page.getByText(/Geschäftskunden-Gutschein 20 € \(BUSINESS20\)/)).toBeVisible()
  await page.getByRole('radio', { name: 'Rechnung', exact: true }).click()
  await expect(page.getByRole('radio', { name: 'Rechnung', exact: true })).toBeChecked()
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click()
  await expectSuccess(page, email)
})

test('an Austrian business customer with a confirmed VAT id orders at net prices', async ({
  page,
}) => {
  const email = uniqueEmail('firma-at')
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  await registerBusinessCustomer(page, email, PASSWORD, {
    ustId: 'ATU12345678',
    countryId: 14,
    zipCode: '1010',
    cityName: 'Wien',
  })
  await addToCart(page, await productForCheckout(page, 20_000))
  await page.goto('/kasse')
  await expect(page.getByTestId('checkout-vat-note')).toContainText(
    'Steuerfreie innergemeinschaftliche Lieferung',
  )
  await expect(page.locator('.checkout-final-price')).toContainText('ohne Umsatzsteuer')
  await page.screenshot({ path: 'test-results/screens/checkout-intra-eu-390.png', fullPage: true })
  await page.getByRole('radio', { name: 'Rechnung', exact: true }).click()
  await expect(page.getByRole('radio', { name: 'Rechnung', exact: true })).toBeChecked()
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click()
  await expectSuccess(page, email)
})

test('a customer changes the invoice address in the checkout', async ({ page }) => {
  const email = uniqueEmail('rechnung')
  await page.goto('/')
  await registerBusinessCustomer(page, email, PASSWORD)
  await addToCart(page, await productForCheckout(page, 2000))
  await page.goto('/kasse')
  await expect(page.getByText(/Hauptstraße 12a/).first()).toBeVisible()
  await page.getByRole('button', { name: 'Rechnungsadresse ändern' }).click()
  await page.getByLabel('Straße').fill('Neue Allee')
  await page.getByLabel('Hausnummer').fill('5')
  await page.getByLabel('PLZ').fill('1234')
  await page.getByRole('button', { name: 'Rechnungsadresse speichern' }).click()
  // The shared address rules answer in German before anything is sent.
  await expect(
    page.getByText(
      /^(Die Postleitzahl ist (zu kurz|ungültig)\.|Bitte gib eine gültige Postleitzahl ein\.)$/,
    ),
  ).toBeVisible()
  await page.getByLabel('PLZ').fill('10115')
  await page.getByRole('button', { name: 'Rechnungsadresse speichern' }).click()
  await expect(page.locator('.checkout-invoice')).toContainText('Neue Allee 5')
})
