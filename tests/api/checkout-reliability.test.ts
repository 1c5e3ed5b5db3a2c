// Reliability of order placement under concurrency: stock never oversold, one order per
// idempotency key, a single-use voucher used once, and failed payments leave no trace.
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vouchers } from '#db/schema/checkout.ts'
import { orders } from '#db/schema/orders.ts'
import { createPaymentProvider } from '#server/payment-sandbox/index.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import {
  cardAlias,
  choose,
  fillCart,
  findProduct,
  key,
  setStock,
  shoppers,
  startCheckout,
  stockOf,
} from './checkout-support.ts'

let shop: TestApp
let people: ReturnType<typeof shoppers>

beforeAll(async () => {
  shop = await startTestApp({ env: { TRUST_PROXY: '1' } })
  people = shoppers(shop)
})
afterAll(() => shop.close())

async function readyShopper(productId: number) {
  const shopper = await people.guest()
  await fillCart(shopper.browser, productId)
  await startCheckout(shopper.browser)
  await choose(shopper.browser, { payment: 'moneyorder' })
  return shopper
}

describe('order placement under concurrency', () => {
  it('50 concurrent checkouts for 10 in stock: exactly 10 orders, stock 0, the rest out of stock', async () => {
    const product = await findProduct(shop.db, { minStock: 10 })
    await setStock(shop.db, product.id, 10)
    const all = []
    for (let i = 0; i < 50; i += 10) {
      all.push(...(await Promise.all(Array.from({ length: 10 }, () => readyShopper(product.id)))))
    }
    const answers = await Promise.all(
      all.map((s) => s.browser.api.checkout.process({ body: { idempotencyKey: key() } })),
    )
    const placed = answers.filter((a) => a.status === 200)
    const refused = answers.filter((a) => a.status === 422)
    expect(placed).toHaveLength(10)
    expect(refused).toHaveLength(40)
    for (const answer of refused)
      expect(answer.body).toMatchObject({ code: 'checkout_out_of_stock' })
    expect(await stockOf(shop.db, product.id)).toBe(0)
    const rows = await shop.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        inArray(
          orders.email,
          all.map((s) => s.email),
        ),
      )
    expect(rows).toHaveLength(10)
  })

  it('the same idempotency key sent twice at once makes one order', async () => {
    const product = await findProduct(shop.db, { minStock: 10, skip: 1 })
    const { browser, email } = await readyShopper(product.id)
    const idempotencyKey = key()
    const [first, second] = await Promise.all([
      browser.api.checkout.process({ body: { idempotencyKey } }),
      browser.api.checkout.process({ body: { idempotencyKey } }),
    ])
    expect(first.status).toBe(200)
    expect(second.status).toBe(200)
    const numbers = [first, second].map((a) =>
      a.status === 200 && a.body.type === 'redirect' ? a.body.order?.orderNumber : null,
    )
    expect(numbers[0]).toBeTruthy()
    expect(numbers[1]).toBe(numbers[0])
    expect(await shop.db.select().from(orders).where(eq(orders.email, email))).toHaveLength(1)
  })

  it('a single-use voucher redeemed by two checkouts at once is used once', async () => {
    const product = await findProduct(shop.db, { minStock: 10, skip: 2 })
    const shoppersWithVoucher = await Promise.all([
      readyShopper(product.id),
      readyShopper(product.id),
    ])
    for (const { browser } of shoppersWithVoucher) {
      const redeemed = await browser.api.checkout.voucher({ body: { voucherCode: 'EINMALIG10' } })
      expect(redeemed.status).toBe(200)
    }
    const answers = await Promise.all(
      shoppersWithVoucher.map(({ browser }) =>
        browser.api.checkout.process({ body: { idempotencyKey: key() } }),
      ),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422])
    expect(answers.find((a) => a.status === 422)?.body).toMatchObject({ code: 'voucher_used_up' })
    const [voucher] = await shop.db.select().from(vouchers).where(eq(vouchers.code, 'EINMALIG10'))
    expect(voucher?.usedCount).toBe(1)
  })

  it('the same key sent three times at once by card: one authorization, one order', async () => {
    const product = await findProduct(shop.db, { minStock: 10, skip: 5 })
    const { browser, email } = await people.guest()
    await fillCart(browser, product.id)
    await startCheckout(browser)
    const alias = await cardAlias(shop, browser, '4111 1111 1111 1111')
    await browser.api.checkout.saveCreditCard({ body: { alias, save: false } })
    const idempotencyKey = key()
    const answers = await Promise.all(
      [1, 2, 3].map(() => browser.api.checkout.process({ body: { idempotencyKey } })),
    )
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
    const { provider } = createPaymentProvider({
      db: shop.db,
      config: shop.config,
      clock: shop.clock,
    })
    const authorizations = await provider.payments.findByReference(idempotencyKey)
    expect(authorizations).toHaveLength(1)
    const rows = await shop.db.select().from(orders).where(eq(orders.email, email))
    expect(rows.map((row) => row.pspPaymentId)).toEqual([authorizations[0]?.paymentId])
  })

  it('a declined card payment leaves the cart, the stock and no order', async () => {
    const product = await findProduct(shop.db, { minStock: 10, skip: 4 })
    const { browser, email } = await people.guest()
    await fillCart(browser, product.id, 2)
    await startCheckout(browser)
    const before = await stockOf(shop.db, product.id)
    const alias = await cardAlias(shop, browser, '4000 0000 0000 0002')
    await browser.api.checkout.saveCreditCard({ body: { alias, save: false } })
    const answer = await browser.api.checkout.process({ body: { idempotencyKey: key() } })
    expect(answer.status).toBe(422)
    expect(await stockOf(shop.db, product.id)).toBe(before)
    const cart = await browser.api.cart.getCheckoutCart()
    expect(cart.status === 200 ? cart.body.productsCount : -1).toBe(2)
    expect(await shop.db.select().from(orders).where(eq(orders.email, email))).toHaveLength(0)
  })
})
