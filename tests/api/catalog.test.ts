// Catalog through real HTTP on a real Postgres: the seeded catalog, navigation, category
// listings with paging and sorting, filters with counts checked against SQL, bad input, and the
// cache following price and stock changes.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CatalogSort, CategoryListing, Filter } from '#contract/catalog.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import { type Browser, createBrowser } from '#tests/support/client.ts'

let shop: TestApp
let browser: Browser
beforeAll(async () => {
  shop = await startTestApp()
  browser = createBrowser(shop.url)
})
afterAll(() => shop.close())

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return [...(await shop.db.execute(query))] as T[]
}

async function listing(
  path: string,
  filter?: string,
  extra: { sort?: CatalogSort; page?: number } = {},
) {
  const response = await browser.api.catalog.getCategoryListing({
    query: { path, filter, ...extra },
  })
  if (response.status !== 200) throw new Error(`listing answered ${response.status}`)
  return response.body as CategoryListing
}

function filterOf(body: { filters: Filter[] }, id: string): Filter {
  const filter = body.filters.find((f) => f.id === id)
  if (!filter) throw new Error(`no filter ${id}`)
  return filter
}

const GPU_PATH = 'pc-komponenten/grafikkarten'
const GPU_SQL = sql`category_id in (select id from categories where path like 'pc-komponenten/grafikkarten/%')`

describe('the seeded catalog', () => {
  it('has at least 1,000 products in a tree of at least 25 categories', async () => {
    const [counts] = await rows<{ products: number; categories: number; leaves: number }>(sql`
      select (select count(*)::int from products) as products,
             (select count(*)::int from categories) as categories,
             (select count(distinct category_id)::int from products) as leaves`)
    expect(counts?.products).toBeGreaterThanOrEqual(1000)
    expect(counts?.categories).toBeGreaterThanOrEqual(25)
    expect(counts?.leaves).toBeGreaterThanOrEqual(25)
  })

  it('has valid EANs, unique article numbers, prices in cents and some scarce stock', async () => {
    const products = await rows<{
      ean: string
      article_number: string
      price_cents: number
      strike: number | null
      stock: number
    }>(
      sql`select ean, article_number, price_cents, strike_through_price_cents as strike, stock from products`,
    )
    for (const product of products.slice(0, 200)) {
      const digits = [...product.ean].map(Number)
      const sum = digits.slice(0, 12).reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 1 : 3), 0)
      expect((10 - (sum % 10)) % 10).toBe(digits[12])
      expect(Number.isInteger(product.price_cents)).toBe(true)
      if (product.strike !== null) expect(product.strike).toBeGreaterThan(product.price_cents)
    }
    expect(new Set(products.map((p) => p.article_number)).size).toBe(products.length)
    expect(products.some((p) => p.stock === 0)).toBe(true)
    expect(products.some((p) => p.stock > 0 && p.stock < 5)).toBe(true)
  })

  it('puts energy labels A-G on displays, TVs, phones and tablets only', async () => {
    const labelled = await rows<{ visual: string }>(
      sql`select distinct visual from products where energy_class is not null order by visual`,
    )
    expect(labelled.map((r) => r.visual)).toEqual(['monitor', 'phone', 'tablet', 'tv'])
  })
})

describe('navigation', () => {
  it('GET /api/navigation_data lists the top level with children and pictures', async () => {
    const response = await browser.api.catalog.getNavigationData()
    expect(response.status).toBe(200)
    if (response.status !== 200) return
    const names = response.body.categories.map((c) => c.name)
    expect(names).toEqual(expect.arrayContaining(['Notebooks', 'PC-Komponenten', 'Monitore']))
    const components = response.body.categories.find((c) => c.name === 'PC-Komponenten')
    expect(components?.url).toBe('/kategorie/pc-komponenten')
    expect(components?.children.map((c) => c.name)).toContain('Grafikkarten')
    expect(components?.image).toMatch(/^\/api\/catalog\/categories\/\d+\/bild\.svg$/)
  })

  it('GET /api/navigation/category/{id} gives breadcrumb, parent and children', async () => {
    const [gpu] = await rows<{ id: number }>(
      sql`select id from categories where path = ${GPU_PATH}`,
    )
    const response = await browser.api.catalog.getNavigationCategory({
      params: { id: gpu?.id ?? 0 },
    })
    expect(response.status).toBe(200)
    if (response.status !== 200) return
    expect(response.body.breadcrumb.map((c) => c.name)).toEqual(['PC-Komponenten', 'Grafikkarten'])
    expect(response.body.parent?.name).toBe('PC-Komponenten')
    expect(response.body.children.map((c) => c.name)).toEqual([
      'NVIDIA GeForce',
      'AMD Radeon',
      'Intel Arc',
    ])
    expect(response.body.hasChildren).toBe(true)
  })

  it('answers an unknown category id with 404 and a malformed one with 400', async () => {
    const unknown = await browser.api.catalog.getNavigationCategory({ params: { id: 999_999 } })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ code: 'not_found' })
    const malformed = await browser.fetch('/api/navigation/category/abc')
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toMatchObject({ fields: { 'params.id': 'invalid' } })
    const tooBig = await browser.fetch('/api/navigation/category/99999999999')
    expect(tooBig.status).toBe(400)
  })
})

describe('category listing', () => {
  it('shows 20 products per page of the whole subtree, with paging', async () => {
    const [count] = await rows<{ n: number }>(
      sql`select count(*)::int as n from products where ${GPU_SQL}`,
    )
    const first = await listing(GPU_PATH)
    expect(first.total).toBe(count?.n)
    expect(first.products).toHaveLength(20)
    expect(first.pageSize).toBe(20)
    expect(first.pageCount).toBe(Math.ceil((count?.n ?? 0) / 20))
    expect(first.category.breadcrumb.map((c) => c.name)).toEqual(['PC-Komponenten', 'Grafikkarten'])
    const second = await listing(GPU_PATH, undefined, { page: 2 })
    const firstIds = new Set(first.products.map((p) => p.id))
    expect(second.products.some((p) => firstIds.has(p.id))).toBe(false)
    const beyond = await listing(GPU_PATH, undefined, { page: first.pageCount + 1 })
    expect(beyond.products).toEqual([])
    expect(beyond.total).toBe(first.total)
  })

  it('sorts by price, novelty and best sellers', async () => {
    const ascending = await listing('monitore', undefined, { sort: 'preis-aufsteigend' })
    const prices = ascending.products.map((p) => p.priceCents)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    const descending = await listing('monitore', undefined, { sort: 'preis-absteigend' })
    const down = descending.products.map((p) => p.priceCents)
    expect(down).toEqual([...down].sort((a, b) => b - a))
    const [cheapest] = await rows<{ price: number }>(
      sql`select min(price_cents)::int as price from products where category_id in (select id from categories where path like 'monitore/%')`,
    )
    expect(prices[0]).toBe(cheapest?.price)

    const newest = await listing('monitore', undefined, { sort: 'neuheiten' })
    const dates = await rows<{ id: number; released: string }>(
      sql`select id, released_at::text as released from products where id in (${sql.join(
        newest.products.map((p) => sql`${p.id}`),
        sql`, `,
      )})`,
    )
    const released = newest.products.map((p) => dates.find((d) => d.id === p.id)?.released ?? '')
    expect(released).toEqual([...released].sort().reverse())

    const best = await listing('monitore', undefined, { sort: 'bestseller' })
    const [top] = await rows<{ id: number }>(
      sql`select id from products where category_id in (select id from categories where path like 'monitore/%') order by sold_count desc, id limit 1`,
    )
    expect(best.products[0]?.id).toBe(top?.id)
  })

  it('answers an unknown category path with 404', async () => {
    const response = await browser.api.catalog.getCategoryListing({
      query: { path: 'gibt-es/nicht' },
    })
    expect(response.status).toBe(404)
    expect(response.body).toMatchObject({ code: 'not_found' })
  })

  it('shows prices in cents with strike-through, discount and availability', async () => {
    const body = await listing('notebooks')
    for (const tile of body.products) {
      expect(Number.isInteger(tile.priceCents)).toBe(true)
      expect(tile.url).toMatch(/^\/artikel\/[a-z0-9-]+-\d+$/)
      if (tile.strikeThroughPriceCents !== null) {
        expect(tile.discountPercent).toBe(
          Math.floor(
            ((tile.strikeThroughPriceCents - tile.priceCents) * 100) / tile.strikeThroughPriceCents,
          ),
        )
      } else {
        expect(tile.discountPercent).toBe(0)
      }
      // Guests never receive the Campus price itself.
      expect(tile.campusPriceCents).toBeNull()
    }
  })
})

describe('filters and their counts', () => {
  it('counts each option for the current selection in the database (OR within a filter)', async () => {
    const body = await listing(GPU_PATH, 'hersteller=asus,msi&preis=300-900')
    expect(body.selectedFilter).toEqual(['hersteller=asus,msi', 'preis=300-900'])
    const expected = await rows<{ brand: string; n: number }>(sql`
      select brand, count(*)::int as n from products
      where ${GPU_SQL} and price_cents between 30000 and 90000 group by brand`)
    const hersteller = filterOf(body, 'hersteller')
    // Each brand counts the products matching it *and every other* selected filter (price).
    for (const option of hersteller.properties) {
      expect(option.quantity, option.text).toBe(expected.find((e) => e.brand === option.text)?.n)
    }
    expect(hersteller.properties.filter((o) => o.checked).map((o) => o.value)).toEqual([
      'asus',
      'msi',
    ])
    const [total] = await rows<{ n: number }>(sql`
      select count(*)::int as n from products
      where ${GPU_SQL} and brand in ('ASUS', 'MSI') and price_cents between 30000 and 90000`)
    expect(body.total).toBe(total?.n)
    expect(body.products.every((p) => ['ASUS', 'MSI'].includes(p.brand))).toBe(true)

    // Another attribute counts within the whole selection.
    const memory = filterOf(body, 'grafikspeicher')
    const [twelve] = await rows<{ n: number }>(sql`
      select count(*)::int as n from products
      where ${GPU_SQL} and brand in ('ASUS', 'MSI') and price_cents between 30000 and 90000
        and option_ids && (select array_agg(o.id) from filter_options o join filter_attributes a on a.id = o.attribute_id where a.key = 'grafikspeicher' and o.value = '12-gb')`)
    expect(memory.properties.find((o) => o.value === '12-gb')?.quantity ?? 0).toBe(twelve?.n)
  })

  it('offers the range of prices of the other filters, with the selection kept', async () => {
    const body = await listing(GPU_PATH, 'hersteller=asus&preis=300-900')
    const price = filterOf(body, 'preis')
    expect(price.filterType).toBe('range')
    expect(price.open).toBe(true)
    const [bounds] = await rows<{ lo: number; hi: number }>(sql`
      select min(price_cents)::int as lo, max(price_cents)::int as hi from products
      where ${GPU_SQL} and brand = 'ASUS'`)
    expect(price.range).toMatchObject({
      min: Math.floor((bounds?.lo ?? 0) / 100),
      max: Math.ceil((bounds?.hi ?? 0) / 100),
      from: 300,
      to: 900,
      input: true,
      intValue: true,
      postfix: '€',
    })
  })

  it('filters by price ranges, open at either end', async () => {
    const between = await listing('notebooks', 'preis=500-900', { sort: 'preis-absteigend' })
    expect(between.products.length).toBeGreaterThan(0)
    expect(between.products.every((p) => p.priceCents >= 50000 && p.priceCents <= 90000)).toBe(true)
    const from = await listing('notebooks', 'preis=2000-', { sort: 'preis-aufsteigend' })
    expect(from.products.every((p) => p.priceCents >= 200000)).toBe(true)
    const upTo = await listing('notebooks', 'preis=-700', { sort: 'preis-absteigend' })
    expect(upTo.products.every((p) => p.priceCents <= 70000)).toBe(true)
    const [n] = await rows<{ n: number }>(sql`
      select count(*)::int as n from products
      where category_id in (select id from categories where path like 'notebooks/%') and price_cents <= 70000`)
    expect(upTo.total).toBe(n?.n)
  })

  it('shows sub-categories, colour swatches, availability and discount with counts', async () => {
    const body = await listing('smartphones-tablets')
    const categories = filterOf(body, 'kategorie')
    expect(categories.open).toBe(true)
    expect(categories.properties.map((p) => p.text)).toEqual(['Smartphones', 'Tablets'])
    expect(categories.properties.reduce((sum, p) => sum + p.quantity, 0)).toBe(body.total)
    const colour = filterOf(body, 'farbe')
    expect(colour.optionType).toBe('color')
    expect(colour.properties.every((p) => /^#[0-9a-f]{6}$/.test(p.hex ?? ''))).toBe(true)
    const [inStock] = await rows<{ n: number }>(sql`
      select count(*)::int as n from products
      where category_id in (select id from categories where path like 'smartphones-tablets/%') and stock > 0`)
    expect(filterOf(body, 'verfuegbarkeit').properties[0]?.quantity).toBe(inStock?.n)
    const available = await listing('smartphones-tablets', 'verfuegbarkeit=sofort-lieferbar')
    expect(available.total).toBe(inStock?.n)
    expect(available.products.every((p) => p.availability !== 'out_of_stock')).toBe(true)
    const discount = await listing('smartphones-tablets', 'rabatt=10')
    expect(discount.products.every((p) => p.discountPercent >= 10)).toBe(true)
    const energy = filterOf(body, 'energieeffizienzklasse')
    expect(energy.properties.map((p) => p.text).every((t) => 'ABCDEFG'.includes(t))).toBe(true)
  })

  it('POST /category/filters/get gives the same filters for a selection, with the count', async () => {
    const body = await listing(GPU_PATH, 'hersteller=asus,msi&preis=300-900')
    const response = await browser.api.catalog.getCategoryFilters({
      body: {
        categoryId: body.category.id,
        selectedFilter: ['hersteller=asus,msi', 'preis=300-900'],
      },
    })
    expect(response.status).toBe(200)
    if (response.status !== 200) return
    expect(response.body.productCount).toBe(body.total)
    expect(response.body.filters).toEqual(body.filters)
    const unknown = await browser.api.catalog.getCategoryFilters({
      body: { categoryId: 999_999, selectedFilter: [] },
    })
    expect(unknown.status).toBe(404)
  })

  it('ignores unknown filter keys and values, so old shared links still work', async () => {
    const body = await listing(GPU_PATH, 'gibt-es-nicht=x&hersteller=asus,unbekannt')
    expect(body.selectedFilter).toEqual(['hersteller=asus'])
    expect(body.products.every((p) => p.brand === 'ASUS')).toBe(true)
  })

  it.each([
    ['preis=abc'],
    ['preis=900-100'],
    ['preis=-'],
    ['hersteller=<script>alert(1)</script>'],
    ['hersteller='],
    ['=asus'],
    ["hersteller=asus' or 1=1 --"],
    ['HERSTELLER_X=asus'],
  ])('answers the malformed filter %s with 400 and a field code', async (filter) => {
    const response = await browser.fetch(
      `/api/catalog/listing?path=notebooks&filter=${encodeURIComponent(filter)}`,
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      code: 'validation_failed',
      fields: { 'query.filter': 'filter_invalid' },
    })
  })

  it('answers malformed filter strings of the POST call with 400 per entry', async () => {
    const response = await browser.fetch('/category/filters/get', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ categoryId: 1, selectedFilter: ['hersteller=asus', 'preis=x'] }),
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      fields: { 'selectedFilter.1': 'filter_invalid' },
    })
    const notAList = await browser.fetch('/category/filters/get', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ categoryId: 'eins', selectedFilter: 'preis=1-2' }),
    })
    expect(notAList.status).toBe(400)
  })

  it('answers an unknown sort or page with 400', async () => {
    const sort = await browser.fetch('/api/catalog/listing?path=notebooks&sort=billig')
    expect(sort.status).toBe(400)
    expect(await sort.json()).toMatchObject({ fields: { 'query.sort': 'invalid' } })
    const page = await browser.fetch('/api/catalog/listing?path=notebooks&page=0')
    expect(page.status).toBe(400)
  })
})

describe('the cache follows the database', () => {
  it('shows a new price and a sold-out product right after the change is committed', async () => {
    const before = await listing('zubehoer/webcams', undefined, { sort: 'preis-aufsteigend' })
    const product = before.products[0]
    if (!product) throw new Error('no webcam')
    const inStock = filterOf(before, 'verfuegbarkeit').properties[0]?.quantity ?? 0
    // A back office (or an order) changes price and stock directly in the database.
    await shop.db.execute(
      sql`update products set price_cents = 100, stock = 0 where id = ${product.id}`,
    )
    await expect
      .poll(
        async () =>
          (await listing('zubehoer/webcams', undefined, { sort: 'preis-aufsteigend' })).products[0]
            ?.priceCents,
      )
      .toBe(100)
    const after = await listing('zubehoer/webcams', undefined, { sort: 'preis-aufsteigend' })
    expect(after.products[0]?.availability).toBe('out_of_stock')
    const wasInStock = product.availability !== 'out_of_stock'
    expect(filterOf(after, 'verfuegbarkeit').properties[0]?.quantity).toBe(
      wasInStock ? inStock - 1 : inStock,
    )
    const detail = await browser.api.catalog.getProduct({ params: { productId: product.id } })
    expect(detail.status === 200 && detail.body.priceCents).toBe(100)
  })
})
