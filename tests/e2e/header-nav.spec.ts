// The header's main category navigation: a flyout per top category on desktop (disclosure
// pattern: button with aria-expanded, Escape closes), the "Menü" panel on phones, and every link
// in the server's HTML for crawlers; before the script (and without it) the top categories and
// "Menü" are links.
import { expect, test } from './fixtures.ts'

test('the first HTML holds the category links', async ({ page }) => {
  const html = await (await page.request.get('/warenkorb')).text()
  const nav = html.slice(html.indexOf('aria-label="Hauptnavigation"'))
  expect(nav).toContain('href="/kategorie/pc-komponenten/grafikkarten"')
  expect(nav).toContain('href="/kategorie/notebooks"')
})

test.describe('desktop (1366 px)', () => {
  test.use({ viewport: { width: 1366, height: 800 } })

  test('a flyout opens from the category tree and its subcategory link leads there', async ({
    page,
  }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' })
    await expect(page.getByRole('button', { name: 'Menü' })).toBeHidden()
    const button = nav.getByRole('button', { name: 'PC-Komponenten' })
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    await button.click()
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    const link = nav.getByRole('link', { name: 'Grafikkarten', exact: true })
    await expect(link).toBeVisible()
    await page.screenshot({ path: 'test-results/screens/header-nav-flyout-1366.png' })
    await link.click()
    await expect(page).toHaveURL(/\/kategorie\/pc-komponenten\/grafikkarten$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Grafikkarten')
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    await expect(link).toBeHidden()
  })

  test('the keyboard opens a flyout, reaches its links, and Escape closes it', async ({ page }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' })
    const button = nav.getByRole('button', { name: 'Notebooks' })
    await button.focus()
    await page.keyboard.press('Enter')
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Tab')
    await expect(nav.getByRole('link', { name: 'Alle Notebooks anzeigen' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    await expect(button).toBeFocused()
    // Only one flyout at a time; leaving the navigation with the focus closes it.
    await page.keyboard.press('Enter')
    await nav.getByRole('button', { name: 'Monitore' }).click()
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    await page.getByRole('searchbox', { name: 'Suche' }).focus()
    await expect(nav.getByRole('button', { name: 'Monitore' })).toHaveAttribute(
      'aria-expanded',
      'false',
    )
  })
})

test.describe('mobile (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the menu button opens the category tree, focus moves in, and a link navigates', async ({
    page,
  }) => {
    await page.goto('/')
    const menu = page.getByRole('button', { name: 'Menü' })
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' })
    // The menu button sits in the first row, beside the cart.
    const cartBox = await page.getByRole('link', { name: /Warenkorb/ }).boundingBox()
    const menuBox = await menu.boundingBox()
    expect(Math.abs((menuBox?.y ?? 0) - (cartBox?.y ?? 0))).toBeLessThan(10)
    await expect(nav).toBeHidden()
    await menu.click()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    await expect(nav).toBeVisible()
    const notebooks = nav.getByRole('button', { name: 'Notebooks' })
    await expect(notebooks).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(nav).toBeHidden()
    await expect(menu).toBeFocused()

    await menu.click()
    await nav.getByRole('button', { name: 'PC-Komponenten' }).click()
    const link = nav.getByRole('link', { name: 'Grafikkarten', exact: true })
    await expect(link).toBeVisible()
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(390)
    await page.screenshot({ path: 'test-results/screens/header-nav-menu-390.png' })
    await link.click()
    await expect(page).toHaveURL(/\/kategorie\/pc-komponenten\/grafikkarten$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Grafikkarten')
    await expect(nav).toBeHidden()
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
  })
})

test.describe('before or without the page script', () => {
  test.use({ javaScriptEnabled: false })

  test('a top category leads to its page on desktop', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 800 })
    await page.goto('/warenkorb')
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' })
    await nav.getByRole('link', { name: 'Notebooks', exact: true }).click()
    await expect(page).toHaveURL(/\/kategorie\/notebooks$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Notebooks')
  })

  test('"Menü" opens the category list on a phone, and a category leads to its page', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/warenkorb')
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' })
    await expect(nav).toBeHidden()
    await page.getByRole('link', { name: 'Menü' }).click()
    await expect(nav).toBeVisible()
    await nav.getByRole('link', { name: 'Monitore', exact: true }).click()
    await expect(page).toHaveURL(/\/kategorie\/monitore$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Monitore')
  })
})
