// Newsletter: sign-up on /newsletter, double opt-in mail, activation from the dev mailbox,
// unsubscribe from the welcome mail, and the spam protection kept in session storage.
import { expect, latestMail, test } from './fixtures.ts'

function address() {
  return `e2e-newsletter-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.de`
}

test('subscribe, activate from the mail, then unsubscribe', async ({ page }) => {
  const email = address()
  await page.goto('/newsletter')
  await expect(page).toHaveTitle('Newsletter abonnieren | Bitwerk')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Newsletter abonnieren')
  await page.getByLabel('E-Mail-Adresse').fill(email)
  await page.getByRole('radio', { name: /Campus/ }).check()
  await page.getByRole('checkbox', { name: /mindestens 16 Jahre/ }).check()
  await page.getByRole('button', { name: 'Jetzt anmelden' }).click()
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    'Vielen Dank für deine Anmeldung! Wir haben dir soeben eine E-Mail zur Bestätigung deiner Anmeldung gesendet.',
  )
  await page.screenshot({ path: 'test-results/screens/newsletter-done.png' })

  const mail = await latestMail(page, email)
  expect(mail?.subject).toBe('Bitte bestätige deine Newsletter-Anmeldung')
  expect(mail?.text).toContain('„Campus“')
  const link = mail?.links.find((l) => l.includes('/newsletter/aktivieren'))
  expect(link).toBeDefined()
  await page.goto(link ?? '')
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Deine Newsletter-Aktivierung war erfolgreich.',
  )
  await page.screenshot({ path: 'test-results/screens/newsletter-activated.png' })

  const welcome = await latestMail(page, email)
  expect(welcome?.subject).toBe('Willkommen beim Bitwerk-Newsletter')
  const unsubscribe = welcome?.links.find((l) => l.includes('/newsletter/abmelden'))
  await page.goto(unsubscribe ?? '')
  await page.getByRole('button', { name: 'Newsletter abbestellen' }).click()
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    'Du hast dich vom Newsletter abgemeldet.',
  )
})

test('a second sign-up within 60 minutes is stopped in the browser', async ({ page }) => {
  const requests: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/api/newsletter/subscribe')) requests.push(r.url())
  })
  await page.goto('/newsletter')
  await page.getByLabel('E-Mail-Adresse').fill(address())
  await page.getByRole('checkbox', { name: /mindestens 16 Jahre/ }).check()
  await page.getByRole('button', { name: 'Jetzt anmelden' }).click()
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    'Vielen Dank für deine Anmeldung!',
  )

  await page.reload()
  await page.getByLabel('E-Mail-Adresse').fill(address())
  await page.getByRole('checkbox', { name: /mindestens 16 Jahre/ }).check()
  await page.getByRole('button', { name: 'Jetzt anmelden' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    'Du hast dieses Formular gerade erst abgeschickt. Bitte versuche es in 60 Minuten erneut.',
  )
  expect(requests).toHaveLength(1)
})

test('the age confirmation is required, and a broken link shows the failure text', async ({
  page,
}) => {
  await page.goto('/newsletter')
  await page.getByLabel('E-Mail-Adresse').fill(address())
  await page.getByRole('button', { name: 'Jetzt anmelden' }).click()
  await expect(page.getByText('Du musst mindestens 16 Jahre alt sein.')).toBeVisible()
  await page.getByRole('button', { name: 'Datenschutzhinweis zum Newsletter' }).click()
  const modal = page.getByRole('dialog', { name: 'Datenschutzhinweis zum Newsletter' })
  await expect(modal.getByRole('link', { name: 'Datenschutzerklärung' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(modal).toBeHidden()
  await page.screenshot({ path: 'test-results/screens/newsletter-page.png', fullPage: true })

  await page.goto('/newsletter/aktivieren?token=abcdefghijklmnopqrstuvwxyz')
  await expect(page.getByRole('alert')).toHaveText(
    'Deine Newsletter-Aktivierung war nicht erfolgreich.',
  )
})
