// Ad slots, content snippets and the support chat through real HTTP on a real Postgres.
import { desc, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONSENT_SERVICES } from '#contract/consent-texts.ts'
import { adCreatives, adLineItems } from '#db/schema/ads.ts'
import { categories, products } from '#db/schema/catalog.ts'
import { DEMO_CUSTOMERS } from '#db/seed/customers.ts'
import { pickableProductIds } from '#db/seed/orders.ts'
import { saveContentBlock } from '#server/ads/index.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import { createBrowser } from '#tests/support/client.ts'
import { customerIdOf, insertOrder } from '#tests/support/orders.ts'

let shop: TestApp
beforeAll(async () => {
  shop = await startTestApp()
})
afterAll(() => shop.close())

function ads(query: Record<string, string>) {
  return createBrowser(shop.url).api.ads.getAds({ query: query as { targets: string } })
}

describe('GET /api/banana-handler/get-multiple', () => {
  it('answers templates by target id with rotation and the seeded house ads', async () => {
    const response = await ads({ targets: 'home-slider,skin-left', 'is-mobile': '0' })
    expect(response.status).toBe(200)
    if (response.status !== 200) return
    expect(response.body.error).toBeNull()
    expect(response.body.rotationIsActive).toBe(true)
    const slider = response.body.templates['home-slider'] ?? []
    expect(slider.map((ad) => ad.headline)).toEqual([
      'Campus-Deals: bis zu 15 % sparen',
      '20 € Gutschein für Geschäftskunden',
      'Deals der Woche zuerst erfahren',
    ])
    expect(slider[1]).toMatchObject({
      kind: 'slider',
      targetId: 'home-slider',
      text: expect.stringContaining('20 € ab 1.000 € Bestellwert'),
      linkUrl: '/kundenkonto/registrieren',
    })
    expect(response.body.templates['skin-left']).toHaveLength(1)
  })

  it('serves slots per device: no site-skin and no desktop banner on mobile', async () => {
    const response = await ads({
      targets: 'skin-left,skin-right,category-top,category-top-mobile',
      'is-mobile': '1',
    })
    if (response.status !== 200) throw new Error('ads failed')
    expect(response.body.templates['skin-left']).toEqual([])
    expect(response.body.templates['skin-right']).toEqual([])
    expect(response.body.templates['category-top']).toEqual([])
    expect(response.body.templates['category-top-mobile']?.[0]?.headline).toContain('Campus')
  })

  it('targets categories and keywords lowercased', async () => {
    const plain = await ads({ targets: 'category-top', categories: 'Notebooks' })
    if (plain.status !== 200) throw new Error('ads failed')
    expect(plain.body.templates['category-top']?.map((ad) => ad.headline)).toEqual([
      'Campus-Deals: bis zu 15 % sparen',
    ])
    const gaming = await ads({
      targets: 'category-top',
      categories: ' GRAFIKKARTEN ,Komponenten',
      'key-values': 'Kunde:Business',
    })
    if (gaming.status !== 200) throw new Error('ads failed')
    expect(gaming.body.templates['category-top']?.map((ad) => ad.headline)).toEqual([
      'Gaming-Wochen: Grafikkarten im Angebot',
      'Campus-Deals: bis zu 15 % sparen',
      '20 € Gutschein für Geschäftskunden',
    ])
  })

  it('respects the line item schedule and previews one creative with adn-lp-c', async () => {
    const [gaming] = await shop.db
      .select()
      .from(adLineItems)
      .where(eq(adLineItems.name, 'Gaming-Wochen'))
    if (!gaming) throw new Error('seed missing')
    await shop.db
      .update(adLineItems)
      .set({ endsAt: new Date(shop.clock.now().getTime() - 1000) })
      .where(eq(adLineItems.id, gaming.id))
    const ended = await ads({ targets: 'category-top', categories: 'grafikkarten' })
    if (ended.status !== 200) throw new Error('ads failed')
    expect(ended.body.templates['category-top']?.[0]?.headline).not.toContain('Gaming')
    const [creative] = await shop.db
      .select()
      .from(adCreatives)
      .where(eq(adCreatives.lineItemId, gaming.id))
    const preview = await ads({ targets: 'category-top', 'adn-lp-c': String(creative?.id) })
    if (preview.status !== 200) throw new Error('ads failed')
    expect(preview.body.templates['category-top']?.map((ad) => ad.creativeId)).toEqual([
      creative?.id,
    ])
    const lineItem = await ads({ targets: 'category-top', 'adn-lp-li': String(gaming.id) })
    if (lineItem.status !== 200) throw new Error('ads failed')
    expect(lineItem.body.templates['category-top']?.[0]?.lineItemId).toBe(gaming.id)
  })

  it('names unknown targets in error and refuses malformed target lists', async () => {
    const response = await ads({ targets: 'home-slider,gibt-es-nicht' })
    expect(response.body).toMatchObject({
      error: 'unknown_targets: gibt-es-nicht',
      templates: { 'gibt-es-nicht': [] },
    })
    expect((await ads({ targets: 'Bad Target!' })).status).toBe(400)
  })
})

describe('content', () => {
  it('GET /api/pineberry/{id} answers a snippet by path id, 404 for unknown ids', async () => {
    const browser = createBrowser(shop.url)
    const privacy = await browser.api.ads.getContent({
      params: { id: 'modal_newsletter_privacy' },
    })
    expect(privacy).toMatchObject({
      status: 200,
      body: { id: 'modal_newsletter_privacy', title: 'Datenschutzhinweis zum Newsletter' },
    })
    const missing = await browser.api.ads.getContent({ params: { id: 'gibt_es_nicht' } })
    expect(missing).toMatchObject({ status: 404, body: { code: 'not_found' } })
    const bad = await browser.fetch('/api/pineberry/..%2Fetc')
    expect(bad.status).toBe(400)
  })

  it('serves a modal content as escaped HTML', async () => {
    await saveContentBlock(
      shop.db,
      {
        id: 'modal_test',
        title: 'Test <b>',
        blocks: [
          {
            type: 'paragraph',
            text: '<script>alert(1)</script> [AGB](/infocenter/section/conditions)',
          },
          { type: 'list', items: ['eins', '[böse](javascript:alert(1))'] },
        ],
      },
      shop.clock.now(),
    )
    const response = await fetch(`${shop.url}/api/content/modal/modal_test`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    const html = await response.text()
    expect(html).toContain('<h2>Test &lt;b&gt;</h2>')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('<a href="/infocenter/section/conditions">AGB</a>')
    expect(html).not.toContain('href="javascript')
    expect((await fetch(`${shop.url}/api/content/modal/nope`)).status).toBe(404)
  })
})

describe('support chat (chat id 1)', () => {
  it('stores messages per visitor and answers the first one automatically', async () => {
    const browser = createBrowser(shop.url)
    const empty = await browser.api.ads.getChat()
    expect(empty).toMatchObject({ status: 200, body: { chatId: 1, messages: [] } })
    expect(browser.cookies.has('sid')).toBe(false)
    const first = await browser.api.ads.sendChatMessage({
      body: { chatId: 1, text: '  Wann kommt meine Bestellung?  ' },
    })
    if (first.status !== 200) throw new Error('send failed')
    expect(first.body.messages.map((m) => [m.sender, m.text.slice(0, 20)])).toEqual([
      ['visitor', 'Wann kommt meine Bes'],
      ['service', 'Danke für deine Nach'],
    ])
    await browser.api.ads.sendChatMessage({ body: { chatId: 1, text: 'Bestellnummer 123' } })
    const read = await browser.api.ads.getChat()
    if (read.status !== 200) throw new Error('read failed')
    expect(read.body.messages).toHaveLength(3)
    // Another visitor sees nothing of it.
    const other = await createBrowser(shop.url).api.ads.getChat()
    expect(other.body).toMatchObject({ messages: [] })
  })

  it('refuses empty messages and limits the rate', async () => {
    const browser = createBrowser(shop.url)
    const empty = await browser.api.ads.sendChatMessage({ body: { chatId: 1, text: '   ' } })
    expect(empty.status).toBe(400)
    let last = 0
    for (let i = 0; i < 21; i += 1) {
      last = (await browser.api.ads.sendChatMessage({ body: { chatId: 1, text: `Nr. ${i}` } }))
        .status
    }
    expect(last).toBe(429)
  })
})

describe('POST /api/criteo/get (first-party recommendations)', () => {
  async function consentingBrowser() {
    const browser = createBrowser(shop.url)
    const consentData = CONSENT_SERVICES.map((service) => ({
      serviceName: service.serviceName,
      templateId: service.templateId,
      consentStatus: service.templateId === 'recommendations',
    }))
    const saved = await browser.api.consent.saveConsent({
      body: { referrer: '', action: 'save', consentData },
    })
    expect(saved.status).toBe(200)
    return browser
  }

  it("answers a category's best sellers in stock, the page's product left out", async () => {
    const [category] = await shop.db
      .select({ id: categories.id, path: categories.path })
      .from(categories)
      .where(eq(categories.path, 'pc-komponenten/grafikkarten'))
    if (!category) throw new Error('seed has no graphics card category')
    const [onPage] = await shop.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.categoryId, category.id))
      .orderBy(desc(products.soldCount))
      .limit(1)
    const browser = await consentingBrowser()
    const response = await browser.api.ads.getRecommendations({
      body: { type: 'category_popular', categoryId: category.id, productId: onPage?.id, limit: 5 },
    })
    expect(response.status).toBe(200)
    if (response.status !== 200) return
    const ids = response.body.products.map((product) => product.productId)
    expect(ids).toHaveLength(5)
    expect(ids).not.toContain(onPage?.id)
    const rows = await shop.db
      .select({ id: products.id, soldCount: products.soldCount, stock: products.stock })
      .from(products)
      .where(inArray(products.id, ids))
    const sold = ids.map((id) => rows.find((row) => row.id === id)?.soldCount ?? -1)
    expect(sold).toEqual([...sold].sort((a, b) => b - a))
    expect(rows.every((row) => row.stock > 0)).toBe(true)
    expect(response.body.products[0]?.price).toMatch(/^\d{1,3}(\.\d{3})*,\d{2}\s€$/)
  })

  it('recommends the products of the same orders for "bought together", most shared first', async () => {
    const customerId = await customerIdOf(shop.db, DEMO_CUSTOMERS.private)
    // Products far down the catalog, which the demo orders do not name.
    const ids = (await pickableProductIds(shop.db, 400)).slice(-3)
    const [a, b, c] = ids as [number, number, number]
    const together = (...productIds: number[]) =>
      insertOrder(shop.db, {
        customerId,
        placedAt: new Date(),
        deliveries: [
          { status: 'delivered', lines: productIds.map((productId) => ({ productId })) },
        ],
      })
    await together(a, b)
    await together(a, b)
    await together(a, c)
    const browser = await consentingBrowser()
    const response = await browser.api.ads.getRecommendations({
      body: { type: 'bought_together', productId: a, limit: 4 },
    })
    expect(response.status).toBe(200)
    if (response.status !== 200) return
    const recommended = response.body.products.map((p) => p.productId)
    // Orders first, then the category's best sellers fill up.
    expect(recommended.slice(0, 2)).toEqual([b, c])
    expect(recommended).toHaveLength(4)
    expect(recommended).not.toContain(a)
  })

  it('answers products of the same category for "bought together" until orders tell more', async () => {
    // A product no order names (bought-together from orders: tests/api/orders.test.ts).
    const [product] = await shop.db
      .select({ id: products.id, categoryId: products.categoryId })
      .from(products)
      .where(sql`not exists (select 1 from order_lines l where l.product_id = ${products.id})`)
      .limit(1)
    if (!product) throw new Error('seed has no product')
    const browser = await consentingBrowser()
    const response = await browser.api.ads.getRecommendations({
      body: { type: 'bought_together', productId: product.id, limit: 4 },
    })
    expect(response.status).toBe(200)
    if (response.status !== 200) return
    const ids = response.body.products.map((p) => p.productId)
    expect(ids).not.toContain(product.id)
    const rows = await shop.db
      .select({ categoryId: products.categoryId })
      .from(products)
      .where(inArray(products.id, ids))
    expect(rows.every((row) => row.categoryId === product.categoryId)).toBe(true)
  })
})
