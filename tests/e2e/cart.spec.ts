// Cart and wishlist in Chromium: add from a listing and a product page, the debounced quantity,
// the maximum, a warranty, removal with confirmation down to the empty cart; three hearts moved
// to the cart at once; a guest cart merged at login, and a soft login asked for the password
// before a quantity change, which then runs.
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, latestMail, test } from './fixtures.ts'

const PASSWORD = 'Blau-Tasse-42'
const LISTING = '/kategorie/notebooks'

type Tile = { id: number; name: string; url: string; availability: string }
type Detail = {
  id: number
  name: string
  maxQuantity: number
  availability: string
  warranties: { id: number; name: string }[]
}

function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.de`
}

async function listing(request: APIRequestContext, path = 'notebooks'): Promise<Tile[]> {
  const response = await request.get(`/api/catalog/listing?path=${encodeURIComponent(path)}`)
  expect(response.status()).toBe(200)
  return ((await response.json()) as { products: Tile[] }).products
}

/** An available notebook with warranties and room for at least 3 pieces. */
async function productWithWarranty(request: APIRequestContext): Promise<Detail & { url: string }> {
  for (const tile of await listing(request)) {
    if (tile.availability === 'out_of_stock') continue
    const detail = (await (await request.get(`/api/catalog/products/${tile.id}`)).json()) as Detail
    if (detail.warranties.length > 0 && detail.maxQuantity >= 3) return { ...detail, url: tile.url }
  }
  throw new Error('no notebook with warranties')
}

function headerCount(page: Page, name: 'Warenkorb' | 'Merkzettel') {
  return page.getByRole('banner').getByRole('link', { name: new RegExp(`^${name}`) })
}

function line(page: Page, productName: string) {
  return page.getByRole('listitem').filter({
    has: page.getByRole('heading', { level: 2, name: productName }),
  })
}

test('cart: add from listing and product page, debounced quantity, maximum, warranty, removal to the empty cart', async ({
  page,
}) => {
  const detail = await productWithWarranty(page.request)

  // From the listing: the first tile that can be bought.
  await page.goto(LISTING)
  const addButtons = page.getByRole('button', { name: /in den Warenkorb$/, disabled: false })
  const labels = await addButtons.evaluateAll((buttons) =>
    buttons.map((button) => button.getAttribute('aria-label') ?? ''),
  )
  const tileLabel = labels.find((label) => label !== `${detail.name} in den Warenkorb`) ?? ''
  const tileName = tileLabel.replace(/ in den Warenkorb$/, '')
  const firstAdd = page.getByRole('button', { name: tileLabel, exact: true })
  await firstAdd.click()
  await expect(page.getByText('Das Produkt wurde in den Warenkorb gelegt.')).toBeVisible()
  await expect(headerCount(page, 'Warenkorb')).toContainText('1')

  // From the product page.
  await page.goto(detail.url)
  await page.getByRole('button', { name: 'In den Warenkorb', exact: true }).click()
  await expect(page.getByText('Das Produkt wurde in den Warenkorb gelegt.')).toBeVisible()
  await expect(headerCount(page, 'Warenkorb')).toContainText('2')

  // The header popup lists both.
  await headerCount(page, 'Warenkorb').hover()
  const popup = page.getByRole('region', { name: 'Warenkorb-Vorschau' })
  await expect(popup.getByRole('link', { name: 'Zum Warenkorb' })).toBeVisible()
  await expect(popup.getByRole('link', { name: 'Zur Kasse' })).toBeVisible()
  await expect(popup.getByRole('listitem')).toHaveCount(2)
  await popup.getByRole('link', { name: 'Zum Warenkorb' }).click()

  await expect(page).toHaveURL(/\/warenkorb$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Warenkorb')
  const product = line(page, detail.name)
  await expect(product).toBeVisible()
  await expect(line(page, tileName)).toBeVisible()
  const summary = page.getByRole('complementary', { name: 'Zusammenfassung' })
  await expect(summary).toContainText('Gesamtsumme')
  await expect(summary).toContainText('enthaltene MwSt. (19 %)')

  // Two quick clicks on plus: one request, with the final quantity, after the debounce.
  const quantityRequests: unknown[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/cart/change-quantity/'))
      quantityRequests.push(request.postDataJSON())
  })
  const quantity = product.getByLabel(`Menge von ${detail.name}`, { exact: true })
  const plus = product.getByRole('button', { name: `Menge von ${detail.name} erhöhen` })
  const minus = product.getByRole('button', { name: `Menge von ${detail.name} verringern` })
  await expect(minus).toBeDisabled()
  const answered = page.waitForResponse((r) => r.url().endsWith('/cart/change-quantity/'))
  await plus.click()
  await plus.click()
  await expect(quantity).toHaveValue('3')
  await answered
  await expect(headerCount(page, 'Warenkorb')).toContainText('4')
  expect(quantityRequests).toEqual([{ id: detail.id, quantity: 3 }])
  await expect(minus).toBeEnabled()

  // More than possible: the server caps, the field shows the maximum with the message.
  const capped = page.waitForResponse((r) => r.url().endsWith('/cart/change-quantity/'))
  await quantity.fill('99')
  await capped
  await expect(quantity).toHaveValue(String(detail.maxQuantity))
  await expect(
    product.getByText(
      `Die gewünschte Menge ist leider nicht verfügbar. Du kannst höchstens ${detail.maxQuantity} Stück bestellen.`,
    ),
  ).toBeVisible()
  await expect(plus).toBeDisabled()

  // A warranty: a child line with the product's quantity.
  const warranty = detail.warranties[0]
  if (!warranty) throw new Error('warranty expected')
  const radio = product.getByRole('radio', { name: warranty.name })
  await radio.click()
  await expect(radio).toBeChecked()
  const child = product.getByTestId('warranty-line')
  await expect(child).toContainText(warranty.name)
  await expect(child).toContainText(`${detail.maxQuantity} ×`)
  await page.screenshot({ path: 'test-results/screens/cart-page.png', fullPage: true })

  // Removal asks first; "Abbrechen" keeps the product.
  await line(page, tileName).getByRole('button', { name: 'Entfernen' }).click()
  const dialog = page.getByRole('dialog', { name: 'Produkt entfernen' })
  await expect(dialog).toContainText(tileName)
  await dialog.getByRole('button', { name: 'Abbrechen' }).click()
  await expect(line(page, tileName)).toBeVisible()
  await line(page, tileName).getByRole('button', { name: 'Entfernen' }).click()
  await page
    .getByRole('dialog', { name: 'Produkt entfernen' })
    .getByRole('button', { name: 'Entfernen' })
    .click()
  await expect(line(page, tileName)).toHaveCount(0)

  await product.getByRole('button', { name: 'Entfernen' }).click()
  await page
    .getByRole('dialog', { name: 'Produkt entfernen' })
    .getByRole('button', { name: 'Entfernen' })
    .click()
  await expect(page.getByRole('heading', { name: 'Dein Warenkorb ist leer' })).toBeVisible()
  await expect(page.getByText(/Zur Zeit befinden sich keine Produkte im Warenkorb/)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Zur Kasse' })).toHaveCount(0)
  await expect(page.getByTestId('sticky-summary')).toHaveCount(0)
  await expect(headerCount(page, 'Warenkorb')).not.toContainText(/\d/)
})

test('wishlist: three hearts, a removal restored, all moved to the cart', async ({ page }) => {
  await page.goto(LISTING)
  // The hearts change the list in place once the page's script runs (before: see below).
  await page.locator('[data-hydrated]').first().waitFor()
  const tiles = page
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: /in den Warenkorb$/, disabled: false }) })
  const names: string[] = []
  for (const index of [0, 1, 2]) {
    const heart = tiles.nth(index).getByRole('button', { name: /auf den Merkzettel$/ })
    names.push(((await heart.getAttribute('aria-label')) ?? '').replace(/ auf den Merkzettel$/, ''))
    await expect(heart).toHaveAttribute('aria-pressed', 'false')
    await heart.click()
    await expect(heart).toHaveAttribute('aria-pressed', 'true')
    await expect(headerCount(page, 'Merkzettel')).toContainText(String(index + 1))
  }
  await expect(
    page.getByText('Das Produkt wurde auf deinen Merkzettel gesetzt.').first(),
  ).toBeVisible()

  await page.goto('/merkzettel')
  await expect(page.getByRole('heading', { level: 1, name: 'Merkzettel' })).toBeVisible()
  const list = page.getByRole('list', { name: 'Produkte auf dem Merkzettel' })
  for (const name of names) await expect(list.getByRole('link', { name })).toBeVisible()

  // Removed, then restored with the restore element.
  const first = names[0] ?? ''
  await list.getByRole('button', { name: `Entfernen: ${first}` }).click()
  await expect(list.getByText(`„${first}“ wurde von deinem Merkzettel entfernt.`)).toBeVisible()
  await expect(headerCount(page, 'Merkzettel')).toContainText('2')
  await list.getByRole('button', { name: 'Wiederherstellen' }).click()
  await expect(list.getByRole('link', { name: first })).toBeVisible()
  await expect(headerCount(page, 'Merkzettel')).toContainText('3')

  await page.getByRole('button', { name: 'Alle in den Warenkorb' }).click()
  await expect(page.getByText('Alle Produkte wurden zum Warenkorb hinzugefügt')).toBeVisible()
  await expect(headerCount(page, 'Warenkorb')).toContainText('3')
  await expect(headerCount(page, 'Merkzettel')).not.toContainText(/\d/)

  await page.goto('/warenkorb')
  for (const name of names) await expect(line(page, name)).toBeVisible()
})

test('login merges the guest cart; a soft login gives the password before a quantity change', async ({
  page,
  browser,
}) => {
  const tiles = (await listing(page.request, 'monitore')).filter(
    (tile) => tile.availability !== 'out_of_stock',
  )
  const [mine, guests] = tiles
  if (!mine || !guests) throw new Error('two monitors expected')

  // The customer put a monitor into the cart on another device.
  const email = uniqueEmail('warenkorb')
  const other = await browser.newContext()
  const registered = await other.request.post('/auth/register', {
    data: {
      email,
      firstName: 'Lena',
      lastName: 'Berger',
      password: PASSWORD,
      passwordRepeat: PASSWORD,
    },
  })
  expect(registered.status()).toBe(200)
  expect(
    (await other.request.post('/cart/add/', { data: { id: mine.id, quantity: 1 } })).status(),
  ).toBe(200)
  await other.close()

  // As a guest here: another monitor, from its product page.
  await page.goto(guests.url)
  await page.getByRole('button', { name: 'In den Warenkorb', exact: true }).click()
  await expect(headerCount(page, 'Warenkorb')).toContainText('1')

  await page.goto('/kundenkonto/login')
  await page.getByLabel('E-Mail').fill(email)
  await page.getByLabel('Passwort').fill(PASSWORD)
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await expect(page.getByRole('heading', { name: 'Bestätigungscode eingeben' })).toBeVisible()
  await expect
    .poll(async () => (await latestMail(page, email))?.subject)
    .toBe('Dein Bestätigungscode für die Anmeldung bei Bitwerk')
  const code = (await latestMail(page, email))?.text.match(/Dein Code: (\d{6})/)?.[1] ?? ''
  const digits = page.getByRole('group', { name: 'Bestätigungscode eingeben' }).getByRole('textbox')
  for (const [index, digit] of code.split('').entries()) await digits.nth(index).fill(digit)
  await page.getByRole('button', { name: 'Senden', exact: true }).click()
  await expect(page).toHaveURL(/\/kundenkonto$/)

  await page.goto('/warenkorb')
  await expect(
    page.getByText('Die Produkte aus deinem letzten Besuch wurden in deinen Warenkorb übernommen.'),
  ).toBeVisible()
  await expect(line(page, mine.name)).toBeVisible()
  await expect(line(page, guests.name)).toBeVisible()
  await expect(headerCount(page, 'Warenkorb')).toContainText('2')

  // The full login ends: a quantity change asks for the password, then runs.
  await page.request.post('/api/dev/expire-full-login')
  await page.reload()
  const plus = line(page, mine.name).getByRole('button', { name: `Menge von ${mine.name} erhöhen` })
  await plus.click()
  const popup = page.getByRole('dialog')
  await expect(popup.getByLabel('Passwort')).toBeVisible()
  await popup.getByLabel('Passwort').fill(PASSWORD)
  await popup.getByRole('button', { name: 'Anmelden' }).click()
  await expect(popup).toHaveCount(0)
  await expect(
    line(page, mine.name).getByLabel(`Menge von ${mine.name}`, { exact: true }),
  ).toHaveValue('2')
  await expect(headerCount(page, 'Warenkorb')).toContainText('3')
})

test.describe('with consent to statistics', () => {
  test.use({ consent: 'none' })

  test('a warranty put in the cart from the product page sends the add-to-cart warranty event', async ({
    page,
  }) => {
    const detail = await productWithWarranty(page.request)
    const warranty = detail.warranties[0]
    if (!warranty) throw new Error('warranty expected')
    await page.goto(detail.url)
    await page.getByRole('button', { name: 'Alle akzeptieren' }).click()
    await page.getByRole('radio', { name: warranty.name }).check()
    const event = page.waitForRequest(
      (request) =>
        request.url().endsWith('/api/tracking/add') &&
        request.postDataJSON()?.eventType === 'add_to_cart_warranty',
    )
    await page.getByRole('button', { name: 'In den Warenkorb', exact: true }).click()
    expect((await event).postDataJSON()).toMatchObject({
      eventType: 'add_to_cart_warranty',
      productIds: [detail.id],
      clickElementName: 'buy-box',
    })
  })
})

test.describe('before or without the page script', () => {
  test.use({ javaScriptEnabled: false })

  test('"In den Warenkorb" is a form: the browser sends it, the cart page shows the product and the notice', async ({
    page,
  }) => {
    const tile = (await listing(page.request, 'monitore')).find(
      (candidate) => candidate.availability !== 'out_of_stock',
    )
    if (!tile) throw new Error('an available monitor expected')
    await page.goto(tile.url)
    // Quantity and warranty wait for the script: the form adds what they show, one piece.
    await expect(page.getByLabel('Menge', { exact: true })).toBeDisabled()
    await expect(page.getByLabel('Menge', { exact: true })).toHaveValue('1')
    await page.getByRole('button', { name: 'In den Warenkorb', exact: true }).click()
    await expect(page).toHaveURL(/\/warenkorb$/)
    await expect(page.getByText('Das Produkt wurde in den Warenkorb gelegt.')).toBeVisible()
    await expect(line(page, tile.name)).toBeVisible()
    await expect(headerCount(page, 'Warenkorb')).toContainText('1')
    // The cart's controls too (a tap before would be lost): shown, not yet usable.
    const cartLine = line(page, tile.name)
    await expect(cartLine.getByLabel(`Menge von ${tile.name}`, { exact: true })).toHaveValue('1')
    await expect(cartLine.getByRole('button', { name: /erhöhen$/ })).toBeDisabled()
    await expect(cartLine.getByRole('button', { name: 'Entfernen' })).toBeDisabled()
    await expect(page.getByRole('button', { name: 'PayPal Express' })).toBeDisabled()
  })

  test('the heart is a form: the wishlist page shows the product and the notice, and removes it', async ({
    page,
  }) => {
    await page.goto(LISTING)
    const heart = page
      .getByRole('article')
      .first()
      .getByRole('button', { name: /auf den Merkzettel$/ })
    const name = ((await heart.getAttribute('aria-label')) ?? '').replace(
      / auf den Merkzettel$/,
      '',
    )
    await heart.click()
    await expect(page).toHaveURL(/\/merkzettel\?ergebnis=gemerkt$/)
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'Das Produkt wurde auf deinen Merkzettel gesetzt.',
    )
    const list = page.getByRole('list', { name: 'Produkte auf dem Merkzettel' })
    await expect(list.getByRole('link', { name })).toBeVisible()
    await expect(headerCount(page, 'Merkzettel')).toContainText('1')

    await list.getByRole('button', { name: `Entfernen: ${name}` }).click()
    await expect(page).toHaveURL(/\/merkzettel\?ergebnis=entfernt$/)
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'Das Produkt wurde von deinem Merkzettel entfernt.',
    )
    await expect(page.getByText('Dein Merkzettel ist leer.', { exact: false })).toBeVisible()
  })
})
