// Tax-free intra-community supplies (issue 20, § 4 Nr. 1 b with § 6a UStG): a business customer
// with a confirmed VAT id of another EU country, delivered outside Germany, pays net prices;
// the order stores net amounts, tax 0, the VAT id and the register's consultation number; its
// invoice is VAT category K with the exemption note and passes the CEN and KoSIT rules.
// Unknown ids, a register that is down and German customers pay VAT.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { netCents } from '#contract/cart.ts'
import { INTRA_EU_NOTE } from '#contract/vat.de.ts'
import { invoices } from '#db/schema/invoices.ts'
import { orderDeliveries, orderLines, orders } from '#db/schema/orders.ts'
import type { InvoiceDocument } from '#server/invoices/document.ts'
import { ciiXml, xrechnungXml } from '#server/invoices/einvoice.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import type { Browser } from '#tests/support/client.ts'
import { validateCii, validateXRechnungCii } from '#tests/support/einvoice-validator.ts'
import { browserFactory, businessRegistration, mailsTo } from './account-fixtures.ts'
import { choose, fillCart, findProduct, key, startCheckout } from './checkout-support.ts'
import { insertStaffAccount, staffLogIn } from './staff-access.ts'

const AUSTRIA = 14

let shop: TestApp
let newBrowser: ReturnType<typeof browserFactory>
let staff: Browser

beforeAll(async () => {
  shop = await startTestApp()
  newBrowser = browserFactory(shop.url)
  staff = newBrowser()
  await staffLogIn(staff, await insertStaffAccount(shop.db, 'service'))
})
afterAll(() => shop.close())

/** A business customer registered with the given VAT id and country, logged in. */
async function businessCustomer(ustId: string, countryId = AUSTRIA) {
  const browser = newBrowser()
  const body = businessRegistration(
    countryId === AUSTRIA
      ? { ustId, countryId, zipCode: '1010', cityName: 'Wien', streetName: 'Kärntner Straße' }
      : { ustId, countryId },
  )
  const response = await browser.api.account.registerBusiness({ body: body as never })
  expect(response.status).toBe(200)
  return { browser, email: body.email }
}

let skip = 40
async function product() {
  skip += 1
  return findProduct(shop.db, { minStock: 10, minCents: 20_000, maxCents: 90_000, skip })
}

const toValidate: InvoiceDocument[] = []

describe('business customer in Austria with a confirmed VAT id', () => {
  it('pays net prices; the order, its mail and its invoice are those of a tax-free supply', async () => {
    const item = await product()
    const { browser, email } = await businessCustomer('ATU12345678')
    await fillCart(browser, item.id, 2)
    const state = await startCheckout(browser)
    expect(state.vat).toEqual({ kind: 'exempt', vatId: 'ATU12345678', note: INTRA_EU_NOTE })
    const net = netCents(item.priceCents)
    expect(state.products[0]).toMatchObject({ priceCents: net, totalCents: net * 2 })
    expect(state.taxValue).toBe(0)
    expect(state.summary.deliveries[0]?.tax).toEqual({
      title: 'Steuerfreie innergemeinschaftliche Lieferung',
      value: 0,
      taxPercent: 0,
    })
    const chosen = await choose(browser, { payment: 'invoice' })
    expect(chosen.summary.fullTotal).toBe(net * 2 + chosen.summary.shipping)

    const placed = await browser.api.checkout.process({ body: { idempotencyKey: key() } })
    expect(placed.status).toBe(200)
    const [order] = await shop.db.select().from(orders).where(eq(orders.email, email))
    if (!order) throw new Error('no order')
    expect(order).toMatchObject({
      vatTreatment: 'intra_eu',
      taxCents: 0,
      taxPercent: 0,
      buyerVatId: 'ATU12345678',
      subtotalCents: net * 2,
      totalCents: chosen.summary.fullTotal,
    })
    expect(order.vatCheckRequestId).toMatch(/^SIM-[0-9A-F]{12}$/)
    const lines = await shop.db.select().from(orderLines).where(eq(orderLines.orderId, order.id))
    expect(lines.find((line) => line.kind === 'product')?.unitPriceCents).toBe(net)

    const mail = (await mailsTo(browser, email)).find((m) => m.subject.includes('Bestellung'))
    expect(mail?.text).toContain('(ohne Umsatzsteuer)')
    expect(mail?.text).toContain(INTRA_EU_NOTE)
    expect(mail?.text).toContain('Ihre USt-IdNr.: ATU12345678')
    expect(mail?.text).not.toContain('MwSt.')

    const details = await browser.api.orders.getOrder({ body: { orderId: order.orderNumber } })
    expect(details.status === 200 && details.body.order.priceCalculation.taxExemption).toBe(
      INTRA_EU_NOTE,
    )

    // Shipping issues the invoice: category K, no VAT, the buyer's VAT id and the note.
    const [delivery] = await shop.db
      .select()
      .from(orderDeliveries)
      .where(eq(orderDeliveries.orderId, order.id))
    const moved = await staff.api.backoffice.moveDelivery({
      params: { id: delivery?.id ?? 0 },
      body: { status: 'shipped', trackingNumber: '00340434161234567891' },
    })
    expect(moved.status).toBe(200)
    const [invoice] = await shop.db.select().from(invoices).where(eq(invoices.orderId, order.id))
    const doc = invoice?.document
    if (!doc) throw new Error('no invoice')
    expect(doc.totals.grossCents).toBe(order.totalCents)
    expect(doc.totals.vatCents).toBe(0)
    expect(doc.buyer.vatId).toBe('ATU12345678')
    expect(doc.vatBreakdown).toEqual([
      expect.objectContaining({ category: 'K', percent: 0, vatCents: 0 }),
    ])
    expect(doc.vatBreakdown[0]?.exemptionReason).toContain('§ 4 Nr. 1 b UStG')
    toValidate.push(doc)
  })

  it('asks the register once a day: the answer is reused', async () => {
    const { browser } = await businessCustomer('ATU87654321')
    await fillCart(browser, (await product()).id)
    await startCheckout(browser)
    await browser.api.checkout.reInit()
    const checks = await shop.db.execute(
      "select count(*)::int as n from checkout_vat_id_checks where vat_id = 'ATU87654321'",
    )
    expect((checks as unknown as { n: number }[])[0]?.n).toBe(1)
  })
})

describe('VAT is charged', () => {
  it('when the register does not know the VAT id, saying why', async () => {
    const item = await product()
    const { browser } = await businessCustomer('ATU12340000')
    await fillCart(browser, item.id)
    const state = await startCheckout(browser)
    expect(state.vat.kind).toBe('unconfirmed')
    expect(state.vat.note).toContain('nicht als gültig bestätigt')
    expect(state.products[0]?.priceCents).toBe(item.priceCents)
    expect(state.summary.deliveries[0]?.tax.taxPercent).toBe(19)
    expect(state.taxValue).toBeGreaterThan(0)
  })

  it('when the register is unavailable, and the order then carries VAT', async () => {
    const item = await product()
    const { browser, email } = await businessCustomer('ATU12349999')
    await fillCart(browser, item.id)
    const state = await startCheckout(browser)
    expect(state.vat.kind).toBe('unconfirmed')
    expect(state.vat.note).toContain('konnte gerade nicht bestätigt werden')
    await choose(browser, { payment: 'invoice' })
    const placed = await browser.api.checkout.process({ body: { idempotencyKey: key() } })
    expect(placed.status).toBe(200)
    const [order] = await shop.db.select().from(orders).where(eq(orders.email, email))
    expect(order).toMatchObject({ vatTreatment: 'standard', taxPercent: 19, buyerVatId: null })
    expect(order?.taxCents).toBeGreaterThan(0)
  })

  it('for a German business customer with a German VAT id', async () => {
    const { browser } = await businessCustomer('DE123456789', 81)
    await fillCart(browser, (await product()).id)
    const state = await startCheckout(browser)
    expect(state.vat).toEqual({ kind: 'standard', vatId: null, note: null })
    expect(state.summary.deliveries[0]?.tax.taxPercent).toBe(19)
  })
})

describe('e-invoices of the tax-free supply', () => {
  it('pass the CEN EN 16931 and KoSIT XRechnung rules', async () => {
    expect(toValidate.length).toBe(1)
    for (const doc of toValidate) {
      const cii = await validateCii(await ciiXml(doc, 'en16931'))
      expect(cii.errors).toEqual([])
      const xr = await validateXRechnungCii(await xrechnungXml(doc))
      expect(xr.errors).toEqual([])
    }
  }, 120_000)
})
