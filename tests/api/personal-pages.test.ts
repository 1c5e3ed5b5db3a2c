import { and, eq, gt } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Db } from '#db/client.ts'
import { customers } from '#db/schema/account.ts'
import { products } from '#db/schema/catalog.ts'
import { sessions } from '#db/schema/platform.ts'
import { startTestApp } from '#tests/support/app.ts'
import type { Browser } from '#tests/support/client.ts'
import { cloneTemplate } from '#tests/support/template.ts'
import { browserFactory, registerCustomer } from './account-fixtures.ts'

type Shop = { url: string; db: Db; close: () => Promise<void> }

/** The shop in-process with its page renderer, on a shared database, on the real clock. */
function startShop(dbUrl: string, env: Record<string, string> = {}): Promise<Shop> {
  return startTestApp({
    dbUrl,
    pages: true,
    clock: 'system',
    dbMax: 6,
    env: { TRUST_PROXY: '1', ...env },
  })
}

const CATEGORY = '/kategorie/pc-komponenten/grafikkarten'
/** The page cache (the shop under test) and a shop that renders every page in full. */
let cached: Shop
let full: Shop
let browsers: (url?: string) => Browser
let productPath: string
let productId: number

function page(shop: Shop, path: string, headers: Record<string, string> = {}) {
  return fetch(`${shop.url}${path}`, { headers: { accept: 'text/html', ...headers } })
}

/** The page as this browser (its cookies) gets it from `shop`. */
function pageAs(browser: Browser, shop: Shop, path: string) {
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  return page(shop, path, { cookie })
}

/** The state block's timestamps differ between two renders of the same page. */
function withoutTimes(html: string): string {
  return html.replace(/"(dataUpdatedAt|dehydratedAt|errorUpdatedAt)":\d+/g, '"$1":0')
}

async function customer(firstName: string, cartQuantity: number): Promise<Browser> {
  const browser = browsers()
  await registerCustomer(browser, { firstName })
  const added = await browser.api.cart.addToCart({
    body: { id: productId, quantity: cartQuantity },
  })
  expect(added.status).toBe(200)
  return browser
}

beforeAll(async () => {
  const dbUrl = await cloneTemplate(inject('dbAdminUrl'), inject('dbTemplate'))
  cached = await startShop(dbUrl)
  full = await startShop(dbUrl, { PAGE_CACHE_MB: '0' })
  browsers = browserFactory(cached.url)
  const [product] = await cached.db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(and(eq(products.active, true), gt(products.stock, 20)))
    .orderBy(products.id)
    .limit(1)
  if (!product) throw new Error('no product in stock seeded')
  productId = product.id
  productPath = `/artikel/${product.slug}-${product.id}`
  // The catalog listener is confirmed asynchronously: wait until a guest's page is a hit.
  const until = Date.now() + 5000
  while (Date.now() < until) {
    if ((await page(cached, '/')).headers.get('x-page-cache') === 'hit') break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
})
afterAll(async () => {
  await full?.close()
  await cached?.close()
})

describe("a customer's catalog page from the guests' cache", () => {
  it('is the page a full render gives the same customer (category, product, home)', async () => {
    const browser = await customer('Vollständig', 2)
    for (const path of [CATEGORY, productPath, '/', `${CATEGORY}?sortierung=preis`]) {
      const mine = await pageAs(browser, cached, path)
      expect(mine.headers.get('x-page-cache')).toBe('personal')
      const reference = await pageAs(browser, full, path)
      expect(reference.headers.get('x-page-cache')).toBeNull()
      expect(withoutTimes(await mine.text())).toBe(withoutTimes(await reference.text()))
    }
  })

  it("never shows one customer's name or cart to another, nor to a guest", async () => {
    const alpha = await customer('Alphonsina', 2)
    const beta = await customer('Betulius', 1)
    await page(cached, CATEGORY)
    for (let round = 0; round < 2; round += 1) {
      const a = await (await pageAs(alpha, cached, CATEGORY)).text()
      const b = await (await pageAs(beta, cached, CATEGORY)).text()
      expect(a).toContain('Hallo Alphonsina')
      expect(a).toContain('header-action__count">2<')
      expect(a).not.toContain('Betulius')
      expect(b).toContain('Hallo Betulius')
      expect(b).toContain('header-action__count">1<')
      expect(b).not.toContain('Alphonsina')
      // The state block carries each one's own header data (the browser hydrates from it).
      expect(a).toContain('"firstName":"Alphonsina"')
      expect(b).toContain('"firstName":"Betulius"')
    }
    const guest = await page(cached, CATEGORY)
    expect(guest.headers.get('x-page-cache')).toBe('hit')
    const html = await guest.text()
    expect(html).not.toContain('Alphonsina')
    expect(html).not.toContain('Betulius')
    expect(html).not.toContain('Hallo ')
    expect(html).toContain('Anmelden')
  })

  it('is private: no-store, Vary: Cookie, no shared validator', async () => {
    const browser = await customer('Privata', 1)
    const mine = await pageAs(browser, cached, productPath)
    expect(mine.headers.get('x-page-cache')).toBe('personal')
    expect(mine.headers.get('cache-control')).toBe('private, no-store')
    expect(mine.headers.get('vary')).toMatch(/cookie/i)
    const guest = await page(cached, productPath)
    expect(guest.headers.get('etag')).toBeTruthy()
    expect(mine.headers.get('etag')).not.toBe(guest.headers.get('etag'))
  })

  it('keeps the consent banner of the visitor: shown without a decision', async () => {
    const browser = await customer('Bannera', 1)
    const html = await (await pageAs(browser, cached, CATEGORY)).text()
    expect(html).toContain('class="consent-banner"')
    expect(html).toContain('Hallo Bannera')
  })

  it('is rendered in full when a product on the page is on the wishlist (filled heart)', async () => {
    const browser = await customer('Herzlinde', 1)
    const added = await browser.api.wishlist.addToWishlist({ body: { productId } })
    expect(added.status).toBe(200)
    const mine = await pageAs(browser, cached, productPath)
    expect(mine.headers.get('x-page-cache')).toBe('bypass')
    const html = await mine.text()
    expect(html).toContain('aria-pressed="true"')
    const reference = await pageAs(browser, full, productPath)
    expect(withoutTimes(html)).toBe(withoutTimes(await reference.text()))
    // Another page without that product is still made from the guest's page.
    const other = await pageAs(browser, cached, '/kategorie/monitore')
    expect(['personal', 'bypass']).toContain(other.headers.get('x-page-cache'))
  })

  it('is rendered in full for a Campus member (other prices)', async () => {
    const browser = browsers()
    const { email } = await registerCustomer(browser, { firstName: 'Campina' })
    await cached.db
      .update(customers)
      .set({ studentStatus: 'valid' })
      .where(eq(customers.email, email))
    const mine = await pageAs(browser, cached, CATEGORY)
    expect(mine.headers.get('x-page-cache')).toBe('bypass')
    expect(await mine.text()).toContain('Hallo Campina')
  })

  it('notices a session ended elsewhere (another process, the database): the page turns a guest', async () => {
    const browser = await customer('Endlinde', 1)
    // Served twice: the session is in the shop's session cache now.
    for (let i = 0; i < 2; i += 1)
      expect(await (await pageAs(browser, cached, CATEGORY)).text()).toContain('Hallo Endlinde')
    const ended = await cached.db
      .delete(sessions)
      .where(eq(sessions.customerId, (await customerIdOf('Endlinde')) ?? 0))
      .returning({ id: sessions.id })
    expect(ended.length).toBeGreaterThan(0)
    // Not through the shop's own code: only the trigger's NOTIFY tells the shop (asynchronously).
    const deadline = Date.now() + 2000
    let html = ''
    while (Date.now() < deadline) {
      html = await (await pageAs(browser, cached, CATEGORY)).text()
      if (!html.includes('Hallo Endlinde')) break
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(html).not.toContain('Hallo Endlinde')
    expect(html).toContain('Anmelden')
  })
})

async function customerIdOf(firstName: string): Promise<number | undefined> {
  const [row] = await cached.db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.firstName, firstName))
  return row?.id
}
