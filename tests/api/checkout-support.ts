// Helpers of the checkout API tests: shoppers (guest light accounts, business customers) with a
// cart, products with enough stock, idempotency keys and the sandbox's side of payments.
import { randomUUID } from 'node:crypto'
import { and, eq, gte, isNull, lte, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import type { Db } from '#db/client.ts'
import { products } from '#db/schema/catalog.ts'
import type { TestApp } from '#tests/support/app.ts'
import type { Browser } from '#tests/support/client.ts'
import { browserFactory, businessRegistration, uniqueEmail } from './account-fixtures.ts'

export const key = () => randomUUID()

/**
 * A product without energy label (deliverable abroad) and not a large appliance (no old-device
 * question) with stock and a price in the range.
 */
export async function findProduct(
  db: Db,
  options: { minStock?: number; minCents?: number; maxCents?: number; skip?: number } = {},
) {
  const rows = await db
    .select({ id: products.id, priceCents: products.priceCents, stock: products.stock })
    .from(products)
    .where(
      and(
        gte(products.stock, options.minStock ?? 5),
        isNull(products.energyClass),
        gte(products.priceCents, options.minCents ?? 1000),
        lte(products.priceCents, options.maxCents ?? 50_000),
        isNull(products.campusPriceCents),
        // Large appliances add the old-device question (tests/api/product-safety.test.ts).
        eq(products.largeAppliance, false),
      ),
    )
    .orderBy(products.id)
    .limit(1)
    .offset(options.skip ?? 0)
  const row = rows[0]
  if (!row) throw new Error('no product for the test')
  return row
}

export async function setStock(db: Db, productId: number, stock: number) {
  await db.update(products).set({ stock }).where(eq(products.id, productId))
}

export async function stockOf(db: Db, productId: number): Promise<number> {
  const [row] = await db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId))
  return row?.stock ?? -1
}

export async function countRows(db: Db, table: string, where = 'true'): Promise<number> {
  const result = await db.execute(sql.raw(`select count(*)::int as n from ${table} where ${where}`))
  return Number((result as unknown as { n: number }[])[0]?.n ?? 0)
}

export function shoppers(shop: TestApp) {
  const newBrowser = browserFactory(shop.url)
  return {
    /** A guest who entered an address: a light account, logged in. */
    async guest(overrides: Record<string, unknown> = {}) {
      const browser = newBrowser()
      const email = await registerGuest(browser, 'gast', overrides)
      return { browser, email }
    },
    /** A registered business customer (full account, GmbH in Berlin), logged in. */
    async business() {
      const browser = newBrowser()
      const body = businessRegistration()
      const response = await browser.api.account.registerBusiness({ body: body as never })
      expect(response.status).toBe(200)
      return { browser, email: body.email }
    },
    browser: newBrowser,
  }
}

/** Registers the browser as a guest (a light account in Köln); returns the e-mail. */
export async function registerGuest(
  browser: Browser,
  emailPrefix: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const email = uniqueEmail(emailPrefix)
  const response = await browser.api.account.registerGuest({
    body: {
      customerType: 'private',
      email,
      firstName: 'Gustav',
      lastName: 'Gast',
      streetName: 'Lindenstraße',
      streetNumber: '7',
      zipCode: '50667',
      cityName: 'Köln',
      countryId: 81,
      ...overrides,
    } as never,
  })
  expect(response.status).toBe(200)
  return email
}

export async function fillCart(browser: Browser, productId: number, quantity = 1) {
  const response = await browser.api.cart.addToCart({ body: { id: productId, quantity } })
  expect(response.status).toBe(200)
}

export async function startCheckout(browser: Browser) {
  const response = await browser.api.checkout.init({ body: {} })
  expect(response.status).toBe(200)
  if (response.status !== 200) throw new Error('init failed')
  return response.body
}

export async function choose(browser: Browser, body: Record<string, unknown>) {
  const response = await browser.api.checkout.paymentShipping({ body: body as never })
  expect(response.status).toBe(200)
  if (response.status !== 200) throw new Error(JSON.stringify(response.body))
  return response.body
}

/** A browser's form post (urlencoded), without following the redirect. */
export function postForm(shop: TestApp, url: string, fields: Record<string, string>) {
  return fetch(`${shop.url}${url}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
  })
}

/** The provider's answer as the shop's return URL: path and query parameters. */
export function back(response: Response) {
  const location = response.headers.get('location') ?? ''
  return { location, params: new URL(location, 'http://x').searchParams }
}

/** What the hosted card form does: posts the card to the check URL and gets an alias. */
export async function cardAlias(shop: TestApp, browser: Browser, number: string) {
  const fields = await browser.api.checkout.getCreditCardFields()
  if (fields.status !== 200) throw new Error('no card fields')
  const form = new FormData()
  const year = String((shop.clock.now().getUTCFullYear() + 3) % 100).padStart(2, '0')
  for (const [name, value] of Object.entries({
    holder: 'Erika Mustermann',
    number,
    expiryMonth: '12',
    expiryYear: year,
    cvc: '123',
  })) {
    form.append(name, value)
  }
  const response = await fetch(`${shop.url}${fields.body.creditCard.checkUrl}`, {
    method: 'POST',
    body: form,
    headers: { accept: 'application/json' },
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { alias: string }).alias
}
