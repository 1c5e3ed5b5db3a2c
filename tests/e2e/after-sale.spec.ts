// The staff's part of a return in Chromium (issue 19): a customer has withdrawn one item and
// registered its return; customer service finds the order in "Widerrufe & Retouren" with the
// refund deadline, takes the parcel in, inspects it (back to stock), lets the server compute the
// refund and pays it; the customer then sees the refund in Bestelldetails and gets the mail.
import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { customerWithOrder, expect, latestMail, staffLogIn, test } from './fixtures.ts'

/** A customer (logged in on `page`) who withdrew one unit of an invoice order and sent it back. */
async function customerWithReturn(page: Page) {
  const { email, orderNumber } = await customerWithOrder(page, 'retoure-team', {
    paymentMethod: 'invoice',
  })
  const options = await page.request.get(`/api/orders/${orderNumber}/returns`)
  const item = ((await options.json()) as { items: { orderLineId: number; productName: string }[] })
    .items[0]
  if (!item) throw new Error('no item')
  const declared = await page.request.post(`/api/orders/${orderNumber}/withdrawal`, {
    data: {
      name: 'Lena Berger',
      email,
      wholeOrder: false,
      items: [{ lineId: item.orderLineId, quantity: 1 }],
      idempotencyKey: randomUUID(),
    },
  })
  expect(declared.status()).toBe(200)
  const returned = await page.request.post(`/api/orders/${orderNumber}/returns`, {
    data: {
      kind: 'withdrawal',
      lines: [{ orderLineId: item.orderLineId, quantity: 1 }],
      idempotencyKey: randomUUID(),
    },
  })
  expect(returned.status()).toBe(200)
  return { email, orderNumber, productName: item.productName }
}

test('customer service receives, inspects and refunds a withdrawal return', async ({
  page,
  browser,
}) => {
  const { email, orderNumber, productName } = await customerWithReturn(page)

  const staffContext = await browser.newContext({ viewport: { width: 1366, height: 900 } })
  const staff = await staffContext.newPage()
  await staffLogIn(staff)
  await staff.getByRole('navigation').getByRole('link', { name: 'Widerrufe & Retouren' }).click()
  await expect(staff.getByRole('heading', { level: 1, name: 'Widerrufe & Retouren' })).toBeVisible()
  const row = staff.getByRole('row').filter({ hasText: orderNumber })
  await expect(row).toContainText('Paket erwartet')
  await expect(row).toContainText(/\d{2}\.\d{2}\.\d{4}/)
  await staff.screenshot({ path: 'test-results/screens/after-sale-queue.png', fullPage: true })
  await row.getByRole('link', { name: orderNumber }).click()

  // The declaration with its deadline, the announced return.
  await expect(staff.getByRole('heading', { name: 'Widerrufe' })).toBeVisible()
  await expect(staff.getByText(/Erstattung fällig bis \d{2}\.\d{2}\.\d{4}/)).toBeVisible()
  await expect(staff.getByText(`Rücksendung ${orderNumber}-R1: Widerruf`)).toBeVisible()
  await staff.getByRole('button', { name: 'Paket eingegangen' }).click()

  // Inspection: without a decision the form says what is missing.
  const inspection = staff.getByRole('form', { name: `Rücksendung ${orderNumber}-R1 prüfen` })
  await inspection.getByRole('button', { name: 'Prüfung abschließen' }).click()
  await expect(
    inspection.getByText('Bitte wähle: zurück ins Lager oder abschreiben.'),
  ).toBeVisible()
  await inspection.getByLabel('Zurück ins Lager').check()
  await inspection.getByLabel('Prüfvermerk').fill('originalverpackt')
  await inspection.getByRole('button', { name: 'Prüfung abschließen' }).click()
  await expect(staff.getByText(`${productName} `, { exact: false }).first()).toBeVisible()
  await expect(staff.getByText(/zurück ins Lager \(originalverpackt\)/)).toBeVisible()

  // The refund: prepared from the return, computed by the server, then paid.
  await staff.getByRole('button', { name: 'Erstattung vorbereiten' }).click()
  const refundForm = staff.getByRole('form', { name: 'Erstattung anlegen' })
  await expect(refundForm.getByLabel('Anlass')).toHaveValue('withdrawal')
  await refundForm.getByRole('button', { name: 'Betrag berechnen' }).click()
  const proposal = staff.getByRole('status').filter({ hasText: 'Erstattung:' })
  await expect(proposal).toContainText('Rechnungsforderung gemindert')
  const pay = staff.getByRole('button', { name: /erstatten$/ })
  await staff.screenshot({ path: 'test-results/screens/after-sale-case.png', fullPage: true })
  await pay.click()
  const refunds = staff.getByRole('region', { name: 'Erstattungen' })
  await expect(refunds).toContainText('Erstattet')
  await expect(staff.getByText('Nächster Schritt: Erledigt', { exact: false })).toBeVisible()

  // The queue has it under "Erledigt".
  await staff.getByRole('link', { name: '← Zu Widerrufe & Retouren' }).click()
  await staff.getByRole('tab', { name: 'Erledigt' }).click()
  await expect(staff.getByRole('row').filter({ hasText: orderNumber })).toContainText('Erledigt')
  await staffContext.close()

  // The customer sees the refund and has the mail.
  await page.goto(`/kundenkonto/bestellungen/${orderNumber}`)
  await expect(page.getByText(/Erstattet am \d{2}\.\d{2}\.\d{4}/)).toBeVisible()
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({
    path: 'test-results/screens/after-sale-customer-390.png',
    fullPage: true,
  })
  const mail = await latestMail(page, email)
  expect(mail?.subject).toBe(`Deine Erstattung zur Bestellung ${orderNumber}`)
})
