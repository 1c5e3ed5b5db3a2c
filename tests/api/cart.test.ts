// The cart through HTTP: every call, prices from the database only, the cap (stock and the
// per-order maximum, answered with maxQuantity), warranties as child lines, the summary, the
// soft-login refusal, merging at login, and concurrent adds that neither lose nor exceed.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products, productWarranties } from '#db/schema/catalog.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import type { Browser } from '#tests/support/client.ts'
import {
  browserFactory,
  latestCode,
  logIn,
  PASSWORD,
  registerCustomer,
} from './account-fixtures.ts'

let shop: TestApp
let newBrowser: () => Browser
let nextOffset = 0

beforeAll(async () => {
  shop = await startTestApp({ env: { TRUST_PROXY: '1' } })
  newBrowser = browserFactory(shop.url)
})
afterAll(() => shop.close())

/** A product of its own for each test (no Campus price), with stock and maximum set. */
async function product(options: { stock?: number; max?: number; minCents?: number } = {}) {
  nextOffset += 1
  const [row] = await shop.db.execute<{ id: number; price_cents: number }>(sql`
    select id, price_cents from products
    where campus_price_cents is null and price_cents >= ${options.minCents ?? 1000}
      and price_cents <= 40000
    order by id offset ${nextOffset} limit 1`)
  if (!row) throw new Error('no product')
  await shop.db
    .update(products)
    .set({ stock: options.stock ?? 50, maxOrderQuantity: options.max ?? 10 })
    .where(eq(products.id, row.id))
  return { id: row.id, priceCents: row.price_cents }
}

/** A product with at least two warranties. */
async function productWithWarranties() {
  const [row] = await shop.db.execute<{ id: number }>(sql`
    select product_id as id from product_warranties group by product_id
    having count(*) >= 2 order by product_id limit 1`)
  if (!row) throw new Error('no product with warranties')
  await shop.db
    .update(products)
    .set({ stock: 50, maxOrderQuantity: 10 })
    .where(eq(products.id, row.id))
  const warranties = await shop.db
    .select()
    .from(productWarranties)
    .where(eq(productWarranties.productId, row.id))
    .orderBy(productWarranties.position, productWarranties.id)
  return { id: row.id, warranties }
}

async function add(browser: Browser, id: number, quantity = 1) {
  const response = await browser.api.cart.addToCart({ body: { id, quantity } })
  if (response.status !== 200) throw new Error(`add answered ${response.status}`)
  return response.body
}

async function cart(browser: Browser) {
  const response = await browser.api.cart.getCart()
  if (response.status !== 200) throw new Error(`cart answered ${response.status}`)
  return response.body
}

function lineOf(state: { products: { id: number; quantity: number }[] }, id: number) {
  return state.products.find((line) => line.id === id)
}

describe('reading', () => {
  it('answers an empty cart to a visitor without a session', async () => {
    const body = await cart(newBrowser())
    expect(body).toMatchObject({ products: [], cartCount: 0, productInfo: [], flashMessages: [] })
    expect(body.cartSummary).toMatchObject({ subtotalCents: 0, shippingCents: 0, totalCents: 0 })
  })

  it('sends a browser navigation to /cart and /wishlist to the pages', async () => {
    const browser = newBrowser()
    const page = await browser.fetch('/cart', { headers: { accept: 'text/html' } })
    expect(page.status).toBe(302)
    expect(page.headers.get('location')).toBe('/warenkorb')
    const json = await browser.fetch('/cart', { headers: { accept: 'application/json' } })
    expect(json.status).toBe(200)
  })

  it('serves the empty-cart template as HTML with the spec text', async () => {
    const response = await newBrowser().fetch('/cart/get-empty-cart-template/')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/text\/html/)
    expect(await response.text()).toContain('Zur Zeit befinden sich keine Produkte im Warenkorb.')
  })

  it('lists the express payments for a filled cart only, and their names', async () => {
    const browser = newBrowser()
    const empty = await browser.api.cart.getExpressPayments()
    expect(empty.body).toEqual({ expressPayments: [] })
    await add(browser, (await product()).id)
    const filled = await browser.api.cart.getExpressPayments()
    expect(filled.body).toEqual({
      expressPayments: [
        { id: 'applepay', name: 'Apple Pay' },
        { id: 'paypal', name: 'PayPal' },
        { id: 'amazonpay', name: 'Amazon Pay' },
      ],
    })
    const names = await browser.api.cart.getExpressPaymentNames()
    expect(names.body).toEqual({ expressPaymentsList: ['applepay', 'paypal', 'amazonpay'] })
  })

  it('gives the checkout products, summary and productsCount (GET /api/cart)', async () => {
    const browser = newBrowser()
    const item = await product()
    await add(browser, item.id, 2)
    const response = await browser.api.cart.getCheckoutCart()
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      productsCount: 2,
      products: [{ id: item.id, quantity: 2 }],
      summary: { subtotalCents: item.priceCents * 2 },
    })
  })
})

describe('delivery time per product (issue 20)', () => {
  it('shows the merchant’s delivery time, else the standard, for what is in stock', async () => {
    const browser = newBrowser()
    const own = await product()
    const standard = await product()
    await shop.db
      .update(products)
      .set({ deliveryTime: '3–5 Werktage' })
      .where(eq(products.id, own.id))
    await add(browser, own.id)
    const added = await add(browser, standard.id)
    // The add's answer shows the same delivery times as the cart.
    const addedById = new Map(added.products.map((p) => [p.id, p.deliveryTime]))
    expect(addedById.get(own.id)).toBe('Lieferzeit: 3–5 Werktage')
    expect(addedById.get(standard.id)).toBe('Lieferzeit: 1–2 Werktage')
    const response = await browser.api.cart.getCheckoutCart()
    const byId = new Map(
      (response.status === 200 ? response.body.products : []).map((p) => [p.id, p.deliveryTime]),
    )
    expect(byId.get(own.id)).toBe('Lieferzeit: 3–5 Werktage')
    expect(byId.get(standard.id)).toBe('Lieferzeit: 1–2 Werktage')
  })
})

describe('adding', () => {
  it('prices from the database: a price in the body is ignored', async () => {
    const browser = newBrowser()
    const item = await product()
    const response = await browser.api.cart.addToCart({
      body: { id: item.id, quantity: 1, price: 1, priceCents: 1 } as never,
    })
    expect(response.status).toBe(200)
    if (response.status !== 200) return
    expect(lineOf(response.body, item.id)).toMatchObject({
      quantity: 1,
      priceCents: item.priceCents,
      totalCents: item.priceCents,
    })
    expect(response.body.productInfo).toEqual([
      expect.objectContaining({ productId: item.id, priceCents: item.priceCents }),
    ])
    // A price change in the catalog shows at the next read.
    await shop.db
      .update(products)
      .set({ priceCents: item.priceCents + 100 })
      .where(eq(products.id, item.id))
    expect(lineOf(await cart(browser), item.id)).toMatchObject({
      priceCents: item.priceCents + 100,
    })
  })

  it('adds quantities up and answers without maxQuantity when nothing was capped', async () => {
    const browser = newBrowser()
    const item = await product()
    await add(browser, item.id, 2)
    const body = await add(browser, item.id, 3)
    expect(lineOf(body, item.id)?.quantity).toBe(5)
    expect(body.cartCount).toBe(5)
    expect(body).not.toHaveProperty('maxQuantity')
  })

  it('caps at the stock and answers maxQuantity', async () => {
    const browser = newBrowser()
    const item = await product({ stock: 3, max: 10 })
    const body = await add(browser, item.id, 5)
    expect(body.maxQuantity).toBe(3)
    expect(lineOf(body, item.id)).toMatchObject({ quantity: 3, quantityLimit: 3 })
  })

  it('caps at the per-order maximum and answers maxQuantity', async () => {
    const browser = newBrowser()
    const item = await product({ stock: 40, max: 4 })
    await add(browser, item.id, 3)
    const body = await add(browser, item.id, 3)
    expect(body.maxQuantity).toBe(4)
    expect(lineOf(body, item.id)?.quantity).toBe(4)
  })

  it('refuses unknown (404), sold-out (cart_product_unavailable) and malformed (400) adds', async () => {
    const browser = newBrowser()
    const unknown = await browser.api.cart.addToCart({ body: { id: 99_999_999, quantity: 1 } })
    expect(unknown.status).toBe(404)
    const soldOut = await product({ stock: 0 })
    const refused = await browser.api.cart.addToCart({ body: { id: soldOut.id, quantity: 1 } })
    expect(refused.status).toBe(422)
    expect(refused.body).toMatchObject({ code: 'cart_product_unavailable' })
    const zero = await browser.api.cart.addToCart({ body: { id: soldOut.id, quantity: 0 } })
    expect(zero.status).toBe(400)
    const raw = await browser.fetch('/cart/add/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'abc', quantity: 1 }),
    })
    expect(raw.status).toBe(400)
  })

  it('refuses a 51st product with cart_full', async () => {
    const browser = newBrowser()
    const rows = await shop.db.execute<{ id: number }>(sql`
      update products set stock = 20 where id in (
        select id from products order by id desc limit 51) returning id`)
    const ids = rows.map((row) => row.id)
    for (const id of ids.slice(0, 50)) await add(browser, id)
    const last = await browser.api.cart.addToCart({ body: { id: ids[50] as number, quantity: 1 } })
    expect(last.status).toBe(422)
    expect(last.body).toMatchObject({ code: 'cart_full' })
    // More of a product already in the cart is still fine.
    expect(lineOf(await add(browser, ids[0] as number), ids[0] as number)?.quantity).toBe(2)
  })

  it('shows the cart in the header: counter and popup lines', async () => {
    const browser = newBrowser()
    const item = await product()
    await add(browser, item.id, 2)
    const header = await browser.api.header.getHeaderData()
    expect(header.body).toMatchObject({
      cartAmount: 2,
      cartContent: [{ productId: item.id, quantity: 2, priceCents: item.priceCents }],
    })
  })
})

describe("adding through the button's HTML form (before or without the page's script)", () => {
  const form = (browser: Browser, fields: Record<string, string>, origin?: string) =>
    browser.fetch('/warenkorb/hinzufuegen', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(origin ? { origin } : {}),
      },
      body: new URLSearchParams(fields).toString(),
    })
  const flashOf = async (browser: Browser) => (await cart(browser)).flashMessages.map((m) => m.code)

  it('adds, answers 303 to /warenkorb and tells the outcome once in the cart banner', async () => {
    const browser = newBrowser()
    const { id } = await product({ stock: 50, max: 10 })
    const answer = await form(browser, { id: String(id), quantity: '2' }, shop.url)
    expect(answer.status).toBe(303)
    expect(answer.headers.get('location')).toBe('/warenkorb')
    expect(answer.headers.get('cache-control')).toMatch(/no-store/)
    const state = await cart(browser)
    expect(lineOf(state, id)?.quantity).toBe(2)
    expect(state.flashMessages.map((m) => [m.code, m.message])).toEqual([
      ['cart_added', 'Das Produkt wurde in den Warenkorb gelegt.'],
    ])
    expect(await flashOf(browser)).toEqual([])
    // Without a quantity field it adds one; the cap is told too.
    expect((await form(browser, { id: String(id) })).status).toBe(303)
    expect(lineOf(await cart(browser), id)?.quantity).toBe(3)
    expect((await form(browser, { id: String(id), quantity: '50' })).status).toBe(303)
    const capped = await cart(browser)
    expect(lineOf(capped, id)?.quantity).toBe(10)
    expect(capped.flashMessages.map((m) => m.code)).toEqual(['cart_added_capped'])
  })

  it('carries a chosen warranty', async () => {
    const browser = newBrowser()
    const { id, warranties } = await productWithWarranties()
    const warranty = warranties[1]
    if (!warranty) throw new Error('warranty expected')
    const fields = { id: String(id), quantity: '1', warrantyId: String(warranty.id) }
    expect((await form(browser, fields)).status).toBe(303)
    expect(lineOf(await cart(browser), id)).toMatchObject({ warranty: { id: warranty.id } })
    // The product is shared with other tests that count its cart rows.
    expect((await browser.api.cart.removeFromCart({ body: { id } })).status).toBe(200)
  })

  it('tells a sold-out or unknown product in the banner, and refuses malformed or foreign forms', async () => {
    const browser = newBrowser()
    const soldOut = await product({ stock: 0 })
    expect((await form(browser, { id: String(soldOut.id) })).status).toBe(303)
    expect((await form(browser, { id: '99999999' })).status).toBe(303)
    const state = await cart(browser)
    expect(state.products).toEqual([])
    expect(state.flashMessages.map((m) => m.code)).toEqual(['cart_product_unavailable'])
    const malformed: Record<string, string>[] = [
      { id: 'abc' },
      { id: String(soldOut.id), quantity: '0' },
      {},
    ]
    for (const fields of malformed) {
      expect((await form(browser, fields)).status).toBe(400)
    }
    const foreign = await form(newBrowser(), { id: String(soldOut.id) }, 'https://evil.example')
    expect(foreign.status).toBe(403)
  })
})

describe('changing', () => {
  it('sets a quantity, caps it with maxQuantity, refuses lines not in the cart', async () => {
    const browser = newBrowser()
    const item = await product({ stock: 6, max: 10 })
    await add(browser, item.id, 1)
    const set = await browser.api.cart.changeQuantity({ body: { id: item.id, quantity: 4 } })
    expect(set.status).toBe(200)
    if (set.status !== 200) return
    expect(lineOf(set.body, item.id)?.quantity).toBe(4)
    expect(set.body).not.toHaveProperty('maxQuantity')
    const capped = await browser.api.cart.changeQuantity({ body: { id: item.id, quantity: 9 } })
    expect(capped.body).toMatchObject({ maxQuantity: 6 })
    const missing = await browser.api.cart.changeQuantity({
      body: { id: (await product()).id, quantity: 1 },
    })
    expect(missing.status).toBe(404)
    const zero = await browser.api.cart.changeQuantity({ body: { id: item.id, quantity: 0 } })
    expect(zero.status).toBe(400)
  })

  it('refuses a quantity change of a product sold out meanwhile with cart_product_unavailable', async () => {
    const browser = newBrowser()
    const item = await product()
    await add(browser, item.id)
    await shop.db.update(products).set({ stock: 0 }).where(eq(products.id, item.id))
    const answer = await browser.api.cart.changeQuantity({ body: { id: item.id, quantity: 2 } })
    expect(answer.status).toBe(422)
    expect(answer.body).toMatchObject({ code: 'cart_product_unavailable' })
    // It stays in the cart, not counted and not charged.
    const body = await cart(browser)
    expect(lineOf(body, item.id)).toMatchObject({ available: false })
    expect(body.cartSummary.subtotalCents).toBe(0)
  })

  it('keeps a warranty as a child line that follows the quantity and goes with the product', async () => {
    const browser = newBrowser()
    const item = await productWithWarranties()
    const [first, second] = item.warranties
    if (!first || !second) throw new Error('two warranties expected')
    await add(browser, item.id, 2)
    const chosen = await browser.api.cart.setWarranty({
      body: { id: item.id, warrantyId: second.id },
    })
    expect(chosen.status).toBe(200)
    if (chosen.status !== 200) return
    const line = lineOf(chosen.body, item.id) as (typeof chosen.body.products)[number]
    expect(line.warranty).toMatchObject({
      id: second.id,
      quantity: 2,
      totalCents: second.priceCents * 2,
    })
    expect(chosen.body.cartSummary.subtotalCents).toBe(line.totalCents + second.priceCents * 2)
    const more = await browser.api.cart.changeQuantity({ body: { id: item.id, quantity: 3 } })
    if (more.status !== 200) throw new Error('quantity change failed')
    expect(more.body.products[0]?.warranty).toMatchObject({ quantity: 3 })
    // A warranty of another product is refused; null takes it off.
    const other = await shop.db.execute<{ id: number }>(
      sql`select id from product_warranties where product_id <> ${item.id} limit 1`,
    )
    const foreign = await browser.api.cart.setWarranty({
      body: { id: item.id, warrantyId: other[0]?.id ?? 1 },
    })
    expect(foreign.status).toBe(404)
    const off = await browser.api.cart.setWarranty({ body: { id: item.id, warrantyId: null } })
    if (off.status !== 200) throw new Error('warranty removal failed')
    expect(off.body.products[0]?.warranty).toBeNull()
    // Chosen again, then the product goes: the warranty goes with it.
    await browser.api.cart.setWarranty({ body: { id: item.id, warrantyId: first.id } })
    const removed = await browser.api.cart.removeFromCart({ body: { id: item.id } })
    expect(removed.body).toMatchObject({ products: [], cartCount: 0 })
    const rows = await shop.db.execute(sql`select 1 from cart_items where product_id = ${item.id}`)
    expect(rows.length).toBe(0)
  })

  it('adds with a warranty chosen on the product page', async () => {
    const browser = newBrowser()
    const item = await productWithWarranties()
    const warranty = item.warranties[0]
    if (!warranty) throw new Error('warranty expected')
    const response = await browser.api.cart.addToCart({
      body: { id: item.id, quantity: 1, warrantyId: warranty.id },
    })
    expect(response.status).toBe(200)
    if (response.status !== 200) return
    expect(response.body.products[0]?.warranty).toMatchObject({ id: warranty.id, quantity: 1 })
    const wrong = await browser.api.cart.addToCart({
      body: { id: (await product()).id, quantity: 1, warrantyId: warranty.id },
    })
    expect(wrong.status).toBe(404)
  })

  it('removes a product (again: 404) and pieces through /api/cart/remove/{quantity}', async () => {
    const browser = newBrowser()
    const a = await product()
    const b = await product()
    await add(browser, a.id, 5)
    await add(browser, b.id, 1)
    const less = await browser.api.cart.removeQuantity({
      params: { quantity: 2 },
      body: { id: a.id },
    })
    expect(less.status).toBe(200)
    if (less.status !== 200) return
    expect(lineOf(less.body, a.id)?.quantity).toBe(3)
    expect(less.body.cartCount).toBe(4)
    const gone = await browser.api.cart.removeQuantity({
      params: { quantity: 9 },
      body: { id: a.id },
    })
    if (gone.status !== 200) throw new Error('remove failed')
    expect(lineOf(gone.body, a.id)).toBeUndefined()
    const removed = await browser.api.cart.removeFromCart({ body: { id: b.id } })
    expect(removed.status).toBe(200)
    expect(removed.body).toMatchObject({ products: [], cartCount: 0 })
    const again = await browser.api.cart.removeFromCart({ body: { id: b.id } })
    expect(again.status).toBe(404)
    const badPath = await browser.fetch('/api/cart/remove/0', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: b.id }),
    })
    expect(badPath.status).toBe(400)
  })
})

describe('summary', () => {
  it('charges 4,99 € shipping below 99 €, none from 99 €, and states the VAT included (19 %)', async () => {
    const browser = newBrowser()
    const [row] = await shop.db.execute<{ id: number }>(sql`
      select id from products where campus_price_cents is null order by id desc offset 60 limit 1`)
    const id = row?.id as number
    await shop.db
      .update(products)
      .set({ priceCents: 4000, stock: 10, maxOrderQuantity: 10 })
      .where(eq(products.id, id))
    const one = await add(browser, id, 2)
    expect(one.cartSummary).toEqual({
      subtotalCents: 8000,
      shippingCents: 499,
      totalCents: 8499,
      taxPercent: 19,
      taxCents: Math.round((8499 * 19) / 119),
      freeShippingFromCents: 9900,
      missingForFreeShippingCents: 1900,
    })
    const free = await add(browser, id, 1)
    expect(free.cartSummary).toMatchObject({
      subtotalCents: 12000,
      shippingCents: 0,
      totalCents: 12000,
      taxCents: Math.round((12000 * 19) / 119),
      missingForFreeShippingCents: 0,
    })
  })
})

describe('soft login', () => {
  it('refuses quantity changes and removals with 401 soft_login_required; reading and adding work', async () => {
    const browser = newBrowser()
    const { email } = await registerCustomer(browser)
    const item = await product()
    await add(browser, item.id, 1)
    shop.clock.advance(3600 * 1000)
    const header = await browser.api.header.getHeaderData()
    expect(header.body).toMatchObject({ isLoggedInSoft: true })

    for (const answer of [
      await browser.api.cart.changeQuantity({ body: { id: item.id, quantity: 2 } }),
      await browser.api.cart.removeFromCart({ body: { id: item.id } }),
      await browser.api.cart.removeQuantity({ params: { quantity: 1 }, body: { id: item.id } }),
    ]) {
      expect(answer.status).toBe(401)
      expect(answer.body).toEqual({
        code: 'soft_login_required',
        message: 'Deine Sitzung ist abgelaufen, bitte melde dich erneut an.',
      })
    }
    expect(lineOf(await add(browser, item.id, 1), item.id)?.quantity).toBe(2)
    expect(lineOf(await cart(browser), item.id)?.quantity).toBe(2)
    // After the password the same change goes through.
    await logIn(browser, email)
    const done = await browser.api.cart.changeQuantity({ body: { id: item.id, quantity: 1 } })
    expect(done.status).toBe(200)
  })
})

describe('merging at login', () => {
  it('adds the guest cart to the customer cart (capped), tells once, follows across devices', async () => {
    const device = newBrowser()
    const { email } = await registerCustomer(device)
    const a = await product({ stock: 50, max: 10 })
    const b = await product({ stock: 50, max: 10 })
    const c = await product({ stock: 4, max: 10 })
    await add(device, a.id, 1)
    await add(device, c.id, 2)

    const guest = newBrowser()
    await add(guest, a.id, 2)
    await add(guest, b.id, 1)
    await add(guest, c.id, 3)
    await logIn(guest, email)

    const merged = await cart(guest)
    const quantities = Object.fromEntries(merged.products.map((line) => [line.id, line.quantity]))
    expect(quantities).toEqual({ [a.id]: 3, [b.id]: 1, [c.id]: 4 })
    expect(merged.flashMessages.map((message) => message.code)).toEqual([
      'cart_merged',
      'cart_quantities_adjusted',
    ])
    expect(merged.flashMessages[0]?.message).toBe(
      'Die Produkte aus deinem letzten Besuch wurden in deinen Warenkorb übernommen.',
    )
    expect((await cart(guest)).flashMessages).toEqual([])
    // The other device sees the same cart; no guest cart is left behind.
    expect((await cart(device)).cartCount).toBe(8)
    const guestCarts = await shop.db.execute(
      sql`select 1 from carts c join cart_items ci on ci.cart_id = c.id
        where c.session_id is not null and ci.product_id = ${b.id}`,
    )
    expect(guestCarts.length).toBe(0)
  })
})

describe('concurrency', () => {
  it('two tabs adding at once lose nothing (same product and different products)', async () => {
    const browser = newBrowser()
    const first = await product({ stock: 100, max: 50 })
    await add(browser, first.id, 1) // the session exists; both tabs share it
    const others = await Promise.all(Array.from({ length: 8 }, () => product()))
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () =>
        browser.api.cart.addToCart({ body: { id: first.id, quantity: 1 } }),
      ),
      ...others.map((other) => browser.api.cart.addToCart({ body: { id: other.id, quantity: 2 } })),
    ])
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    const body = await cart(browser)
    expect(lineOf(body, first.id)?.quantity).toBe(21)
    expect(body.products).toHaveLength(9)
    expect(body.cartCount).toBe(21 + 16)
  })

  it('concurrent adds never exceed the stock or the per-order maximum', async () => {
    const browser = newBrowser()
    const scarce = await product({ stock: 7, max: 10 })
    const limited = await product({ stock: 100, max: 5 })
    await add(browser, scarce.id, 1)
    const answers = await Promise.all([
      ...Array.from({ length: 15 }, () =>
        browser.api.cart.addToCart({ body: { id: scarce.id, quantity: 1 } }),
      ),
      ...Array.from({ length: 15 }, () =>
        browser.api.cart.addToCart({ body: { id: limited.id, quantity: 2 } }),
      ),
    ])
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    const body = await cart(browser)
    expect(lineOf(body, scarce.id)?.quantity).toBe(7)
    expect(lineOf(body, limited.id)?.quantity).toBe(5)
    // Those that hit the cap say so.
    expect(answers.some((answer) => answer.status === 200 && answer.body.maxQuantity === 7)).toBe(
      true,
    )
  })

  it('concurrent guests merging into one customer cart stay capped', async () => {
    const device = newBrowser()
    const { email } = await registerCustomer(device)
    const item = await product({ stock: 6, max: 10 })
    const guests = Array.from({ length: 4 }, () => newBrowser())
    // Password and code per guest one after the other (codes go to one mailbox), then all
    // guests send their code at once: the merges run concurrently.
    const codes: string[] = []
    for (const guest of guests) {
      await add(guest, item.id, 3)
      const first = await guest.api.account.login({ body: { email, password: PASSWORD } })
      expect(first.body).toMatchObject({ needs2FaAuthentication: true })
      codes.push(await latestCode(guest, email))
    }
    const answers = await Promise.all(
      guests.map((guest, i) =>
        guest.api.account.submitTwoFaCode({ body: { code: codes[i] ?? '' } }),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
    expect(lineOf(await cart(device), item.id)?.quantity).toBe(6)
  })
})
