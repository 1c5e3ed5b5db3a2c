// Invoices in Chromium (issue 20): customer service ships a delivery in the back office, the
// invoice appears there with "Erneut senden"; the shipping mail carries it; the customer finds it
// in Bestelldetails (390 px) and downloads the PDF.
import { readFile } from 'node:fs/promises'
import { customerWithOrder, expect, latestMail, staffLogIn, test } from './fixtures.ts'

test('staff ship a delivery; the customer downloads its invoice in Bestelldetails', async ({
  page,
  browser,
}) => {
  const { email, orderNumber } = await customerWithOrder(page, 'rechnung', {
    status: 'processing',
  })

  const staffContext = await browser.newContext({ viewport: { width: 1366, height: 900 } })
  const staff = await staffContext.newPage()
  await staffLogIn(staff)
  await staff.goto(`/backoffice/bestellungen/${orderNumber}`)
  await expect(staff.getByText('Noch keine Rechnung')).toBeVisible()
  await staff.getByLabel('Sendungsnummer').fill('00340434161234567890')
  await staff.getByRole('button', { name: 'Als versendet markieren' }).click()
  const invoices = staff.getByRole('region', { name: 'Rechnungen und Rechnungskorrekturen' })
  await expect(invoices.getByText(/Rechnung RE-\d{4}-\d{6}/)).toBeVisible()
  const number = ((await invoices.getByText(/Rechnung RE-\d{4}-\d{6}/).textContent()) ?? '').match(
    /RE-\d{4}-\d{6}/,
  )?.[0]
  await invoices.getByRole('button', { name: 'Erneut senden' }).click()
  await expect(invoices.getByRole('status')).toHaveText(`Gesendet an ${email}`)
  await staff.screenshot({ path: 'test-results/screens/backoffice-invoices.png', fullPage: true })
  await staffContext.close()

  const mails = await page.request.get(`/api/dev/mails?to=${encodeURIComponent(email)}`)
  const shipped = ((await mails.json()) as { subject: string; attachments: string[] }[]).find(
    (mail) => mail.subject.includes('versendet'),
  )
  expect(shipped?.attachments).toEqual([`Rechnung_${number}.pdf`])
  expect((await latestMail(page, email))?.subject).toBe(
    `Rechnung ${number} zu deiner Bestellung ${orderNumber}`,
  )

  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`/kundenkonto/bestellungen/${orderNumber}`)
  const section = page.getByRole('region', { name: 'Rechnungen' })
  await expect(section.getByText(`Rechnung ${number}`)).toBeVisible()
  await expect(section.getByRole('combobox')).toHaveCount(0)
  await page.screenshot({ path: 'test-results/screens/order-invoices-390.png', fullPage: true })
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('link', { name: 'Rechnung (PDF)' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`Rechnung_${number}.pdf`)
  const file = await readFile((await download.path()) ?? '')
  expect(file.subarray(0, 5).toString()).toBe('%PDF-')
})
