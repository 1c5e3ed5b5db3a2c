// The wishlist through HTTP: add and delete with successful/itemCount, the list, moving all to
// the cart with the spec's texts, the limit, merging at login, the header, concurrency and the
// white-label variant (no wishlist at all).
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '#db/schema/catalog.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import type { Browser } from '#tests/support/client.ts'
import { browserFactory, logIn, registerCustomer } from './account-fixtures.ts'

let shop: TestApp
let newBrowser: () => Browser
let nextOffset = 100

beforeAll(async () => {
  shop = await startTestApp({ env: { TRUST_PROXY: '1' } })
  newBrowser = browserFactory(shop.url)
})
afterAll(() => shop.close())

async function product(stock = 20): Promise<number> {
  nextOffset += 1
  const [row] = await shop.db.execute<{ id: number }>(
    sql`select id from products order by id offset ${nextOffset} limit 1`,
  )
  if (!row) throw new Error('no product')
  await shop.db.update(products).set({ stock, maxOrderQuantity: 10 }).where(eq(products.id, row.id))
  return row.id
}

async function heart(browser: Browser, productId: number) {
  const response = await browser.api.wishlist.addToWishlist({ body: { productId } })
  if (response.status !== 200) throw new Error(`add answered ${response.status}`)
  return response.body
}

async function list(browser: Browser) {
  const response = await browser.api.wishlist.getWishlist()
  if (response.status !== 200) throw new Error(`list answered ${response.status}`)
  return response.body
}

describe('wishlist', () => {
  it('adds (twice: no change), lists newest first and deletes with successful and itemCount', async () => {
    const browser = newBrowser()
    expect(await list(browser)).toEqual({ successful: true, itemCount: 0, products: [] })
    const a = await product()
    const b = await product()
    expect(await heart(browser, a)).toEqual({ successful: true, itemCount: 1 })
    shop.clock.advance(1000)
    expect(await heart(browser, b)).toEqual({ successful: true, itemCount: 2 })
    expect(await heart(browser, b)).toEqual({ successful: true, itemCount: 2 })
    const body = await list(browser)
    expect(body.products.map((item) => item.id)).toEqual([b, a])
    expect(body.products[0]).toMatchObject({ availability: 'in_stock', url: expect.any(String) })
    const deleted = await browser.api.wishlist.deleteFromWishlist({ body: { productId: b } })
    expect(deleted.body).toEqual({ successful: true, itemCount: 1 })
    const notThere = await browser.api.wishlist.deleteFromWishlist({ body: { productId: b } })
    expect(notThere.body).toEqual({ successful: true, itemCount: 1 })
  })

  it('refuses unknown products (404) and malformed ids (400)', async () => {
    const browser = newBrowser()
    const unknown = await browser.api.wishlist.addToWishlist({ body: { productId: 99_999_999 } })
    expect(unknown.status).toBe(404)
    const raw = await browser.fetch('/wishlist/add', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ productId: 'x' }),
    })
    expect(raw.status).toBe(400)
  })

  it('sends a browser navigation to /wishlist to /merkzettel', async () => {
    const page = await newBrowser().fetch('/wishlist', { headers: { accept: 'text/html' } })
    expect(page.status).toBe(302)
    expect(page.headers.get('location')).toBe('/merkzettel')
  })

  it('shows the count and the products in the header', async () => {
    const browser = newBrowser()
    const a = await product()
    await heart(browser, a)
    const header = await browser.api.header.getHeaderData()
    expect(header.body).toMatchObject({
      wishlistItemCount: 1,
      wishlist: [{ productId: a, quantity: 1 }],
    })
  })

  it('moves all to the cart: "Alle Produkte wurden zum Warenkorb hinzugefügt"', async () => {
    const browser = newBrowser()
    const ids = [await product(), await product(), await product()]
    for (const id of ids) await heart(browser, id)
    const moved = await browser.api.wishlist.moveAllToCart()
    expect(moved.status).toBe(200)
    expect(moved.body).toMatchObject({
      successful: true,
      code: 'wishlist_moved_all',
      message: 'Alle Produkte wurden zum Warenkorb hinzugefügt',
      movedCount: 3,
      itemCount: 0,
      cartCount: 3,
    })
    const cart = await browser.api.cart.getCart()
    if (cart.status !== 200) throw new Error('cart failed')
    expect(cart.body.products.map((line) => line.id).sort()).toEqual([...ids].sort())
    expect((await list(browser)).itemCount).toBe(0)
    const empty = await browser.api.wishlist.moveAllToCart()
    expect(empty.status).toBe(422)
    expect(empty.body).toMatchObject({ code: 'wishlist_empty' })
  })

  it('keeps sold-out products on the list, and points to support when nothing could move', async () => {
    const browser = newBrowser()
    const available = await product()
    const soldOut = await product(0)
    await heart(browser, available)
    await heart(browser, soldOut)
    const some = await browser.api.wishlist.moveAllToCart()
    expect(some.body).toMatchObject({ code: 'wishlist_moved_some', movedCount: 1, itemCount: 1 })
    expect((await list(browser)).products.map((item) => item.id)).toEqual([soldOut])
    const none = await browser.api.wishlist.moveAllToCart()
    expect(none.status).toBe(422)
    expect(none.body).toEqual({
      code: 'wishlist_move_failed',
      message:
        'Die Produkte konnten nicht in den Warenkorb gelegt werden. Bitte wende dich an unseren Kundenservice.',
    })
  })

  it('refuses a 101st product with wishlist_full', async () => {
    const browser = newBrowser()
    const rows = await shop.db.execute<{ id: number }>(
      sql`select id from products order by id desc limit 101`,
    )
    for (const row of rows.slice(0, 100)) await heart(browser, row.id)
    const last = await browser.api.wishlist.addToWishlist({
      body: { productId: rows[100]?.id ?? 1 },
    })
    expect(last.status).toBe(422)
    expect(last.body).toMatchObject({ code: 'wishlist_full' })
  })

  it('keeps one entry when the same product is hearted in parallel', async () => {
    const browser = newBrowser()
    const a = await product()
    await heart(browser, await product())
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        browser.api.wishlist.addToWishlist({ body: { productId: a } }),
      ),
    )
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    expect((await list(browser)).itemCount).toBe(2)
  })

  it('merges the guest wishlist into the customer wishlist at login', async () => {
    const device = newBrowser()
    const { email } = await registerCustomer(device)
    const a = await product()
    const b = await product()
    await heart(device, a)
    const guest = newBrowser()
    await heart(guest, a)
    await heart(guest, b)
    await logIn(guest, email)
    expect((await list(guest)).products.map((item) => item.id).sort()).toEqual([a, b].sort())
    expect((await list(device)).itemCount).toBe(2)
  })
})

describe("the hearts' and the page's HTML forms (before or without the page's script)", () => {
  const form = (browser: Browser, path: string, fields: Record<string, string>, origin?: string) =>
    browser.fetch(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(origin ? { origin } : {}),
      },
      body: new URLSearchParams(fields).toString(),
    })
  const heartForm = (browser: Browser, productId: number | string) =>
    form(browser, '/merkzettel/hinzufuegen', { productId: String(productId) })
  const locationOf = (answer: Response) => answer.headers.get('location')

  it('adds and deletes like the calls, answering 303 to /merkzettel with the outcome', async () => {
    const browser = newBrowser()
    const a = await product()
    const added = await heartForm(browser, a)
    expect(added.status).toBe(303)
    expect(locationOf(added)).toBe('/merkzettel?ergebnis=gemerkt')
    expect(added.headers.get('cache-control')).toMatch(/no-store/)
    expect((await list(browser)).products.map((item) => item.id)).toEqual([a])
    // Again: no change, the same outcome.
    expect(locationOf(await heartForm(browser, a))).toBe('/merkzettel?ergebnis=gemerkt')
    expect((await list(browser)).itemCount).toBe(1)
    const deleted = await form(browser, '/merkzettel/entfernen', { productId: String(a) })
    expect(deleted.status).toBe(303)
    expect(locationOf(deleted)).toBe('/merkzettel?ergebnis=entfernt')
    expect((await list(browser)).itemCount).toBe(0)
  })

  it('tells an unknown product and a full list; refuses malformed or foreign forms', async () => {
    const browser = newBrowser()
    expect(locationOf(await heartForm(browser, 99999999))).toBe('/merkzettel?ergebnis=fehler')
    const rows = await shop.db.execute<{ id: number }>(
      sql`select id from products order by id desc limit 101`,
    )
    for (const row of rows.slice(0, 100)) await heart(browser, row.id)
    const full = await heartForm(browser, rows[100]?.id ?? 1)
    expect(locationOf(full)).toBe('/merkzettel?ergebnis=voll')
    expect((await list(browser)).itemCount).toBe(100)
    for (const productId of ['abc', '0', '']) {
      expect((await heartForm(browser, productId)).status).toBe(400)
    }
    const foreign = await form(
      newBrowser(),
      '/merkzettel/hinzufuegen',
      { productId: '1' },
      'https://evil.example',
    )
    expect(foreign.status).toBe(403)
  })

  it('moves everything to the cart: verschoben, teilweise, then leer', async () => {
    const browser = newBrowser()
    const a = await product()
    const soldOut = await product(0)
    await heart(browser, a)
    const moveAll = () => form(browser, '/merkzettel/alle-in-den-warenkorb', {})
    expect(locationOf(await moveAll())).toBe('/merkzettel?ergebnis=verschoben')
    const cart = await browser.api.cart.getCart()
    expect(cart.status === 200 && cart.body.products.map((line) => line.id)).toEqual([a])
    await heart(browser, a)
    await heart(browser, soldOut)
    expect(locationOf(await moveAll())).toBe('/merkzettel?ergebnis=teilweise')
    expect(locationOf(await moveAll())).toBe('/merkzettel?ergebnis=nicht-verschoben')
    await browser.api.wishlist.deleteFromWishlist({ body: { productId: soldOut } })
    expect(locationOf(await moveAll())).toBe('/merkzettel?ergebnis=leer')
  })
})

describe('white label', () => {
  it('has no wishlist: every call answers 404 and the header counts nothing', async () => {
    const whiteLabel = await startTestApp({ env: { WHITE_LABEL: '1' } })
    try {
      const browser = browserFactory(whiteLabel.url)()
      const [row] = await whiteLabel.db.execute<{ id: number }>(
        sql`select id from products where stock > 0 order by id limit 1`,
      )
      const productId = row?.id ?? 1
      expect((await browser.api.wishlist.addToWishlist({ body: { productId } })).status).toBe(404)
      expect((await browser.api.wishlist.deleteFromWishlist({ body: { productId } })).status).toBe(
        404,
      )
      expect((await browser.api.wishlist.getWishlist()).status).toBe(404)
      expect((await browser.api.wishlist.moveAllToCart()).status).toBe(404)
      const header = await browser.api.header.getHeaderData()
      expect(header.body).toMatchObject({ whiteLabel: true, wishlistItemCount: 0 })
      const template = await browser.fetch('/cart/get-empty-cart-template/')
      expect(await template.text()).not.toContain('/merkzettel')
    } finally {
      await whiteLabel.close()
    }
  })
})
