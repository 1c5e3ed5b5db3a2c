// Meine Bestellungen and Meine Kreditkartendaten in Chromium: a customer with orders in three
// years filters by year, loads more and opens the details; a card is added through the payment
// sandbox's hosted fields, and two cards are removed at once.
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

const PASSWORD = 'Blau-Tasse-42'
const DAY_MS = 24 * 60 * 60 * 1000

function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.de`
}

async function register(page: Page, prefix: string) {
  const registered = await page.request.post('/auth/register', {
    data: {
      email: uniqueEmail(prefix),
      firstName: 'Lena',
      lastName: 'Berger',
      password: PASSWORD,
      passwordRepeat: PASSWORD,
    },
  })
  expect(registered.status()).toBe(200)
}

test('orders in three years: filter by year, "Mehr", details', async ({ page }) => {
  await register(page, 'bestellungen')
  const now = Date.now()
  const year = new Date().getFullYear()
  // 12 in the last 60 days (more than one page of the default 6 months), 2 early last year,
  // 2 the year before.
  const placedAt = [
    ...Array.from({ length: 12 }, (_, i) => new Date(now - (i + 1) * 5 * DAY_MS).toISOString()),
    `${year - 1}-01-10T10:00:00.000Z`,
    `${year - 1}-01-20T10:00:00.000Z`,
    `${year - 2}-06-10T10:00:00.000Z`,
    `${year - 2}-09-10T10:00:00.000Z`,
  ]
  const created = await page.request.post('/api/dev/orders', {
    data: { orders: placedAt.map((at, i) => ({ placedAt: at, deliveries: i === 0 ? 2 : 1 })) },
  })
  expect(created.status()).toBe(200)

  await page.goto('/kundenkonto/bestellungen')
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Bestellungen' })).toBeVisible()
  const filter = page.getByLabel('Bestellungen filtern')
  await expect(filter).toHaveValue('180')
  await expect(filter.locator('option')).toHaveText([
    'letzte 30 Tage',
    'letzte 6 Monate',
    String(year),
    String(year - 1),
    String(year - 2),
  ])
  const table = page.getByRole('table')
  await expect(table.locator('caption')).toHaveText('Deine Bestellungen der letzten 6 Monate (12)')
  for (const column of ['Datum', 'Bestellnr.', 'Artikel', 'Summe', 'Status', 'Lieferung/en'])
    await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible()
  const rows = table.locator('tbody tr.orders-table__row')
  await expect(rows).toHaveCount(10)
  await expect(rows.first()).toContainText('2 Lieferungen')
  await expect(rows.first()).toContainText(/\d,\d{2}\s€/)

  // "Mehr" appends the rest.
  await page.getByRole('button', { name: 'Mehr' }).click()
  await expect(rows).toHaveCount(12)
  await expect(page.getByRole('button', { name: 'Mehr' })).toHaveCount(0)

  // The year before last: its two orders only.
  await filter.selectOption(String(year - 2))
  await expect(table.locator('caption')).toHaveText(
    `Deine Bestellungen aus dem Jahr ${year - 2} (2)`,
  )
  await expect(rows).toHaveCount(2)
  await expect(rows.first()).toContainText(`10.09.${year - 2}`)
  await expect(rows.first()).toContainText('Zugestellt')

  // Details toggle, then the details page.
  const toggle = rows.first().getByRole('button', { name: /Details zu Bestellung/ })
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByText(/Art\.-Nr\. /).first()).toBeVisible()
  await page.screenshot({ path: 'test-results/screens/orders-list.png', fullPage: true })
  await page.getByRole('link', { name: 'Bestelldetails ansehen' }).click()
  await expect(page).toHaveURL(/\/kundenkonto\/bestellungen\/B\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Bestelldetails' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Rechnungsadresse' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Preisberechnung' })).toBeVisible()
  await expect(page.getByText('Gesamtsumme')).toBeVisible()
  await expect(page.getByText('enthaltene MwSt. (19 %)')).toBeVisible()
  await page.screenshot({ path: 'test-results/screens/order-details.png', fullPage: true })
})

test('a customer without orders sees the empty state with a product search', async ({ page }) => {
  await register(page, 'ohne-bestellung')
  await page.goto('/kundenkonto/bestellungen')
  await expect(page.getByText('Bisher hast du noch keine Produkte bei uns bestellt.')).toBeVisible()
  await page.getByLabel('Finde dein nächstes Lieblingsprodukt').fill('Grafikkarte')
  await page.getByRole('button', { name: 'Produkte suchen' }).click()
  await expect(page).toHaveURL(/\/produkte\/Grafikkarte$/)
})

async function addCard(page: Page, number: string, cvc = '123') {
  const year = String((new Date().getFullYear() + 3) % 100).padStart(2, '0')
  await page.getByRole('button', { name: 'Kreditkarte hinzufügen' }).click()
  const fields = page.locator('iframe.card-form__frame').contentFrame()
  await fields.getByLabel('Karteninhaber').fill('Lena Berger')
  await fields.getByLabel('Kartennummer').fill(number)
  await fields.getByLabel('Monat (MM)').fill('12')
  await fields.getByLabel('Jahr (JJ)').fill(year)
  await fields.getByLabel('Prüfnummer (CVC)').fill(cvc)
  await fields.getByRole('button', { name: 'Karte prüfen' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Deine Kreditkarte wurde gespeichert.' }),
  ).toBeVisible()
  return `12 / 20${year}`
}

test('cards: added through the sandbox form, two removed at once, then the last', async ({
  page,
}) => {
  await register(page, 'karten')
  await page.goto('/kundenkonto/kreditkarten')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Meine Kreditkartendaten' }),
  ).toBeVisible()
  await expect(page.getByText('Du hast noch keine Kreditkarte gespeichert.')).toBeVisible()

  const expiry = await addCard(page, '4111 1111 1111 1111')
  const cards = page.locator('.card-list li')
  await expect(cards).toHaveCount(1)
  await expect(cards.first()).toContainText('Visa')
  await expect(cards.first()).toContainText('**** **** **** 1111')
  await expect(cards.first()).toContainText(`Läuft ab: ${expiry}`)
  // The shop's page never held the number.
  expect(await page.content()).not.toContain('4111 1111 1111 1111')

  await addCard(page, '5555 5555 5555 4444')
  await addCard(page, '3782 822463 10005', '1234')
  await expect(cards).toHaveCount(3)
  await page.screenshot({ path: 'test-results/screens/credit-cards.png', fullPage: true })

  // Two selected: plural text, and the list reloads with the third card only.
  await page.getByLabel(/Visa/).check()
  await page.getByLabel(/Mastercard/).check()
  await page.getByRole('button', { name: '2 Karten entfernen' }).click()
  await page
    .getByRole('dialog', { name: 'Kreditkarten entfernen' })
    .getByRole('button', { name: 'Ja' })
    .click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Die Kreditkarten wurden entfernt.' }),
  ).toBeVisible()
  await expect(cards).toHaveCount(1)
  await expect(cards.first()).toContainText('American Express')

  // The last one: singular text.
  await page.getByLabel(/American Express/).check()
  await page.getByRole('button', { name: 'Ausgewählte Karte entfernen' }).click()
  await page
    .getByRole('dialog', { name: 'Kreditkarte entfernen' })
    .getByRole('button', { name: 'Ja' })
    .click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Die Kreditkarte wurde entfernt.' }),
  ).toBeVisible()
  await expect(page.getByText('Du hast noch keine Kreditkarte gespeichert.')).toBeVisible()
})
