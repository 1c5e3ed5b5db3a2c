import { expect, test } from './fixtures.ts'

test('home page renders complete on the server, with header, footer and meta data', async ({
  page,
}) => {
  // The first HTML already holds the page (no JavaScript needed for the first paint).
  const response = await page.request.get('/')
  const html = await response.text()
  expect(html).toContain(
    '<title>Technik online kaufen: Notebooks, Grafikkarten, Monitore | Bitwerk</title>',
  )
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/"/)
  expect(html).toContain('Anmelden')

  await page.goto('/')
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: 'Anmelden' })).toBeVisible()
  await expect(header.getByRole('link', { name: /Merkzettel/ })).toBeVisible()
  await expect(header.getByRole('link', { name: /Warenkorb/ })).toBeVisible()
  await expect(header.getByRole('searchbox', { name: 'Suche' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Technik, die mitdenkt.')
  await page.screenshot({ path: 'test-results/screens/home.png', fullPage: true })
})

test('footer links lead to the legal pages, marked as placeholders', async ({ page }) => {
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  for (const name of [
    'Datenschutz',
    'AGB',
    'Impressum',
    'Widerrufsbelehrung',
    'Versand und Zahlung',
  ]) {
    await expect(footer.getByRole('link', { name })).toBeVisible()
  }
  await footer.getByRole('link', { name: 'Widerrufsbelehrung' }).click()
  await expect(page).toHaveURL(/\/infocenter\/section\/withdrawal$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Widerrufsbelehrung')
  await expect(page.getByRole('note')).toContainText('Platzhalter')
  await expect(page).toHaveTitle('Widerrufsbelehrung | Bitwerk')
})

test('an unknown path answers 404 with the NotFound page', async ({ page }) => {
  const response = await page.goto('/gibt-es-nicht')
  expect(response?.status()).toBe(404)
  await expect(page.getByText('uups ...')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Die Seite wurde nicht gefunden' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Zur Startseite', exact: true })).toBeVisible()
  await page.screenshot({ path: 'test-results/screens/not-found.png' })
})

test('an unknown account path offers the way back to the account', async ({ page }) => {
  const response = await page.goto('/kundenkonto/gibt-es-nicht')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('link', { name: 'Zum Kundenkonto' })).toBeVisible()
})

test('the search form never sends empty input and leads to /produkte/{term}', async ({ page }) => {
  await page.goto('/')
  const search = page.getByRole('searchbox', { name: 'Suche' })
  await search.fill('   ')
  await search.press('Enter')
  await expect(page).toHaveURL(/\/$/)
  await search.fill('RTX 4070')
  await search.press('Enter')
  await expect(page).toHaveURL(/\/produkte\/RTX%204070$/)
})
