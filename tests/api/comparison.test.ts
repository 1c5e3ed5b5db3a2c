// The product comparison through HTTP (issue 22): at most 4 products of one leaf category, the
// German refusals, "Vergleich neu beginnen", removal, the header's `comparison` ids, the page's
// attribute rows, unknown and switched-off products, hostile input, and merging at login.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '#db/schema/catalog.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import type { Browser } from '#tests/support/client.ts'
import { browserFactory, logIn, registerCustomer } from './account-fixtures.ts'

let shop: TestApp
let newBrowser: () => Browser
/** Active products of two leaf categories, at least 8 each. */
let catA: { name: string; ids: number[] }
let catB: { name: string; ids: number[] }

beforeAll(async () => {
  shop = await startTestApp({ env: { TRUST_PROXY: '1' } })
  newBrowser = browserFactory(shop.url)
  const rows = await shop.db.execute<{ name: string; ids: number[] }>(sql`
    select c.name, array_agg(p.id order by p.id) as ids
    from products p join categories c on c.id = p.category_id
    where p.active group by c.id, c.name having count(*) >= 8 order by c.id limit 2`)
  if (!rows[0] || !rows[1]) throw new Error('seed has too few categories with 8 products')
  catA = rows[0]
  catB = rows[1]
})
afterAll(() => shop.close())

const pick = (category: { ids: number[] }, index: number) => {
  const id = category.ids[index]
  if (id === undefined) throw new Error(`no product ${index}`)
  return id
}

async function add(browser: Browser, productId: number, restart?: boolean) {
  return browser.api.comparison.addToComparison({ body: { productId, restart } })
}

async function addOk(browser: Browser, productId: number) {
  const response = await add(browser, productId)
  if (response.status !== 200) throw new Error(`add answered ${response.status}`)
  return response.body
}

async function comparison(browser: Browser) {
  const response = await browser.api.comparison.getComparison()
  if (response.status !== 200) throw new Error(`get answered ${response.status}`)
  return response.body
}

async function headerIds(browser: Browser) {
  const response = await browser.api.header.getHeaderData()
  if (response.status !== 200) throw new Error(`header answered ${response.status}`)
  return response.body.comparison
}

describe('comparison', () => {
  it('keeps a guest list: adds (again: no change), shows the ids in the header and the rows', async () => {
    const browser = newBrowser()
    expect(await comparison(browser)).toEqual({
      successful: true,
      itemCount: 0,
      productIds: [],
      category: null,
      products: [],
      rows: [],
    })
    expect(await headerIds(browser)).toEqual([])
    const [a, b, c] = [pick(catA, 0), pick(catA, 1), pick(catA, 2)]
    expect(await addOk(browser, a)).toEqual({ successful: true, itemCount: 1, productIds: [a] })
    shop.clock.advance(1000)
    await addOk(browser, b)
    shop.clock.advance(1000)
    expect(await addOk(browser, c)).toEqual({
      successful: true,
      itemCount: 3,
      productIds: [a, b, c],
    })
    expect((await addOk(browser, b)).productIds).toEqual([a, b, c])
    expect(await headerIds(browser)).toEqual([a, b, c])

    const body = await comparison(browser)
    expect(body.category?.name).toBe(catA.name)
    expect(body.category?.url).toMatch(/^\/kategorie\//)
    expect(body.products.map((product) => product.id)).toEqual([a, b, c])
    expect(body.products[0]).toMatchObject({ url: expect.stringMatching(/^\/artikel\//) })
    expect(body.rows.length).toBeGreaterThan(0)
    for (const row of body.rows) {
      expect(row.values).toHaveLength(3)
      expect(row.differs).toBe(new Set(row.values).size > 1)
    }
    // The catalog's typed attributes come first, then the technical data.
    expect(body.rows[0]?.group).toBe('Merkmale')
    expect(body.rows.some((row) => row.group !== 'Merkmale')).toBe(true)
  })

  it('refuses a fifth product with comparison_full (422, German text)', async () => {
    const browser = newBrowser()
    for (let i = 0; i < 4; i += 1) await addOk(browser, pick(catA, i))
    const fifth = await add(browser, pick(catA, 4))
    expect(fifth.status).toBe(422)
    expect(fifth.body).toMatchObject({
      code: 'comparison_full',
      message: expect.stringContaining('höchstens 4 Produkte'),
    })
    expect(await headerIds(browser)).toHaveLength(4)
  })

  it('refuses another category with comparison_category_mismatch; restart begins anew', async () => {
    const browser = newBrowser()
    await addOk(browser, pick(catA, 0))
    const other = await add(browser, pick(catB, 0))
    expect(other.status).toBe(422)
    expect(other.body).toMatchObject({
      code: 'comparison_category_mismatch',
      categoryName: catA.name,
      message: `Du kannst nur Produkte derselben Kategorie vergleichen. In deinem Vergleich sind bereits Produkte aus „${catA.name}“.`,
    })
    const restarted = await add(browser, pick(catB, 0), true)
    expect(restarted.body).toEqual({
      successful: true,
      itemCount: 1,
      productIds: [pick(catB, 0)],
    })
    expect((await comparison(browser)).category?.name).toBe(catB.name)
  })

  it('removes one product (not on the list: no change) and clears the list', async () => {
    const browser = newBrowser()
    const [a, b] = [pick(catA, 0), pick(catA, 1)]
    await addOk(browser, a)
    await addOk(browser, b)
    const removed = await browser.api.comparison.removeFromComparison({ params: { productId: a } })
    expect(removed.body).toEqual({ successful: true, itemCount: 1, productIds: [b] })
    const again = await browser.api.comparison.removeFromComparison({ params: { productId: a } })
    expect(again.body).toEqual({ successful: true, itemCount: 1, productIds: [b] })
    expect(await headerIds(browser)).toEqual([b])
    const cleared = await browser.api.comparison.clearComparison()
    expect(cleared.body).toEqual({ successful: true, itemCount: 0, productIds: [] })
    // A visitor without a session removes nothing and gets an empty answer.
    const stranger = await newBrowser().api.comparison.removeFromComparison({
      params: { productId: a },
    })
    expect(stranger.body).toEqual({ successful: true, itemCount: 0, productIds: [] })
  })

  it('answers 404 for unknown and switched-off products; a switched-off one leaves the list', async () => {
    const browser = newBrowser()
    expect((await add(browser, 99_999_999)).status).toBe(404)
    const [a, b] = [pick(catA, 6), pick(catA, 7)]
    await addOk(browser, a)
    await addOk(browser, b)
    await shop.db.update(products).set({ active: false }).where(eq(products.id, b))
    try {
      const refused = await add(browser, b)
      expect(refused.status).toBe(404)
      expect(refused.body).toMatchObject({ code: 'not_found' })
      expect(await headerIds(browser)).toEqual([a])
      expect((await comparison(browser)).products.map((product) => product.id)).toEqual([a])
    } finally {
      await shop.db.update(products).set({ active: true }).where(eq(products.id, b))
    }
  })

  it('answers hostile input with 400 and German messages, never 500', async () => {
    const browser = newBrowser()
    const post = (body: string) =>
      browser.fetch('/api/comparison/items', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
    for (const body of [
      '{"productId":"x"}',
      '{"productId":-1}',
      '{"productId":1.5}',
      '{"productId":99999999999999999999}',
      '{"productId":1,"restart":"yes"}',
      '[]',
      'null',
      '{"__proto__":{"productId":1}}',
    ]) {
      const response = await post(body)
      expect(response.status, body).toBe(400)
      expect(await response.json()).toMatchObject({
        code: 'validation_failed',
        message: 'Bitte überprüfe deine Eingaben.',
      })
    }
    expect((await post('{not json')).status).toBeLessThan(500)
    for (const path of ['abc', '0', '-3', '1e3', '%00', '99999999999']) {
      const response = await browser.fetch(`/api/comparison/items/${path}`, { method: 'DELETE' })
      expect(response.status, path).toBe(400)
    }
  })

  it("works as the toggles' HTML forms: 303 to /vergleich with the outcome, restart included", async () => {
    const browser = newBrowser()
    const form = (path: string, fields: Record<string, string>) =>
      browser.fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      })
    const addForm = async (productId: number | string, restart?: boolean) => {
      const fields = { productId: String(productId), ...(restart ? { restart: '1' } : {}) }
      const answer = await form('/vergleich/hinzufuegen', fields)
      expect(answer.status).toBe(303)
      expect(answer.headers.get('cache-control')).toMatch(/no-store/)
      return answer.headers.get('location')
    }
    expect(await addForm(pick(catA, 0))).toBe('/vergleich?ergebnis=hinzugefuegt')
    const other = pick(catB, 0)
    expect(await addForm(other)).toBe(`/vergleich?ergebnis=andere-kategorie&produkt=${other}`)
    expect(await headerIds(browser)).toEqual([pick(catA, 0)])
    expect(await addForm(other, true)).toBe('/vergleich?ergebnis=hinzugefuegt')
    expect(await headerIds(browser)).toEqual([other])
    for (let i = 1; i < 4; i += 1) await addOk(browser, pick(catB, i))
    const fifth = pick(catB, 4)
    expect(await addForm(fifth)).toBe(`/vergleich?ergebnis=voll&produkt=${fifth}`)
    expect(await addForm(99999999)).toBe('/vergleich?ergebnis=fehler')
    const removed = await form('/vergleich/entfernen', { productId: String(other) })
    expect(removed.status).toBe(303)
    expect(removed.headers.get('location')).toBe('/vergleich?ergebnis=entfernt')
    expect(await headerIds(browser)).toHaveLength(3)
    const malformed: Record<string, string>[] = [
      { productId: 'x' },
      { productId: '1', restart: 'ja' },
      {},
    ]
    for (const fields of malformed) {
      expect((await form('/vergleich/hinzufuegen', fields)).status).toBe(400)
    }
  })

  it('merges the guest list at login: same category joins (newest 4 kept), another replaces', async () => {
    const device = newBrowser()
    const { email } = await registerCustomer(device)
    const ids = [0, 1, 2, 3, 4].map((i) => pick(catA, i))
    await addOk(device, pick({ ids }, 0))
    shop.clock.advance(1000)
    await addOk(device, pick({ ids }, 1))
    shop.clock.advance(1000)
    const guest = newBrowser()
    await addOk(guest, pick({ ids }, 2))
    shop.clock.advance(1000)
    await addOk(guest, pick({ ids }, 3))
    shop.clock.advance(1000)
    await addOk(guest, pick({ ids }, 4))
    await logIn(guest, email)
    // Five of one category: the oldest (the customer's first) gives way.
    const merged = ids.slice(1)
    expect(await headerIds(guest)).toEqual(merged)
    expect(await headerIds(device)).toEqual(merged)

    // A guest list of another category replaces the customer's list at the next login.
    const other = newBrowser()
    await addOk(other, pick(catB, 0))
    await logIn(other, email)
    expect(await headerIds(other)).toEqual([pick(catB, 0)])
    expect((await comparison(other)).category?.name).toBe(catB.name)

    // Logging in without a guest list keeps the customer's list.
    const third = newBrowser()
    await logIn(third, email)
    expect(await headerIds(third)).toEqual([pick(catB, 0)])
  })

  it('holds the limit under parallel adds', async () => {
    const browser = newBrowser()
    await addOk(browser, pick(catA, 0))
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((i) => add(browser, pick(catA, i)).then((r) => r.status)),
    )
    expect(answers.filter((status) => status === 200)).toHaveLength(3)
    expect(answers.filter((status) => status === 422)).toHaveLength(3)
    expect(await headerIds(browser)).toHaveLength(4)
  })
})
