// Product pages through real HTTP: detail data, warranties, energy label with picture and data
// sheet, generated pictures, Campus prices for members only, "Top Produkte" and last seen.
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions } from '#db/schema/platform.ts'
import { hashToken } from '#server/platform/session.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import { type Browser, createBrowser } from '#tests/support/client.ts'

let shop: TestApp
let browser: Browser
beforeAll(async () => {
  shop = await startTestApp()
  browser = createBrowser(shop.url)
})
afterAll(() => shop.close())

type Row = Record<string, unknown>
async function one<T extends Row>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = [...(await shop.db.execute(query))] as T[]
  if (!row) throw new Error('no row')
  return row
}

/** A browser logged in as the demo customer with the given Campus status. */
async function customerBrowser(status: string): Promise<Browser> {
  const customer = await one<{ id: number }>(
    sql`update customers set student_status = ${status} where email = 'max.mustermann@example.de' returning id`,
  )
  const token = randomBytes(32).toString('base64url')
  await shop.db.insert(sessions).values({
    id: hashToken(token),
    customerId: customer.id,
    fullLoginExpiresAt: new Date('2100-01-01T00:00:00Z'),
    expiresAt: new Date('2100-01-01T00:00:00Z'),
  })
  const logged = createBrowser(shop.url)
  logged.cookies.set('sid', token)
  return logged
}

describe('GET /api/catalog/products/{id}', () => {
  it('answers the product page data', async () => {
    const row = await one<{ id: number; name: string; price_cents: number; image_count: number }>(
      sql`select id, name, price_cents, image_count from products where price_cents > 50000 and energy_class is not null order by id limit 1`,
    )
    const response = await browser.api.catalog.getProduct({ params: { productId: row.id } })
    expect(response.status).toBe(200)
    if (response.status !== 200) return
    const product = response.body
    expect(product).toMatchObject({ id: row.id, name: row.name, priceCents: row.price_cents })
    expect(product.ean).toMatch(/^\d{13}$/)
    expect(product.articleNumber).toMatch(/^\d{7}$/)
    expect(product.images).toHaveLength(row.image_count)
    expect(product.breadcrumb.at(-1)).toEqual(product.category)
    expect(product.maxQuantity).toBeGreaterThan(0)
    expect(product.warranties.map((w) => w.months)).toEqual(expect.arrayContaining([24, 36]))
    expect(product.specs.some((s) => s.name === 'Energieeffizienzklasse')).toBe(true)
    expect(product.energyLabel).toMatchObject({ scale: 'A - G' })
    expect(product.description.length).toBeGreaterThan(0)
  })

  it('answers unknown ids with 404 and malformed ones with 400', async () => {
    expect((await browser.api.catalog.getProduct({ params: { productId: 999_999 } })).status).toBe(
      404,
    )
    const malformed = await browser.fetch('/api/catalog/products/abc')
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toMatchObject({ fields: { 'params.productId': 'invalid' } })
    expect((await browser.fetch('/api/catalog/products/-3')).status).toBe(400)
  })
})

describe('energy label', () => {
  it('GET /product/fetch/eef/{id} gives eefImage, scale and pdfUrl; both files open', async () => {
    const row = await one<{ id: number; energy_class: string; article_number: string }>(
      sql`select id, energy_class, article_number from products where energy_class is not null order by id limit 1`,
    )
    const response = await browser.api.catalog.getEnergyLabel({ params: { productId: row.id } })
    expect(response.status).toBe(200)
    if (response.status !== 200) return
    expect(response.body).toEqual({
      eefImage: `/api/catalog/products/${row.id}/energielabel.svg`,
      scale: 'A - G',
      pdfUrl: `/api/catalog/products/${row.id}/datenblatt.pdf`,
      label: row.energy_class,
      classLevel: 'ABCDEFG'.indexOf(row.energy_class) + 1,
    })
    const image = await browser.fetch(response.body.eefImage)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toContain('image/svg+xml')
    expect(await image.text()).toContain(`>${row.energy_class}</text>`)
    const pdf = await browser.fetch(response.body.pdfUrl)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(pdf.headers.get('content-disposition')).toContain(row.article_number)
    const bytes = Buffer.from(await pdf.arrayBuffer())
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4')
    expect(bytes.toString('latin1')).toContain('%%EOF')
  })

  it('answers 404 for products without a label', async () => {
    const row = await one<{ id: number }>(
      sql`select id from products where energy_class is null order by id limit 1`,
    )
    expect(
      (await browser.api.catalog.getEnergyLabel({ params: { productId: row.id } })).status,
    ).toBe(404)
    expect((await browser.fetch(`/api/catalog/products/${row.id}/energielabel.svg`)).status).toBe(
      404,
    )
  })
})

describe('generated pictures', () => {
  it('serves product and category pictures as cacheable SVG', async () => {
    const row = await one<{ id: number; image_count: number; brand: string }>(
      sql`select id, image_count, brand from products order by id limit 1`,
    )
    const image = await browser.fetch(`/api/catalog/products/${row.id}/images/1.svg`)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toContain('image/svg+xml')
    expect(image.headers.get('cache-control')).toContain('max-age')
    expect(await image.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    const beyond = await browser.fetch(
      `/api/catalog/products/${row.id}/images/${row.image_count + 1}.svg`,
    )
    expect(beyond.status).toBe(404)
    const category = await browser.fetch('/api/catalog/categories/1/bild.svg')
    expect(category.status).toBe(200)
  })
})

describe('Campus price', () => {
  it('is announced to everyone but shown to Campus members only', async () => {
    const row = await one<{ id: number; campus: number }>(
      sql`select id, campus_price_cents as campus from products where campus_price_cents is not null order by id limit 1`,
    )
    const guest = await browser.api.catalog.getProduct({ params: { productId: row.id } })
    expect(guest.status === 200 && guest.body).toMatchObject({
      hasCampusPrice: true,
      campusPriceCents: null,
    })
    for (const status of ['valid', 'valid_near_expire', 'pending']) {
      const member = await customerBrowser(status)
      const response = await member.api.catalog.getProduct({ params: { productId: row.id } })
      expect(response.status === 200 && response.body.campusPriceCents, status).toBe(row.campus)
    }
    for (const status of ['unknown', 'expired', 'deactivated']) {
      const other = await customerBrowser(status)
      const response = await other.api.catalog.getProduct({ params: { productId: row.id } })
      expect(response.status === 200 && response.body.campusPriceCents, status).toBeNull()
    }
  })
})

describe('sliders', () => {
  it('"Top Produkte": best sellers in stock, overall or of a category', async () => {
    const overall = await browser.api.catalog.getTopProducts({ query: {} })
    expect(overall.status).toBe(200)
    if (overall.status !== 200) return
    expect(overall.body.products.length).toBeGreaterThan(4)
    expect(overall.body.products.every((p) => p.availability !== 'out_of_stock')).toBe(true)
    const best = await one<{ id: number }>(
      sql`select id from products where stock > 0 order by sold_count desc, id limit 1`,
    )
    expect(overall.body.products[0]?.id).toBe(best.id)
    const monitors = await one<{ id: number }>(
      sql`select id from categories where path = 'monitore'`,
    )
    const inCategory = await browser.api.catalog.getTopProducts({
      query: { categoryId: monitors.id },
    })
    expect(
      inCategory.status === 200 &&
        inCategory.body.products.every((p) => /Monitor/.test(p.categoryName)),
    ).toBe(true)
    // The same order as one plain query over the subtree (the route merges per-category index
    // walks), and the overall list as well.
    if (inCategory.status !== 200) return
    const inSubtree = await shop.db.execute<{ id: number }>(sql`
      select p.id from products p join categories c on c.id = p.category_id
      where p.active and p.stock > 0 and (c.path = 'monitore' or c.path like 'monitore/%')
      order by p.sold_count desc, p.id limit ${inCategory.body.products.length}`)
    expect(inCategory.body.products.length).toBeGreaterThan(4)
    expect(inCategory.body.products.map((p) => p.id)).toEqual(inSubtree.map((row) => row.id))
    const everywhere = await shop.db.execute<{ id: number }>(sql`
      select id from products where active and stock > 0
      order by sold_count desc, id limit ${overall.body.products.length}`)
    expect(overall.body.products.map((p) => p.id)).toEqual(everywhere.map((row) => row.id))
    const unknown = await browser.api.catalog.getTopProducts({ query: { categoryId: 999_999 } })
    expect(unknown.status).toBe(404)
  })

  it('"Zuletzt angesehene Produkte" come from the last_seen cookie, newest first', async () => {
    const ids = [
      ...(await shop.db.execute(sql`select id from products order by id desc limit 3`)),
    ].map((r) => Number((r as { id: number }).id))
    const visitor = createBrowser(shop.url)
    const none = await visitor.api.catalog.getLastSeenProducts({ query: {} })
    expect(none.status === 200 && none.body.products).toEqual([])
    visitor.cookies.set('last_seen', [ids[0], 999_999, 'x', ids[1], ids[2]].join('.'))
    const seen = await visitor.api.catalog.getLastSeenProducts({ query: { exclude: ids[1] } })
    expect(seen.status).toBe(200)
    if (seen.status !== 200) return
    expect(seen.body.products.map((p) => p.id)).toEqual([ids[0], ids[2]])
    // Reading never creates a session.
    expect(visitor.cookies.has('sid')).toBe(false)
  })
})
