// The 30-day price (§ 11 PAngV, EuGH C-330/23; issue 20): the rule (the SQL function
// catalog_reference_price over crafted histories), the seeded history, a staff price change that
// writes history, and listing, product page, cart and wishlist answering the same comparison
// price and discount over real HTTP.
import { desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productPriceHistory, products } from '#db/schema/catalog.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import type { Browser } from '#tests/support/client.ts'
import { browserFactory } from './account-fixtures.ts'
import { findProduct } from './checkout-support.ts'
import { insertStaffAccount, staffLogIn } from './staff-access.ts'

const DAY = 86_400_000

let shop: TestApp
let newBrowser: ReturnType<typeof browserFactory>
let admin: Browser
let adminEmail: string

beforeAll(async () => {
  shop = await startTestApp({ env: { TRUST_PROXY: '1' } })
  newBrowser = browserFactory(shop.url)
  admin = newBrowser()
  adminEmail = await insertStaffAccount(shop.db, 'admin')
  await staffLogIn(admin, adminEmail)
})

/** Moves the clock by days; the staff session has ended by then, so the admin logs in again. */
async function daysLater(days: number): Promise<void> {
  shop.clock.advance(days * DAY)
  admin = newBrowser()
  await staffLogIn(admin, adminEmail)
}
afterAll(() => shop.close())

type Step = { cents: number; announced?: boolean; daysAgo: number }

/** Replaces the product's history with the given steps (oldest first) and stores the reference. */
async function setHistory(productId: number, steps: Step[]): Promise<void> {
  const now = shop.clock.now().getTime()
  await shop.db.delete(productPriceHistory).where(eq(productPriceHistory.productId, productId))
  await shop.db.insert(productPriceHistory).values(
    steps.map((step) => ({
      productId,
      priceCents: step.cents,
      announced: step.announced ?? false,
      validFrom: new Date(now - step.daysAgo * DAY),
      source: 'seed' as const,
    })),
  )
  const current = steps.at(-1)
  if (!current) return
  await shop.db
    .update(products)
    .set({
      priceCents: current.cents,
      strikeThroughPriceCents: current.announced ? current.cents + 10_000 : null,
      referencePriceCents: sql`catalog_reference_price(${products.id})`,
    })
    .where(eq(products.id, productId))
}

/** The rule's answer for a history. */
async function referenceFor(steps: Step[]): Promise<number | null> {
  const product = await findProduct(shop.db, { skip: 40 })
  await setHistory(product.id, steps)
  const [row] = await shop.db
    .select({ cents: sql<number | null>`catalog_reference_price(${products.id})` })
    .from(products)
    .where(eq(products.id, product.id))
  return row?.cents ?? null
}

describe('the rule: the lowest price of the 30 days before the reduction', () => {
  it('compares an announced reduction with the price before it', async () => {
    expect(
      await referenceFor([
        { cents: 20_000, daysAgo: 90 },
        { cents: 15_000, announced: true, daysAgo: 5 },
      ]),
    ).toBe(20_000)
  })

  it('takes the lowest price of the 30 days before the reduction, not the last one (Aldi)', async () => {
    expect(
      await referenceFor([
        { cents: 20_000, daysAgo: 90 },
        { cents: 16_000, daysAgo: 20 },
        { cents: 20_000, daysAgo: 10 },
        { cents: 15_000, announced: true, daysAgo: 2 },
      ]),
    ).toBe(16_000)
    // The "reduced" price was charged three weeks ago: no comparison price at all.
    expect(
      await referenceFor([
        { cents: 20_000, daysAgo: 90 },
        { cents: 15_000, daysAgo: 25 },
        { cents: 20_000, daysAgo: 12 },
        { cents: 15_000, announced: true, daysAgo: 3 },
      ]),
    ).toBeNull()
  })

  it('ignores prices that ended more than 30 days before the reduction', async () => {
    expect(
      await referenceFor([
        { cents: 10_000, daysAgo: 100 },
        { cents: 20_000, daysAgo: 40 },
        { cents: 15_000, announced: true, daysAgo: 2 },
      ]),
    ).toBe(20_000)
    // The price that still applied 30 days before the reduction counts.
    expect(
      await referenceFor([
        { cents: 18_000, daysAgo: 40 },
        { cents: 20_000, daysAgo: 20 },
        { cents: 15_000, announced: true, daysAgo: 2 },
      ]),
    ).toBe(18_000)
  })

  it('keeps the price before the first step during a gradual reduction (§ 11 (2))', async () => {
    expect(
      await referenceFor([
        { cents: 20_000, daysAgo: 90 },
        { cents: 18_000, announced: true, daysAgo: 20 },
        { cents: 16_000, announced: true, daysAgo: 10 },
        { cents: 14_000, announced: true, daysAgo: 2 },
      ]),
    ).toBe(20_000)
    // A step that was not announced interrupts it: the new reduction starts from scratch.
    expect(
      await referenceFor([
        { cents: 20_000, daysAgo: 90 },
        { cents: 18_000, daysAgo: 20 },
        { cents: 16_000, announced: true, daysAgo: 5 },
      ]),
    ).toBe(18_000)
  })

  it('shows nothing when the price was raised again after a reduction', async () => {
    expect(
      await referenceFor([
        { cents: 20_000, daysAgo: 90 },
        { cents: 15_000, announced: true, daysAgo: 20 },
        { cents: 17_000, announced: true, daysAgo: 10 },
      ]),
    ).toBeNull()
  })

  it('shows nothing without an announced reduction, for a new product or a price that never applied', async () => {
    expect(
      await referenceFor([
        { cents: 20_000, daysAgo: 90 },
        { cents: 15_000, daysAgo: 5 },
      ]),
    ).toBeNull()
    expect(await referenceFor([{ cents: 15_000, announced: true, daysAgo: 5 }])).toBeNull()
  })

  it('ignores a price replaced in the same instant: it was never charged', async () => {
    expect(
      await referenceFor([
        { cents: 20_000, daysAgo: 90 },
        { cents: 9_000, daysAgo: 5 },
        { cents: 15_000, announced: true, daysAgo: 5 },
      ]),
    ).toBe(20_000)
  })
})

describe('the seeded history', () => {
  it('ends in every product current price and stores what the rule says', async () => {
    const mismatches = await shop.db.execute<{ id: number }>(sql`
      select p.id from products p
      join lateral (select price_cents, announced from product_price_history h
        where h.product_id = p.id order by valid_from desc, id desc limit 1) newest on true
      where newest.price_cents <> p.price_cents
        or newest.announced <> (p.strike_through_price_cents is not null)
        or p.reference_price_cents is distinct from catalog_reference_price(p.id)`)
    expect(mismatches.length).toBe(0)
    const [withoutHistory] = await shop.db.execute<{ n: number }>(sql`
      select count(*)::int as n from products p
      where not exists (select 1 from product_price_history h where h.product_id = p.id)`)
    expect(withoutHistory?.n).toBe(0)
    const [counts] = await shop.db.execute<{ shown: number; refused: number }>(sql`
      select count(*) filter (where reference_price_cents is not null)::int as shown,
        count(*) filter (where strike_through_price_cents is not null
          and reference_price_cents is null)::int as refused
      from products`)
    // The demo shows both: real reductions with a badge and announced ones the rule refuses.
    expect(counts?.shown).toBeGreaterThan(20)
    expect(counts?.refused).toBeGreaterThan(5)
  })
})

async function change(id: number, priceCents: number, strikeThroughPriceCents: number | null) {
  const response = await admin.api.backoffice.updateProduct({
    params: { id },
    body: { priceCents, strikeThroughPriceCents, campusPriceCents: null, stock: 20, active: true },
  })
  if (response.status !== 200) throw new Error(`update answered ${response.status}`)
  return response.body
}

/** What listing, product page, cart and wishlist answer for the product's comparison price. */
async function shownEverywhere(id: number) {
  const page = await newBrowser().api.catalog.getProduct({ params: { productId: id } })
  if (page.status !== 200) throw new Error(`product answered ${page.status}`)
  const found = await newBrowser().api.catalog.getSearchResults({
    query: { query: page.body.name } as never,
  })
  if (found.status !== 200) throw new Error(`search answered ${found.status}`)
  const tile = found.body.products.find((p) => p.id === id)
  const shopper = newBrowser()
  const added = await shopper.api.cart.addToCart({ body: { id, quantity: 1 } })
  if (added.status !== 200) throw new Error(`cart answered ${added.status}`)
  const line = added.body.products.find((p) => p.id === id)
  expect((await shopper.api.wishlist.addToWishlist({ body: { productId: id } })).status).toBe(200)
  const wishlist = await shopper.api.wishlist.getWishlist()
  if (wishlist.status !== 200) throw new Error(`wishlist answered ${wishlist.status}`)
  const item = wishlist.body.products.find((p) => p.id === id)
  return {
    product: { strike: page.body.strikeThroughPriceCents, percent: page.body.discountPercent },
    listing: { strike: tile?.strikeThroughPriceCents, percent: tile?.discountPercent },
    cart: { strike: line?.strikeThroughPriceCents, percent: line?.priceDiscountPercent },
    wishlist: { strike: item?.strikeThroughPriceCents, percent: item?.discountPercent },
  }
}

function everywhere(strike: number | null, percent: number) {
  const shown = { strike, percent }
  return { product: shown, listing: shown, cart: shown, wishlist: shown }
}

describe('over HTTP', () => {
  it('a staff price change writes history; every page shows the 30-day price and its discount', async () => {
    const product = await findProduct(shop.db, { minStock: 5, skip: 11 })
    await setHistory(product.id, [{ cents: 20_000, daysAgo: 90 }])
    // The merchant's strike-through (249,99 €) is only the announcement; 200,00 € is shown.
    const updated = await change(product.id, 15_000, 24_999)
    expect(updated).toMatchObject({
      priceCents: 15_000,
      strikeThroughPriceCents: 24_999,
      referencePriceCents: 20_000,
    })
    const [newest] = await shop.db
      .select()
      .from(productPriceHistory)
      .where(eq(productPriceHistory.productId, product.id))
      .orderBy(desc(productPriceHistory.validFrom), desc(productPriceHistory.id))
      .limit(1)
    expect(newest).toMatchObject({ priceCents: 15_000, announced: true, source: 'backoffice' })
    expect(await shownEverywhere(product.id)).toEqual(everywhere(20_000, 25))

    const prices = await admin.api.backoffice.getProductPrices({ params: { id: product.id } })
    expect(prices.status).toBe(200)
    if (prices.status !== 200) return
    expect(prices.body.referencePriceCents).toBe(20_000)
    expect(prices.body.history.map((step) => [step.priceCents, step.announced])).toEqual([
      [20_000, false],
      [15_000, true],
    ])

    // Changing only stock writes no history row.
    await change(product.id, 15_000, 24_999)
    const rows = await shop.db
      .select({ id: productPriceHistory.id })
      .from(productPriceHistory)
      .where(eq(productPriceHistory.productId, product.id))
    expect(rows.length).toBe(2)
  })

  it('shows no comparison price and no badge when the "reduction" is above the 30-day low', async () => {
    const product = await findProduct(shop.db, { minStock: 5, skip: 12 })
    await setHistory(product.id, [
      { cents: 20_000, daysAgo: 90 },
      { cents: 16_000, daysAgo: 20 },
      { cents: 20_000, daysAgo: 10 },
    ])
    const updated = await change(product.id, 18_000, 20_000)
    expect(updated.referencePriceCents).toBeNull()
    expect(await shownEverywhere(product.id)).toEqual(everywhere(null, 0))
  })

  it('follows a gradual reduction over days, a raise and the end of the announcement', async () => {
    const product = await findProduct(shop.db, { minStock: 5, skip: 13 })
    await setHistory(product.id, [{ cents: 20_000, daysAgo: 90 }])
    await change(product.id, 18_000, 20_000)
    await daysLater(7)
    expect((await change(product.id, 16_000, 20_000)).referencePriceCents).toBe(20_000)
    await daysLater(7)
    expect((await change(product.id, 17_000, 20_000)).referencePriceCents).toBeNull()
    await daysLater(7)
    expect((await change(product.id, 15_000, null)).referencePriceCents).toBeNull()
    const [row] = await shop.db
      .select({ discount: products.discountPercent })
      .from(products)
      .where(eq(products.id, product.id))
    expect(row?.discount).toBe(0)
  })
})
