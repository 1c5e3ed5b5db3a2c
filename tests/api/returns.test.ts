// Returns (issue 19) through real HTTP on a real Postgres: a return after a withdrawal and a
// Reklamation with the label PDF from the shipping simulator, quantities beyond what is left,
// a withdrawal return without a declaration, the defect's description, a double submit at once,
// other customers' orders, the guest path through /widerruf's token, and the staff steps
// (receive, inspect with restock or write-off, close, cancel) with their effect on stock.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pickableProductIds } from '#db/seed/orders.ts'
import {
  cancelReturn,
  closeReturn,
  inspectReturn,
  receiveReturn,
  returnsOfOrder,
} from '#server/orders/index.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import type { Browser } from '#tests/support/client.ts'
import { customerIdOf, insertOrder } from '#tests/support/orders.ts'
import { browserFactory, mailsTo, registerCustomer, uniqueEmail } from './account-fixtures.ts'

let shop: TestApp
let newBrowser: ReturnType<typeof browserFactory>
let products: number[]
// 15 June 2026, 12:00 in Berlin.
const NOW = new Date('2026-06-15T10:00:00Z')
const DAY_MS = 24 * 60 * 60 * 1000

beforeAll(async () => {
  shop = await startTestApp({ env: { TRUST_PROXY: '1' } })
  shop.clock.set(NOW)
  newBrowser = browserFactory(shop.url)
  products = await pickableProductIds(shop.db, 10)
})
afterAll(() => shop.close())

async function customer(prefix = 'retoure'): Promise<{ browser: Browser; email: string }> {
  const browser = newBrowser()
  const { email } = await registerCustomer(browser, { email: uniqueEmail(prefix) })
  return { browser, email }
}

/** Delivered 2 days ago: 2 of product a and 1 of product b; `second` adds a delivery. */
async function orderFor(email: string, receivedAt = new Date(NOW.getTime() - 2 * DAY_MS)) {
  const customerId = await customerIdOf(shop.db, email)
  const [a, b] = products as [number, number]
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
    ],
  })
}

async function returnsOf(browser: Browser, orderNumber: string) {
  const response = await browser.api.returns.getReturns({ params: { orderNumber } })
  if (response.status !== 200) throw new Error(`returns answered ${response.status}`)
  return response.body
}

async function declareAll(browser: Browser, orderNumber: string) {
  const response = await browser.api.withdrawal.declare({
    params: { orderNumber },
    body: {
      name: 'Lena Berger',
      email: uniqueEmail('bestaetigung'),
      wholeOrder: true,
      items: [],
      idempotencyKey: randomUUID(),
    },
  })
  expect(response.status).toBe(200)
}

async function stockOf(productId: number): Promise<number> {
  const rows = await shop.db.execute<{ stock: number }>(
    sql`select stock from products where id = ${productId}`,
  )
  return Number(rows[0]?.stock)
}

describe('returns of a customer', () => {
  it('registers a withdrawal return with a DHL label PDF, shows it and mails the link', async () => {
    const { browser, email } = await customer()
    const order = await orderFor(email)
    const before = await returnsOf(browser, order.orderNumber)
    expect(before.withdrawalAvailable).toBe(false)
    expect(before.defectAvailable).toBe(true)
    // Delivered 13 June 10:00 Berlin: warranty until 13 June 2028, 24:00 Berlin.
    expect(before.items[0]).toMatchObject({
      quantity: 2,
      withdrawalQuantity: 0,
      defectQuantity: 2,
      defectUntil: '2028-06-13T21:59:59.999Z',
    })

    // Without a declaration a withdrawal return is refused.
    const [a] = before.items
    const refused = await browser.api.returns.createReturn({
      params: { orderNumber: order.orderNumber },
      body: {
        kind: 'withdrawal',
        lines: [{ orderLineId: a?.orderLineId ?? 0, quantity: 1 }],
        idempotencyKey: randomUUID(),
      },
    })
    expect(refused.status).toBe(422)
    expect(refused.body).toMatchObject({ code: 'return_not_available' })

    await declareAll(browser, order.orderNumber)
    const options = await returnsOf(browser, order.orderNumber)
    expect(options.withdrawalAvailable).toBe(true)
    expect(options.items.map((item) => item.withdrawalQuantity)).toEqual([2, 1])

    const created = await browser.api.returns.createReturn({
      params: { orderNumber: order.orderNumber },
      body: {
        kind: 'withdrawal',
        lines: [{ orderLineId: a?.orderLineId ?? 0, quantity: 1 }],
        idempotencyKey: randomUUID(),
      },
    })
    expect(created.status).toBe(200)
    if (created.status !== 200) return
    const made = created.body.return
    expect(made).toMatchObject({
      returnNumber: `${order.orderNumber}-R1`,
      kind: 'withdrawal',
      kindLabel: 'Widerruf',
      status: 'announced',
      statusLabel: 'angemeldet',
      carrier: 'DHL',
      reason: null,
      items: [{ orderLineId: a?.orderLineId, quantity: 1 }],
    })
    expect(made.trackingNumber).toMatch(/^00340434\d{12}$/)

    const label = await browser.fetch(
      `/api/orders/${order.orderNumber}/returns/${made.returnNumber}/label`,
    )
    expect(label.status).toBe(200)
    expect(label.headers.get('content-type')).toContain('application/pdf')
    expect(label.headers.get('content-disposition')).toBe(
      `attachment; filename="Retourenschein-${made.returnNumber}.pdf"`,
    )
    const pdf = Buffer.from(await label.arrayBuffer())
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')

    const after = await returnsOf(browser, order.orderNumber)
    expect(after.returns).toHaveLength(1)
    expect(after.returns[0]).toMatchObject({ statusLabel: 'angemeldet' })
    expect(after.items.map((item) => [item.withdrawalQuantity, item.returnedQuantity])).toEqual([
      [1, 1],
      [1, 0],
    ])
    const row = await shop.db.execute<{ withdrawal_id: string | null }>(
      sql`select withdrawal_id from order_returns where order_id = ${order.id}`,
    )
    expect(row[0]?.withdrawal_id).toBeTruthy()

    const mails = await mailsTo(browser, email)
    const mail = mails.find((m) => m.subject.includes(made.returnNumber))
    expect(mail?.text).toContain(made.trackingNumber)
    expect(mail?.text).toContain(
      `/api/orders/${order.orderNumber}/returns/${made.returnNumber}/label`,
    )
  })

  it('refuses quantities beyond what is left and a Reklamation without a description', async () => {
    const { browser, email } = await customer()
    const order = await orderFor(email)
    const [a, b] = (await returnsOf(browser, order.orderNumber)).items
    const tooMany = await browser.api.returns.createReturn({
      params: { orderNumber: order.orderNumber },
      body: {
        kind: 'defect',
        reason: 'Das Display flackert ständig.',
        lines: [{ orderLineId: a?.orderLineId ?? 0, quantity: 3 }],
        idempotencyKey: randomUUID(),
      },
    })
    expect(tooMany.status).toBe(422)
    expect(tooMany.body).toMatchObject({ code: 'return_quantity_exceeded' })

    const noReason = await browser.api.returns.createReturn({
      params: { orderNumber: order.orderNumber },
      body: {
        kind: 'defect',
        lines: [{ orderLineId: b?.orderLineId ?? 0, quantity: 1 }],
        idempotencyKey: randomUUID(),
      },
    })
    expect(noReason.status).toBe(400)
    expect(noReason.body).toMatchObject({ fields: { reason: 'return_reason_required' } })
    const shortReason = await browser.api.returns.createReturn({
      params: { orderNumber: order.orderNumber },
      body: {
        kind: 'defect',
        reason: 'kaputt',
        lines: [{ orderLineId: b?.orderLineId ?? 0, quantity: 1 }],
        idempotencyKey: randomUUID(),
      },
    })
    expect(shortReason.status).toBe(400)
    expect(shortReason.body).toMatchObject({ fields: { reason: 'min_length' } })
    const nothing = await browser.api.returns.createReturn({
      params: { orderNumber: order.orderNumber },
      body: {
        kind: 'defect',
        reason: 'Das Display flackert ständig.',
        lines: [{ orderLineId: b?.orderLineId ?? 0, quantity: 0 }],
        idempotencyKey: randomUUID(),
      },
    })
    expect(nothing.status).toBe(400)
    expect(nothing.body).toMatchObject({ fields: { lines: 'return_items_required' } })

    // Two units as a Reklamation, then nothing of that line is left.
    const first = await browser.api.returns.createReturn({
      params: { orderNumber: order.orderNumber },
      body: {
        kind: 'defect',
        reason: 'Das Display flackert ständig.',
        lines: [{ orderLineId: a?.orderLineId ?? 0, quantity: 2 }],
        idempotencyKey: randomUUID(),
      },
    })
    expect(first.status).toBe(200)
    if (first.status === 200) expect(first.body.return.reason).toBe('Das Display flackert ständig.')
    const again = await browser.api.returns.createReturn({
      params: { orderNumber: order.orderNumber },
      body: {
        kind: 'defect',
        reason: 'Das Display flackert ständig.',
        lines: [{ orderLineId: a?.orderLineId ?? 0, quantity: 1 }],
        idempotencyKey: randomUUID(),
      },
    })
    expect(again.status).toBe(422)
    expect(again.body).toMatchObject({ code: 'return_not_available' })
  })

  it('refuses a Reklamation after the 2-year warranty', async () => {
    const { browser, email } = await customer()
    const order = await orderFor(email, new Date(NOW.getTime() - 800 * DAY_MS))
    const body = await returnsOf(browser, order.orderNumber)
    expect(body.defectAvailable).toBe(false)
    const refused = await browser.api.returns.createReturn({
      params: { orderNumber: order.orderNumber },
      body: {
        kind: 'defect',
        reason: 'Der Akku hält keine Stunde mehr.',
        lines: [{ orderLineId: body.items[0]?.orderLineId ?? 0, quantity: 1 }],
        idempotencyKey: randomUUID(),
      },
    })
    expect(refused.status).toBe(422)
    expect(refused.body).toMatchObject({ code: 'return_not_available' })
  })

  it('stores a double submit at once only once (one return, one label, one mail)', async () => {
    const { browser, email } = await customer()
    const order = await orderFor(email)
    const [a] = (await returnsOf(browser, order.orderNumber)).items
    const body = {
      kind: 'defect' as const,
      reason: 'Lüfter macht laute Geräusche.',
      lines: [{ orderLineId: a?.orderLineId ?? 0, quantity: 1 }],
      idempotencyKey: randomUUID(),
    }
    const answers = await Promise.all([
      browser.api.returns.createReturn({ params: { orderNumber: order.orderNumber }, body }),
      browser.api.returns.createReturn({ params: { orderNumber: order.orderNumber }, body }),
    ])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    const numbers = answers.map((answer) =>
      answer.status === 200 ? answer.body.return.trackingNumber : null,
    )
    expect(numbers[0]).toBe(numbers[1])
    const rows = await shop.db.execute<{ n: number }>(
      sql`select count(*)::int as n from order_returns where order_id = ${order.id}`,
    )
    expect(rows[0]?.n).toBe(1)
    const mails = await mailsTo(browser, email)
    expect(mails.filter((m) => m.subject.includes(`${order.orderNumber}-R1`))).toHaveLength(1)

    // Two different returns at once get their own numbers and labels.
    const [x, y] = await Promise.all(
      [1, 1].map(() =>
        browser.api.returns.createReturn({
          params: { orderNumber: order.orderNumber },
          body: { ...body, idempotencyKey: randomUUID() },
        }),
      ),
    )
    const statuses = [x?.status, y?.status].sort()
    // One unit of line a is left: one succeeds, the other finds nothing left.
    expect(statuses).toEqual([200, 422])
  })

  it("answers 404 for another customer's order and its label, and 401 without a login", async () => {
    const owner = await customer()
    const order = await orderFor(owner.email)
    const stranger = await customer('fremd')
    const foreign = await stranger.browser.api.returns.getReturns({
      params: { orderNumber: order.orderNumber },
    })
    expect(foreign.status).toBe(404)
    const [a] = (await returnsOf(owner.browser, order.orderNumber)).items
    const created = await owner.browser.api.returns.createReturn({
      params: { orderNumber: order.orderNumber },
      body: {
        kind: 'defect',
        reason: 'Das Gehäuse hat einen Riss.',
        lines: [{ orderLineId: a?.orderLineId ?? 0, quantity: 1 }],
        idempotencyKey: randomUUID(),
      },
    })
    expect(created.status).toBe(200)
    const label = await stranger.browser.fetch(
      `/api/orders/${order.orderNumber}/returns/${order.orderNumber}-R1/label`,
    )
    expect(label.status).toBe(404)
    const create = await stranger.browser.api.returns.createReturn({
      params: { orderNumber: order.orderNumber },
      body: {
        kind: 'defect',
        reason: 'Das Gehäuse hat einen Riss.',
        lines: [{ orderLineId: a?.orderLineId ?? 0, quantity: 1 }],
        idempotencyKey: randomUUID(),
      },
    })
    expect(create.status).toBe(404)
    const anonymous = await newBrowser().api.returns.getReturns({
      params: { orderNumber: order.orderNumber },
    })
    expect(anonymous.status).toBe(401)
  })
})

describe('returns of a guest through /widerruf', () => {
  it('registers a return and downloads the label with the session-bound token', async () => {
    const owner = await customer('gast')
    const order = await orderFor(owner.email)
    const guest = newBrowser()
    const identified = await guest.api.withdrawal.identify({
      body: { orderNumber: order.orderNumber, email: owner.email },
    })
    if (identified.status !== 200) throw new Error('identify failed')
    const { token } = identified.body
    const declared = await guest.api.withdrawal.declareGuest({
      params: { token },
      body: {
        name: 'Gast Kunde',
        email: owner.email,
        wholeOrder: true,
        items: [],
        idempotencyKey: randomUUID(),
      },
    })
    expect(declared.status).toBe(200)
    const options = await guest.api.returns.getGuestReturns({ params: { token } })
    if (options.status !== 200) throw new Error('guest returns failed')
    expect(options.body.withdrawalAvailable).toBe(true)
    const created = await guest.api.returns.createGuestReturn({
      params: { token },
      body: {
        kind: 'withdrawal',
        lines: options.body.items.map((item) => ({
          orderLineId: item.orderLineId,
          quantity: item.withdrawalQuantity,
        })),
        idempotencyKey: randomUUID(),
      },
    })
    expect(created.status).toBe(200)
    if (created.status !== 200) return
    const label = await guest.fetch(
      `/api/withdrawal/${token}/returns/${created.body.return.returnNumber}/label`,
    )
    expect(label.status).toBe(200)
    expect(
      Buffer.from(await label.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
    const rows = await shop.db.execute<{ created_by: string }>(
      sql`select created_by from order_returns where order_id = ${order.id}`,
    )
    expect(rows).toEqual([{ created_by: 'guest' }])

    // Another browser with the token gets nothing.
    const stranger = newBrowser()
    expect((await stranger.api.returns.getGuestReturns({ params: { token } })).status).toBe(404)
    const stolen = await stranger.fetch(
      `/api/withdrawal/${token}/returns/${created.body.return.returnNumber}/label`,
    )
    expect(stolen.status).toBe(404)
    const mails = await mailsTo(guest, owner.email)
    const mail = mails.find((m) => m.subject.includes(created.body.return.returnNumber))
    expect(mail?.text).toContain('/widerruf')
  })
})

describe('staff steps', () => {
  async function returnWith(kind: 'defect', quantity: number) {
    const { browser, email } = await customer('lager')
    const order = await orderFor(email)
    const [a] = (await returnsOf(browser, order.orderNumber)).items
    const created = await browser.api.returns.createReturn({
      params: { orderNumber: order.orderNumber },
      body: {
        kind,
        reason: 'Das Gerät startet nicht mehr.',
        lines: [{ orderLineId: a?.orderLineId ?? 0, quantity }],
        idempotencyKey: randomUUID(),
      },
    })
    if (created.status !== 200) throw new Error(`create answered ${created.status}`)
    const [view] = await returnsOfOrder(shop.db, order.id)
    if (!view) throw new Error('no return')
    return { browser, order, view, orderLineId: a?.orderLineId ?? 0 }
  }
  const actor = 'staff:1'

  it('receive, inspect with restock raises the stock, close; the customer sees each status', async () => {
    const { browser, order, view, orderLineId } = await returnWith('defect', 2)
    const productId = products[0] as number
    const stock = await stockOf(productId)
    const ctx = { clock: shop.clock }
    // Inspecting before receipt is not allowed.
    const early = await shop.db.transaction((tx) =>
      inspectReturn(tx, ctx, {
        returnId: view.id,
        actor,
        lines: [{ orderLineId, outcome: 'restock' }],
      }),
    )
    expect(early).toMatchObject({ ok: false, code: 'return_status_not_allowed' })

    const received = await shop.db.transaction((tx) =>
      receiveReturn(tx, ctx, { returnId: view.id, actor }),
    )
    expect(received).toMatchObject({ ok: true, value: { status: 'received' } })
    expect((await returnsOf(browser, order.orderNumber)).returns[0]?.statusLabel).toBe(
      'eingegangen',
    )
    const invalid = await shop.db.transaction((tx) =>
      inspectReturn(tx, ctx, { returnId: view.id, actor, lines: [] }),
    )
    expect(invalid).toMatchObject({ ok: false, code: 'return_lines_invalid' })
    const inspected = await shop.db.transaction((tx) =>
      inspectReturn(tx, ctx, {
        returnId: view.id,
        actor,
        lines: [{ orderLineId, outcome: 'restock', note: 'originalverpackt' }],
      }),
    )
    expect(inspected).toMatchObject({
      ok: true,
      value: { status: 'inspected', lines: [{ outcome: 'restock', note: 'originalverpackt' }] },
    })
    expect(await stockOf(productId)).toBe(stock + 2)
    expect((await returnsOf(browser, order.orderNumber)).returns[0]?.statusLabel).toBe('geprüft')
    const closed = await shop.db.transaction((tx) =>
      closeReturn(tx, ctx, { returnId: view.id, actor }),
    )
    expect(closed).toMatchObject({ ok: true, value: { status: 'closed' } })
    expect((await returnsOf(browser, order.orderNumber)).returns[0]?.statusLabel).toBe(
      'abgeschlossen',
    )
  })

  it('write-off keeps the stock; cancel frees the units again', async () => {
    const { view, orderLineId } = await returnWith('defect', 1)
    const productId = products[0] as number
    const ctx = { clock: shop.clock }
    await shop.db.transaction((tx) => receiveReturn(tx, ctx, { returnId: view.id, actor }))
    const stock = await stockOf(productId)
    const inspected = await shop.db.transaction((tx) =>
      inspectReturn(tx, ctx, {
        returnId: view.id,
        actor,
        lines: [{ orderLineId, outcome: 'write_off', note: 'Wasserschaden' }],
      }),
    )
    expect(inspected).toMatchObject({ ok: true, value: { status: 'inspected' } })
    expect(await stockOf(productId)).toBe(stock)

    const other = await returnWith('defect', 2)
    const cancelled = await shop.db.transaction((tx) =>
      cancelReturn(tx, ctx, { returnId: other.view.id, actor }),
    )
    expect(cancelled).toMatchObject({ ok: true, value: { status: 'cancelled' } })
    const after = await returnsOf(other.browser, other.order.orderNumber)
    expect(after.returns[0]?.statusLabel).toBe('storniert')
    expect(after.items[0]?.defectQuantity).toBe(2)
    const twice = await shop.db.transaction((tx) =>
      cancelReturn(tx, ctx, { returnId: other.view.id, actor }),
    )
    expect(twice).toMatchObject({ ok: false, code: 'return_status_not_allowed' })
  })
})
