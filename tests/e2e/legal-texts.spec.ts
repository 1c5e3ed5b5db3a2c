// Legal texts in Chromium (issue 20): the footer's Impressum shows the operator's e-mail and
// phone (in the first HTML too), and the checkout's last step links the AGB, the
// Widerrufsbelehrung and the Datenschutzerklärung beside "Zahlungspflichtig bestellen".
import type { Page } from '@playwright/test'
import { expect, productForCheckout, test } from './fixtures.ts'

function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.de`
}

async function addToCart(page: Page, id: number) {
  const response = await page.request.post('/cart/add/', { data: { id, quantity: 1 } })
  expect(response.status()).toBe(200)
}

test('the footer leads to the Impressum with e-mail and phone, rendered on the server', async ({
  page,
}) => {
  const html = await (await page.request.get('/infocenter/section/imprint')).text()
  expect(html).toContain('service@bitwerk.example')
  expect(html).toContain('030 000 000')
  await page.goto('/')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Impressum' }).click()
  await expect(page).toHaveURL(/\/infocenter\/section\/imprint$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Impressum')
  await expect(page.getByText(/E-Mail: service@bitwerk\.example/)).toBeVisible()
  await expect(page.getByText(/Telefon: 030 000 000/)).toBeVisible()
  await expect(page.getByText(/Dieser Text ist eine Vorlage/)).toBeVisible()
  await expect(page.getByText(/Fassung \d+ vom/)).toBeVisible()
})

test('the checkout summary links the AGB beside "Zahlungspflichtig bestellen"', async ({
  page,
}) => {
  await page.goto('/')
  await addToCart(page, await productForCheckout(page, 2000))
  await page.goto('/kasse')
  await page.getByLabel('E-Mail-Adresse').fill(uniqueEmail('gast-agb'))
  await page.getByLabel('Vorname').fill('Gustav')
  await page.getByLabel('Nachname').fill('Gast')
  await page.getByLabel('Straße').fill('Lindenstraße')
  await page.getByLabel('Hausnummer').fill('7')
  await page.getByLabel('PLZ').fill('50667')
  await page.getByLabel('Ort').fill('Köln')
  await page.getByRole('button', { name: 'Weiter zur Zahlung' }).click()
  await page.getByRole('radio', { name: 'Vorkasse (Überweisung)' }).click()
  const legal = page.locator('.checkout-legal')
  await expect(legal.getByRole('link', { name: 'AGB' })).toHaveAttribute(
    'href',
    '/infocenter/section/conditions',
  )
  await expect(legal.getByRole('link', { name: 'Widerrufsbelehrung' })).toBeVisible()
  await expect(legal.getByRole('link', { name: 'Datenschutzerklärung' })).toBeVisible()
  await expect(legal).toContainText('mit der Bestellbestätigung per E-Mail')
  await expect(page.getByRole('button', { name: 'Zahlungspflichtig bestellen' })).toBeEnabled()
})
