import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { BackofficeCatalogChoices } from '#contract/backoffice-products.ts'
import type { CategoryListing } from '#contract/catalog.ts'
import type { Db } from '#db/client.ts'
import { categories, products } from '#db/schema/catalog.ts'
import { catalogCache } from '#server/catalog/cache.ts'
import { createLogger } from '#server/platform/log.ts'
import { startTestApp } from '#tests/support/app.ts'
import type { Browser } from '#tests/support/client.ts'
import { cloneTemplate } from '#tests/support/template.ts'
import { browserFactory } from './account-fixtures.ts'
import { choose, fillCart, key, registerGuest, startCheckout } from './checkout-support.ts'
import { insertStaffAccount, staffLogIn } from './staff-access.ts'

type Shop = { url: string; db: Db; close: () => Promise<void> }

const log = createLogger('silent')

/** The shop in-process (one of two processes on one database), on the real clock. */
function startShop(dbUrl: string): Promise<Shop> {
  return startTestApp({ dbUrl, clock: 'system', dbMax: 6, env: { TRUST_PROXY: '1' } })
}

const PATH = 'pc-komponenten/grafikkarten'
let one: Shop
let two: Shop
let admin: Browser
let product: { id: number; priceCents: number }
let attribute: { id: number; key: string; from: number; to: number } | undefined

async function listing(shop: Shop, filter = ''): Promise<CategoryListing> {
  const query = new URLSearchParams({ path: PATH, ...(filter ? { filter } : {}) })
  const response = await fetch(`${shop.url}/api/catalog/listing?${query}`)
  expect(response.status).toBe(200)
  return (await response.json()) as CategoryListing
}

function quantity(body: CategoryListing, filterId: string, value: string): number {
  const filter = body.filters.find((f) => f.id === filterId)
  return filter?.properties.find((p) => p.value === value)?.quantity ?? 0
}

/** Reads again and again until `check` holds (the other process hears of a change by NOTIFY). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 5000
  let value = await read()
  while (!check(value) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    value = await read()
  }
  return value
}

beforeAll(async () => {
  const dbUrl = await cloneTemplate(inject('dbAdminUrl'), inject('dbTemplate'))
  one = await startShop(dbUrl)
  two = await startShop(dbUrl)
  const [category] = await one.db.select().from(categories).where(eq(categories.path, PATH))
  if (!category) throw new Error('no Grafikkarten category seeded')
  const subtree = await one.db
    .select({ id: categories.id })
    .from(categories)
    .where(sql`${categories.path} = ${PATH} or ${categories.path} like ${`${PATH}/%`}`)
  const [row] = await one.db
    .select({ id: products.id, priceCents: products.priceCents, optionIds: products.optionIds })
    .from(products)
    .where(
      and(
        eq(products.active, true),
        gt(products.stock, 0),
        inArray(
          products.categoryId,
          subtree.map((c) => c.id),
        ),
        sql`cardinality(${products.optionIds}) > 1`,
      ),
    )
    .orderBy(products.id)
    .limit(1)
  if (!row) throw new Error('no graphics card in stock seeded')
  product = row
  // The last piece in stock (set up before the apps read anything).
  await one.db.update(products).set({ stock: 1 }).where(eq(products.id, row.id))

  const email = await insertStaffAccount(one.db, 'admin')
  admin = browserFactory(one.url)()
  await staffLogIn(admin, email)
  const answer = await admin.api.backoffice.getCatalogChoices()
  if (answer.status !== 200) throw new Error(`choices answered ${answer.status}`)
  const choices: BackofficeCatalogChoices = answer.body
  const detail = await admin.api.backoffice.getProduct({ params: { id: row.id } })
  if (detail.status !== 200) throw new Error('no product detail')
  // An attribute the product carries that has another value to switch to (not the brand).
  for (const carried of detail.body.attributes) {
    const offered = choices.attributes.find((a) => a.id === carried.attributeId)
    if (!offered || offered.key === 'hersteller') continue
    const other = offered.options.find((o) => o.id !== carried.optionId)
    if (!other || carried.optionId === null) continue
    attribute = { id: offered.id, key: offered.key, from: carried.optionId, to: other.id }
    break
  }
  if (!attribute) throw new Error('no switchable attribute on the product')

  // Both processes listen for catalog changes (the index is used only then).
  for (const shop of [one, two]) {
    const cache = catalogCache({ db: shop.db, log })
    cache.start()
    await eventually(
      async () => cache.ready,
      (ready) => ready,
    )
    expect(cache.ready).toBe(true)
  }
})

afterAll(async () => {
  await two?.close()
  await one?.close()
})

/** The option's URL value, as the listing's filter shows it. */
async function optionValue(optionId: number): Promise<string> {
  const [row] = await one.db.execute<{ value: string }>(
    sql`select value from filter_options where id = ${optionId}`,
  )
  if (!row) throw new Error(`no option ${optionId}`)
  return row.value
}

describe('listing counts across two processes', () => {
  it('follow an order taking the last piece, a price change and an attribute change', async () => {
    const switching = attribute
    if (!switching) throw new Error('no attribute')
    const euros = Math.floor(product.priceCents / 100)
    const range = `preis=${euros}-${euros + 1}`
    const fromValue = await optionValue(switching.from)
    const toValue = await optionValue(switching.to)
    // Warm both processes' caches and indexes.
    const before = await listing(two)
    const inRangeBefore = (await listing(two, range)).total
    // Its tile is now kept in process two (tiles are kept by id, dropped by the NOTIFY's ids).
    const tileOf = (body: CategoryListing) => body.products.find((tile) => tile.id === product.id)
    expect(tileOf(await listing(two, range))?.availability).not.toBe('out_of_stock')
    await listing(one)
    const available = quantity(before, 'verfuegbarkeit', 'sofort-lieferbar')
    const fromCount = quantity(before, switching.key, fromValue)
    const toCount = quantity(before, switching.key, toValue)
    expect(available).toBeGreaterThan(0)
    expect(fromCount).toBeGreaterThan(0)
    expect(inRangeBefore).toBeGreaterThan(0)

    // An order in process one takes the last piece.
    const shopper = browserFactory(one.url)()
    await registerGuest(shopper, 'index')
    await fillCart(shopper, product.id)
    await startCheckout(shopper)
    await choose(shopper, { payment: 'moneyorder' })
    const order = await shopper.api.checkout.process({ body: { idempotencyKey: key() } })
    expect(order.status).toBe(200)
    const [{ stock } = { stock: -1 }] = await one.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id))
    expect(stock).toBe(0)
    const soldOut = await eventually(
      () => listing(two),
      (body) => quantity(body, 'verfuegbarkeit', 'sofort-lieferbar') === available - 1,
    )
    expect(quantity(soldOut, 'verfuegbarkeit', 'sofort-lieferbar')).toBe(available - 1)
    expect(tileOf(await listing(two, range))?.availability).toBe('out_of_stock')

    // The back office in process one moves the price out of the range.
    const detail = await admin.api.backoffice.getProduct({ params: { id: product.id } })
    if (detail.status !== 200) throw new Error('no product detail')
    const priced = await admin.api.backoffice.updateProduct({
      params: { id: product.id },
      body: {
        priceCents: product.priceCents + 50_000,
        strikeThroughPriceCents: null,
        campusPriceCents: detail.body.campusPriceCents,
        stock: 0,
        active: true,
        version: detail.body.version,
      },
    })
    expect(priced.status).toBe(200)
    // The writing process answers with it at once; the other one as soon as it is told.
    expect((await listing(one, range)).total).toBe(inRangeBefore - 1)
    const moved = await eventually(
      () => listing(two, range),
      (body) => body.total === inRangeBefore - 1,
    )
    expect(moved.total).toBe(inRangeBefore - 1)
    const euros2 = Math.floor((product.priceCents + 50_000) / 100)
    const repriced = tileOf(await listing(two, `preis=${euros2}-${euros2 + 1}`))
    expect(repriced?.priceCents).toBe(product.priceCents + 50_000)

    // The back office switches one of its attributes to another value.
    const current = await admin.api.backoffice.getProduct({ params: { id: product.id } })
    if (current.status !== 200) throw new Error('no product detail')
    const p = current.body
    const edited = await admin.api.backoffice.editProduct({
      params: { id: product.id },
      body: {
        name: p.name,
        manufacturerId: p.manufacturerId ?? 0,
        articleNumber: p.articleNumber,
        ean: p.ean,
        manufacturerPartNumber: p.manufacturerPartNumber ?? '',
        categoryId: p.categoryId,
        teaser: p.teaser,
        description: p.description,
        priceCents: p.priceCents,
        strikeThroughPriceCents: p.strikeThroughPriceCents,
        campusPriceCents: p.campusPriceCents,
        deliveryTime: p.deliveryTime,
        active: p.active,
        attributes: p.attributes.map((a) => ({
          ...a,
          optionId: a.attributeId === switching.id ? switching.to : a.optionId,
          newText: null,
        })),
        energyClass: p.energyClass,
        energyScale: p.energyScale,
        energyKwh: p.energyKwh,
        warranties: p.warranties,
        safetyWarnings: p.safetyWarnings,
        largeAppliance: p.largeAppliance,
        containsBattery: p.containsBattery,
        version: p.version,
      },
    })
    expect(edited.status).toBe(200)
    const local = await listing(one)
    expect(quantity(local, switching.key, fromValue)).toBe(fromCount - 1)
    expect(quantity(local, switching.key, toValue)).toBe(toCount + 1)
    const switched = await eventually(
      () => listing(two),
      (body) => quantity(body, switching.key, toValue) === toCount + 1,
    )
    expect(quantity(switched, switching.key, fromValue)).toBe(fromCount - 1)
    expect(quantity(switched, switching.key, toValue)).toBe(toCount + 1)
  })
})
