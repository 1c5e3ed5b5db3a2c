// Returns in Chromium (issue 19): a customer declares the withdrawal in Bestelldetails, then
// registers the return there and downloads the label PDF; a guest does the same on /widerruf.
// A Reklamation needs a description of the defect.
import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { customerWithOrder, expect, latestMail, test } from './fixtures.ts'

/** Clicks the label link and checks the downloaded file is the PDF of that return. */
async function downloadLabel(page: Page, returnNumber: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('status').getByRole('link', { name: 'Retourenschein (PDF)' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`Retourenschein-${returnNumber}.pdf`)
  const file = await readFile(await download.path())
  expect(file.subarray(0, 5).toString()).toBe('%PDF-')
}

test('a customer declares the withdrawal, registers the return and downloads the label', async ({
  page,
}) => {
  const { email, orderNumber } = await customerWithOrder(page, 'retoure-kunde')
  await page.goto(`/kundenkonto/bestellungen/${orderNumber}`)

  // A Reklamation is possible at once; it needs a description.
  await page.getByRole('button', { name: 'Rücksendung anmelden' }).click()
  await expect(page.getByLabel(/^Widerruf/)).toBeDisabled()
  await expect(page.getByLabel(/^Reklamation/)).toBeChecked()
  await page.getByRole('combobox').first().selectOption('1')
  await page.getByLabel('Beschreibung des Mangels').fill('kaputt')
  await page.getByRole('button', { name: 'Retourenschein erstellen' }).click()
  await expect(
    page.getByText('Bitte gib mindestens 10 Zeichen ein.', { exact: false }),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Abbrechen' }).click()

  // The withdrawal first (whole order), then the return under it.
  await page.getByRole('button', { name: 'Vertrag widerrufen' }).click()
  await page.getByLabel('Name').fill('Lena Berger')
  await page.getByRole('button', { name: 'Weiter zur Bestätigung' }).click()
  await page.getByRole('button', { name: 'Widerruf bestätigen' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Dein Widerruf ist bei uns eingegangen' }),
  ).toBeVisible()

  await page.getByRole('button', { name: 'Rücksendung anmelden' }).click()
  await expect(page.getByLabel(/^Widerruf/)).toBeChecked()
  await page.getByRole('combobox').first().selectOption('1')
  await page.getByRole('button', { name: 'Retourenschein erstellen' }).click()
  const returnNumber = `${orderNumber}-R1`
  await expect(
    page.getByRole('status').filter({ hasText: `Rücksendung ${returnNumber} ist angemeldet` }),
  ).toBeVisible()
  const entry = page.locator('.returns__item').filter({ hasText: returnNumber })
  await expect(entry).toContainText('Widerruf')
  await expect(entry).toContainText('angemeldet')
  await expect(entry).toContainText(/Sendungsnummer DHL: 00340434\d{12}/)
  await downloadLabel(page, returnNumber)
  await page.screenshot({ path: 'test-results/screens/returns-customer.png', fullPage: true })

  const mail = await latestMail(page, email)
  expect(mail?.subject).toBe(`Deine Rücksendung ${returnNumber} zur Bestellung ${orderNumber}`)
  expect(mail?.text).toContain(`/api/orders/${orderNumber}/returns/${returnNumber}/label`)

  // After a reload the return is listed with its status and label.
  await page.reload()
  await expect(page.locator('.returns__item').filter({ hasText: returnNumber })).toContainText(
    'angemeldet',
  )
})

test('a guest registers a return on /widerruf after declaring', async ({ page }) => {
  const { email, orderNumber } = await customerWithOrder(page, 'retoure-gast')
  await page.context().clearCookies({ name: 'sid' })
  await page.goto('/widerruf')
  await page.getByLabel('Bestellnummer').fill(orderNumber)
  await page.getByLabel('E-Mail-Adresse der Bestellung').fill(email)
  await page.getByRole('button', { name: 'Bestellung finden' }).click()
  await expect(page.getByRole('heading', { name: `Bestellung ${orderNumber}` })).toBeVisible()
  await page.getByLabel('Name').fill('Lena Berger')
  await page.getByRole('button', { name: 'Weiter zur Bestätigung' }).click()
  await page.getByRole('button', { name: 'Widerruf bestätigen' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Dein Widerruf ist bei uns eingegangen' }),
  ).toBeVisible()

  await page.getByRole('button', { name: 'Rücksendung anmelden' }).click()
  await page.getByRole('combobox').first().selectOption('1')
  await page.getByRole('button', { name: 'Retourenschein erstellen' }).click()
  const returnNumber = `${orderNumber}-R1`
  await expect(
    page.getByRole('status').filter({ hasText: `Rücksendung ${returnNumber} ist angemeldet` }),
  ).toBeVisible()
  await downloadLabel(page, returnNumber)
  await page.screenshot({ path: 'test-results/screens/returns-guest.png', fullPage: true })
})
