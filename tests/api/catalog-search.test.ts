// Search through real HTTP: German stemming, model numbers however typed, exact article number
// and EAN, search filters, suggestions, and input that is only ever treated as text.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SearchListing } from '#contract/catalog.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import { type Browser, createBrowser } from '#tests/support/client.ts'

let shop: TestApp
let browser: Browser
beforeAll(async () => {
  shop = await startTestApp()
  browser = createBrowser(shop.url)
})
afterAll(() => shop.close())

async function search(query: string, filter?: string): Promise<SearchListing> {
  const response = await browser.api.catalog.getSearchResults({ query: { query, filter } })
  if (response.status !== 200) throw new Error(`search answered ${response.status}`)
  return response.body
}

async function allIds(query: string): Promise<number[]> {
  const ids: number[] = []
  const first = await search(query)
  for (let page = 1; page <= first.pageCount; page += 1) {
    const response = await browser.api.catalog.getSearchResults({ query: { query, page } })
    if (response.status === 200) ids.push(...response.body.products.map((p) => p.id))
  }
  return ids.sort((a, b) => a - b)
}

describe('full-text search (german)', () => {
  it('finds "Grafikkarte" with "Grafikkarten" and "Maus" with "Mäuse" (stemming)', async () => {
    const plural = await search('Grafikkarten')
    const singular = await search('Grafikkarte')
    expect(plural.total).toBeGreaterThan(50)
    expect(singular.total).toBe(plural.total)
    const [gpus] = [
      ...(await shop.db.execute(
        sql`select count(*)::int as n from products where category_id in (select id from categories where path like 'pc-komponenten/grafikkarten/%')`,
      )),
    ] as { n: number }[]
    // Every graphics card is found, and they come first.
    expect(plural.total).toBeGreaterThanOrEqual(gpus?.n ?? 0)
    expect(plural.products.every((p) => /GeForce|Radeon|Arc/.test(p.name))).toBe(true)
    const mice = await search('Maus')
    expect(mice.total).toBeGreaterThan(0)
    expect((await search('Mäuse')).total).toBe(mice.total)
  })

  it('finds the same cards for "RTX 4070", "rtx4070" and "RTX-4070", cards first', async () => {
    const spaced = await allIds('RTX 4070')
    expect(spaced.length).toBeGreaterThan(5)
    expect(await allIds('rtx4070')).toEqual(spaced)
    expect(await allIds('RTX-4070')).toEqual(spaced)
    const first = await search('RTX 4070')
    expect(first.products[0]?.name).toMatch(/^\S+ GeForce RTX 4070/)
    expect(first.products.every((p) => /RTX 4070/.test(p.name) || /RTX 4070/.test(p.teaser))).toBe(
      true,
    )
  })

  it('leads an exact article number or EAN straight to its product', async () => {
    const [product] = [
      ...(await shop.db.execute(
        sql`select id, slug, article_number, ean from products order by id limit 1 offset 10`,
      )),
    ] as { id: number; slug: string; article_number: string; ean: string }[]
    if (!product) throw new Error('no product')
    const url = `/artikel/${product.slug}-${product.id}`
    expect((await search(product.article_number)).redirect).toBe(url)
    expect((await search(` ${product.ean} `)).redirect).toBe(url)
    const unknown = await search('0000001')
    expect(unknown.redirect).toBeNull()
  })

  it('offers categories, price, Hersteller and Grafikkarte as search filters, with counts', async () => {
    const body = await search('RTX 4070')
    expect(body.filters.map((f) => f.id)).toEqual([
      'kategorie',
      'preis',
      'hersteller',
      'grafikkarte',
    ])
    const categories = body.filters.find((f) => f.id === 'kategorie')
    expect(categories?.properties.reduce((sum, p) => sum + p.quantity, 0)).toBe(body.total)
    const gpuCategory = categories?.properties.find((p) => p.text === 'NVIDIA GeForce')
    const narrowed = await search('RTX 4070', `kategorie=${gpuCategory?.value}`)
    expect(narrowed.total).toBe(gpuCategory?.quantity)
    expect(narrowed.selectedFilter).toEqual([`kategorie=${gpuCategory?.value}`])
    // The category filter still counts the other categories (it is one group).
    expect(narrowed.filters.find((f) => f.id === 'kategorie')?.properties).toEqual(
      categories?.properties.map((p) => ({ ...p, checked: p.value === gpuCategory?.value })),
    )

    const filters = await browser.api.catalog.getSearchFilters({
      body: { query: 'RTX 4070', filter: [`kategorie=${gpuCategory?.value}`] },
    })
    expect(filters.status).toBe(200)
    if (filters.status === 200) expect(filters.body.productCount).toBe(narrowed.total)
  })

  it('refuses empty and over-long input with 400 and a field code', async () => {
    const empty = await browser.fetch('/api/catalog/search?query=%20%20')
    expect(empty.status).toBe(400)
    expect(await empty.json()).toMatchObject({ fields: { 'query.query': 'search_term_required' } })
    const long = await browser.fetch(`/api/catalog/search?query=${'a'.repeat(101)}`)
    expect(long.status).toBe(400)
    expect(await long.json()).toMatchObject({ fields: { 'query.query': 'max_length' } })
    const missing = await browser.fetch('/api/catalog/search')
    expect(missing.status).toBe(400)
  })

  it('treats input as text: SQL and markup find nothing and break nothing', async () => {
    for (const query of [
      "'; drop table products; --",
      '<script>alert(1)</script>',
      "' or '1'='1",
      '%_\\',
      ':* & | ! ( )',
    ]) {
      const response = await browser.api.catalog.getSearchResults({ query: { query } })
      expect(response.status, query).toBe(200)
    }
    // The term comes back as data in JSON (the page renders it as text), matching nothing.
    const raw = await browser.fetch(
      `/api/catalog/search?query=${encodeURIComponent('<script>alert(1)</script>')}`,
    )
    expect(raw.headers.get('content-type')).toContain('application/json')
    const body = (await raw.json()) as SearchListing
    expect(body.query).toBe('<script>alert(1)</script>')
    expect(body.products).toEqual([])
    expect((await search('Grafikkarten')).total).toBeGreaterThan(0)
  })
})

describe('suggestions', () => {
  it('suggests at most 5 findings with query, category and image for more than 2 characters', async () => {
    const response = await browser.api.catalog.getSearchSuggestions({ query: { query: 'rtx 40' } })
    expect(response.status).toBe(200)
    if (response.status !== 200) return
    const { suggestions } = response.body
    expect(suggestions.length).toBeGreaterThan(0)
    expect(suggestions.length).toBeLessThanOrEqual(5)
    for (const suggestion of suggestions) {
      expect(suggestion.query).toMatch(/RTX 40/)
      expect(suggestion.url).toBe(`/produkte/${encodeURIComponent(suggestion.query)}`)
      expect(suggestion.image).toMatch(/\.svg$/)
      expect(suggestion.category?.name).toBeTruthy()
    }
  })

  it('suggests categories by their beginning and tolerates typos', async () => {
    const prefix = await browser.api.catalog.getSearchSuggestions({ query: { query: 'grafikk' } })
    expect(prefix.status === 200 && prefix.body.suggestions[0]?.query).toBe('Grafikkarten')
    const typo = await browser.api.catalog.getSearchSuggestions({ query: { query: 'grafikarte' } })
    expect(typo.status === 200 && typo.body.suggestions.map((s) => s.query)).toContain(
      'Grafikkarten',
    )
  })

  it('suggests products by the beginnings of later words, names holding every word first', async () => {
    const response = await browser.api.catalog.getSearchSuggestions({
      query: { query: 'geforce rtx 40' },
    })
    expect(response.status).toBe(200)
    if (response.status !== 200) return
    const { suggestions } = response.body
    expect(suggestions.length).toBeGreaterThan(0)
    for (const suggestion of suggestions) expect(suggestion.query).toMatch(/GeForce RTX 40/i)
    // Distinct texts.
    const texts = suggestions.map((s) => s.query.toLowerCase())
    expect(new Set(texts).size).toBe(texts.length)
  })

  it('finds a whole word typed with its German ending', async () => {
    const plural = await browser.api.catalog.getSearchSuggestions({
      query: { query: 'grafikkarten' },
    })
    expect(plural.status === 200 && plural.body.suggestions[0]?.query).toBe('Grafikkarten')
    expect(plural.status === 200 && plural.body.suggestions.length).toBeGreaterThan(1)
  })

  it('suggests nothing for 2 characters and refuses over-long input', async () => {
    const short = await browser.api.catalog.getSearchSuggestions({ query: { query: 'rt' } })
    expect(short.status === 200 && short.body.suggestions).toEqual([])
    const long = await browser.fetch(`/api/catalog/suggestions?query=${'x'.repeat(101)}`)
    expect(long.status).toBe(400)
  })
})
