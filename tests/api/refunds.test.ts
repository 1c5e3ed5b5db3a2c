// Cancellation and refunds (issue 19) through real HTTP on a real Postgres: a customer cancels a
// delivery not yet shipped (stock back, authorization voided), not a shipped one, not another
// customer's; a double submit at once is one refund; invoice claims are reduced at once;
// prepayment goes by bank transfer to a validated IBAN until staff marks it paid; the capture at
// shipping, a partial refund of a captured payment and the cap at what was paid.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messagesDe } from '#contract/messages.de.ts'
import { orderDeliveries, orderLines, orderRefunds, orders } from '#db/schema/orders.ts'
import {
  captureOrderPayment,
  executeRefund,
  markRefundPaid,
  recordRefund,
} from '#server/orders/index.ts'
import { createPaymentProvider } from '#server/payment-sandbox/index.ts'
import type { AppContext } from '#server/platform/http.ts'
import { createLogger } from '#server/platform/log.ts'
import type { PaymentProvider } from '#server/platform/payments/index.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import type { Browser } from '#tests/support/client.ts'
import { customerIdOf, insertOrder } from '#tests/support/orders.ts'
import { browserFactory, mailsTo, registerCustomer, uniqueEmail } from './account-fixtures.ts'
import { findProduct, stockOf } from './checkout-support.ts'
import { authorizeCard } from './refund-support.ts'
import { insertStaffAccount, staffLogIn } from './staff-access.ts'

let shop: TestApp
let payments: PaymentProvider
let ctx: AppContext
let newBrowser: ReturnType<typeof browserFactory>

beforeAll(async () => {
  shop = await startTestApp()
  payments = createPaymentProvider({ db: shop.db, config: shop.config, clock: shop.clock }).provider
  ctx = {
    db: shop.db,
    config: shop.config,
    clock: shop.clock,
    log: createLogger('silent'),
    payments,
  } as unknown as AppContext
  newBrowser = browserFactory(shop.url)
})
afterAll(() => shop.close())

async function customer(): Promise<{ browser: Browser; email: string; id: number }> {
  const browser = newBrowser()
  const { email } = await registerCustomer(browser, { email: uniqueEmail('storno') })
  return { browser, email, id: await customerIdOf(shop.db, email) }
}

type Method = 'creditcard' | 'invoice' | 'banktransfer'

/** An order of two products (2 + 1) in one delivery; card orders get a real authorization. */
async function orderFor(
  customerId: number,
  options: {
    method?: Method
    status?: 'processing' | 'shipped'
    skip?: number
    second?: boolean
  } = {},
) {
  const a = await findProduct(shop.db, { minStock: 20, skip: options.skip ?? 0 })
  const b = await findProduct(shop.db, { minStock: 20, skip: (options.skip ?? 0) + 1 })
  const method = options.method ?? 'creditcard'
  const inserted = await insertOrder(shop.db, {
    customerId,
    placedAt: shop.clock.now(),
    paymentMethod: method,
    deliveries: [
      {
        status: options.status ?? 'processing',
        lines: [
          { productId: a.id, quantity: 2 },
          { productId: b.id, quantity: 1 },
        ],
      },
      ...(options.second
        ? [
            {
              status: 'processing' as const,
              shipping: 'hermes' as const,
              lines: [{ productId: b.id }],
            },
          ]
        : []),
    ],
  })
  const [order] = await shop.db.select().from(orders).where(eq(orders.id, inserted.id))
  if (!order) throw new Error('no order')
  let paymentId: string | null = null
  if (method === 'creditcard') paymentId = await authorizeCard(shop, payments, order)
  const [delivery, second] = await shop.db
    .select()
    .from(orderDeliveries)
    .where(eq(orderDeliveries.orderId, order.id))
    .orderBy(orderDeliveries.position)
  const lines = await shop.db.select().from(orderLines).where(eq(orderLines.orderId, order.id))
  if (!delivery) throw new Error('no delivery')
  return { order, delivery, second, lines, paymentId, products: [a.id, b.id] as const }
}

function cancel(browser: Browser, orderNumber: string, deliveryNumber: string, key = randomUUID()) {
  return browser.api.refunds.cancelDelivery({
    params: { orderNumber, deliveryNumber },
    body: { idempotencyKey: key },
  })
}

async function lineTotal(orderId: number, deliveryId: number) {
  const lines = await shop.db.select().from(orderLines).where(eq(orderLines.orderId, orderId))
  return lines
    .filter((line) => line.deliveryId === deliveryId)
    .reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0)
}

async function refundRows(orderId: number) {
  return shop.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId))
}

describe('customer cancellation', () => {
  it('cancels a delivery not yet shipped: stock back, authorization voided, refund completed', async () => {
    const me = await customer()
    const { order, delivery, paymentId, products } = await orderFor(me.id)
    const before = await Promise.all(products.map((id) => stockOf(shop.db, id)))
    const response = await cancel(me.browser, order.orderNumber, delivery.deliveryNumber)
    expect(response.status).toBe(200)
    if (response.status !== 200) return
    expect(response.body.refund).toMatchObject({
      reason: 'cancellation',
      deliveryNumber: delivery.deliveryNumber,
      amountCents: order.totalCents,
      channel: 'provider',
      status: 'completed',
    })
    expect(response.body.overview.deliveries).toEqual([
      { deliveryNumber: delivery.deliveryNumber, status: 'cancelled', cancellable: false },
    ])
    expect(await Promise.all(products.map((id) => stockOf(shop.db, id)))).toEqual([
      (before[0] ?? 0) + 2,
      (before[1] ?? 0) + 1,
    ])
    expect((await payments.payments.get(paymentId ?? ''))?.status).toBe('voided')
    const [row] = await refundRows(order.id)
    expect(row).toMatchObject({
      pspAction: 'void',
      status: 'completed',
      createdBy: `customer:${me.id}`,
    })
    const subjects = (await mailsTo(me.browser, me.email)).map((mail) => mail.subject)
    expect(subjects).toContain(`Deine Bestellung ${order.orderNumber} wurde storniert`)
    expect(subjects).toContain(`Deine Erstattung zur Bestellung ${order.orderNumber}`)
    const listed = await me.browser.api.refunds.getRefunds({
      params: { orderNumber: order.orderNumber },
    })
    expect(listed.status === 200 && listed.body.refunds).toHaveLength(1)
  })

  it('refuses a shipped delivery with the German message, and answers 404 for others', async () => {
    const me = await customer()
    const { order, delivery } = await orderFor(me.id, { status: 'shipped', skip: 2 })
    const refused = await cancel(me.browser, order.orderNumber, delivery.deliveryNumber)
    expect(refused.status).toBe(422)
    expect(refused.body).toEqual({
      code: 'refund_cancel_not_allowed',
      message: messagesDe.refund_cancel_not_allowed,
    })
    const other = await customer()
    const mine = await orderFor(other.id, { skip: 4 })
    const foreign = await cancel(me.browser, mine.order.orderNumber, mine.delivery.deliveryNumber)
    expect(foreign.status).toBe(404)
    const foreignList = await me.browser.api.refunds.getRefunds({
      params: { orderNumber: mine.order.orderNumber },
    })
    expect(foreignList.status).toBe(404)
    expect(await refundRows(mine.order.id)).toHaveLength(0)
    const anonymous = await cancel(newBrowser(), order.orderNumber, delivery.deliveryNumber)
    expect(anonymous.status).toBe(401)
  })

  it('a double submit at once is one cancellation and one refund', async () => {
    const me = await customer()
    const { order, delivery, products } = await orderFor(me.id, { skip: 6 })
    const before = await stockOf(shop.db, products[0])
    const key = randomUUID()
    const [first, second] = await Promise.all([
      cancel(me.browser, order.orderNumber, delivery.deliveryNumber, key),
      cancel(me.browser, order.orderNumber, delivery.deliveryNumber, key),
    ])
    expect([first.status, second.status]).toEqual([200, 200])
    const ids = [first, second].map((r) => (r.status === 200 ? r.body.refund?.id : null))
    expect(ids[0]).toBeTruthy()
    expect(ids[0]).toBe(ids[1])
    expect(await refundRows(order.id)).toHaveLength(1)
    expect(await stockOf(shop.db, products[0])).toBe(before + 2)
  })

  it('an invoice order: the claim is reduced at once (completed)', async () => {
    const me = await customer()
    const { order, delivery } = await orderFor(me.id, { method: 'invoice', skip: 8 })
    const response = await cancel(me.browser, order.orderNumber, delivery.deliveryNumber)
    expect(response.status === 200 && response.body.refund).toMatchObject({
      channel: 'claim',
      status: 'completed',
      amountCents: order.totalCents,
    })
  })

  it('prepayment paid: IBAN needed, checked, then pending until staff marks it paid', async () => {
    const me = await customer()
    const { order, delivery } = await orderFor(me.id, { method: 'banktransfer', skip: 10 })
    const response = await cancel(me.browser, order.orderNumber, delivery.deliveryNumber)
    expect(response.status).toBe(200)
    if (response.status !== 200 || !response.body.refund) throw new Error('no refund')
    const refund = response.body.refund
    expect(refund).toMatchObject({ channel: 'bank_transfer', status: 'awaiting_iban' })
    expect(new Date(refund.dueAt).getTime() - shop.clock.now().getTime()).toBe(14 * 86_400_000)
    const subjects = (await mailsTo(me.browser, me.email)).map((mail) => mail.subject)
    expect(subjects).toContain(
      `Bitte gib deine IBAN für die Erstattung zur Bestellung ${order.orderNumber} an`,
    )
    const setIban = (iban: string) =>
      me.browser.api.refunds.setIban({
        params: { orderNumber: order.orderNumber, refundId: refund.id },
        body: { accountHolder: 'Lena Berger', iban },
      })
    const wrong = await setIban('DE89 3704 0044 0532 0130 01')
    expect(wrong.status).toBe(400)
    expect(wrong.body).toMatchObject({ fields: { iban: 'iban_checksum' } })
    expect(messagesDe.iban_checksum).toBe(
      'Die Prüfziffern der IBAN stimmen nicht. Bitte prüfe deine Eingabe.',
    )
    const short = await setIban('DE89 3704 0044 0532 0130')
    expect(short.body).toMatchObject({
      fields: { iban: 'iban_length' },
      errors: [
        {
          field: 'iban',
          message: 'Eine IBAN aus diesem Land hat 22 Zeichen. Bitte prüfe deine Eingabe.',
        },
      ],
    })
    const good = await setIban('de89 3704 0044 0532 0130 00')
    expect(good.status === 200 && good.body.refund).toMatchObject({
      status: 'pending',
      ibanMasked: 'DE89 **** **** **** **30 00',
    })
    const [stored] = await refundRows(order.id)
    expect(stored?.iban).toBe('DE89370400440532013000')
    const paid = await shop.db.transaction((tx) =>
      markRefundPaid(tx, ctx, { refundId: refund.id, actor: 'staff:1' }),
    )
    expect(paid).toMatchObject({ ok: true, value: { status: 'completed' } })
    const again = await shop.db.transaction((tx) =>
      markRefundPaid(tx, ctx, { refundId: refund.id, actor: 'staff:1' }),
    )
    expect(again).toMatchObject({ ok: false, code: 'refund_status_not_allowed' })
    const late = await setIban('DE89 3704 0044 0532 0130 00')
    expect(late.status).toBe(200)
    const other = await setIban('AT61 1904 3002 3457 3201')
    expect(other.status).toBe(422)
  })
})

describe('capture and partial refunds', () => {
  it('captures at shipping, refunds part of it, and refuses more than was paid', async () => {
    const me = await customer()
    const { order, delivery, lines, paymentId } = await orderFor(me.id, { skip: 12 })
    const staff = newBrowser()
    await staffLogIn(staff, await insertStaffAccount(shop.db, 'service'))
    const shipped = await staff.api.backoffice.moveDelivery({
      params: { id: delivery.id },
      body: { status: 'shipped', trackingNumber: '00340434000000000001' },
    })
    expect(shipped.status).toBe(200)
    expect(await payments.payments.get(paymentId ?? '')).toMatchObject({
      status: 'captured',
      capturedCents: order.totalCents,
    })
    // A second call changes nothing.
    expect(await captureOrderPayment(ctx, order.id)).toBeNull()

    const first = lines.find((line) => line.kind === 'product')
    if (!first) throw new Error('no line')
    const request = {
      orderId: order.id,
      reason: 'defect' as const,
      lines: [{ orderLineId: first.id, quantity: 1 }],
      actor: 'staff:1',
      idempotencyKey: randomUUID(),
    }
    const recorded = await shop.db.transaction((tx) => recordRefund(tx, ctx, request))
    if (!recorded.ok) throw new Error(recorded.code)
    expect(recorded.value).toMatchObject({
      status: 'pending',
      amountCents: first.unitPriceCents,
      channel: 'provider',
    })
    const replay = await shop.db.transaction((tx) => recordRefund(tx, ctx, request))
    expect(replay.ok && replay.value.id).toBe(recorded.value.id)
    const done = await executeRefund(ctx, recorded.value.id)
    expect(done).toMatchObject({ status: 'completed', pspAction: 'refund' })
    expect(await executeRefund(ctx, recorded.value.id)).toMatchObject({ status: 'completed' })
    expect(await payments.payments.get(paymentId ?? '')).toMatchObject({
      status: 'partially_refunded',
      refundedCents: first.unitPriceCents,
    })

    const tooMuch = await shop.db.transaction((tx) =>
      recordRefund(tx, ctx, {
        ...request,
        reason: 'goodwill',
        lines: [],
        adjustmentCents: order.totalCents,
        idempotencyKey: randomUUID(),
      }),
    )
    expect(tooMuch).toMatchObject({ ok: false, code: 'refund_exceeds_paid' })
    const twice = await shop.db.transaction((tx) =>
      recordRefund(tx, ctx, {
        ...request,
        lines: [{ orderLineId: first.id, quantity: 2 }],
        idempotencyKey: randomUUID(),
      }),
    )
    expect(twice).toMatchObject({ ok: false, code: 'refund_quantity_exceeded' })
    expect(await refundRows(order.id)).toHaveLength(1)
  })

  it('staff cancellation of a card order goes through the refund engine', async () => {
    const me = await customer()
    const { order, delivery, paymentId } = await orderFor(me.id, { skip: 14 })
    const staff = newBrowser()
    await staffLogIn(staff, await insertStaffAccount(shop.db, 'service'))
    const cancelled = await staff.api.backoffice.cancelDelivery({
      params: { id: delivery.id },
      body: {},
    })
    expect(cancelled.status).toBe(200)
    expect((await payments.payments.get(paymentId ?? ''))?.status).toBe('voided')
    expect(await refundRows(order.id)).toMatchObject([
      { reason: 'cancellation', status: 'completed', createdBy: expect.stringMatching(/^staff:/) },
    ])
  })

  it('cancelling one of two deliveries reduces the authorization; the capture takes less', async () => {
    const me = await customer()
    const { order, second, paymentId } = await orderFor(me.id, { skip: 16, second: true })
    if (!second) throw new Error('no second delivery')
    const response = await cancel(me.browser, order.orderNumber, second.deliveryNumber)
    expect(response.status).toBe(200)
    if (response.status !== 200 || !response.body.refund) throw new Error('no refund')
    const reduced = response.body.refund.amountCents
    expect(reduced).toBe(second.shippingCents + (await lineTotal(order.id, second.id)))
    const [row] = await refundRows(order.id)
    expect(row).toMatchObject({ status: 'completed', pspAction: 'partial_void' })
    expect((await payments.payments.get(paymentId ?? ''))?.status).toBe('authorized')
    expect(await captureOrderPayment(ctx, order.id)).toMatchObject({
      action: 'captured',
      amountCents: order.totalCents - reduced,
    })
    expect(await payments.payments.get(paymentId ?? '')).toMatchObject({
      status: 'captured',
      capturedCents: order.totalCents - reduced,
    })
  })

  it('a refused provider answer leaves the refund failed with the code; executing again completes it', async () => {
    const me = await customer()
    const { order, lines, paymentId } = await orderFor(me.id, { skip: 18 })
    await captureOrderPayment(ctx, order.id)
    const first = lines.find((line) => line.kind === 'product')
    if (!first) throw new Error('no line')
    // The provider does not know the payment the row names.
    await shop.db.update(orders).set({ pspPaymentId: 'pay_unknown' }).where(eq(orders.id, order.id))
    const recorded = await shop.db.transaction((tx) =>
      recordRefund(tx, ctx, {
        orderId: order.id,
        reason: 'goodwill',
        lines: [{ orderLineId: first.id, quantity: 1 }],
        actor: 'staff:1',
        idempotencyKey: randomUUID(),
      }),
    )
    if (!recorded.ok) throw new Error(recorded.code)
    expect(await executeRefund(ctx, recorded.value.id)).toMatchObject({
      status: 'failed',
      failure: 'payment_not_found',
    })
    await shop.db
      .update(orderRefunds)
      .set({ pspPaymentId: paymentId })
      .where(eq(orderRefunds.id, recorded.value.id))
    expect(await executeRefund(ctx, recorded.value.id)).toMatchObject({
      status: 'completed',
      pspAction: 'refund',
      failure: null,
    })
    expect((await payments.payments.get(paymentId ?? ''))?.refundedCents).toBe(first.unitPriceCents)
  })
})

describe('limits under the order lock', () => {
  it('two refunds of the same units at once: one is recorded, the other refused', async () => {
    const me = await customer()
    const { order, lines } = await orderFor(me.id, { method: 'invoice', skip: 22 })
    const all = lines
      .filter((line) => line.kind === 'product')
      .map((line) => ({ orderLineId: line.id, quantity: line.quantity }))
    const attempt = () =>
      shop.db.transaction((tx) =>
        recordRefund(tx, ctx, {
          orderId: order.id,
          reason: 'withdrawal',
          lines: all,
          actor: 'staff:1',
          idempotencyKey: randomUUID(),
        }),
      )
    const results = await Promise.all([attempt(), attempt()])
    expect(results.map((r) => r.ok).sort()).toEqual([false, true])
    expect(results.find((r) => !r.ok)).toMatchObject({ code: 'refund_quantity_exceeded' })
    const rows = await refundRows(order.id)
    expect(rows).toHaveLength(1)
    // Everything refunded: the shipping went back with it, the whole total.
    expect(rows[0]?.amountCents).toBe(order.totalCents)
  })

  it('an unpaid prepayment order is cancelled without a refund row', async () => {
    const me = await customer()
    const inserted = await insertOrder(shop.db, {
      customerId: me.id,
      placedAt: shop.clock.now(),
      paymentMethod: 'banktransfer',
      deliveries: [
        {
          status: 'awaiting_payment',
          lines: [{ productId: (await findProduct(shop.db, { minStock: 20, skip: 24 })).id }],
        },
      ],
    })
    const response = await cancel(me.browser, inserted.orderNumber, `${inserted.orderNumber}-1`)
    expect(response.status === 200 && response.body.refund).toBeNull()
    expect(await refundRows(inserted.id)).toHaveLength(0)
  })
})

describe('guests on /widerruf', () => {
  it('cancel a delivery and enter the IBAN with the identification token', async () => {
    const me = await customer()
    const { order, delivery } = await orderFor(me.id, { method: 'banktransfer', skip: 20 })
    const guest = newBrowser()
    const identified = await guest.api.withdrawal.identify({
      body: { orderNumber: order.orderNumber, email: me.email },
    })
    if (identified.status !== 200) throw new Error('not identified')
    const token = identified.body.token
    const overview = await guest.api.refunds.getGuestRefunds({ params: { token } })
    expect(overview.status === 200 && overview.body.deliveries[0]?.cancellable).toBe(true)
    const cancelled = await guest.api.refunds.cancelGuestDelivery({
      params: { token, deliveryNumber: delivery.deliveryNumber },
      body: { idempotencyKey: randomUUID() },
    })
    if (cancelled.status !== 200 || !cancelled.body.refund) throw new Error('not cancelled')
    expect(cancelled.body.refund.status).toBe('awaiting_iban')
    const iban = await guest.api.refunds.setGuestIban({
      params: { token, refundId: cancelled.body.refund.id },
      body: { accountHolder: 'Lena Berger', iban: 'DE89370400440532013000' },
    })
    expect(iban.status === 200 && iban.body.refund?.status).toBe('pending')
    // Another browser without the identification gets the neutral answer.
    const stranger = await newBrowser().api.refunds.getGuestRefunds({ params: { token } })
    expect(stranger.status).toBe(404)
    expect(stranger.body).toMatchObject({ code: 'withdrawal_order_not_found' })
  })
})
