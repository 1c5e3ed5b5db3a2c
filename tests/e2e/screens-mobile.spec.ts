// Screens walked again at 390 px and by direct loads (issue 17): account pages fit the phone's
// width, modal routes hydrate without errors, the help button never covers content.
import type { Locator, Page } from '@playwright/test'
import { expect, registerBusinessCustomer, test } from './fixtures.ts'

const PASSWORD = 'Blau-Tasse-42'
const MOBILE = { width: 390, height: 844 }

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

/** The page scrolls only downwards: nothing is wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }))
  expect(scrollWidth, `${page.url()} is ${scrollWidth} px wide`).toBeLessThanOrEqual(innerWidth)
}

/** Visible and entirely inside the window's width (not cut off at the right edge). */
async function expectWithinWidth(page: Page, locator: Locator) {
  await expect(locator).toBeVisible()
  const box = await locator.boundingBox()
  const width = page.viewportSize()?.width ?? 0
  expect(box, 'bounding box').not.toBeNull()
  if (!box) return
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(
    box.x + box.width,
    `${await locator.innerText()} ends inside the window`,
  ).toBeLessThanOrEqual(width)
}

/** The help button is part of the page's flow, after the footer: it covers nothing. */
async function expectHelpDocked(page: Page) {
  const help = page.getByRole('button', { name: 'Hilfe', exact: true })
  await expect(help).toBeVisible()
  expect(await help.evaluate((button) => getComputedStyle(button).position)).toBe('static')
  const footer = await page.getByRole('contentinfo').boundingBox()
  const button = await help.boundingBox()
  expect(button && footer && button.y >= footer.y + footer.height).toBe(true)
}

/** Three products in the cart (the page is long enough for the sticky "Zur Kasse" bar). */
async function fillCart(page: Page) {
  const response = await page.request.get('/api/catalog/search?query=kabel')
  const { products } = (await response.json()) as {
    products: { id: number; availability: string }[]
  }
  const inStock = products.filter((product) => product.availability === 'in_stock').slice(0, 3)
  for (const product of inStock) {
    const added = await page.request.post('/cart/add/', { data: { id: product.id, quantity: 1 } })
    expect(added.status()).toBe(200)
  }
}

test.describe('at 390 px', () => {
  test.use({ viewport: MOBILE })

  test('Meine Bestellungen and Bestelldetails fit the screen: Summe, Status, Details visible', async ({
    page,
  }) => {
    await register(page, 'mobil-bestellungen')
    const now = Date.now()
    const created = await page.request.post('/api/dev/orders', {
      data: {
        orders: [1, 2].map((days, i) => ({
          placedAt: new Date(now - days * 86_400_000).toISOString(),
          deliveries: i === 0 ? 2 : 1,
        })),
      },
    })
    expect(created.status()).toBe(200)

    await page.goto('/kundenkonto/bestellungen')
    const first = page.locator('tbody tr.orders-table__row').first()
    await expect(first).toBeVisible()
    await expectNoSidewaysScroll(page)
    await expectWithinWidth(page, first.locator('td[data-label="Summe"]'))
    await expect(first.locator('td[data-label="Summe"]')).toContainText(/\d,\d{2}\s€/)
    await expectWithinWidth(page, first.locator('td[data-label="Status"]'))
    const details = first.getByRole('button', { name: /Details zu Bestellung/ })
    await expectWithinWidth(page, details)
    await details.click()
    await expect(page.getByText(/Art\.-Nr\. /).first()).toBeVisible()
    await expectNoSidewaysScroll(page)
    await page.screenshot({ path: 'test-results/screens/orders-list-390.png', fullPage: true })

    // The details of an order paid by card: the checkout stores the card's brand and masked
    // number as the payment's label, the longest value of the price calculation.
    await page.route('**/account/get-order', async (route) => {
      const response = await route.fetch()
      const body = await response.json()
      body.order.priceCalculation.payment = 'Kreditkarte (Visa **** **** **** 1111)'
      await route.fulfill({ response, json: body })
    })
    await page.getByRole('link', { name: 'Bestelldetails ansehen' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Bestelldetails' })).toBeVisible()
    await expect(page.getByText('Visa **** **** **** 1111')).toBeVisible()
    await expectNoSidewaysScroll(page)
    await expectWithinWidth(page, page.locator('.price-calculation__row--total dd'))
    await expectWithinWidth(page, page.locator('.order-details__facts .order-status'))
    await expectWithinWidth(page, page.locator('.delivery__total').first())
    await page.screenshot({ path: 'test-results/screens/order-details-390.png', fullPage: true })
  })

  test('the help button covers neither the sticky "Zur Kasse" nor the page', async ({ page }) => {
    await fillCart(page)
    await page.goto('/warenkorb')
    const sticky = page.getByTestId('sticky-summary')
    await expect(sticky).toBeVisible()
    await page.screenshot({ path: 'test-results/screens/cart-390.png' })
    // Clickable: nothing lies on top of it (Playwright checks the point it would click).
    await sticky.getByRole('link', { name: 'Zur Kasse' }).click({ trial: true, timeout: 3000 })
    await expectHelpDocked(page)
    await page.getByRole('button', { name: 'Hilfe', exact: true }).scrollIntoViewIfNeeded()
    await page.screenshot({ path: 'test-results/screens/help-docked-390.png' })
  })
})

// The fixtures fail a test on any console error, React's hydration error #418 included.
test('modal routes loaded directly hydrate without errors and show their dialog', async ({
  page,
}) => {
  await register(page, 'modal-direkt')
  const direct: [string, string][] = [
    ['/kundenkonto/kontaktinformationen/namen-aendern', 'Name ändern'],
    ['/kundenkonto/kontaktinformationen/email-aendern', 'E-Mail Adresse ändern'],
    ['/kundenkonto/adressen/neue-rechnungsadresse', 'Rechnungsadresse vervollständigen'],
  ]
  for (const [path, title] of direct) {
    await page.goto(path)
    const dialog = page.getByRole('dialog', { name: title })
    await expect(dialog).toBeVisible()
    // Hydrated: the dialog took the focus (its effect ran).
    await expect(dialog.locator(':focus')).toHaveCount(1)
  }
  // A customer with a billing address: the delivery address form.
  await registerBusinessCustomer(page, uniqueEmail('modal-direkt-firma'), PASSWORD)
  await page.goto('/kundenkonto/adressen/neue-lieferadresse')
  const delivery = page.getByRole('dialog', { name: 'Lieferadresse vervollständigen' })
  await expect(delivery).toBeVisible()
  await expect(delivery.locator(':focus')).toHaveCount(1)
})

test.describe('at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 900 } })

  test('the dashboard shows a picture on every "Top Produkte" tile, also those not slid in yet', async ({
    page,
  }) => {
    await register(page, 'dashboard-bilder')
    await page.goto('/kundenkonto')
    const slider = page.getByRole('region', { name: 'Top Produkte' })
    await slider.scrollIntoViewIfNeeded()
    const pictures = slider.locator('.product-tile__media img')
    await expect(pictures.first()).toBeVisible()
    expect(await pictures.count()).toBeGreaterThan(5)
    // Loaded and drawn: the slides beyond the first five too (no empty tile slides in).
    await expect
      .poll(() =>
        pictures.evaluateAll(
          (images) => images.filter((image) => !(image as HTMLImageElement).naturalWidth).length,
        ),
      )
      .toBe(0)
    await page.screenshot({ path: 'test-results/screens/dashboard-1366.png', fullPage: true })
  })
})

test.describe('help button on wide screens', () => {
  test.use({ viewport: { width: 1600, height: 900 } })

  test('it floats only in the gutter beside the page, never over it; docked at 1366 px', async ({
    page,
  }) => {
    await page.goto('/')
    const help = page.getByRole('button', { name: 'Hilfe', exact: true })
    await expect(help).toBeVisible()
    expect(await help.evaluate((button) => getComputedStyle(button).position)).toBe('fixed')
    const button = await help.boundingBox()
    const content = await page.locator('main .container').first().boundingBox()
    expect(button && content && button.x >= content.x + content.width).toBe(true)

    await page.setViewportSize({ width: 1366, height: 900 })
    await expectHelpDocked(page)
  })
})
