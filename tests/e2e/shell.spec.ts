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
  await expect(page.getByText(/Dieser Text ist eine Vorlage/)).toBeVisible()
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

// "Nach oben" never covers content (issue 17): the footer's last entry; floating only in the
// gutter beside the page on wide and tall windows.
for (const viewport of [
  { width: 1366, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`"Nach oben" is the footer's last entry at ${viewport.width} px, never over the page`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport)
    await page.goto('/kategorie/notebooks')
    await page.mouse.wheel(0, 1500)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300)
    const button = page.getByRole('button', { name: 'Nach oben' })
    expect(await button.evaluate((el) => getComputedStyle(el).position)).toBe('static')
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByRole('button', { name: 'Nach oben' })).toHaveCount(1)
    await button.scrollIntoViewIfNeeded()
    await expect(button).toBeVisible()
    await footer.screenshot({ path: `test-results/screens/scroll-top-${viewport.width}.png` })
    // Used from the keyboard: back at the top, the focus at the page's start.
    await button.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await expect(page.getByRole('link', { name: 'Zum Inhalt springen' })).toBeFocused()
  })
}

test('"Nach oben" floats beside the page on a wide window, above the help button', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1600, height: 900 })
  await page.goto('/kategorie/notebooks')
  const button = page.getByRole('button', { name: 'Nach oben' })
  await expect(button).toBeHidden()
  await page.mouse.wheel(0, 1500)
  await expect(button).toBeVisible()
  const box = await button.boundingBox()
  const content = await page.locator('main .container').first().boundingBox()
  const help = await page.getByRole('button', { name: 'Hilfe', exact: true }).boundingBox()
  expect(box && content && box.x >= content.x + content.width).toBe(true)
  expect(box && help && box.y + box.height <= help.y).toBe(true)
  await button.click()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await expect(button).toBeHidden()
})
