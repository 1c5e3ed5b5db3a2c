import type { Page } from '@playwright/test'
import { expect, holdPageScript, test } from './fixtures.ts'

const SCREENS = 'test-results/screens'

/** Opens a catalog page and waits until React has hydrated it (filters and sort need it). */
async function open(page: Page, path: string) {
  const response = await page.goto(path)
  await page.locator('[data-hydrated]').first().waitFor()
  return response
}

test('home -> category -> filter by Hersteller and price -> product -> energy label -> search with suggestions', async ({
  page,
}) => {
  // A long walk through many pages (each checked with axe afterwards): more time on a busy machine.
  test.slow()
  await page.goto('/')
  const categories = page.getByRole('region', { name: 'Kategorien' })
  await expect(categories.getByRole('link', { name: 'Monitore', exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Top Produkte' })).toBeVisible()
  await page.screenshot({ path: `${SCREENS}/catalog-home.png`, fullPage: true })

  // Category entry point, then a sub-category from the sidebar navigation.
  await categories.getByRole('link', { name: 'Monitore', exact: true }).click()
  await expect(page).toHaveURL(/\/kategorie\/monitore$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Monitore')
  await page
    .getByRole('navigation', { name: 'Kategorien' })
    .getByRole('link', { name: /Gaming-Monitore/ })
    .click()
  await expect(page).toHaveURL(/\/kategorie\/monitore\/gaming-monitore$/)
  await page.locator('[data-hydrated]').first().waitFor()
  await expect(page.getByRole('navigation', { name: 'Brotkrümelnavigation' })).toContainText(
    'Gaming-Monitore',
  )

  // Filter: two manufacturers and a price range; counts are refreshed before applying.
  const filters = page.getByRole('form', { name: 'Filter' })
  await filters.getByRole('button', { name: 'Hersteller' }).click()
  const counted = page.waitForResponse((r) => r.url().endsWith('/category/filters/get'))
  await filters.getByRole('checkbox', { name: /^ASUS/ }).check()
  await counted
  await filters.getByRole('checkbox', { name: /^LG/ }).check()
  // One filter open at a time: opening Preis closes Hersteller (its choices stay).
  await filters.getByRole('button', { name: 'Preis' }).click()
  await expect(filters.getByRole('button', { name: 'Hersteller' })).toHaveAttribute(
    'aria-expanded',
    'false',
  )
  await filters.getByLabel('von', { exact: true }).fill('200')
  await filters.getByLabel('bis', { exact: true }).fill('900')
  await filters.getByLabel('bis', { exact: true }).blur()
  const apply = filters.getByRole('button', { name: /Produkte? anzeigen/ })
  await expect(apply).toBeEnabled()
  await apply.click()
  await expect(page).toHaveURL(/\?hersteller=asus,lg&preis=200-900$/)
  const chips = page.getByRole('list', { name: 'Aktive Filter' })
  await expect(chips.getByRole('link', { name: /Hersteller: ASUS/ })).toBeVisible()
  await expect(chips.getByRole('link', { name: /Hersteller: LG/ })).toBeVisible()
  const grid = page.locator('.product-grid')
  const names = await grid.locator('.product-tile__brand').allTextContents()
  expect(names.length).toBeGreaterThan(0)
  expect(names.every((brand) => ['ASUS', 'LG'].includes(brand))).toBe(true)
  await page.screenshot({ path: `${SCREENS}/catalog-category-filtered.png`, fullPage: true })

  // The filtered URL can be shared and reloaded.
  await page.reload()
  await expect(chips.getByRole('link', { name: /Hersteller: LG/ })).toBeVisible()

  // Product page with the energy label modal and its data sheet.
  const firstTile = grid.locator('.product-tile').first()
  const productName = (await firstTile.locator('.product-tile__link').getAttribute('title')) ?? ''
  await firstTile.locator('.product-tile__link').click()
  await expect(page).toHaveURL(/\/artikel\/[a-z0-9-]+-\d+$/)
  await page.locator('.product-page[data-hydrated]').waitFor()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(productName)
  await expect(page.getByText('inkl. MwSt., zzgl.').first()).toBeVisible()
  await expect(page.getByRole('group', { name: 'Garantie' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Technische Daten' })).toBeVisible()
  // Product safety (GPSR Art. 19): manufacturer with address, warnings, the disposal notes.
  const safety = page.getByRole('region', { name: 'Produktsicherheit' })
  await expect(safety.getByRole('heading', { name: 'Hersteller' })).toBeVisible()
  await expect(safety.getByRole('heading', { name: 'Warn- und Sicherheitshinweise' })).toBeVisible()
  await expect(
    safety.getByRole('link', { name: 'Hinweise zu Altgeräten und Batterien' }),
  ).toHaveAttribute('href', '/altgeraete-und-batterien')
  await page.screenshot({ path: `${SCREENS}/catalog-product.png`, fullPage: true })
  await page
    .locator('.product-buy')
    .getByRole('button', { name: /^Energieeffizienzklasse [A-G] .*Energielabel anzeigen/ })
    .click()
  const modal = page.getByRole('dialog', { name: 'Energielabel' })
  await expect(modal.getByRole('img', { name: /EU-Energielabel/ })).toBeVisible()
  await expect(modal.getByRole('list', { name: 'Skala A bis G' })).toBeVisible()
  const sheet = modal.getByRole('link', { name: 'Produktdatenblatt (PDF)' })
  const pdf = await page.request.get((await sheet.getAttribute('href')) ?? '')
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')
  await page.screenshot({ path: `${SCREENS}/catalog-energy-label.png` })
  await page.keyboard.press('Escape')
  await expect(modal).toBeHidden()

  // Search with suggestions: more than 2 characters, at most 5, leading to /produkte/{query}.
  const search = page.getByRole('searchbox', { name: 'Suche' })
  await search.fill('rt')
  await expect(page.getByRole('listbox', { name: 'Suchvorschläge' })).toBeHidden()
  await search.fill('rtx 40')
  const listbox = page.getByRole('listbox', { name: 'Suchvorschläge' })
  await expect(listbox).toBeVisible()
  const options = listbox.getByRole('option')
  expect(await options.count()).toBeLessThanOrEqual(5)
  await expect(options.first()).toContainText('RTX 40')
  await expect(options.first()).toContainText(/in /)
  await page.screenshot({ path: `${SCREENS}/catalog-suggestions.png` })
  await page.mouse.move(5, 600)
  await search.press('ArrowDown')
  const selected = listbox.locator('[role="option"][aria-selected="true"]')
  await expect(selected).toHaveCount(1)
  await expect(search).toHaveAttribute(
    'aria-activedescendant',
    (await selected.getAttribute('id')) ?? '',
  )
  const chosen = (await selected.locator('.suggestion__query').textContent()) ?? ''
  await search.press('Enter')
  const escaped = encodeURIComponent(chosen).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  await expect(page).toHaveURL(new RegExp(`/produkte/${escaped}$`))
  await expect(page.getByRole('heading', { level: 1 })).toContainText(chosen)
  await page.screenshot({ path: `${SCREENS}/catalog-search.png`, fullPage: true })
})

test('category pages arrive complete in the first HTML, with meta data and JSON-LD', async ({
  page,
}) => {
  const response = await page.request.get('/kategorie/pc-komponenten/grafikkarten')
  expect(response.status()).toBe(200)
  const html = await response.text()
  expect(html).toContain('<title>Grafikkarten online kaufen | Bitwerk</title>')
  expect(html).toMatch(/<meta name="description" content="Grafikkarten von NVIDIA/)
  expect(html).toMatch(
    /<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/kategorie\/pc-komponenten\/grafikkarten"/,
  )
  expect(html).toContain('"@type":"BreadcrumbList"')
  expect((html.match(/class="product-tile"/g) ?? []).length).toBe(20)
  expect(html).toContain('inkl. MwSt., zzgl.')

  // § 11 PAngV (issue 20): a reduced price names the 30-day lowest price it is compared with.
  const reduced = await page.request.get('/kategorie/pc-komponenten?rabatt=10')
  expect(await reduced.text()).toContain('Niedrigster Preis der 30 Tage vor der Preissenkung:')

  const product = await page.request.get('/produkte/RTX%204070')
  expect(await product.text()).toContain('Suchergebnisse für „RTX 4070“')

  await page.goto('/kategorie/pc-komponenten/grafikkarten?hersteller=asus')
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents()
  expect(jsonLd.some((text) => text.includes('BreadcrumbList'))).toBe(true)
})

test('product pages carry Product and BreadcrumbList JSON-LD and remember the visit', async ({
  page,
}) => {
  test.slow()
  await open(page, '/kategorie/notebooks/macbooks')
  await page.locator('.product-tile__link').first().click()
  await expect(page).toHaveURL(/\/artikel\//)
  const first = page.url()
  // After the client-side navigation the product's data (and its JSON-LD) arrive a moment later.
  const ldTexts = () => page.locator('script[type="application/ld+json"]').allTextContents()
  await expect
    .poll(async () => (await ldTexts()).some((text) => text.includes('"@type":"Product"')))
    .toBe(true)
  const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (text) => JSON.parse(text) as { '@type': string; offers?: { priceCurrency: string } },
  )
  expect(jsonLd.find((item) => item['@type'] === 'Product')?.offers?.priceCurrency).toBe('EUR')
  expect(jsonLd.some((item) => item['@type'] === 'BreadcrumbList')).toBe(true)

  // Gallery zoom: a large picture in a dialog, closed with Escape.
  await page.getByRole('button', { name: /Zum Vergrößern klicken/ }).click()
  const zoom = page.getByRole('dialog')
  await expect(zoom.locator('img.zoom__image')).toHaveAttribute('width', '2800')
  await zoom.locator('.zoom__stage').hover()
  await expect(zoom.locator('img.zoom__image')).toHaveAttribute('style', /scale\(3\)/)
  await page.keyboard.press('Escape')
  await expect(zoom).toBeHidden()

  // A second product: the first appears under "Zuletzt angesehene Produkte".
  await open(page, '/kategorie/zubehoer/maeuse')
  await page.locator('.product-tile__link').first().click()
  await expect(page).toHaveURL(/\/artikel\//)
  const lastSeen = page.getByRole('region', { name: 'Zuletzt angesehene Produkte' })
  // It loads when it comes within 100 px of the viewport.
  await expect(lastSeen).toHaveCount(0)
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await expect(lastSeen).toBeVisible()
  await expect(lastSeen.locator('.product-tile__link').first()).toHaveAttribute(
    'href',
    new URL(first).pathname,
  )
  await page.screenshot({ path: `${SCREENS}/catalog-last-seen.png`, fullPage: true })
})

test('unknown categories and products answer 404 with the NotFound page', async ({ page }) => {
  for (const path of [
    '/kategorie/gibt-es-nicht',
    '/artikel/gibt-es-nicht-999999',
    '/artikel/ohne-id',
  ]) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(404)
    await expect(
      page.getByRole('heading', { name: 'Die Seite wurde nicht gefunden' }),
    ).toBeVisible()
  }
})

test('a malformed filter in the URL answers 400 with a way back', async ({ page }) => {
  const response = await page.goto('/kategorie/notebooks?preis=abc')
  expect(response?.status()).toBe(400)
  await expect(page.getByRole('heading', { name: 'Der Filter ist ungültig.' })).toBeVisible()
  await page.getByRole('link', { name: 'Kategorie ohne Filter anzeigen' }).click()
  await expect(page).toHaveURL(/\/kategorie\/notebooks$/)
})

test('sorting and paging keep their state in the URL', async ({ page }) => {
  await open(page, '/kategorie/notebooks')
  await page.getByLabel('Sortieren nach').selectOption('preis-aufsteigend')
  await expect(page).toHaveURL(/\?sortierung=preis-aufsteigend$/)
  // The URL changes first; the grid follows when the sorted page has arrived.
  await expect
    .poll(async () => {
      const prices = await page.locator('.product-grid .price--regular').allTextContents()
      const cents = prices.map((p) => Number(p.replace(/[^\d]/g, '')))
      return cents.length > 1 && cents.every((c, i) => i === 0 || (cents[i - 1] ?? 0) <= c)
    })
    .toBe(true)
  await page
    .getByRole('navigation', { name: 'Seiten' })
    .getByRole('link', { name: 'Weiter' })
    .click()
  await expect(page).toHaveURL(/\?sortierung=preis-aufsteigend&seite=2$/)
  await expect(page).toHaveTitle('Notebooks online kaufen – Seite 2 | Bitwerk')
  const response = await page.goto('/kategorie/notebooks?seite=99')
  expect(response?.status()).toBe(200)
  await expect(page.getByText('Es gibt keine weiteren Produkte in dieser Kategorie.')).toBeVisible()
})

test('the sidebar opens flyout levels on demand', async ({ page }) => {
  await open(page, '/kategorie/pc-komponenten')
  const nav = page.getByRole('navigation', { name: 'Kategorien' })
  await nav.getByRole('button', { name: 'Unterkategorien von Grafikkarten' }).click()
  await expect(nav.getByRole('link', { name: 'NVIDIA GeForce' })).toBeVisible()
  await page.screenshot({ path: `${SCREENS}/catalog-flyout.png` })
  await nav.getByRole('link', { name: 'NVIDIA GeForce' }).click()
  await expect(page).toHaveURL(/\/kategorie\/pc-komponenten\/grafikkarten\/nvidia-geforce$/)
})

test('an exact article number leads straight to the product; no results show help', async ({
  page,
}) => {
  await open(page, '/kategorie/zubehoer/webcams')
  const tile = page.locator('.product-tile__link').first()
  const href = (await tile.getAttribute('href')) ?? ''
  await tile.click()
  const meta = await page.locator('.product-buy__meta').textContent()
  const articleNumber = /Art\.-Nr\. (\d{7})/.exec(meta ?? '')?.[1] ?? ''
  const search = page.getByRole('searchbox', { name: 'Suche' })
  await search.fill(articleNumber)
  await search.press('Enter')
  await expect(page).toHaveURL(new RegExp(`${href}$`))

  await search.fill('xyzzy quux')
  await search.press('Enter')
  await expect(
    page.getByText('Zu deiner Suche haben wir leider keine Produkte gefunden.'),
  ).toBeVisible()
})

test('suggestions close on a click outside and after scrolling 50 px', async ({ page }) => {
  await open(page, '/kategorie/notebooks')
  const search = page.getByRole('searchbox', { name: 'Suche' })
  const listbox = page.getByRole('listbox', { name: 'Suchvorschläge' })
  await search.fill('macbook')
  await expect(listbox).toBeVisible()
  // The list may lie over the heading's middle: click its top left corner, outside the list.
  await page.getByRole('heading', { level: 1 }).click({ position: { x: 5, y: 5 } })
  await expect(listbox).toBeHidden()
  await search.fill('macbook air')
  await expect(listbox).toBeVisible()
  await page.evaluate(() => window.scrollBy(0, 60))
  await expect(listbox).toBeHidden()
})

test('a thumbnail tapped before the page script ran is shown once it runs', async ({ page }) => {
  const release = await holdPageScript(page)
  const found = await (await page.request.get('/api/catalog/search?query=notebook')).json()
  const details = await Promise.all(
    found.products.map(async ({ id }: { id: number }) =>
      (await page.request.get(`/api/catalog/products/${id}`)).json(),
    ),
  )
  const product = details.find((detail) => detail.images.length >= 2)
  await page.goto(product.url, { waitUntil: 'commit' })
  const second = page.getByRole('button', { name: /^Bild 2 von/ })
  await second.click()
  await expect(second).not.toHaveAttribute('aria-current', 'true')
  release()
  await expect(second).toHaveAttribute('aria-current', 'true')
  await expect(page.getByRole('button', { name: /^Bild 1 von/ })).not.toHaveAttribute(
    'aria-current',
    'true',
  )
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('filters open in a drawer and apply from there', async ({ page }) => {
    await open(page, '/kategorie/smartphones-tablets/smartphones')
    await page.getByRole('button', { name: /^Filter/ }).click()
    const filters = page.getByRole('form', { name: 'Filter' })
    await expect(filters).toBeVisible()
    await filters.getByRole('button', { name: 'Farbe' }).click()
    await filters.getByRole('checkbox', { name: /^Blau/ }).check()
    await page.screenshot({ path: `${SCREENS}/catalog-mobile-filters.png` })
    await filters.getByRole('button', { name: /Produkte? anzeigen/ }).click()
    await expect(page).toHaveURL(/\?farbe=blau$/)
    await expect(filters).toBeHidden()
    await page.screenshot({ path: `${SCREENS}/catalog-mobile-category.png` })
  })
})

test.describe('before or without the page script', () => {
  test.use({ javaScriptEnabled: false })

  test('the filter inputs and the order wait for the script: nothing chosen before hydration is reset', async ({
    page,
  }) => {
    await page.goto('/kategorie/notebooks')
    const filters = page.getByRole('form', { name: 'Filter' })
    await expect(filters.getByLabel('von', { exact: true })).toBeDisabled()
    await expect(filters.getByLabel('bis', { exact: true })).toBeDisabled()
    await expect(page.getByLabel('Sortieren nach')).toBeDisabled()
    // The category links work without it.
    await expect(
      page.getByRole('navigation', { name: 'Kategorien' }).getByRole('link').first(),
    ).toBeVisible()
  })
})
