// The product comparison (issue 22): three graphics cards of one category compared from the
// category page at 1366 px, another category refused with "Vergleich neu beginnen" offered,
// "Nur Unterschiede anzeigen", and the same page at 390 px scrolling sideways under sticky row
// labels; printed without the shop's chrome. Screenshots go to test-results/screens/.
import { expect, test } from './fixtures.ts'

const CATEGORY = '/kategorie/pc-komponenten/grafikkarten/nvidia-geforce'
const OTHER_CATEGORY = '/kategorie/pc-komponenten/grafikkarten/amd-radeon'

test('compare three graphics cards on desktop and mobile', async ({ page }) => {
  // A long flow (two categories, product page, comparison page at two widths, print).
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.goto(CATEGORY)
  await page.locator('[data-hydrated]').first().waitFor()
  const tiles = page.getByRole('article')
  const names: string[] = []
  for (const index of [0, 1, 2]) {
    const toggle = tiles.nth(index).getByRole('button', { name: / vergleichen$/ })
    names.push(((await toggle.getAttribute('aria-label')) ?? '').replace(/ vergleichen$/, ''))
    await expect(toggle).toHaveAttribute('aria-pressed', 'false')
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByRole('banner').getByRole('link', { name: /^Vergleich/ })).toContainText(
      String(index + 1),
    )
  }
  await page.screenshot({ path: 'test-results/screens/comparison-tiles-1366.png' })

  // The product page's buy box knows it too.
  await tiles.first().getByRole('link', { name: names[0] }).click()
  await page.locator('.product-page[data-hydrated]').waitFor()
  const buyBoxToggle = page.getByRole('button', { name: `${names[0]} vergleichen` })
  await expect(buyBoxToggle).toHaveAttribute('aria-pressed', 'true')
  await buyBoxToggle.scrollIntoViewIfNeeded()
  await page.screenshot({ path: 'test-results/screens/comparison-product-1366.png' })

  // A card of another category: refused with the German text, a new comparison offered.
  await page.goto(OTHER_CATEGORY)
  await page.locator('[data-hydrated]').first().waitFor()
  await page
    .getByRole('article')
    .first()
    .getByRole('button', { name: / vergleichen$/ })
    .click()
  const refusal = page.getByRole('alert').filter({ hasText: 'derselben Kategorie' })
  await expect(refusal).toContainText(
    'Du kannst nur Produkte derselben Kategorie vergleichen. In deinem Vergleich sind bereits Produkte aus „NVIDIA GeForce“.',
  )
  await expect(refusal.getByRole('button', { name: 'Vergleich neu beginnen' })).toBeVisible()
  await refusal.scrollIntoViewIfNeeded()
  await page.screenshot({ path: 'test-results/screens/comparison-refused-1366.png' })
  await refusal.getByRole('button', { name: 'Schließen' }).click()

  // The comparison page from the header.
  await page
    .getByRole('banner')
    .getByRole('link', { name: /^Vergleich/ })
    .click()
  await expect(page).toHaveURL(/\/vergleich$/)
  await page.locator('.comparison-page[data-hydrated]').waitFor()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Produktvergleich')
  const table = page.getByRole('table')
  const columns = table.locator('thead').getByRole('columnheader')
  await expect(columns).toHaveCount(3)
  for (const name of names) await expect(table.getByRole('link', { name })).toBeVisible()
  await expect(table.getByText('inkl. MwSt.').first()).toBeVisible()
  await expect(table.getByRole('rowheader', { name: 'Grafikspeicher' })).toBeVisible()
  const allRows = await table.getByRole('rowheader').count()
  await page.screenshot({ path: 'test-results/screens/comparison-1366.png', fullPage: true })

  await page.getByLabel('Nur Unterschiede anzeigen').check()
  await expect(table.getByRole('rowheader', { name: 'Ausgänge' })).toHaveCount(0)
  const differentRows = await table.getByRole('rowheader').count()
  expect(differentRows).toBeGreaterThan(0)
  expect(differentRows).toBeLessThan(allRows)
  await page.screenshot({ path: 'test-results/screens/comparison-differences-1366.png' })

  // Printed: the table without the shop's header, footer and controls.
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('banner')).toBeHidden()
  await expect(page.getByRole('contentinfo')).toBeHidden()
  await expect(page.getByLabel('Nur Unterschiede anzeigen')).toBeHidden()
  await expect(table).toBeVisible()
  await page.screenshot({ path: 'test-results/screens/comparison-print-1366.png', fullPage: true })
  await page.emulateMedia({ media: 'screen' })

  // 390 px: the product columns scroll sideways, the row labels stay.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.reload()
  await page.locator('.comparison-page[data-hydrated]').waitFor()
  const scroller = page.getByRole('region', { name: 'Vergleichstabelle' })
  const widths = await scroller.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
  }))
  expect(widths.scroll).toBeGreaterThan(widths.client)
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(pageWidth).toBeLessThanOrEqual(390)
  const label = page.getByRole('rowheader', { name: 'Grafikspeicher' })
  const before = await label.boundingBox()
  await scroller.evaluate((el) => el.scrollBy({ left: 300 }))
  await page.waitForFunction(() => {
    const el = document.querySelector('.comparison-table__scroll')
    return el !== null && el.scrollLeft > 0
  })
  const after = await label.boundingBox()
  expect(after?.x).toBe(before?.x)
  await page.screenshot({ path: 'test-results/screens/comparison-390.png', fullPage: true })

  // Removal: two products left.
  await scroller.evaluate((el) => el.scrollTo({ left: 0 }))
  await page.getByRole('button', { name: `${names[0]} aus dem Vergleich entfernen` }).click()
  await expect(columns).toHaveCount(2)
})

test.describe('before or without the page script', () => {
  test.use({ javaScriptEnabled: false })

  test('"Vergleichen" is a form: the comparison page shows the outcome and offers a new start', async ({
    page,
  }) => {
    const toggleOf = (index: number) =>
      page
        .getByRole('article')
        .nth(index)
        .getByRole('button', { name: / vergleichen$/ })
    const nameOf = async (index: number) =>
      ((await toggleOf(index).getAttribute('aria-label')) ?? '').replace(/ vergleichen$/, '')
    await page.goto(CATEGORY)
    const first = await nameOf(0)
    await toggleOf(0).click()
    await expect(page).toHaveURL(/\/vergleich\?ergebnis=hinzugefuegt$/)
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'Das Produkt wurde zum Vergleich hinzugefügt.',
    )
    await expect(page.getByRole('table').getByRole('link', { name: first })).toBeVisible()

    // Another category: refused on the comparison page, which starts anew with that product.
    await page.goto(OTHER_CATEGORY)
    const other = await nameOf(0)
    await toggleOf(0).click()
    await expect(page).toHaveURL(/\/vergleich\?ergebnis=andere-kategorie&produkt=\d+$/)
    const refusal = page.getByRole('alert').filter({ hasText: 'derselben Kategorie' })
    await expect(refusal).toContainText('bereits Produkte aus „NVIDIA GeForce“')
    await refusal.getByRole('button', { name: 'Vergleich neu beginnen' }).click()
    await expect(page).toHaveURL(/\/vergleich\?ergebnis=hinzugefuegt$/)
    const table = page.getByRole('table')
    await expect(table.getByRole('link', { name: other })).toBeVisible()
    await expect(table.getByRole('link', { name: first })).toHaveCount(0)

    await page.getByRole('button', { name: `${other} aus dem Vergleich entfernen` }).click()
    await expect(page).toHaveURL(/\/vergleich\?ergebnis=entfernt$/)
    await expect(
      page.getByText('Du hast noch keine Produkte zum Vergleichen ausgewählt.'),
    ).toBeVisible()
  })
})
