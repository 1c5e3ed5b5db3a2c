// The back office's after-sale work (issue 19) through real HTTP on a real Postgres: the queue
// with each order's next step and refund deadline (overdue after 14 days), a withdrawal return
// received, inspected (stock back), refunded through the payment provider and settled; a double
// click on "erstatten" is one refund; bank transfers wait for the IBAN and are marked paid; a
// failed refund is shown and retried; validation answers in German; every route guarded.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contract } from '#contract/index.ts'
import { orderLines, orderRefunds, orders } from '#db/schema/orders.ts'
import { createPaymentProvider } from '#server/payment-sandbox/index.ts'
import type { PaymentProvider } from '#server/platform/payments/index.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import type { Browser } from '#tests/support/client.ts'
import { customerIdOf, insertOrder } from '#tests/support/orders.ts'
import { browserFactory, registerCustomer, uniqueEmail } from './account-fixtures.ts'
import { findProduct, stockOf } from './checkout-support.ts'
import { authorizeApplePay, authorizeCard, authorizeRedirect } from './refund-support.ts'
import { expectStaffRoutesGuarded, insertStaffAccount, staffLogIn } from './staff-access.ts'

let shop: TestApp
let payments: PaymentProvider
let newBrowser: ReturnType<typeof browserFactory>
let staff: Browser
let admin: Browser
const DAY_MS = 24 * 60 * 60 * 1000
const NOW = new Date('2026-11-20T09:00:00Z')

beforeAll(async () => {
  shop = await startTestApp()
  shop.clock.set(NOW)
  payments = createPaymentProvider({ db: shop.db, config: shop.config, clock: shop.clock }).provider
  newBrowser = browserFactory(shop.url)
  staff = newBrowser()
  await staffLogIn(staff, await insertStaffAccount(shop.db, 'service'))
  admin = newBrowser()
  await staffLogIn(admin, await insertStaffAccount(shop.db, 'admin'))
})
afterAll(() => shop.close())

let skip = 30
/** A logged-in customer with a delivered order (2 + 1 units) paid as `method`. */
async function customerWithOrder(method: 'creditcard' | 'invoice' | 'banktransfer' = 'creditcard') {
  const browser = newBrowser()
  const { email } = await registerCustomer(browser, { email: uniqueEmail('nachbearbeitung') })
  const customerId = await customerIdOf(shop.db, email)
  skip += 2
  const a = await findProduct(shop.db, { minStock: 20, skip })
  const b = await findProduct(shop.db, { minStock: 20, skip: skip + 1 })
  const inserted = await insertOrder(shop.db, {
    customerId,
    placedAt: new Date(shop.clock.now().getTime() - 5 * DAY_MS),
    paymentMethod: method,
    deliveries: [
      {
        status: 'delivered',
        lines: [
          { productId: a.id, quantity: 2 },
          { productId: b.id, quantity: 1 },
        ],
      },
    ],
  })
  const [order] = await shop.db.select().from(orders).where(eq(orders.id, inserted.id))
  if (!order) throw new Error('no order')
  const paymentId = method === 'creditcard' ? await authorizeCard(shop, payments, order) : null
  const lines = await shop.db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(orderLines.id)
  const products = lines.filter((line) => line.kind === 'product')
  return { browser, email, order, paymentId, lines: products, productIds: [a.id, b.id] as const }
}

/** Moves the shop's clock; the staff members log in again (their sessions follow the clock). */
async function clockTo(at: Date) {
  shop.clock.set(at)
  await staffLogIn(staff, await insertStaffAccount(shop.db, 'service'))
  await staffLogIn(admin, await insertStaffAccount(shop.db, 'admin'))
}

async function declare(browser: Browser, orderNumber: string, lineId: number, quantity: number) {
  const declared = await browser.api.withdrawal.declare({
    params: { orderNumber },
    body: {
      name: 'Lena Berger',
      email: uniqueEmail('bestaetigung'),
      wholeOrder: false,
      items: [{ lineId, quantity }],
      idempotencyKey: randomUUID(),
    },
  })
  if (declared.status !== 200) throw new Error(`declare answered ${declared.status}`)
  return declared.body
}

async function queueRow(orderNumber: string, view: 'open' | 'overdue' | 'done' = 'open') {
  const queue = await staff.api.backofficeAfterSale.queue({ query: { view } })
  if (queue.status !== 200) throw new Error(`queue answered ${queue.status}`)
  return queue.body.rows.find((row) => row.orderNumber === orderNumber)
}

async function detail(orderNumber: string) {
  const answer = await staff.api.backofficeAfterSale.detail({ params: { orderNumber } })
  if (answer.status !== 200) throw new Error(`detail answered ${answer.status}`)
  return answer.body
}

describe('the after-sale queue', () => {
  it('walks a withdrawal return from the queue to the refund at the provider', async () => {
    await clockTo(NOW)
    const { browser, order, paymentId, lines, productIds } = await customerWithOrder()
    const [first] = lines
    if (!first) throw new Error('no line')
    const declared = await declare(browser, order.orderNumber, first.id, 1)

    // A declaration without return: due 14 days after it arrived.
    expect(await queueRow(order.orderNumber)).toMatchObject({
      nextStep: 'await_return',
      withdrawals: 1,
      returns: 0,
      overdue: false,
      dueAt: new Date(NOW.getTime() + 14 * DAY_MS).toISOString(),
    })

    const created = await browser.api.returns.createReturn({
      params: { orderNumber: order.orderNumber },
      body: {
        kind: 'withdrawal',
        lines: [{ orderLineId: first.id, quantity: 1 }],
        idempotencyKey: randomUUID(),
      },
    })
    expect(created.status).toBe(200)
    expect((await queueRow(order.orderNumber))?.nextStep).toBe('receive')
    const ret = (await detail(order.orderNumber)).returns[0]
    if (!ret) throw new Error('no return')
    expect(ret).toMatchObject({
      status: 'announced',
      kind: 'withdrawal',
      withdrawalId: declared.declaration.id,
    })

    // Inspecting before the parcel is in is refused.
    const early = await staff.api.backofficeAfterSale.inspectReturn({
      params: { id: ret.id },
      body: { lines: [{ orderLineId: first.id, outcome: 'restock' }] },
    })
    expect(early.status).toBe(409)
    expect(early.body).toMatchObject({ code: 'return_status_not_allowed' })

    await clockTo(new Date(NOW.getTime() + 3 * DAY_MS))
    const received = await staff.api.backofficeAfterSale.receiveReturn({ params: { id: ret.id } })
    expect(received.status).toBe(200)
    expect(received.body).toMatchObject({ nextStep: 'inspect' })

    const stockBefore = await stockOf(shop.db, productIds[0])
    const inspected = await staff.api.backofficeAfterSale.inspectReturn({
      params: { id: ret.id },
      body: { lines: [{ orderLineId: first.id, outcome: 'restock', note: 'originalverpackt' }] },
    })
    expect(inspected.status).toBe(200)
    expect(inspected.body).toMatchObject({ nextStep: 'refund' })
    expect(await stockOf(shop.db, productIds[0])).toBe(stockBefore + 1)

    const form = {
      reason: 'withdrawal' as const,
      returnId: ret.id,
      withdrawalId: declared.declaration.id,
      lines: [{ orderLineId: first.id, quantity: 1 }],
      adjustmentCents: 0,
    }
    const proposal = await staff.api.backofficeAfterSale.proposeRefund({
      params: { orderNumber: order.orderNumber },
      body: form,
    })
    expect(proposal.status).toBe(200)
    if (proposal.status !== 200) return
    expect(proposal.body).toMatchObject({ amountCents: first.unitPriceCents, channel: 'provider' })
    // A proposal writes nothing.
    expect((await detail(order.orderNumber)).refunds).toEqual([])

    const refunded = await staff.api.backofficeAfterSale.refund({
      params: { orderNumber: order.orderNumber },
      body: { ...form, idempotencyKey: randomUUID() },
    })
    expect(refunded.status).toBe(200)
    if (refunded.status !== 200) return
    expect(refunded.body.refunds).toMatchObject([
      { amountCents: first.unitPriceCents, status: 'completed', reason: 'withdrawal' },
    ])
    expect(refunded.body.returns[0]?.status).toBe('closed')
    expect(refunded.body.nextStep).toBe('none')
    expect(refunded.body.lines.find((line) => line.orderLineId === first.id)).toMatchObject({
      refundedQuantity: 1,
    })
    // Delivered goods were captured before the refund; the provider paid the amount back.
    expect(await payments.payments.get(paymentId ?? '')).toMatchObject({
      capturedCents: order.totalCents,
      refundedCents: first.unitPriceCents,
    })
    expect(await queueRow(order.orderNumber)).toBeUndefined()
    expect(await queueRow(order.orderNumber, 'done')).toMatchObject({
      nextStep: 'none',
      refundedCents: first.unitPriceCents,
    })

    // Each step is in the audit log.
    for (const action of [
      'order.return.received',
      'order.return.inspected',
      'order.refund.recorded',
      'order.refund.executed',
    ]) {
      const log = await admin.api.backofficeAccess.listAuditLog({ query: { action } })
      expect(log.status === 200 && log.body.entries.length, action).toBeGreaterThan(0)
    }
  })

  it('shows a declaration left without refund as overdue after 14 days', async () => {
    await clockTo(NOW)
    const { browser, order, lines } = await customerWithOrder('invoice')
    await declare(browser, order.orderNumber, lines[0]?.id ?? 0, 1)
    expect(await queueRow(order.orderNumber, 'overdue')).toBeUndefined()
    await clockTo(new Date(NOW.getTime() + 14 * DAY_MS + 60_000))
    expect(await queueRow(order.orderNumber, 'overdue')).toMatchObject({
      overdue: true,
      nextStep: 'await_return',
    })
    const queue = await staff.api.backofficeAfterSale.queue({ query: { view: 'overdue' } })
    expect(queue.status === 200 && queue.body.overdueCount).toBeGreaterThanOrEqual(1)
    await clockTo(NOW)
  })

  it('a double click on "erstatten" is one refund', async () => {
    await clockTo(NOW)
    const { order, lines } = await customerWithOrder('invoice')
    const body = {
      reason: 'goodwill' as const,
      returnId: null,
      withdrawalId: null,
      lines: [{ orderLineId: lines[1]?.id ?? 0, quantity: 1 }],
      adjustmentCents: 0,
      idempotencyKey: randomUUID(),
    }
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        staff.api.backofficeAfterSale.refund({ params: { orderNumber: order.orderNumber }, body }),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
    const rows = await shop.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))
    expect(rows).toHaveLength(1)
    // Invoice: the claim is reduced at once.
    expect(rows[0]).toMatchObject({ channel: 'claim', status: 'completed' })
    // The same unit again with a new key: nothing left to refund.
    const again = await staff.api.backofficeAfterSale.refund({
      params: { orderNumber: order.orderNumber },
      body: { ...body, idempotencyKey: randomUUID() },
    })
    expect(again.status).toBe(422)
    expect(again.body).toMatchObject({ code: 'refund_quantity_exceeded' })
  })

  it('a bank transfer waits for the IBAN, then staff marks it paid', async () => {
    await clockTo(NOW)
    const { browser, order, lines } = await customerWithOrder('banktransfer')
    const refunded = await staff.api.backofficeAfterSale.refund({
      params: { orderNumber: order.orderNumber },
      body: {
        reason: 'defect',
        returnId: null,
        withdrawalId: null,
        lines: [{ orderLineId: lines[0]?.id ?? 0, quantity: 2 }],
        adjustmentCents: 500,
        idempotencyKey: randomUUID(),
      },
    })
    expect(refunded.status).toBe(200)
    if (refunded.status !== 200) return
    const refund = refunded.body.refunds[0]
    expect(refund).toMatchObject({
      channel: 'bank_transfer',
      status: 'awaiting_iban',
      amountCents: 2 * (lines[0]?.unitPriceCents ?? 0) + 500,
    })
    expect(refunded.body.nextStep).toBe('await_iban')
    const early = await staff.api.backofficeAfterSale.markRefundPaid({
      params: { id: refund?.id ?? '' },
    })
    expect(early.status).toBe(409)

    const iban = await browser.api.refunds.setIban({
      params: { orderNumber: order.orderNumber, refundId: refund?.id ?? '' },
      body: { accountHolder: 'Lena Berger', iban: 'DE89 3704 0044 0532 0130 00' },
    })
    expect(iban.status).toBe(200)
    expect((await queueRow(order.orderNumber))?.nextStep).toBe('transfer')
    const withIban = (await detail(order.orderNumber)).refunds[0]
    expect(withIban).toMatchObject({
      status: 'pending',
      ibanMasked: 'DE89 **** **** **** **30 00',
      accountHolder: 'Lena Berger',
    })

    const paid = await staff.api.backofficeAfterSale.markRefundPaid({
      params: { id: refund?.id ?? '' },
    })
    expect(paid.status).toBe(200)
    expect(paid.status === 200 && paid.body.refunds[0]?.status).toBe('completed')
    expect(paid.status === 200 && paid.body.nextStep).toBe('none')
  })

  it('shows a refund the provider could not pay as failed, and retries it', async () => {
    await clockTo(NOW)
    const { order, paymentId } = await customerWithOrder('creditcard')
    // The provider does not know the payment the refund names.
    await shop.db.update(orders).set({ pspPaymentId: 'pay_unknown' }).where(eq(orders.id, order.id))
    const refunded = await staff.api.backofficeAfterSale.refund({
      params: { orderNumber: order.orderNumber },
      body: {
        reason: 'goodwill',
        returnId: null,
        withdrawalId: null,
        lines: [],
        adjustmentCents: 1000,
        idempotencyKey: randomUUID(),
      },
    })
    expect(refunded.status).toBe(200)
    if (refunded.status !== 200) return
    expect(refunded.body.refunds[0]).toMatchObject({ status: 'failed' })
    expect(refunded.body.nextStep).toBe('retry_refund')
    const id = refunded.body.refunds[0]?.id ?? ''
    const retried = await staff.api.backofficeAfterSale.retryRefund({ params: { id } })
    expect(retried.status).toBe(200)
    expect(retried.status === 200 && retried.body.refunds[0]?.status).toBe('failed')
    // The refund names the real payment again: the retry pays it back.
    await shop.db
      .update(orderRefunds)
      .set({ pspPaymentId: paymentId })
      .where(eq(orderRefunds.id, id))
    const paid = await staff.api.backofficeAfterSale.retryRefund({ params: { id } })
    expect(paid.status === 200 && paid.body.refunds[0]?.status).toBe('completed')
    const done = await staff.api.backofficeAfterSale.retryRefund({ params: { id } })
    expect(done.status).toBe(409)
    expect(done.body).toMatchObject({ code: 'refund_status_not_allowed' })
  })

  it('a failed refund settled outside the shop is marked paid by staff', async () => {
    await clockTo(NOW)
    const { order } = await customerWithOrder('creditcard')
    await shop.db.update(orders).set({ pspPaymentId: null }).where(eq(orders.id, order.id))
    const refunded = await staff.api.backofficeAfterSale.refund({
      params: { orderNumber: order.orderNumber },
      body: {
        reason: 'goodwill',
        returnId: null,
        withdrawalId: null,
        lines: [],
        adjustmentCents: 2000,
        idempotencyKey: randomUUID(),
      },
    })
    expect(refunded.status === 200 && refunded.body.refunds[0]).toMatchObject({
      status: 'failed',
      failure: 'payment_missing',
    })
    const id = refunded.status === 200 ? (refunded.body.refunds[0]?.id ?? '') : ''
    const settled = await staff.api.backofficeAfterSale.markRefundPaid({ params: { id } })
    expect(settled.status === 200 && settled.body.refunds[0]?.status).toBe('completed')
    expect(settled.status === 200 && settled.body.nextStep).toBe('none')
  })

  // Every method the provider takes: captured at shipping, a partial refund, then the rest.
  it.each([
    ['paypal', 'paypal'],
    ['amazonpay', 'amazonpay'],
    ['klarnapaylater', 'klarna'],
    ['financing', 'consors'],
    ['applepay', 'applepay'],
  ] as const)('refunds %s in part and then in full through the provider', async (method, kind) => {
    await clockTo(NOW)
    const browser = newBrowser()
    const { email } = await registerCustomer(browser, {
      email: uniqueEmail(`erstattung-${method}`),
    })
    skip += 2
    const a = await findProduct(shop.db, { minStock: 20, skip })
    const inserted = await insertOrder(shop.db, {
      customerId: await customerIdOf(shop.db, email),
      placedAt: NOW,
      paymentMethod: method,
      deliveries: [{ status: 'processing', lines: [{ productId: a.id, quantity: 2 }] }],
    })
    const [order] = await shop.db.select().from(orders).where(eq(orders.id, inserted.id))
    if (!order) throw new Error('no order')
    const paymentId =
      kind === 'applepay'
        ? await authorizeApplePay(shop, payments, order)
        : await authorizeRedirect(shop, payments, order, kind)
    const [line] = await shop.db.select().from(orderLines).where(eq(orderLines.orderId, order.id))
    const shipped = await staff.api.backoffice.moveDelivery({
      params: { id: line?.deliveryId ?? 0 },
      body: { status: 'shipped', trackingNumber: '00340434000000000002' },
    })
    expect(shipped.status).toBe(200)
    expect(await payments.payments.get(paymentId)).toMatchObject({
      status: 'captured',
      capturedCents: order.totalCents,
    })
    const refund = (quantity: number) =>
      staff.api.backofficeAfterSale.refund({
        params: { orderNumber: order.orderNumber },
        body: {
          reason: 'defect',
          returnId: null,
          withdrawalId: null,
          lines: [{ orderLineId: line?.id ?? 0, quantity }],
          adjustmentCents: 0,
          idempotencyKey: randomUUID(),
        },
      })
    const part = await refund(1)
    expect(part.status === 200 && part.body.refunds[0]).toMatchObject({
      status: 'completed',
      amountCents: line?.unitPriceCents,
    })
    expect(await payments.payments.get(paymentId)).toMatchObject({
      status: 'partially_refunded',
      refundedCents: line?.unitPriceCents,
    })
    // The last unit: nothing remains, so the delivery cost goes back too, all that was paid.
    const rest = await refund(1)
    expect(rest.status).toBe(200)
    expect(await payments.payments.get(paymentId)).toMatchObject({
      status: 'refunded',
      refundedCents: order.totalCents,
    })
    expect(rest.status === 200 && rest.body.refundedCents).toBe(order.totalCents)
  })

  it('answers bad input with German messages and refuses more than was paid', async () => {
    await clockTo(NOW)
    const { order, lines } = await customerWithOrder('invoice')
    const empty = await staff.api.backofficeAfterSale.proposeRefund({
      params: { orderNumber: order.orderNumber },
      body: {
        reason: 'goodwill',
        returnId: null,
        withdrawalId: null,
        lines: [],
        adjustmentCents: 0,
      },
    })
    expect(empty.status).toBe(400)
    expect(JSON.stringify(empty.body)).toContain(
      'Bitte wähle mindestens einen Artikel oder gib einen Betrag ein.',
    )
    const tooMuch = await staff.api.backofficeAfterSale.proposeRefund({
      params: { orderNumber: order.orderNumber },
      body: {
        reason: 'goodwill',
        returnId: null,
        withdrawalId: null,
        lines: [{ orderLineId: lines[0]?.id ?? 0, quantity: 3 }],
        adjustmentCents: 0,
      },
    })
    expect(tooMuch.status).toBe(422)
    expect(tooMuch.body).toMatchObject({ code: 'refund_quantity_exceeded' })
    const overPaid = await staff.api.backofficeAfterSale.proposeRefund({
      params: { orderNumber: order.orderNumber },
      body: {
        reason: 'goodwill',
        returnId: null,
        withdrawalId: null,
        lines: [],
        adjustmentCents: order.totalCents + 1,
      },
    })
    expect(overPaid.status).toBe(422)
    expect(overPaid.body).toMatchObject({ code: 'refund_exceeds_paid' })
    const unknown = await staff.api.backofficeAfterSale.detail({
      params: { orderNumber: 'B0000000' },
    })
    expect(unknown.status).toBe(404)
  })

  it('refuses guests, customers, unknown roles on every after-sale route', async () => {
    const customer = newBrowser()
    await registerCustomer(customer, { email: uniqueEmail('kunde-retouren') })
    const unknownRole = newBrowser()
    await staffLogIn(unknownRole, await insertStaffAccount(shop.db, 'lager'))
    const guarded = await expectStaffRoutesGuarded(contract.backofficeAfterSale, {
      guest: newBrowser(),
      customer,
      unknownRole,
      staff: { service: staff, admin },
    })
    expect(guarded).toBe(Object.keys(contract.backofficeAfterSale).length)
  })
})
