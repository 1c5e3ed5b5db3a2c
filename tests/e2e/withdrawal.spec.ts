// The withdrawal function in Chromium (issue 19): a customer from Bestelldetails (whole order),
// and a guest through the footer's page /widerruf (order number and e-mail, then chosen items),
// each with the acknowledgement in the dev mailbox.
import { customerWithOrder, expect, latestMail, test } from './fixtures.ts'

test('a customer withdraws the whole order from Bestelldetails', async ({ page }) => {
  const { email, orderNumber } = await customerWithOrder(page, 'widerruf-kunde')
  await page.goto(`/kundenkonto/bestellungen/${orderNumber}`)
  await expect(page.getByRole('heading', { level: 2, name: 'Vertrag widerrufen' })).toBeVisible()
  await expect(page.getByText(/widerrufbar bis \d{2}\.\d{2}\.\d{4}/)).toBeVisible()
  await page.getByRole('button', { name: 'Vertrag widerrufen' }).click()

  // Step 1: the short form, e-mail prefilled, whole order chosen.
  await expect(page.getByText('Schritt 1 von 2')).toBeVisible()
  await expect(page.getByLabel('E-Mail-Adresse für die Eingangsbestätigung')).toHaveValue(email)
  await expect(page.getByLabel(`Die ganze Bestellung ${orderNumber}`)).toBeChecked()
  await page.getByLabel('Name').fill('Lena Berger')
  await page.getByRole('button', { name: 'Weiter zur Bestätigung' }).click()

  // Step 2: the summary and the confirmation button.
  await expect(page.getByText('Schritt 2 von 2')).toBeVisible()
  await expect(page.getByText('die ganze Bestellung')).toBeVisible()
  await page.getByRole('button', { name: 'Widerruf bestätigen' }).click()

  const done = page.getByRole('status').filter({ hasText: 'Dein Widerruf ist bei uns eingegangen' })
  await expect(done).toBeVisible()
  await expect(done).toContainText(/Eingegangen am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr/)
  await page.screenshot({ path: 'test-results/screens/withdrawal-customer.png', fullPage: true })

  const mail = await latestMail(page, email)
  expect(mail?.subject).toBe(`Eingangsbestätigung deines Widerrufs zur Bestellung ${orderNumber}`)
  expect(mail?.text).toContain('Umfang: die ganze Bestellung')
  expect(mail?.text).toContain('Erklärt von: Lena Berger')

  // Everything is withdrawn: the page says so and offers no button any more.
  await page.reload()
  await expect(page.getByText(/Widerruf erklärt am/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Vertrag widerrufen' })).toHaveCount(0)
})

test('a guest withdraws chosen items through the footer page /widerruf', async ({ page }) => {
  const { email, orderNumber } = await customerWithOrder(page, 'widerruf-gast')
  // From here on nobody is logged in.
  await page.context().clearCookies({ name: 'sid' })
  await page.goto('/')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Vertrag widerrufen' }).click()
  await expect(page).toHaveURL(/\/widerruf$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Vertrag widerrufen' })).toBeVisible()

  // A wrong e-mail gets the neutral answer.
  await page.getByLabel('Bestellnummer').fill(orderNumber)
  await page.getByLabel('E-Mail-Adresse der Bestellung').fill('jemand-anderes@example.de')
  await page.getByRole('button', { name: 'Bestellung finden' }).click()
  await expect(
    page.getByText(
      'Wir haben keine Bestellung mit dieser Bestellnummer und dieser E-Mail-Adresse gefunden.',
      {
        exact: false,
      },
    ),
  ).toBeVisible()

  await page.getByLabel('E-Mail-Adresse der Bestellung').fill(email)
  await page.getByRole('button', { name: 'Bestellung finden' }).click()
  await expect(page.getByRole('heading', { name: `Bestellung ${orderNumber}` })).toBeVisible()

  await page.getByLabel('Name').fill('Lena Berger')
  await page.getByLabel('Einzelne Artikel').check()
  await page.getByRole('combobox').first().selectOption('1')
  await page.getByRole('button', { name: 'Weiter zur Bestätigung' }).click()
  await expect(page.getByText('die gewählten Artikel')).toBeVisible()
  await page.getByRole('button', { name: 'Widerruf bestätigen' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Dein Widerruf ist bei uns eingegangen' }),
  ).toBeVisible()
  await page.screenshot({ path: 'test-results/screens/withdrawal-guest.png', fullPage: true })

  const mail = await latestMail(page, email)
  expect(mail?.subject).toBe(`Eingangsbestätigung deines Widerrufs zur Bestellung ${orderNumber}`)
  expect(mail?.text).toContain('Umfang: die folgenden Artikel:')
  expect(mail?.text).toMatch(/- 1 × .+ \(Art\.-Nr\. .+, Lieferung B\d+-1\)/)
})
