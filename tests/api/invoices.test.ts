// Invoices and credit notes (issue 20) through real HTTP on a real Postgres: the invoice of a
// delivery is issued when staff ship it and goes with the shipping mail; the customer lists and
// downloads it in "Bestelldetails" (own orders only); numbers stay gap-free when many deliveries
// ship at once; a refund after shipping produces a credit note referring to the invoice; business
// customers choose ZUGFeRD or XRechnung with a Leitweg-ID; customer service re-sends; issued
// documents cannot be changed; the invoices of every seeded order add up to the order's totals.
import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_PAYMENT_NAMES } from '#contract/payments.de.ts'
import { invoices } from '#db/schema/invoices.ts'
import { orderDeliveries, orderLines, orders } from '#db/schema/orders.ts'
import type { InvoiceDocument } from '#server/invoices/document.ts'
import { ciiXml, xrechnungXml } from '#server/invoices/einvoice.ts'
import { deliveryShares, orderFacts } from '#server/orders/invoicing.ts'
import { issueMissingInvoices } from '#server/orders/jobs.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import type { Browser } from '#tests/support/client.ts'
import { validateCii, validateXRechnungCii } from '#tests/support/einvoice-validator.ts'
import { customerIdOf, insertOrder } from '#tests/support/orders.ts'
import {
  browserFactory,
  businessRegistration,
  mailsTo,
  registerCustomer,
  uniqueEmail,
} from './account-fixtures.ts'
import { findProduct } from './checkout-support.ts'
import { insertStaffAccount, staffLogIn } from './staff-access.ts'

let shop: TestApp
let newBrowser: ReturnType<typeof browserFactory>
let staff: Browser
const DAY_MS = 24 * 60 * 60 * 1000
const NOW = new Date('2026-11-20T09:00:00Z')

beforeAll(async () => {
  shop = await startTestApp()
  shop.clock.set(NOW)
  newBrowser = browserFactory(shop.url)
  staff = newBrowser()
  await staffLogIn(staff, await insertStaffAccount(shop.db, 'service'))
})
afterAll(() => shop.close())

/**
 * Documents whose e-invoices the last test validates: Saxon-JS blocks the event loop for a
 * while, so validation runs after every HTTP call of this file (the server shares the process).
 */
const toValidate: InvoiceDocument[] = []
function expectValidEInvoices(doc: InvoiceDocument) {
  toValidate.push(doc)
}

let skip = 60
async function orderFor(
  customerId: number,
  options: { method?: 'creditcard' | 'invoice'; deliveries?: number } = {},
) {
  skip += 2
  const a = await findProduct(shop.db, { minStock: 20, skip })
  const b = await findProduct(shop.db, { minStock: 20, skip: skip + 1 })
  const inserted = await insertOrder(shop.db, {
    customerId,
    placedAt: new Date(shop.clock.now().getTime() - 2 * DAY_MS),
    paymentMethod: options.method ?? 'creditcard',
    deliveries: Array.from({ length: options.deliveries ?? 1 }, (_, i) => ({
      status: 'processing' as const,
      lines: [
        { productId: i === 0 ? a.id : b.id, quantity: 2 },
        ...(i === 0 ? [{ productId: b.id, quantity: 1 }] : []),
      ],
    })),
  })
  const deliveries = await shop.db
    .select()
    .from(orderDeliveries)
    .where(eq(orderDeliveries.orderId, inserted.id))
    .orderBy(orderDeliveries.position)
  return { ...inserted, deliveries }
}

async function customer() {
  const browser = newBrowser()
  const { email } = await registerCustomer(browser, { email: uniqueEmail('rechnung') })
  return { browser, email, id: await customerIdOf(shop.db, email) }
}

async function ship(deliveryId: number) {
  const moved = await staff.api.backoffice.moveDelivery({
    params: { id: deliveryId },
    body: { status: 'shipped', trackingNumber: '00340434161234567890' },
  })
  if (moved.status !== 200) throw new Error(`ship answered ${moved.status}`)
}

async function download(browser: Browser, orderNumber: string, number: string, format: string) {
  return browser.fetch(`/api/orders/${orderNumber}/invoices/${number}/${format}`)
}

describe('invoice at shipping', () => {
  it('is issued when staff ship a delivery, mailed with it and downloadable by its customer only', async () => {
    const me = await customer()
    const order = await orderFor(me.id)
    const [delivery] = order.deliveries
    if (!delivery) throw new Error('no delivery')
    const before = await me.browser.api.invoices.getOrderInvoices({
      params: { orderNumber: order.orderNumber },
    })
    expect(before.status === 200 && before.body.invoices).toEqual([])

    await ship(delivery.id)
    const listed = await me.browser.api.invoices.getOrderInvoices({
      params: { orderNumber: order.orderNumber },
    })
    if (listed.status !== 200) throw new Error(`list answered ${listed.status}`)
    const [invoice] = listed.body.invoices
    expect(invoice).toMatchObject({
      kind: 'invoice',
      title: 'Rechnung',
      deliveryNumber: delivery.deliveryNumber,
      formats: ['pdf'],
    })
    expect(invoice?.number).toMatch(/^RE-2026-\d{6}$/)
    const [stored] = await shop.db.select().from(orders).where(eq(orders.id, order.id))
    expect(invoice?.totalCents).toBe(stored?.totalCents)

    const mail = (await mailsTo(me.browser, me.email)).find((m) => m.subject.includes('versendet'))
    expect(mail?.attachments).toEqual([`Rechnung_${invoice?.number}.pdf`])
    expect(mail?.text).toContain(`Deine Rechnung ${invoice?.number} findest du im Anhang`)

    const pdf = await download(me.browser, order.orderNumber, invoice?.number ?? '', 'pdf')
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-disposition')).toContain(`Rechnung_${invoice?.number}.pdf`)
    expect(pdf.headers.get('cache-control')).toContain('no-store')
    const bytes = Buffer.from(await pdf.arrayBuffer())
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
    expect(bytes.toString('latin1')).toContain('<pdfaid:part>3</pdfaid:part>')

    // A private customer gets no e-invoice formats; another customer sees nothing.
    expect(
      (await download(me.browser, order.orderNumber, invoice?.number ?? '', 'xrechnung')).status,
    ).toBe(404)
    const other = await customer()
    expect(
      (await download(other.browser, order.orderNumber, invoice?.number ?? '', 'pdf')).status,
    ).toBe(404)
    const foreign = await other.browser.api.invoices.getOrderInvoices({
      params: { orderNumber: order.orderNumber },
    })
    expect(foreign.status).toBe(404)
    expect((await newBrowser().fetch(`/api/orders/${order.orderNumber}/invoices`)).status).toBe(401)

    // Shipping twice is refused; the invoice stays one.
    const again = await staff.api.backoffice.moveDelivery({
      params: { id: delivery.id },
      body: { status: 'shipped' },
    })
    expect(again.status).toBe(409)
    const rows = await shop.db.select().from(invoices).where(eq(invoices.orderId, order.id))
    expect(rows).toHaveLength(1)
  })

  it('numbers stay gap-free and unique when many deliveries ship at the same time', async () => {
    const me = await customer()
    const batch = await Promise.all(Array.from({ length: 12 }, () => orderFor(me.id)))
    const [{ max: before }] = (await shop.db.execute<{ max: number | null }>(
      sql`select last_number as max from invoice_number_series where series = 'RE-2026'`,
    )) as unknown as [{ max: number | null }]
    // A transaction that took a number and rolled back gives it back.
    await shop.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`update invoice_number_series set last_number = last_number + 1 where series = 'RE-2026'`,
        )
        throw new Error('rolled back')
      })
      .catch(() => undefined)
    await Promise.all(batch.map((order) => ship(order.deliveries[0]?.id ?? 0)))
    const issued = await shop.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(sql`${invoices.orderId} in ${batch.map((o) => o.id)}`)
    const sequence = issued.map((row) => Number(row.number.slice(-6))).sort((a, b) => a - b)
    const start = (before ?? 0) + 1
    expect(sequence).toEqual(Array.from({ length: 12 }, (_, i) => start + i))
  })
})

describe('every payment method', () => {
  const METHODS = Object.keys(ORDER_PAYMENT_NAMES) as (keyof typeof ORDER_PAYMENT_NAMES)[]
  it.each(METHODS)(
    '%s: the invoice states how it was paid and adds up to the order',
    async (method) => {
      const me = await customer()
      const order = await orderFor(me.id, { method: method as 'creditcard' })
      await ship(order.deliveries[0]?.id ?? 0)
      const [row] = await shop.db.select().from(invoices).where(eq(invoices.orderId, order.id))
      const [stored] = await shop.db.select().from(orders).where(eq(orders.id, order.id))
      const doc = row?.document
      expect(doc?.totals.grossCents).toBe(stored?.totalCents)
      expect(doc?.totals.vatCents).toBe(stored?.taxCents)
      expect(doc?.payment.methodName).toBe(ORDER_PAYMENT_NAMES[method])
      if (method === 'invoice') {
        expect(doc?.payment.terms).toMatch(/^Zahlbar ohne Abzug bis \d{2}\.\d{2}\.\d{4}/)
        expect(doc?.totals.dueCents).toBe(stored?.totalCents)
      } else {
        expect(doc?.payment.terms).toBe(`Bereits bezahlt (${ORDER_PAYMENT_NAMES[method]}).`)
        expect(doc?.totals.dueCents).toBe(0)
      }
      if (method === 'cashondelivery')
        expect(doc?.lines.some((line) => line.kind === 'payment_fee')).toBe(true)
      if (doc) expectValidEInvoices(doc)
    },
  )
})

describe('credit notes', () => {
  it('a delivery cancelled before shipping needs none: its invoice-free refund and the other invoice add up to the order', async () => {
    const me = await customer()
    const order = await orderFor(me.id, { deliveries: 2 })
    const [first, second] = order.deliveries
    if (!first || !second) throw new Error('two deliveries expected')
    await ship(first.id)
    const cancelled = await me.browser.api.refunds.cancelDelivery({
      params: { orderNumber: order.orderNumber, deliveryNumber: second.deliveryNumber },
      body: { idempotencyKey: randomUUID() },
    })
    expect(cancelled.status).toBe(200)
    const docs = await shop.db.select().from(invoices).where(eq(invoices.orderId, order.id))
    expect(docs.map((d) => d.kind)).toEqual(['invoice'])
    const [refund] = await shop.db.execute<{ amount_cents: number }>(
      sql`select amount_cents from order_refunds where order_id = ${order.id}`,
    )
    const [stored] = await shop.db.select().from(orders).where(eq(orders.id, order.id))
    expect((docs[0]?.grossCents ?? 0) + (refund?.amount_cents ?? 0)).toBe(stored?.totalCents)
  })

  it('a refund after shipping gives a credit note referring to the invoice, once per refund', async () => {
    const me = await customer()
    const order = await orderFor(me.id, { method: 'invoice' })
    const [delivery] = order.deliveries
    if (!delivery) throw new Error('no delivery')
    await ship(delivery.id)
    const [line] = await shop.db
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, order.id), eq(orderLines.kind, 'product')))
      .orderBy(orderLines.id)
    if (!line) throw new Error('no line')
    const key = randomUUID()
    const body = {
      reason: 'goodwill' as const,
      lines: [{ orderLineId: line.id, quantity: 1 }],
      idempotencyKey: key,
    }
    const admin = newBrowser()
    await staffLogIn(admin, await insertStaffAccount(shop.db, 'admin'))
    const first = await admin.api.backofficeAfterSale.refund({
      params: { orderNumber: order.orderNumber },
      body,
    })
    expect(first.status).toBe(200)
    const second = await admin.api.backofficeAfterSale.refund({
      params: { orderNumber: order.orderNumber },
      body,
    })
    expect(second.status).toBe(200)

    const listed = await me.browser.api.invoices.getOrderInvoices({
      params: { orderNumber: order.orderNumber },
    })
    if (listed.status !== 200) throw new Error('list failed')
    const [invoice, note, ...rest] = listed.body.invoices
    expect(rest).toEqual([])
    expect(note).toMatchObject({ kind: 'credit_note', title: 'Rechnungskorrektur' })
    expect(note?.number).toMatch(/^RK-2026-\d{6}$/)
    expect(note?.totalCents).toBe(line.unitPriceCents)
    const [row] = await shop.db
      .select()
      .from(invoices)
      .where(eq(invoices.number, note?.number ?? ''))
    expect(row?.document.precedingInvoice?.number).toBe(invoice?.number)
    expect(row?.document.reason).toBe('Kulanz')
    expect((row?.document.totals.netCents ?? 0) + (row?.document.totals.vatCents ?? 0)).toBe(
      line.unitPriceCents,
    )
    if (row) expectValidEInvoices(row.document)
    const mail = (await mailsTo(me.browser, me.email)).find((m) =>
      m.subject.startsWith('Rechnungskorrektur'),
    )
    expect(mail?.attachments).toEqual([`Rechnungskorrektur_${note?.number}.pdf`])
  })
})

describe('business customers', () => {
  it('choose XRechnung with a Leitweg-ID, get it with the shipping mail and download every format', async () => {
    const browser = newBrowser()
    const registration = businessRegistration()
    const registered = await browser.api.account.registerBusiness({ body: registration })
    expect(registered.status).toBe(200)
    const id = await customerIdOf(shop.db, registration.email)

    const bad = await browser.api.invoices.setInvoicePreferences({
      body: { format: 'xrechnung', buyerReference: 'keine ID' },
    })
    expect(bad.status).toBe(400)
    expect(bad.status === 400 && bad.body.errors[0]?.message).toBe(
      'Bitte gib eine gültige Leitweg-ID ein, z. B. 991-12345-67 (Ziffern, optional Buchstaben, mit Bindestrichen).',
    )
    const saved = await browser.api.invoices.setInvoicePreferences({
      body: { format: 'xrechnung', buyerReference: '991-12345-67' },
    })
    expect(saved.body).toEqual({
      format: 'xrechnung',
      buyerReference: '991-12345-67',
    })

    const order = await orderFor(id, { method: 'invoice' })
    await ship(order.deliveries[0]?.id ?? 0)
    const listed = await browser.api.invoices.getOrderInvoices({
      params: { orderNumber: order.orderNumber },
    })
    if (listed.status !== 200) throw new Error('list failed')
    const [invoice] = listed.body.invoices
    expect(invoice?.formats).toEqual(['pdf', 'zugferd', 'xrechnung'])
    const mail = (await mailsTo(browser, registration.email)).find((m) =>
      m.subject.includes('versendet'),
    )
    expect(mail?.attachments).toEqual([
      `Rechnung_${invoice?.number}_XRechnung.xml`,
      `Rechnung_${invoice?.number}.pdf`,
    ])
    const [row] = await shop.db
      .select()
      .from(invoices)
      .where(eq(invoices.number, invoice?.number ?? ''))
    expect(row?.document.buyer.buyerReference).toBe('991-12345-67')
    expect(row?.document.payment.dueDate).toBe('2026-12-20')
    if (row) expectValidEInvoices(row.document)
    for (const format of ['pdf', 'zugferd', 'xrechnung']) {
      const file = await download(browser, order.orderNumber, invoice?.number ?? '', format)
      expect(file.status).toBe(200)
    }

    // Private customers have no e-invoice choice.
    const me = await customer()
    const refused = await me.browser.api.invoices.setInvoicePreferences({
      body: { format: 'zugferd' },
    })
    expect(refused.status).toBe(403)
  })
})

describe('customer service', () => {
  it('lists, downloads and re-sends an order’s invoice (audited); unknown numbers 404', async () => {
    const me = await customer()
    const order = await orderFor(me.id)
    await ship(order.deliveries[0]?.id ?? 0)
    const listed = await staff.api.backofficeInvoices.getOrderInvoices({
      params: { orderNumber: order.orderNumber },
    })
    if (listed.status !== 200) throw new Error('list failed')
    const number = listed.body.invoices[0]?.number ?? ''
    const file = await staff.fetch(`/api/staff/orders/${order.orderNumber}/invoices/${number}/pdf`)
    expect(file.status).toBe(200)
    const resent = await staff.api.backofficeInvoices.resendInvoice({
      params: { orderNumber: order.orderNumber, number },
    })
    expect(resent.status === 200 && resent.body.sentTo).toBe(me.email)
    const copy = (await mailsTo(me.browser, me.email)).find((m) =>
      m.subject.startsWith('Rechnung '),
    )
    expect(copy?.attachments).toEqual([`Rechnung_${number}.pdf`])
    const audit = await shop.db.execute<{ action: string }>(
      sql`select action from staff_audit_log where entity_id = ${number}`,
    )
    expect(audit.map((r) => r.action)).toContain('order.invoice.resent')
    const unknown = await staff.api.backofficeInvoices.resendInvoice({
      params: { orderNumber: order.orderNumber, number: 'RE-1999-000001' },
    })
    expect(unknown.status).toBe(404)
    expect(
      (
        await newBrowser().api.backofficeInvoices.getOrderInvoices({
          params: { orderNumber: order.orderNumber },
        })
      ).status,
    ).toBe(401)
  })

  it('issued documents cannot be changed or deleted in the database', async () => {
    const [row] = await shop.db.select({ id: invoices.id }).from(invoices).limit(1)
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => 'accepted',
        (error: Error & { cause?: Error }) => `${error.message} ${error.cause?.message ?? ''}`,
      )
    expect(
      await refusal(
        shop.db.execute(sql`update invoices set gross_cents = 0 where id = ${row?.id}`),
      ),
    ).toContain('append-only: UPDATE refused')
    expect(
      await refusal(shop.db.execute(sql`delete from invoices where id = ${row?.id}`)),
    ).toContain('append-only: DELETE refused')
  })
})

describe('every seeded order', () => {
  it('gets its invoices, and they add up to the order’s total and VAT to the cent', async () => {
    while ((await shop.db.transaction((tx) => issueMissingInvoices(tx, NOW, 100))) > 0);
    const all = await shop.db.select({ id: orders.id }).from(orders)
    let compared = 0
    for (const { id } of all) {
      const facts = await orderFacts(shop.db, id)
      if (!facts) continue
      const shares = deliveryShares(facts)
      expect(shares.reduce((s, d) => s + d.grossCents, 0)).toBe(facts.order.totalCents)
      expect(shares.reduce((s, d) => s + d.vatCents, 0)).toBe(facts.order.taxCents)
      const issued = await shop.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, id), eq(invoices.kind, 'invoice')))
      for (const invoice of issued) {
        const index = facts.deliveries.findIndex((d) => d.id === invoice.deliveryId)
        const doc = invoice.document
        expect(invoice.grossCents).toBe(shares[index]?.grossCents)
        expect(invoice.vatCents).toBe(shares[index]?.vatCents)
        expect(doc.totals.lineNetCents).toBe(doc.lines.reduce((s, l) => s + l.netCents, 0))
        expect(doc.totals.netCents).toBe(doc.totals.lineNetCents - doc.totals.allowanceNetCents)
        expect(doc.totals.netCents + doc.totals.vatCents).toBe(doc.totals.grossCents)
        compared += 1
      }
      const shipped = facts.deliveries.filter(
        (d) => d.status === 'shipped' || d.status === 'delivered',
      )
      expect(issued).toHaveLength(shipped.length)
      if (shipped.length === facts.deliveries.length)
        expect(issued.reduce((s, i) => s + i.grossCents, 0)).toBe(facts.order.totalCents)
    }
    expect(compared).toBeGreaterThan(20)
  })
})

describe('e-invoices of the issued documents', () => {
  it('every invoice and credit note above, and ten seeded ones, pass the CEN EN 16931 and KoSIT XRechnung rules', async () => {
    const seeded = await shop.db.select().from(invoices).orderBy(invoices.id).limit(10)
    const docs = [...toValidate, ...seeded.map((row) => row.document)]
    expect(docs.length).toBeGreaterThan(20)
    for (const doc of docs) {
      const cen = await validateCii(await ciiXml(doc, 'en16931'))
      expect({ number: doc.number, errors: cen.errors }).toEqual({ number: doc.number, errors: [] })
      const kosit = await validateXRechnungCii(await xrechnungXml(doc))
      expect({ number: doc.number, errors: kosit.errors }).toEqual({
        number: doc.number,
        errors: [],
      })
    }
    console.info(
      `invoices.test: ${docs.length * 2} e-invoices of issued documents validated, 0 errors`,
    )
  }, 120_000)
})
