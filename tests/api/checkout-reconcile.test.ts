// Payments never orphaned (issue 16): an authorization whose order never committed is voided by
// the reconciliation job after its grace period; one with an order is left alone; a retry with
// the same idempotency key after a lost answer gets the same order and no second authorization.
// The "crash" between the provider's answer and the order's commit is a trigger that makes the
// order insert of one shopper fail (the request answers 5xx, as when the database goes away).
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentAttempts } from '#db/schema/checkout.ts'
import { orders } from '#db/schema/orders.ts'
import { checkoutJobs } from '#server/checkout/index.ts'
import { reconcilePayments } from '#server/checkout/reconcile.ts'
import { createPaymentProvider } from '#server/payment-sandbox/index.ts'
import { runJobOnce } from '#server/platform/jobs.ts'
import type { PaymentProvider } from '#server/platform/payments/index.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import type { Browser } from '#tests/support/client.ts'
import {
  back,
  cardAlias,
  choose,
  fillCart,
  findProduct,
  key,
  postForm,
  shoppers,
  startCheckout,
} from './checkout-support.ts'

const MINUTE = 60 * 1000

let shop: TestApp
let payments: PaymentProvider
let people: ReturnType<typeof shoppers>
let productId: number

beforeAll(async () => {
  shop = await startTestApp()
  payments = createPaymentProvider({ db: shop.db, config: shop.config, clock: shop.clock }).provider
  people = shoppers(shop)
  productId = (await findProduct(shop.db, { minStock: 50 })).id
  await shop.db.execute(sql`create table test_crashing_orders (email text primary key)`)
  await shop.db.execute(sql`
    create function test_crash_order() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from test_crashing_orders where email = new.email) then
        raise exception 'simulated crash before the order commits';
      end if;
      return new;
    end $$`)
  await shop.db.execute(sql`
    create trigger test_crash_order before insert on orders
    for each row execute function test_crash_order()`)
})
afterAll(() => shop.close())

async function crashOrdersOf(email: string, crash: boolean) {
  await shop.db.execute(
    crash
      ? sql`insert into test_crashing_orders values (${email})`
      : sql`delete from test_crashing_orders where email = ${email}`,
  )
}

async function reconcile() {
  const job = checkoutJobs(shop.db, shop.clock, payments).find(
    (j) => j.name === 'reconcile-payments',
  )
  if (!job) throw new Error('no reconciliation job')
  expect(await runJobOnce(shop.db, job)).toBe(true)
}

async function ordersOf(email: string) {
  return shop.db.select().from(orders).where(eq(orders.email, email))
}

async function attemptState(idempotencyKey: string) {
  const [row] = await shop.db
    .select({ state: paymentAttempts.state })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.idempotencyKey, idempotencyKey))
  return row?.state ?? null
}

async function cartCount(browser: Browser) {
  const cart = await browser.api.cart.getCheckoutCart()
  return cart.status === 200 ? cart.body.productsCount : -1
}

/** A shopper at the confirmation step paying by card (a guest, or a full business customer). */
async function cardShopper(number = '4111 1111 1111 1111', who: 'guest' | 'business' = 'guest') {
  const shopper = who === 'guest' ? await people.guest() : await people.business()
  await fillCart(shopper.browser, productId)
  await startCheckout(shopper.browser)
  const alias = await cardAlias(shop, shopper.browser, number)
  const saved = await shopper.browser.api.checkout.saveCreditCard({ body: { alias, save: false } })
  expect(saved.status).toBe(200)
  return shopper
}

function orderNumberOf(answer: { status: number; body: unknown }): string | null {
  const body = answer.body as { order?: { orderNumber?: string } | null }
  return answer.status === 200 ? (body.order?.orderNumber ?? null) : null
}

describe('reconciliation of authorizations without an order', () => {
  it('voids a card authorization whose order never committed, after the grace period only', async () => {
    const { browser, email } = await cardShopper()
    const idempotencyKey = key()
    await crashOrdersOf(email, true)
    const crashed = await browser.api.checkout.process({ body: { idempotencyKey } })
    expect(crashed.status).toBeGreaterThanOrEqual(500)
    expect(await ordersOf(email)).toHaveLength(0)
    const [authorized] = await payments.payments.findByReference(idempotencyKey)
    expect(authorized?.status).toBe('authorized')
    expect(await attemptState(idempotencyKey)).toBe('open')

    // Within the grace period the shopper may still retry: the job leaves it alone.
    shop.clock.advance(2 * MINUTE)
    await reconcile()
    expect((await payments.payments.get(authorized?.paymentId ?? ''))?.status).toBe('authorized')

    shop.clock.advance(4 * MINUTE)
    await reconcile()
    expect((await payments.payments.get(authorized?.paymentId ?? ''))?.status).toBe('voided')
    expect(await attemptState(idempotencyKey)).toBe('voided')

    // The same key cannot pay any more; the cart is still there for a new attempt.
    await crashOrdersOf(email, false)
    const retry = await browser.api.checkout.process({ body: { idempotencyKey } })
    expect(retry.status).toBe(422)
    expect(retry.body).toMatchObject({ code: 'payment_expired' })
    expect(await payments.payments.findByReference(idempotencyKey)).toHaveLength(1)
    expect(await ordersOf(email)).toHaveLength(0)
    expect(await cartCount(browser)).toBe(1)
    const fresh = await browser.api.checkout.process({ body: { idempotencyKey: key() } })
    expect(fresh.status).toBe(200)
    expect(await ordersOf(email)).toHaveLength(1)
  })

  it('two processes reconciling at once (no lock) void the orphan once and agree', async () => {
    const { browser, email } = await cardShopper()
    const idempotencyKey = key()
    await crashOrdersOf(email, true)
    expect(
      (await browser.api.checkout.process({ body: { idempotencyKey } })).status,
    ).toBeGreaterThanOrEqual(500)
    shop.clock.advance(6 * MINUTE)
    const deps = { db: shop.db, clock: shop.clock, payments }
    const runs = await Promise.all([reconcilePayments(deps), reconcilePayments(deps)])
    expect(runs[0].voided + runs[1].voided).toBe(1)
    const [payment] = await payments.payments.findByReference(idempotencyKey)
    expect(payment?.status).toBe('voided')
    expect(await attemptState(idempotencyKey)).toBe('voided')
  })

  it('leaves an authorization that has its order alone', async () => {
    const { browser, email } = await cardShopper()
    const idempotencyKey = key()
    const placed = await browser.api.checkout.process({ body: { idempotencyKey } })
    expect(placed.status).toBe(200)
    const [order] = await ordersOf(email)
    expect(order?.pspPaymentId).toBeTruthy()
    expect(await attemptState(idempotencyKey)).toBe('ordered')
    shop.clock.advance(10 * MINUTE)
    await reconcile()
    expect((await payments.payments.get(order?.pspPaymentId ?? ''))?.status).toBe('authorized')
    expect(await attemptState(idempotencyKey)).toBe('ordered')
  })

  it('waits while the 3-D Secure page is open; voids a confirmation the shopper never brought back', async () => {
    const { browser, email } = await cardShopper('4000 0000 0000 3220')
    const idempotencyKey = key()
    const started = await browser.api.checkout.process({ body: { idempotencyKey } })
    if (started.status !== 200 || started.body.type !== 'redirect') throw new Error('no 3-D Secure')
    shop.clock.advance(6 * MINUTE)
    await reconcile()
    expect(await attemptState(idempotencyKey)).toBe('open')

    // The shopper confirms on the provider's page, then the tab is closed: no return, no order.
    const confirmed = await postForm(shop, started.body.redirectUrl, { decision: 'approve' })
    const paymentId = back(confirmed).params.get('paymentId') ?? ''
    expect((await payments.payments.get(paymentId))?.status).toBe('authorized')
    shop.clock.advance(2 * MINUTE)
    await reconcile()
    expect((await payments.payments.get(paymentId))?.status).toBe('authorized')
    shop.clock.advance(4 * MINUTE)
    await reconcile()
    expect((await payments.payments.get(paymentId))?.status).toBe('voided')

    // Coming back late gets an error, no order with a voided payment.
    const late = await browser.api.checkout.processCreditCard({
      body: { idempotencyKey: key(), paymentId },
    })
    expect(late.status).toBe(422)
    expect(await ordersOf(email)).toHaveLength(0)
  })
})

describe('a retry after a lost answer', () => {
  it('after a crash before the commit: the same key places the order with the same authorization', async () => {
    const { browser, email } = await cardShopper('4111 1111 1111 1111', 'business')
    const idempotencyKey = key()
    await crashOrdersOf(email, true)
    const lost = await browser.api.checkout.paymentCreditCard({ body: { idempotencyKey } })
    expect(lost.status).toBeGreaterThanOrEqual(500)
    await crashOrdersOf(email, false)
    shop.clock.advance(1 * MINUTE)
    const retry = await browser.api.checkout.paymentCreditCard({ body: { idempotencyKey } })
    expect(retry.status).toBe(200)
    const authorizations = await payments.payments.findByReference(idempotencyKey)
    expect(authorizations).toHaveLength(1)
    const [order] = await ordersOf(email)
    expect(order?.pspPaymentId).toBe(authorizations[0]?.paymentId)
    expect(await ordersOf(email)).toHaveLength(1)
    // Listed in "Meine Bestellungen"; the job leaves its authorization alone.
    const listed = await browser.api.orders.getOrders({ body: {} })
    expect(
      listed.status === 200 ? listed.body.orderOverview.map((g) => g.primaryOrderId) : [],
    ).toEqual([order?.orderNumber])
    shop.clock.advance(10 * MINUTE)
    await reconcile()
    expect((await payments.payments.get(order?.pspPaymentId ?? ''))?.status).toBe('authorized')
  })

  it('after the commit (cart emptied): the same key answers the same order, listed in the orders', async () => {
    const { browser, email } = await cardShopper('4111 1111 1111 1111', 'business')
    const idempotencyKey = key()
    const first = await browser.api.checkout.process({ body: { idempotencyKey } })
    expect(first.status).toBe(200)
    expect(await cartCount(browser)).toBe(0)
    const again = await browser.api.checkout.process({ body: { idempotencyKey } })
    expect(again.status).toBe(200)
    expect(orderNumberOf(again)).toBe(orderNumberOf(first))
    expect(await payments.payments.findByReference(idempotencyKey)).toHaveLength(1)
    expect(await ordersOf(email)).toHaveLength(1)
    const last = await browser.api.checkout.lastOrder()
    expect(last.status === 200 ? last.body.orderNumber : null).toBe(orderNumberOf(first))
    const listed = await browser.api.orders.getOrders({ body: {} })
    expect(
      listed.status === 200 ? listed.body.orderOverview.map((g) => g.primaryOrderId) : [],
    ).toEqual([orderNumberOf(first)])
  })

  it('a reloaded 3-D Secure return page answers the same order', async () => {
    const { browser, email } = await cardShopper('4000 0000 0000 3220')
    const started = await browser.api.checkout.process({ body: { idempotencyKey: key() } })
    if (started.status !== 200 || started.body.type !== 'redirect') throw new Error('no 3-D Secure')
    const confirmed = await postForm(shop, started.body.redirectUrl, { decision: 'approve' })
    const paymentId = back(confirmed).params.get('paymentId') ?? ''
    const first = await browser.api.checkout.processCreditCard({
      body: { idempotencyKey: key(), paymentId },
    })
    const reloaded = await browser.api.checkout.processCreditCard({
      body: { idempotencyKey: key(), paymentId },
    })
    expect(first.status).toBe(200)
    expect(reloaded.status).toBe(200)
    expect(orderNumberOf(reloaded)).toBe(orderNumberOf(first))
    expect(await ordersOf(email)).toHaveLength(1)
  })

  it('a reloaded PayPal return page answers the same order', async () => {
    const { browser, email } = await people.guest()
    await fillCart(browser, productId)
    await startCheckout(browser)
    await choose(browser, { payment: 'paypal' })
    const idempotencyKey = key()
    const started = await browser.api.checkout.process({ body: { idempotencyKey } })
    if (started.status !== 200 || started.body.type !== 'redirect') throw new Error('no redirect')
    const approved = await postForm(shop, started.body.redirectUrl, {
      decision: 'approve',
      buyerId: 'buyer-de',
    })
    const paymentToken = back(approved).params.get('token') ?? ''
    const first = await browser.api.checkout.process({
      body: { idempotencyKey: key(), paymentToken },
    })
    const reloaded = await browser.api.checkout.process({
      body: { idempotencyKey: key(), paymentToken },
    })
    expect(first.status).toBe(200)
    expect(reloaded.status).toBe(200)
    expect(orderNumberOf(reloaded)).toBe(orderNumberOf(first))
    expect(await ordersOf(email)).toHaveLength(1)
    const [payment] = await payments.payments.findByReference(idempotencyKey)
    expect(payment?.status).toBe('authorized')
    expect(await attemptState(idempotencyKey)).toBe('ordered')
  })

  it('PayPal express: the confirmation sent again with its key answers the same order', async () => {
    const { browser, email } = await people.guest()
    await fillCart(browser, productId)
    const init = await browser.api.checkout.paypalInit({ body: { idempotencyKey: key() } })
    if (init.status !== 200) throw new Error('no PayPal')
    const approved = await postForm(shop, init.body.redirectUrl, {
      decision: 'approve',
      buyerId: 'buyer-de',
    })
    const details = await browser.api.checkout.paypalCheckoutDetails({
      body: { token: back(approved).params.get('token') ?? '' },
    })
    expect(details.status).toBe(200)
    const idempotencyKey = key()
    const first = await browser.api.checkout.process({ body: { idempotencyKey } })
    const again = await browser.api.checkout.process({ body: { idempotencyKey } })
    expect(first.status).toBe(200)
    expect(again.status).toBe(200)
    expect(orderNumberOf(again)).toBe(orderNumberOf(first))
    expect(await ordersOf(email)).toHaveLength(1)
  })
})
