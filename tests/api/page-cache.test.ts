import { and, eq, gt, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { BackofficeProductDetail } from '#contract/backoffice-products.ts'
import { CONSENT_COOKIE, formatConsentCookie, noConsent } from '#contract/consent-services.ts'
import type { Db } from '#db/client.ts'
import { products } from '#db/schema/catalog.ts'
import { startTestApp } from '#tests/support/app.ts'
import { cloneTemplate } from '#tests/support/template.ts'
import { browserFactory, registerCustomer } from './account-fixtures.ts'
import { insertStaffAccount, staffLogIn } from './staff-access.ts'

type Shop = { url: string; close: () => Promise<void> }

/** The shop in-process with its page renderer, on a shared database, on the real clock. */
function startShop(dbUrl: string): Promise<Shop & { db: Db }> {
  return startTestApp({ dbUrl, pages: true, clock: 'system', dbMax: 6, env: { TRUST_PROXY: '1' } })
}

const CATEGORY = '/kategorie/pc-komponenten/grafikkarten'
let one: Shop & { db: Db }
let two: Shop
let productPath: string
let productId: number

/** A page as a visitor without cookies (or with the given Cookie header) gets it. */
function page(shop: Shop, path: string, headers: Record<string, string> = {}) {
  return fetch(`${shop.url}${path}`, { headers: { accept: 'text/html', ...headers } })
}

/** Waits until the page (fetched again and again) satisfies `check`, at most 5 s. */
async function eventually(read: () => Promise<string>, check: (html: string) => boolean) {
  const until = Date.now() + 5000
  let html = await read()
  while (!check(html) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    html = await read()
  }
  return html
}

beforeAll(async () => {
  const dbUrl = await cloneTemplate(inject('dbAdminUrl'), inject('dbTemplate'))
  one = await startShop(dbUrl)
  two = await startShop(dbUrl)
  const [product] = await one.db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(and(eq(products.active, true), gt(products.stock, 5)))
    .orderBy(products.id)
    .limit(1)
  if (!product) throw new Error('no product in stock seeded')
  productId = product.id
  productPath = `/artikel/${product.slug}-${product.id}`
  // The listeners are confirmed asynchronously: wait until a guest's page is served from cache.
  for (const shop of [one, two]) {
    await eventually(
      async () => {
        const response = await page(shop, '/')
        return response.headers.get('x-page-cache') ?? ''
      },
      (source) => source === 'hit',
    )
  }
})
afterAll(async () => {
  await two?.close()
  await one?.close()
})

describe("a guest's catalog page", () => {
  it('is rendered once and then answered from the cache, byte for byte', async () => {
    const first = await page(one, `${CATEGORY}?sortierung=preis`)
    const firstHtml = await first.text()
    const second = await page(one, `${CATEGORY}?sortierung=preis`)
    expect(first.status).toBe(200)
    expect(first.headers.get('x-page-cache')).toBe('miss')
    expect(second.headers.get('x-page-cache')).toBe('hit')
    expect(await second.text()).toBe(firstHtml)
    expect(firstHtml).toContain('Grafikkarten')
  })

  it('carries public cache headers, Vary: Cookie and a strong ETag; If-None-Match gets 304', async () => {
    await page(one, productPath)
    const response = await page(one, productPath)
    expect(response.headers.get('x-page-cache')).toBe('hit')
    expect(response.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=30',
    )
    expect(response.headers.get('vary')).toMatch(/cookie/i)
    const etag = response.headers.get('etag') ?? ''
    expect(etag).toMatch(/^"[\w-]+"$/)
    // The security headers are there on a cached answer too.
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'")
    const revalidated = await page(one, productPath, { 'if-none-match': etag })
    expect(revalidated.status).toBe(304)
    expect(await revalidated.text()).toBe('')
    const changed = await page(one, productPath, { 'if-none-match': '"something-else"' })
    expect(changed.status).toBe(200)
  })

  it('shows the consent banner without a decision and not with one (two cache entries)', async () => {
    const decided = `${CONSENT_COOKIE}=${formatConsentCookie({ consentId: 'pc-1', granted: noConsent() })}`
    const path = `${CATEGORY}?seite=1`
    for (let round = 0; round < 2; round += 1) {
      const undecided = await (await page(one, path)).text()
      expect(undecided).toContain('class="consent-banner"')
      const withCookie = await page(one, path, { cookie: decided })
      expect(withCookie.headers.get('x-page-cache')).toBe(round === 0 ? 'miss' : 'hit')
      expect(await withCookie.text()).not.toContain('class="consent-banner"')
    }
    // Another visitor's decision (another consent id) shares the decided entry; its id is not in it.
    const other = `${CONSENT_COOKIE}=${formatConsentCookie({ consentId: 'pc-2', granted: noConsent() })}`
    const shared = await page(one, path, { cookie: other })
    expect(shared.headers.get('x-page-cache')).toBe('hit')
    expect(await shared.text()).not.toContain('pc-1')
    // A malformed consent cookie is no decision: the banner shows.
    const broken = await page(one, path, { cookie: `${CONSENT_COOKIE}=kaputt` })
    expect(await broken.text()).toContain('class="consent-banner"')
  })

  it("is the base of a cart visitor's page, which is never cached or shared", async () => {
    const browser = browserFactory(one.url)()
    const added = await browser.api.cart.addToCart({ body: { id: productId, quantity: 2 } })
    expect(added.status).toBe(200)
    await page(one, CATEGORY)
    const mine = await browser.fetch(CATEGORY, { headers: { accept: 'text/html' } })
    const html = await mine.text()
    expect(mine.headers.get('x-page-cache')).toBe('personal')
    expect(mine.headers.get('cache-control')).toBe('private, no-store')
    expect(html).toContain('header-action__count">2<')
    // The next guest still gets the guest's page, without the cart.
    const guest = await page(one, CATEGORY)
    expect(guest.headers.get('x-page-cache')).toBe('hit')
    expect(await guest.text()).not.toContain('header-action__count">2<')
  })

  it("is never served as is to a logged-in customer, and never shows a customer's name to a guest", async () => {
    const browser = browserFactory(one.url)()
    await registerCustomer(browser, { firstName: 'Pagecachia' })
    await page(one, productPath)
    const mine = await browser.fetch(productPath, { headers: { accept: 'text/html' } })
    expect(mine.headers.get('x-page-cache')).toBe('personal')
    expect(mine.headers.get('cache-control')).toBe('private, no-store')
    expect(await mine.text()).toContain('Pagecachia')
    const guest = await page(one, productPath)
    expect(guest.headers.get('x-page-cache')).toBe('hit')
    expect(await guest.text()).not.toContain('Pagecachia')
  })

  it('treats an unknown cookie as personal (never shared), and keeps account pages out', async () => {
    const unknown = await page(one, CATEGORY, { cookie: 'tracker=abc' })
    expect(unknown.headers.get('x-page-cache')).toBe('personal')
    expect(unknown.headers.get('cache-control')).toBe('private, no-store')
    const login = await page(one, '/kundenkonto/login')
    expect(login.headers.get('x-page-cache')).toBeNull()
    expect(login.headers.get('cache-control')).toBe('private, no-cache')
    expect(login.headers.get('vary')).toMatch(/cookie/i)
  })

  it('is not cached when the page is a 404', async () => {
    const first = await page(one, '/kategorie/gibt-es-nicht')
    const second = await page(one, '/kategorie/gibt-es-nicht')
    expect(first.status).toBe(404)
    expect(second.headers.get('x-page-cache')).toBe('bypass')
    expect(second.headers.get('cache-control')).toBe('private, no-cache')
  })
})

describe('a catalog change', () => {
  it('drops the cached pages in this process and in another one on the same database', async () => {
    const admin = browserFactory(one.url)()
    await staffLogIn(admin, await insertStaffAccount(one.db, 'admin'))
    const detail = await admin.api.backoffice.getProduct({ params: { id: productId } })
    if (detail.status !== 200) throw new Error(`product answered ${detail.status}`)
    // Both processes have the page cached.
    for (const shop of [one, two]) {
      await page(shop, productPath)
      expect((await page(shop, productPath)).headers.get('x-page-cache')).toBe('hit')
    }
    // A new price the campus price stays below (the demo catalog has products above 1.234 €).
    const newPrice = detail.body.priceCents + 1_234
    const edited = await admin.api.backoffice.editProduct({
      params: { id: productId },
      body: editBody(detail.body, { priceCents: newPrice, strikeThroughPriceCents: null }),
    })
    expect(edited.status).toBe(200)
    // The process that took the edit drops at once; the other on the NOTIFY.
    const here = await page(one, productPath)
    expect(here.headers.get('x-page-cache')).toBe('miss')
    expect(await here.text()).toContain(`"priceCents":${newPrice}`)
    const there = await eventually(
      async () => (await page(two, productPath)).text(),
      (html) => html.includes(`"priceCents":${newPrice}`),
    )
    expect(there).toContain(`"priceCents":${newPrice}`)
  })

  it('drops the cache on a write straight to a catalog table (trigger, NOTIFY)', async () => {
    await page(one, CATEGORY)
    expect((await page(one, CATEGORY)).headers.get('x-page-cache')).toBe('hit')
    await one.db.execute(sql`update products set stock = stock where id = ${productId}`)
    const next = await eventually(
      async () => (await page(one, CATEGORY)).headers.get('x-page-cache') ?? '',
      (source) => source === 'miss',
    )
    expect(next).toBe('miss')
  })
})

function editBody(product: BackofficeProductDetail, over: Record<string, unknown>) {
  return {
    name: product.name,
    manufacturerId: product.manufacturerId ?? 0,
    articleNumber: product.articleNumber,
    ean: product.ean,
    manufacturerPartNumber: product.manufacturerPartNumber ?? '',
    categoryId: product.categoryId,
    teaser: product.teaser,
    description: product.description,
    priceCents: product.priceCents,
    strikeThroughPriceCents: product.strikeThroughPriceCents,
    campusPriceCents: product.campusPriceCents,
    deliveryTime: product.deliveryTime,
    active: product.active,
    attributes: product.attributes.map((a) => ({ ...a, newText: null })),
    energyClass: product.energyClass,
    energyScale: product.energyScale,
    energyKwh: product.energyKwh,
    warranties: product.warranties,
    safetyWarnings: product.safetyWarnings,
    largeAppliance: product.largeAppliance,
    containsBattery: product.containsBattery,
    version: product.version,
    ...over,
  } as never
}
