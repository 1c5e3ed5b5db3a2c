// "Meine Bestellungen" through real HTTP on a real Postgres (account-area §2-§4, §9): the period
// filter (30 days, 6 months, years with orders), paging by 10, the groups with their deliveries,
// the details with the price calculation, ownership (another customer's order number answers
// 404), light accounts, and guest orders shown after the e-mail is confirmed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import type { Browser } from '#tests/support/client.ts'
import { confirmEmail, customerIdOf, insertOrder, ordersFor } from '#tests/support/orders.ts'
import { browserFactory, registerCustomer, uniqueEmail } from './account-fixtures.ts'

let shop: TestApp
let newBrowser: ReturnType<typeof browserFactory>
// Mid-June, so the last 180 days reach back into the previous year.
const NOW = new Date('2026-06-15T10:00:00Z')
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000)

beforeAll(async () => {
  shop = await startTestApp({ env: { TRUST_PROXY: '1' } })
  shop.clock.set(NOW)
  newBrowser = browserFactory(shop.url)
})
afterAll(() => shop.close())

async function customer(prefix = 'bestellungen'): Promise<{ browser: Browser; email: string }> {
  const browser = newBrowser()
  const { email } = await registerCustomer(browser, { email: uniqueEmail(prefix) })
  return { browser, email }
}

async function getOrders(browser: Browser, body: Record<string, number> = {}) {
  const response = await browser.api.orders.getOrders({ body })
  if (response.status !== 200) throw new Error(`get-orders answered ${response.status}`)
  return response.body
}

describe('order list', () => {
  let browser: Browser
  let email: string
  beforeAll(async () => {
    ;({ browser, email } = await customer())
    // 3 in the last 30 days, 12 more in the last 180 days (15 in the default period); by year
    // 12 in 2026 (since Jan 1, 165 days back), 5 in 2025, 2 in 2024.
    const recent = [1, 8, 20]
    const halfYear = [35, 48, 60, 75, 90, 110, 130, 150, 160, 170, 175, 179]
    await ordersFor(
      shop.db,
      email,
      [...recent, ...halfYear, 200, 300, 560, 700].map((days, i) => ({
        placedAt: daysAgo(days),
        deliveries: i === 0 ? 3 : i % 4 === 1 ? 2 : 1,
        status: i === 0 ? 'processing' : 'delivered',
      })),
    )
  })

  it('defaults to the last 6 months, 10 per page, newest first, with the filter values', async () => {
    const body = await getOrders(browser)
    expect(body.ordersCount).toBe(15)
    expect(body.orderOverview).toHaveLength(10)
    const dates = body.orderOverview.map((group) => group.datePurchased)
    expect(dates).toEqual([...dates].sort().reverse())
    expect(new Date(dates[0] ?? '').getTime()).toBe(daysAgo(1).getTime())
    expect(body.ordersFilter).toEqual({
      '30': 'letzte 30 Tage',
      '180': 'letzte 6 Monate',
      '2026': '2026',
      '2025': '2025',
      '2024': '2024',
    })
  })

  it('shows a group with its deliveries, products and German-formatted totals', async () => {
    const [newest] = (await getOrders(browser, { yearOfOrders: 30 })).orderOverview
    expect(newest?.primaryOrderId).toMatch(/^B\d+$/)
    const deliveries = Object.values(newest?.orders ?? {})
    expect(deliveries.map((d) => d.id)).toEqual(
      [1, 2, 3].map((n) => `${newest?.primaryOrderId}-${n}`),
    )
    const [first] = deliveries
    expect(first?.status).toBe('processing')
    expect(first?.statusLabel).toBe('In Bearbeitung')
    expect(first?.orderDetails.otShipping.description).toBe('DHL Paket')
    expect(first?.orderDetails.otTotal.price).toMatch(/^\d{1,3}(\.\d{3})*,\d{2}\u00a0€$/)
    expect(first?.products[0]).toMatchObject({
      productId: expect.any(Number),
      productName: expect.any(String),
      productImage: expect.stringMatching(/^\/api\/catalog\/products\/\d+\/images\/1\.svg$/),
      articleNumber: expect.any(String),
      productQuantity: 1,
    })
  })

  it('loads the next page with the rest of the period', async () => {
    const first = await getOrders(browser, { pageNumber: 1 })
    const second = await getOrders(browser, { pageNumber: 2 })
    expect(second.ordersCount).toBe(15)
    expect(second.orderOverview).toHaveLength(5)
    const ids = [...first.orderOverview, ...second.orderOverview].map((g) => g.primaryOrderId)
    expect(new Set(ids).size).toBe(15)
    expect((await getOrders(browser, { pageNumber: 3 })).orderOverview).toHaveLength(0)
  })

  it('filters by the last 30 days and by calendar year', async () => {
    expect((await getOrders(browser, { yearOfOrders: 30 })).ordersCount).toBe(3)
    const y2026 = await getOrders(browser, { yearOfOrders: 2026 })
    expect(y2026.ordersCount).toBe(12)
    const y2025 = await getOrders(browser, { yearOfOrders: 2025 })
    expect(y2025.ordersCount).toBe(5)
    for (const group of y2025.orderOverview)
      expect(group.datePurchased.startsWith('2025')).toBe(true)
    expect((await getOrders(browser, { yearOfOrders: 2024 })).ordersCount).toBe(2)
    expect((await getOrders(browser, { yearOfOrders: 2023 })).ordersCount).toBe(0)
  })

  it('refuses other periods and page sizes with 400', async () => {
    for (const body of [{ yearOfOrders: 90 }, { pageNumber: 0 }, { pageElements: 51 }]) {
      const response = await browser.api.orders.getOrders({ body })
      expect(response.status).toBe(400)
    }
  })
})

describe('order details', () => {
  it('gives the deliveries, addresses and the price calculation', async () => {
    const { browser, email } = await customer()
    const [placed] = await ordersFor(shop.db, email, [{ placedAt: daysAgo(3), deliveries: 2 }])
    const orderNumber = placed?.orderNumber ?? ''
    const response = await browser.api.orders.getOrder({ body: { orderId: orderNumber } })
    expect(response.status).toBe(200)
    if (response.status !== 200) return
    const { order } = response.body
    expect(order.primaryOrderId).toBe(orderNumber)
    expect(order.status).toBe('delivered')
    expect(order.statusLabel).toBe('Zugestellt')
    expect(Object.keys(order.orders)).toEqual([`${orderNumber}-1`, `${orderNumber}-2`])
    expect(order.invoiceAddress).toMatchObject({ state: 'Deutschland', type: 'normal' })
    expect(order.orders[`${orderNumber}-2`]?.orderDetails.otShipping.description).toBe(
      'Hermes Paket',
    )
    expect(order.priceCalculation).toMatchObject({
      taxPercent: 19,
      shippingCost: '9,48\u00a0€',
      coupons: [],
      declaredValue: null,
      nrmf: null,
      payment: 'Kreditkarte',
    })
  })

  it('adds up: the deliveries together cost the total, coupons and protection included', async () => {
    const { browser, email } = await customer()
    const customerId = await customerIdOf(shop.db, email)
    const [productA, productB] = (await getProductIds()).slice(0, 2) as [number, number]
    const placed = await insertOrder(shop.db, {
      customerId,
      placedAt: daysAgo(2),
      coupon: { code: 'TEST5', title: 'Testgutschein', cents: 500 },
      protectionCents: 1999,
      declaredValue: true,
      deliveries: [
        { status: 'shipped', lines: [{ productId: productA, quantity: 2 }] },
        { status: 'processing', shipping: 'hermes', lines: [{ productId: productB }] },
      ],
    })
    const response = await browser.api.orders.getOrder({ body: { orderId: placed.orderNumber } })
    if (response.status !== 200) throw new Error(`get-order answered ${response.status}`)
    const { order } = response.body
    expect(order.status).toBe('processing')
    expect(order.priceCalculation.coupons).toEqual([
      { title: 'Testgutschein', price: '-5,00\u00a0€' },
    ])
    expect(order.priceCalculation.nrmf).toBe('19,99\u00a0€')
    expect(order.priceCalculation.declaredValue).not.toBeNull()
    const cents = (price: string) =>
      Math.round(Number(price.replace(/[^\d,-]/g, '').replace(',', '.')) * 100)
    const sum = Object.values(order.orders).reduce(
      (total, delivery) => total + cents(delivery.orderDetails.otTotal.price),
      0,
    )
    expect(sum).toBe(cents(order.priceCalculation.total))
  })
})

async function getProductIds(): Promise<number[]> {
  const { pickableProductIds } = await import('#db/seed/orders.ts')
  return pickableProductIds(shop.db, 10)
}

describe('ownership', () => {
  it('answers another customer’s order number with 404 and never lists it', async () => {
    const owner = await customer('eigentuemer')
    const [placed] = await ordersFor(shop.db, owner.email, [{ placedAt: daysAgo(5) }])
    const stranger = await customer('fremder')
    const response = await stranger.browser.api.orders.getOrder({
      body: { orderId: placed?.orderNumber ?? '' },
    })
    expect(response.status).toBe(404)
    expect(response.body).toEqual({ code: 'not_found', message: expect.any(String) })
    expect(JSON.stringify(response.body)).not.toContain(placed?.orderNumber)
    const list = await getOrders(stranger.browser)
    expect(list.ordersCount).toBe(0)
    expect(list.orderOverview).toEqual([])
    // The owner sees it.
    const own = await owner.browser.api.orders.getOrder({
      body: { orderId: placed?.orderNumber ?? '' },
    })
    expect(own.status).toBe(200)
  })

  it('needs a login: guests get 401', async () => {
    const guest = newBrowser()
    expect((await guest.api.orders.getOrders({ body: {} })).status).toBe(401)
    expect((await guest.api.orders.getOrder({ body: { orderId: 'B4000001' } })).status).toBe(401)
  })
})

describe('light accounts and guest orders', () => {
  async function guestOrder(email: string) {
    const browser = newBrowser()
    const response = await browser.api.account.registerGuest({
      body: {
        customerType: 'private',
        email,
        firstName: 'Gero',
        lastName: 'Gast',
        streetName: 'Gartenweg',
        streetNumber: '3',
        zipCode: '20095',
        cityName: 'Hamburg',
        countryId: 81,
      },
    })
    expect(response.status).toBe(200)
    const lightId = response.status === 200 ? response.body.userId : 0
    const [placed] = await insertSampleOrdersFor(lightId)
    return { browser, orderNumber: placed?.orderNumber ?? '' }
  }

  async function insertSampleOrdersFor(customerId: number) {
    const { insertSampleOrders } = await import('#tests/support/orders.ts')
    return insertSampleOrders(shop.db, customerId, [{ placedAt: daysAgo(4), placedAsGuest: true }])
  }

  it('a light account gets an empty list and 404 for its own guest order', async () => {
    const { browser, orderNumber } = await guestOrder(uniqueEmail('gast'))
    const list = await getOrders(browser)
    expect(list).toMatchObject({ orderOverview: [], ordersCount: 0 })
    expect((await browser.api.orders.getOrder({ body: { orderId: orderNumber } })).status).toBe(404)
  })

  it('shows guest orders of the same e-mail in the full account once the e-mail is confirmed', async () => {
    const { browser, email } = await customer('gastkunde')
    const { orderNumber } = await guestOrder(email)
    // Not confirmed yet (registration does not prove the address): not shown.
    expect((await getOrders(browser)).ordersCount).toBe(0)
    expect((await browser.api.orders.getOrder({ body: { orderId: orderNumber } })).status).toBe(404)
    await confirmEmail(shop.db, await customerIdOf(shop.db, email), NOW)
    const list = await getOrders(browser)
    expect(list.orderOverview.map((g) => g.primaryOrderId)).toEqual([orderNumber])
    expect((await browser.api.orders.getOrder({ body: { orderId: orderNumber } })).status).toBe(200)
    // Another confirmed customer with another e-mail still sees nothing of it.
    const other = await customer('andere')
    await confirmEmail(shop.db, await customerIdOf(shop.db, other.email), NOW)
    expect((await getOrders(other.browser)).ordersCount).toBe(0)
  })
})
