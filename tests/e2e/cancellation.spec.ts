// Cancelling a delivery not yet shipped in Chromium (issue 19): the customer confirms in the
// dialog, sees the refund in Bestelldetails, enters the IBAN for the bank transfer (a wrong one
// first) and gets the mails in the dev mailbox.
import { customerWithOrder, expect, latestMail, test } from './fixtures.ts'

test('a customer cancels a delivery not yet shipped and sees the refund', async ({ page }) => {
  // Paid in advance by bank transfer, not yet shipped.
  const { email, orderNumber } = await customerWithOrder(page, 'storno-kunde', {
    daysAgo: 0,
    status: 'processing',
    paymentMethod: 'banktransfer',
  })

  await page.goto(`/kundenkonto/bestellungen/${orderNumber}`)
  const box = page.getByRole('region', { name: 'Stornierung und Erstattungen' })
  await expect(box).toBeVisible()
  await box.getByRole('button', { name: 'Lieferung stornieren' }).click()

  const dialog = page.getByRole('dialog', { name: `Lieferung ${orderNumber}-1 stornieren?` })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Ja, stornieren' }).click()
  await expect(dialog).toHaveCount(0)

  // The refund: amount, status and due date; no cancel button any more.
  await expect(box.getByText('IBAN benötigt')).toBeVisible()
  await expect(box.getByText(/Fällig bis \d{2}\.\d{2}\.\d{4}/)).toBeVisible()
  await expect(box.getByText(/\d+,\d{2}\s€/).first()).toBeVisible()
  await expect(box.getByRole('button', { name: 'Lieferung stornieren' })).toHaveCount(0)

  await box.getByLabel('Kontoinhaber').fill('Lena Berger')
  await box.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 01')
  await box.getByRole('button', { name: 'IBAN speichern' }).click()
  await expect(
    box.getByText('Die Prüfziffern der IBAN stimmen nicht. Bitte prüfe deine Eingabe.'),
  ).toBeVisible()
  await box.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00')
  await box.getByRole('button', { name: 'IBAN speichern' }).click()
  await expect(box.getByText('in Bearbeitung')).toBeVisible()
  await expect(box.getByText(/auf das Konto DE89 \*{4}/)).toBeVisible()
  await page.screenshot({ path: 'test-results/screens/cancellation-customer.png', fullPage: true })

  const mail = await latestMail(page, email)
  expect(mail?.subject).toBe(
    `Bitte gib deine IBAN für die Erstattung zur Bestellung ${orderNumber} an`,
  )
})
