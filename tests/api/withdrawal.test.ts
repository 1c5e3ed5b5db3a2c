// The withdrawal function (issue 19; § 356a BGB) through real HTTP on a real Postgres: the
// period of each delivery (14 days from receipt, to the end of the day in Berlin), deliveries
// not yet received, business customers, partial quantities, a double submit at once, other
// customers' orders, the guest page's identification without enumeration and its rate limit,
// the acknowledgement in the dev mailbox and the table refusing UPDATE and DELETE.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pickableProductIds } from '#db/seed/orders.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import type { Browser } from '#tests/support/client.ts'
import { customerIdOf, insertOrder } from '#tests/support/orders.ts'
import {
  browserFactory,
  businessRegistration,
  logIn,
  mailsTo,
  registerCustomer,
  uniqueEmail,
} from './account-fixtures.ts'

let shop: TestApp
let newBrowser: ReturnType<typeof browserFactory>
let products: number[]
// 15 June 2026, 12:00 in Berlin (summer time).
const NOW = new Date('2026-06-15T10:00:00Z')
const DAY_MS = 24 * 60 * 60 * 1000

beforeAll(async () => {
  shop = await startTestApp({ env: { TRUST_PROXY: '1' } })
  shop.clock.set(NOW)
  newBrowser = browserFactory(shop.url)
  products = await pickableProductIds(shop.db, 10)
})
afterAll(() => shop.close())

async function customer(prefix = 'widerruf'): Promise<{ browser: Browser; email: string }> {
  const browser = newBrowser()
  const { email } = await registerCustomer(browser, { email: uniqueEmail(prefix) })
  return { browser, email }
}

/**
 * An order whose first delivery was received at `receivedAt` (seed trail: delivered 3 days after
 * placing) with 2 of one product and 1 of another; `second` adds a delivery in that status.
 */
async function orderFor(
  email: string,
  receivedAt: Date,
  second?: 'shipped' | 'processing' | 'cancelled',
) {
  const customerId = await customerIdOf(shop.db, email)
  const [a, b, c] = products as [number, number, number]
  return insertOrder(shop.db, {
    customerId,
    placedAt: new Date(receivedAt.getTime() - 3 * DAY_MS),
    deliveries: [
      {
        status: 'delivered',
        lines: [
          { productId: a, quantity: 2 },
          { productId: b, quantity: 1 },
        ],
      },
      ...(second ? [{ status: second, lines: [{ productId: c, quantity: 1 }] }] : []),
    ],
  })
}

async function options(browser: Browser, orderNumber: string) {
  const response = await browser.api.withdrawal.getOptions({ params: { orderNumber } })
  if (response.status !== 200) throw new Error(`options answered ${response.status}`)
  return response.body
}

function declaration(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Lena Berger',
    email: uniqueEmail('bestaetigung'),
    wholeOrder: true,
    items: [],
    idempotencyKey: randomUUID(),
    ...overrides,
  }
}

describe('withdrawal period', () => {
  it('offers a received delivery until the end of the 14th day after receipt (Berlin time)', async () => {
    shop.clock.set(NOW)
    const { browser, email } = await customer()
    // Received on 5 June, 10:00 Berlin: the period runs to 19 June, 24:00 Berlin (22:00 UTC).
    const order = await orderFor(email, new Date('2026-06-05T08:00:00Z'))
    const body = await options(browser, order.orderNumber)
    expect(body.available).toBe(true)
    expect(body.reason).toBeNull()
    expect(body.email).toBe(email)
    const [delivery] = body.deliveries
    expect(delivery).toMatchObject({
      deliveryNumber: `${order.orderNumber}-1`,
      status: 'delivered',
      receivedAt: '2026-06-05T08:00:00.000Z',
      withdrawableUntil: '2026-06-19T21:59:59.999Z',
      available: true,
      reason: null,
    })
    expect(delivery?.items.map((item) => item.withdrawableQuantity)).toEqual([2, 1])

    // Days later the full login has run out: log in again.
    shop.clock.set(new Date('2026-06-19T21:59:00Z'))
    await logIn(browser, email)
    expect((await options(browser, order.orderNumber)).available).toBe(true)

    shop.clock.set(new Date('2026-06-19T22:00:01Z'))
    const late = await options(browser, order.orderNumber)
    expect(late.available).toBe(false)
    expect(late.reason).toBe('withdrawal_period_over')
    expect(late.deliveries[0]?.items.map((item) => item.withdrawableQuantity)).toEqual([0, 0])
    const refused = await browser.api.withdrawal.declare({
      params: { orderNumber: order.orderNumber },
      body: declaration(),
    })
    expect(refused.status).toBe(422)
    expect(refused.body).toMatchObject({ code: 'withdrawal_not_available' })
    shop.clock.set(NOW)
  })

  it('starts the period of an order delivered in parts with its last delivery', async () => {
    shop.clock.set(NOW)
    const { browser, email } = await customer()
    // The first delivery arrived 30 days ago; the second is still on its way, so the period has
    // not started for either (§ 356 (2) Nr. 1 b BGB).
    const order = await orderFor(email, new Date(NOW.getTime() - 30 * DAY_MS), 'shipped')
    const body = await options(browser, order.orderNumber)
    expect(body.available).toBe(true)
    expect(body.deliveries.map((d) => [d.available, d.reason])).toEqual([
      [true, null],
      [true, null],
    ])
    expect(body.deliveries[0]).toMatchObject({ withdrawableUntil: null })
    expect(body.deliveries[0]?.receivedAt).not.toBeNull()
    expect(body.deliveries[1]).toMatchObject({ receivedAt: null, withdrawableUntil: null })

    // Once the second arrives (5 June, 10:00 Berlin), both end on 19 June, 24:00 Berlin.
    const [second] = await shop.db.execute<{ id: number }>(
      sql`select id from order_deliveries where order_id = ${order.id} and position = 2`,
    )
    await shop.db.execute(
      sql`update order_deliveries set status = 'delivered', delivered_at = '2026-06-05T08:00:00Z' where id = ${second?.id ?? 0}`,
    )
    const received = await options(browser, order.orderNumber)
    expect(received.deliveries.map((d) => d.withdrawableUntil)).toEqual([
      '2026-06-19T21:59:59.999Z',
      '2026-06-19T21:59:59.999Z',
    ])
  })

  it('offers a delivery not yet received, and says why a cancelled one is not', async () => {
    shop.clock.set(NOW)
    const { browser, email } = await customer()
    // The first delivery arrived 30 days ago, the second is on its way: all is still open.
    const order = await orderFor(email, new Date(NOW.getTime() - 30 * DAY_MS), 'shipped')
    const body = await options(browser, order.orderNumber)
    expect(body.available).toBe(true)

    // "Whole order" covers what can still be withdrawn: both deliveries.
    const response = await browser.api.withdrawal.declare({
      params: { orderNumber: order.orderNumber },
      body: declaration(),
    })
    expect(response.status).toBe(200)
    if (response.status !== 200) return
    expect(response.body.declaration.wholeOrder).toBe(true)
    expect(response.body.declaration.items).toEqual([
      expect.objectContaining({ deliveryNumber: `${order.orderNumber}-1`, quantity: 2 }),
      expect.objectContaining({ deliveryNumber: `${order.orderNumber}-1`, quantity: 1 }),
      expect.objectContaining({ deliveryNumber: `${order.orderNumber}-2`, quantity: 1 }),
    ])
    const after = await options(browser, order.orderNumber)
    expect(after.available).toBe(false)
    expect(after.deliveries.map((d) => d.reason)).toEqual([
      'withdrawal_already_declared',
      'withdrawal_already_declared',
    ])

    // A cancelled delivery does not hold the period open: it runs from the other's receipt.

    const cancelled = await orderFor(email, new Date(NOW.getTime() - 30 * DAY_MS), 'cancelled')
    const withCancelled = await options(browser, cancelled.orderNumber)
    expect(withCancelled.deliveries[1]?.reason).toBe('withdrawal_delivery_cancelled')
    expect(withCancelled.reason).toBe('withdrawal_period_over')
  })
})

describe('declaration', () => {
  it('stores chosen items and quantities and mails the acknowledgement with its content', async () => {
    shop.clock.set(NOW)
    const { browser, email } = await customer()
    const order = await orderFor(email, new Date(NOW.getTime() - 2 * DAY_MS))
    const before = await options(browser, order.orderNumber)
    const [twice, once] = before.deliveries[0]?.items ?? []
    if (!twice || !once) throw new Error('lines missing')
    const ackEmail = uniqueEmail('bestaetigung')
    const response = await browser.api.withdrawal.declare({
      params: { orderNumber: order.orderNumber },
      body: declaration({
        email: ackEmail,
        wholeOrder: false,
        items: [
          { lineId: twice.lineId, quantity: 1 },
          { lineId: once.lineId, quantity: 0 },
        ],
      }),
    })
    expect(response.status).toBe(200)
    if (response.status !== 200) return
    expect(response.body.declaration).toMatchObject({
      orderNumber: order.orderNumber,
      name: 'Lena Berger',
      email: ackEmail,
      wholeOrder: false,
      declaredAt: NOW.toISOString(),
      items: [{ lineId: twice.lineId, quantity: 1, name: twice.productName }],
    })

    const after = await options(browser, order.orderNumber)
    expect(
      after.deliveries[0]?.items.map((i) => [i.withdrawnQuantity, i.withdrawableQuantity]),
    ).toEqual([
      [1, 1],
      [0, 1],
    ])
    expect(after.declarations).toHaveLength(1)

    // More than what is left of a line is refused; nothing half-happens.
    const tooMany = await browser.api.withdrawal.declare({
      params: { orderNumber: order.orderNumber },
      body: declaration({ wholeOrder: false, items: [{ lineId: twice.lineId, quantity: 2 }] }),
    })
    expect(tooMany.status).toBe(422)
    expect(tooMany.body).toMatchObject({ code: 'withdrawal_quantity_exceeded' })
    const none = await browser.api.withdrawal.declare({
      params: { orderNumber: order.orderNumber },
      body: declaration({ wholeOrder: false, items: [{ lineId: twice.lineId, quantity: 0 }] }),
    })
    expect(none.status).toBe(400)
    expect((await options(browser, order.orderNumber)).declarations).toHaveLength(1)

    const mails = await mailsTo(browser, ackEmail)
    expect(mails).toHaveLength(1)
    const [mail] = mails
    expect(mail?.subject).toBe(
      `Eingangsbestätigung deines Widerrufs zur Bestellung ${order.orderNumber}`,
    )
    expect(mail?.text).toContain('Hallo Lena Berger,')
    expect(mail?.text).toContain('Eingegangen am 15.06.2026 um 12:00:00 Uhr (deutsche Zeit)')
    expect(mail?.text).toContain(`Bestellung: ${order.orderNumber}`)
    expect(mail?.text).toContain(`Erklärt von: Lena Berger (${ackEmail})`)
    expect(mail?.text).toContain(
      `1 × ${twice.productName} (Art.-Nr. ${twice.articleNumber}, Lieferung ${order.orderNumber}-1)`,
    )
    expect(mail?.text).not.toContain(once.productName)
  })

  it('stores a double submit of the same declaration at once only once', async () => {
    shop.clock.set(NOW)
    const { browser, email } = await customer()
    const order = await orderFor(email, new Date(NOW.getTime() - 2 * DAY_MS))
    const body = declaration()
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        browser.api.withdrawal.declare({ params: { orderNumber: order.orderNumber }, body }),
      ),
    )
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
    const ids = new Set(answers.map((a) => (a.status === 200 ? a.body.declaration.id : null)))
    expect(ids.size).toBe(1)
    const rows = await shop.db.execute<{ n: number }>(
      sql`select count(*)::int as n from withdrawal_declarations where order_id = ${order.id}`,
    )
    expect(rows[0]?.n).toBe(1)
    expect(await mailsTo(browser, body.email)).toHaveLength(1)
  })

  it('refuses a business customer and says why', async () => {
    shop.clock.set(NOW)
    const browser = newBrowser()
    const registration = businessRegistration()
    const registered = await browser.api.account.registerBusiness({ body: registration })
    expect(registered.status).toBe(200)
    const order = await orderFor(registration.email, new Date(NOW.getTime() - 2 * DAY_MS))
    const body = await options(browser, order.orderNumber)
    expect(body.available).toBe(false)
    expect(body.reason).toBe('withdrawal_business_customer')
    expect(body.deliveries.every((d) => d.reason === 'withdrawal_business_customer')).toBe(true)
    const response = await browser.api.withdrawal.declare({
      params: { orderNumber: order.orderNumber },
      body: declaration(),
    })
    expect(response.status).toBe(422)
    expect(response.body).toMatchObject({
      code: 'withdrawal_business_customer',
      message: expect.stringContaining('§ 312g in Verbindung mit § 13 BGB'),
    })
  })

  it("answers 404 for another customer's order and 401 without a login", async () => {
    shop.clock.set(NOW)
    const owner = await customer()
    const order = await orderFor(owner.email, new Date(NOW.getTime() - 2 * DAY_MS))
    const other = await customer('fremd')
    const read = await other.browser.api.withdrawal.getOptions({
      params: { orderNumber: order.orderNumber },
    })
    expect(read.status).toBe(404)
    const write = await other.browser.api.withdrawal.declare({
      params: { orderNumber: order.orderNumber },
      body: declaration(),
    })
    expect(write.status).toBe(404)
    const anonymous = await newBrowser().api.withdrawal.getOptions({
      params: { orderNumber: order.orderNumber },
    })
    expect(anonymous.status).toBe(401)
    expect((await options(owner.browser, order.orderNumber)).declarations).toEqual([])
  })
})

describe('public page (guests and anyone not logged in)', () => {
  it('identifies by order number and e-mail, then declares with the session-bound token', async () => {
    shop.clock.set(NOW)
    const owner = await customer('gast')
    const order = await orderFor(owner.email, new Date(NOW.getTime() - 2 * DAY_MS))
    const guest = newBrowser()
    const identified = await guest.api.withdrawal.identify({
      body: { orderNumber: order.orderNumber.toLowerCase(), email: owner.email.toUpperCase() },
    })
    expect(identified.status).toBe(200)
    if (identified.status !== 200) return
    const { token, options: found } = identified.body
    expect(found.orderNumber).toBe(order.orderNumber)
    expect(found.available).toBe(true)

    // The token works in this session only.
    const stranger = newBrowser()
    const foreign = await stranger.api.withdrawal.getGuestOptions({ params: { token } })
    expect(foreign.status).toBe(404)
    const stolen = await stranger.api.withdrawal.declareGuest({
      params: { token },
      body: declaration(),
    })
    expect(stolen.status).toBe(404)

    const body = declaration({ email: owner.email })
    const [first, second] = await Promise.all([
      guest.api.withdrawal.declareGuest({ params: { token }, body }),
      guest.api.withdrawal.declareGuest({ params: { token }, body }),
    ])
    expect(first.status).toBe(200)
    expect(second.status).toBe(200)
    if (first.status !== 200 || second.status !== 200) return
    expect(second.body.declaration.id).toBe(first.body.declaration.id)
    const rows = await shop.db.execute<{ channel: string; customer_id: number | null }>(
      sql`select channel, customer_id from withdrawal_declarations where order_id = ${order.id}`,
    )
    expect(rows).toEqual([{ channel: 'guest', customer_id: null }])
    const mails = await mailsTo(guest, owner.email)
    expect(mails.filter((m) => m.subject.includes('Widerrufs'))).toHaveLength(1)

    // The token expires after 30 minutes.
    shop.clock.set(new Date(NOW.getTime() + 31 * 60 * 1000))
    const expired = await guest.api.withdrawal.getGuestOptions({ params: { token } })
    expect(expired.status).toBe(404)
    shop.clock.set(NOW)
  })

  it('gives the same neutral answer for a wrong number and a wrong e-mail', async () => {
    shop.clock.set(NOW)
    const owner = await customer('gast')
    const order = await orderFor(owner.email, new Date(NOW.getTime() - 2 * DAY_MS))
    const guest = newBrowser()
    const wrongEmail = await guest.api.withdrawal.identify({
      body: { orderNumber: order.orderNumber, email: 'jemand@example.de' },
    })
    const wrongNumber = await guest.api.withdrawal.identify({
      body: { orderNumber: 'B9999999', email: owner.email },
    })
    for (const answer of [wrongEmail, wrongNumber]) {
      expect(answer.status).toBe(404)
      expect(answer.body).toEqual({
        code: 'withdrawal_order_not_found',
        message:
          'Wir haben keine Bestellung mit dieser Bestellnummer und dieser E-Mail-Adresse gefunden. Bitte prüfe deine Angaben.',
      })
    }
  })

  it('limits identification tries per client address (rate limiter)', async () => {
    shop.clock.set(NOW)
    const guest = newBrowser()
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      const answer = await guest.api.withdrawal.identify({
        body: { orderNumber: `B${8000000 + i}`, email: 'rate@example.de' },
      })
      statuses.push(answer.status)
    }
    expect(statuses.slice(0, 10).every((status) => status === 404)).toBe(true)
    expect(statuses[10]).toBe(429)
    // A new window after ten minutes.
    shop.clock.set(new Date(NOW.getTime() + 11 * 60 * 1000))
    const later = await guest.api.withdrawal.identify({
      body: { orderNumber: 'B8000099', email: 'rate@example.de' },
    })
    expect(later.status).toBe(404)
    shop.clock.set(NOW)
  })
})

describe('storage', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of a stored declaration in the database', async () => {
    shop.clock.set(NOW)
    const { browser, email } = await customer()
    const order = await orderFor(email, new Date(NOW.getTime() - 2 * DAY_MS))
    const declared = await browser.api.withdrawal.declare({
      params: { orderNumber: order.orderNumber },
      body: declaration(),
    })
    expect(declared.status).toBe(200)
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => 'accepted',
        (error: Error & { cause?: Error }) => `${error.message} ${error.cause?.message ?? ''}`,
      )
    expect(
      await refusal(
        shop.db.execute(
          sql`update withdrawal_declarations set name = 'Jemand anderes' where order_id = ${order.id}`,
        ),
      ),
    ).toContain('append-only: UPDATE refused')
    expect(
      await refusal(
        shop.db.execute(sql`delete from withdrawal_declarations where order_id = ${order.id}`),
      ),
    ).toContain('append-only: DELETE refused')
    // Returns and refunds refer to declarations: a plain TRUNCATE is refused for those foreign
    // keys already; with CASCADE it reaches the table's own trigger.
    expect(await refusal(shop.db.execute(sql`truncate withdrawal_declarations`))).toContain(
      'foreign key',
    )
    expect(await refusal(shop.db.execute(sql`truncate withdrawal_declarations cascade`))).toContain(
      'append-only: TRUNCATE refused',
    )
    const rows = await shop.db.execute<{ name: string }>(
      sql`select name from withdrawal_declarations where order_id = ${order.id}`,
    )
    expect(rows).toEqual([{ name: 'Lena Berger' }])
  })
})
