// The back office's work areas through real HTTP (issue 11): every staff route closed to guests,
// customers, unknown roles and roles it does not list; customers (search, detail without
// secrets, company data with the shop's rules, unblock, reset mail), orders (filters, lifecycle
// with the shipping mail, cancel with stock back), catalog (prices, stock, active flag seen by
// the shop at once), vouchers (create, redeem in checkout, redemptions), the overview, and the
// audit entry of every change.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONSENT_SERVICES } from '#contract/consent-texts.ts'
import { contract } from '#contract/index.ts'
import { products } from '#db/schema/catalog.ts'
import { orderDeliveries, orders } from '#db/schema/orders.ts'
import { pspPayments } from '#db/schema/payments.ts'
import { mailOutbox } from '#db/schema/platform.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import type { Browser } from '#tests/support/client.ts'
import { customerIdOf, insertOrder } from '#tests/support/orders.ts'
import {
  browserFactory,
  businessRegistration,
  mailsTo,
  PASSWORD,
  registerCustomer,
  uniqueEmail,
} from './account-fixtures.ts'
import {
  cardAlias,
  choose,
  fillCart,
  findProduct,
  key,
  shoppers,
  startCheckout,
  stockOf,
} from './checkout-support.ts'
import { expectStaffRoutesGuarded, insertStaffAccount, staffLogIn } from './staff-access.ts'

let shop: TestApp
let newBrowser: ReturnType<typeof browserFactory>
let service: { browser: Browser; email: string }
let admin: { browser: Browser; email: string }

async function staffAs(role: string): Promise<{ browser: Browser; email: string }> {
  const email = await insertStaffAccount(shop.db, role)
  const browser = newBrowser()
  await staffLogIn(browser, email)
  return { browser, email }
}

beforeAll(async () => {
  shop = await startTestApp({ env: { TRUST_PROXY: '1' } })
  newBrowser = browserFactory(shop.url)
  service = await staffAs('service')
  admin = await staffAs('admin')
})
afterAll(() => shop.close())

/** The newest audit entries of an action (read as admin). */
async function auditOf(action: string) {
  const log = await admin.browser.api.backofficeAccess.listAuditLog({ query: { action } })
  if (log.status !== 200) throw new Error(`audit log answered ${log.status}`)
  return log.body.entries
}

async function businessCustomer() {
  const browser = newBrowser()
  const body = businessRegistration()
  const response = await browser.api.account.registerBusiness({ body: body as never })
  expect(response.status).toBe(200)
  return { browser, email: body.email, id: await customerIdOf(shop.db, body.email) }
}

async function orderFor(
  customerId: number,
  status: 'awaiting_payment' | 'processing' | 'shipped' = 'processing',
  quantity = 1,
) {
  const product = await findProduct(shop.db, { minStock: 10 })
  const order = await insertOrder(shop.db, {
    customerId,
    placedAt: shop.clock.now(),
    deliveries: [{ status, lines: [{ productId: product.id, quantity }] }],
  })
  const detail = await service.browser.api.backoffice.getOrder({
    params: { orderNumber: order.orderNumber },
  })
  if (detail.status !== 200) throw new Error('order not found by staff')
  const delivery = detail.body.deliveryList[0]
  if (!delivery) throw new Error('no delivery')
  return { order, product, delivery }
}

describe('access', () => {
  it('refuses guests, customers, unknown roles and unlisted roles on every back-office route', async () => {
    const customer = newBrowser()
    await registerCustomer(customer, { email: uniqueEmail('kunde-bo-zugang') })
    const guarded = await expectStaffRoutesGuarded(contract.backoffice, {
      guest: newBrowser(),
      customer,
      unknownRole: (await staffAs('lager')).browser,
      staff: { service: service.browser, admin: admin.browser },
    })
    expect(guarded).toBe(Object.keys(contract.backoffice).length)
  })

  it('keeps prices, stock and vouchers to admins', async () => {
    const product = await findProduct(shop.db)
    const update = await service.browser.api.backoffice.updateProduct({
      params: { id: product.id },
      body: {
        priceCents: product.priceCents,
        strikeThroughPriceCents: null,
        campusPriceCents: null,
        stock: 3,
        active: true,
      },
    })
    expect(update.status).toBe(403)
    expect(await stockOf(shop.db, product.id)).toBe(product.stock)
    const voucher = await service.browser.api.backoffice.createVoucher({
      body: { code: 'SERVICE-DARF-NICHT', title: 'Test', kind: 'value', valueCents: 500 },
    })
    expect(voucher.status).toBe(403)
  })
})

describe('customers', () => {
  it('finds customers by name, e-mail and customer number; never shows a password hash', async () => {
    const browser = newBrowser()
    const email = uniqueEmail('suche')
    await registerCustomer(browser, { email, firstName: 'Quirin', lastName: 'Zwackelmann' })
    const id = await customerIdOf(shop.db, email)
    const byName = await service.browser.api.backoffice.searchCustomers({
      query: { q: 'quirin zwackel' },
    })
    expect(byName.status === 200 && byName.body.customers.map((c) => c.id)).toEqual([id])
    const byEmail = await service.browser.api.backoffice.searchCustomers({ query: { q: email } })
    expect(byEmail.status === 200 && byEmail.body.customers.map((c) => c.id)).toEqual([id])
    const detail = await service.browser.api.backoffice.getCustomer({ params: { id } })
    expect(detail.status).toBe(200)
    if (detail.status !== 200) return
    const number = detail.body.customerNumber
    if (!number) throw new Error('no customer number')
    const byNumber = await service.browser.api.backoffice.searchCustomers({ query: { q: number } })
    expect(byNumber.status === 200 && byNumber.body.customers.map((c) => c.id)).toContain(id)
    expect(detail.body).toMatchObject({
      email,
      hasPassword: true,
      loginBlockedUntil: null,
      campus: { status: 'unknown' },
    })
    const raw = JSON.stringify(detail.body)
    expect(raw).not.toMatch(/passwordHash|\$argon2/)
    expect(
      (await service.browser.api.backoffice.getCustomer({ params: { id: 999_999 } })).status,
    ).toBe(404)
  })

  it('changes company data with the shop rules; the customer sees it; the audit has before and after', async () => {
    const customer = await businessCustomer()
    const change = (body: Record<string, unknown>) =>
      service.browser.api.backoffice.changeCustomerBusiness({
        params: { id: customer.id },
        body: body as never,
      })
    const base = {
      companyName: 'Schulz Elektrotechnik GmbH',
      businessFormId: 1,
      businessType: 'reseller',
    }
    // A German VAT id has the German format.
    const badVat = await change({ ...base, vatId: 'ATU12345678' })
    expect(badVat.status).toBe(422)
    expect(badVat.body).toMatchObject({ code: 'vat_id_invalid' })
    // Partnerships name an owner: this account has none.
    const owner = await change({ ...base, businessFormId: 2 })
    expect(owner.body).toMatchObject({ code: 'backoffice_owner_required' })
    const short = await change({ ...base, companyName: 'S' })
    expect(short.status).toBe(400)

    const ok = await change({ ...base, vatId: 'DE 123 456 789' })
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({
      companyName: 'Schulz Elektrotechnik GmbH',
      businessType: 'reseller',
      vatId: 'DE123456789',
    })
    const seen = await customer.browser.api.account.getCustomer()
    expect(seen.body).toMatchObject({
      companyName: 'Schulz Elektrotechnik GmbH',
      businessType: 'reseller',
      vatId: 'DE123456789',
    })
    const detail = await service.browser.api.backoffice.getCustomer({ params: { id: customer.id } })
    expect(detail.status === 200 && detail.body.addresses[0]?.company).toBe(
      'Schulz Elektrotechnik GmbH',
    )
    const [entry] = await auditOf('customer.business.change')
    expect(entry).toMatchObject({
      staffEmail: service.email,
      entityType: 'customer',
      entityId: String(customer.id),
      before: { companyName: 'Schulz Elektro GmbH', businessType: 'consumer', vatId: null },
      after: {
        companyName: 'Schulz Elektrotechnik GmbH',
        businessType: 'reseller',
        vatId: 'DE123456789',
      },
    })

    // Private customers have no company data.
    const privateBrowser = newBrowser()
    const privateEmail = uniqueEmail('privat')
    await registerCustomer(privateBrowser, { email: privateEmail })
    const refused = await service.browser.api.backoffice.changeCustomerBusiness({
      params: { id: await customerIdOf(shop.db, privateEmail) },
      body: base as never,
    })
    expect(refused.body).toMatchObject({ code: 'backoffice_not_business' })
  })

  it('unblocks a blocked login and mails a password reset', async () => {
    const email = uniqueEmail('gesperrt')
    await registerCustomer(newBrowser(), { email })
    const id = await customerIdOf(shop.db, email)
    const stranger = newBrowser()
    for (let i = 0; i < 5; i += 1) {
      await stranger.api.account.login({ body: { email, password: 'Falsch-Falsch-1' } })
    }
    const blocked = await stranger.api.account.login({ body: { email, password: PASSWORD } })
    expect(blocked.status).toBe(403)
    const detail = await service.browser.api.backoffice.getCustomer({ params: { id } })
    expect(detail.status === 200 && detail.body.loginBlockedUntil).toBeTruthy()

    const unblocked = await service.browser.api.backoffice.unblockCustomer({ params: { id } })
    expect(unblocked.status).toBe(200)
    expect(unblocked.body).toMatchObject({ loginBlockedUntil: null })
    const login = await newBrowser().api.account.login({ body: { email, password: PASSWORD } })
    expect(login.status).toBe(200)
    const again = await service.browser.api.backoffice.unblockCustomer({ params: { id } })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ code: 'backoffice_not_blocked' })
    const [entry] = await auditOf('customer.login.unblock')
    expect(entry).toMatchObject({ entityId: String(id), after: { loginBlockedUntil: null } })
    expect(entry?.before).toMatchObject({ loginBlockedUntil: expect.any(String) })

    const reset = await service.browser.api.backoffice.sendCustomerPasswordReset({ params: { id } })
    expect(reset.status).toBe(200)
    const mails = await mailsTo(service.browser, email)
    expect(mails[0]?.links.some((link) => link.includes('token='))).toBe(true)
    const [resetEntry] = await auditOf('customer.password_reset.send')
    expect(resetEntry).toMatchObject({ entityId: String(id), after: { mailedTo: email } })
  })
})

describe('orders', () => {
  it('lists by status, day and term; moves a delivery to shipped with the customer mail', async () => {
    const email = uniqueEmail('bestellung')
    const customer = newBrowser()
    await registerCustomer(customer, { email })
    const id = await customerIdOf(shop.db, email)
    const { order, delivery } = await orderFor(id)
    expect(delivery.nextStatuses).toEqual(['shipped', 'cancelled'])

    const listed = await service.browser.api.backoffice.listOrders({
      query: { status: 'processing', q: email },
    })
    expect(listed.status === 200 && listed.body.orders.map((o) => o.orderNumber)).toEqual([
      order.orderNumber,
    ])
    const shippedOnly = await service.browser.api.backoffice.listOrders({
      query: { status: 'shipped', q: email },
    })
    expect(shippedOnly.status === 200 && shippedOnly.body.total).toBe(0)
    const longAgo = await service.browser.api.backoffice.listOrders({
      query: { to: '2001-01-01', q: email },
    })
    expect(longAgo.status === 200 && longAgo.body.total).toBe(0)
    const byNumber = await service.browser.api.backoffice.listOrders({
      query: { q: order.orderNumber, from: '2001-01-01' },
    })
    expect(byNumber.status === 200 && byNumber.body.orders[0]?.orderNumber).toBe(order.orderNumber)

    const shipped = await service.browser.api.backoffice.moveDelivery({
      params: { id: delivery.id },
      body: { status: 'shipped', trackingNumber: '00340434161094042557' },
    })
    expect(shipped.status).toBe(200)
    expect(shipped.status === 200 && shipped.body.deliveryList[0]).toMatchObject({
      status: 'shipped',
      trackingNumber: '00340434161094042557',
      nextStatuses: ['delivered'],
    })
    const mails = await mailsTo(customer, email)
    const mail = mails.find((m) => m.subject.includes('versendet'))
    expect(mail?.subject).toBe(`Deine Bestellung ${order.orderNumber} wurde versendet`)
    expect(mail?.text).toContain('00340434161094042557')
    const seen = await customer.api.orders.getOrder({ body: { orderId: order.orderNumber } })
    expect(JSON.stringify(seen.body)).toContain('Versendet')

    // Backwards or skipping is refused and writes nothing.
    const back = await service.browser.api.backoffice.moveDelivery({
      params: { id: delivery.id },
      body: { status: 'processing' },
    })
    expect(back.status).toBe(409)
    expect(back.body).toMatchObject({ code: 'backoffice_status_not_allowed' })
    const cancel = await service.browser.api.backoffice.cancelDelivery({
      params: { id: delivery.id },
      body: {},
    })
    expect(cancel.status).toBe(409)
    const delivered = await service.browser.api.backoffice.moveDelivery({
      params: { id: delivery.id },
      body: { status: 'delivered' },
    })
    expect(delivered.status === 200 && delivered.body.status).toBe('delivered')

    const [entry] = await auditOf('order.delivery.shipped')
    expect(entry).toMatchObject({
      staffEmail: service.email,
      entityType: 'order_delivery',
      entityId: String(delivery.id),
      before: { status: 'processing', trackingNumber: null },
      after: { status: 'shipped', trackingNumber: '00340434161094042557' },
    })
    expect(
      (await auditOf('order.delivery.processing')).some((e) => e.entityId === String(delivery.id)),
    ).toBe(false)
  })

  it('cancels a delivery not yet shipped and returns its stock in the same transaction', async () => {
    const email = uniqueEmail('storno')
    await registerCustomer(newBrowser(), { email })
    const id = await customerIdOf(shop.db, email)
    const { order, product, delivery } = await orderFor(id, 'awaiting_payment', 2)
    const before = await stockOf(shop.db, product.id)
    const cancelled = await service.browser.api.backoffice.cancelDelivery({
      params: { id: delivery.id },
      body: { reason: 'Zahlung nicht eingegangen' },
    })
    expect(cancelled.status).toBe(200)
    expect(cancelled.status === 200 && cancelled.body).toMatchObject({
      status: 'cancelled',
      deliveryList: [{ status: 'cancelled', nextStatuses: [] }],
    })
    expect(await stockOf(shop.db, product.id)).toBe(before + 2)
    const mails = await mailsTo(service.browser, email)
    expect(mails[0]?.subject).toBe(`Deine Bestellung ${order.orderNumber} wurde storniert`)
    const again = await service.browser.api.backoffice.cancelDelivery({
      params: { id: delivery.id },
      body: {},
    })
    expect(again.status).toBe(409)
    expect(await stockOf(shop.db, product.id)).toBe(before + 2)
    const [entry] = await auditOf('order.delivery.cancelled')
    expect(entry).toMatchObject({
      entityId: String(delivery.id),
      before: { status: 'awaiting_payment' },
      after: { status: 'cancelled', returnedStock: [{ productId: product.id, quantity: 2 }] },
    })
  })

  it('cancelling the whole order of a card payment voids the authorization at the provider', async () => {
    const { browser, email } = await shoppers(shop).guest()
    const product = await findProduct(shop.db, { minStock: 10, skip: 11 })
    await fillCart(browser, product.id)
    await startCheckout(browser)
    const alias = await cardAlias(shop, browser, '4111 1111 1111 1111')
    expect(
      (await browser.api.checkout.saveCreditCard({ body: { alias, save: false } })).status,
    ).toBe(200)
    expect((await browser.api.checkout.process({ body: { idempotencyKey: key() } })).status).toBe(
      200,
    )
    const [order] = await shop.db.select().from(orders).where(eq(orders.email, email))
    if (!order?.pspPaymentId) throw new Error('no card order')
    const statusOfPayment = async () =>
      (
        await shop.db
          .select()
          .from(pspPayments)
          .where(eq(pspPayments.id, order.pspPaymentId ?? ''))
      )[0]?.status
    expect(await statusOfPayment()).toBe('authorized')
    const deliveries = await shop.db
      .select()
      .from(orderDeliveries)
      .where(eq(orderDeliveries.orderId, order.id))
    for (const delivery of deliveries) {
      const cancelled = await service.browser.api.backoffice.cancelDelivery({
        params: { id: delivery.id },
        body: {},
      })
      expect(cancelled.status).toBe(200)
    }
    expect(await statusOfPayment()).toBe('voided')
    const [entry] = await auditOf('order.payment.released')
    expect(entry).toMatchObject({
      entityId: String(order.id),
      after: { paymentId: order.pspPaymentId, action: 'voided', amountCents: order.totalCents },
    })
  })
})

describe('catalog', () => {
  it('changes prices and stock; an inactive product leaves the shop at once', async () => {
    // A product whose price has not changed for 40 days and that announces no reduction: after
    // a cut, its comparison price is that old price (§ 11 PAngV), not the typed strike-through.
    const [stable] = await shop.db.execute<{ id: number }>(sql`
      select p.id from products p
      where p.active and p.stock >= 5 and p.strike_through_price_cents is null
        and not exists (select 1 from product_price_history h
          where h.product_id = p.id and h.valid_from > now() - interval '40 days')
      order by p.id offset 3 limit 1`)
    const product = { id: stable?.id ?? 0 }
    const [row] = await shop.db.select().from(products).where(eq(products.id, product.id))
    if (!row) throw new Error('no product')
    // Warm the shop's cache first: the change must still show at once.
    expect(
      (await newBrowser().api.catalog.getProduct({ params: { productId: product.id } })).status,
    ).toBe(200)
    const badStrike = await admin.browser.api.backoffice.updateProduct({
      params: { id: product.id },
      body: {
        priceCents: 5000,
        strikeThroughPriceCents: 4000,
        campusPriceCents: 6000,
        stock: 4,
        active: true,
      },
    })
    expect(badStrike.status).toBe(400)
    expect(badStrike.body).toMatchObject({
      fields: {
        strikeThroughPriceCents: 'backoffice_strike_price_too_low',
        campusPriceCents: 'backoffice_campus_price_too_high',
      },
    })

    const updated = await admin.browser.api.backoffice.updateProduct({
      params: { id: product.id },
      body: {
        priceCents: 4999,
        strikeThroughPriceCents: 5999,
        campusPriceCents: 4499,
        stock: 4,
        active: true,
      },
    })
    expect(updated.status).toBe(200)
    const page = await newBrowser().api.catalog.getProduct({ params: { productId: product.id } })
    expect(page.body).toMatchObject({
      priceCents: 4999,
      strikeThroughPriceCents: row.priceCents,
      hasCampusPrice: true,
      lowStockQuantity: 4,
    })

    const search = () =>
      newBrowser().api.catalog.getSearchResults({ query: { query: row.name } as never })
    const listed = await search()
    expect(listed.status === 200 && listed.body.products.some((p) => p.id === product.id)).toBe(
      true,
    )
    const off = await admin.browser.api.backoffice.updateProduct({
      params: { id: product.id },
      body: {
        priceCents: 4999,
        strikeThroughPriceCents: null,
        campusPriceCents: null,
        stock: 4,
        active: false,
      },
    })
    expect(off.status === 200 && off.body.active).toBe(false)
    expect(
      (await newBrowser().api.catalog.getProduct({ params: { productId: product.id } })).status,
    ).toBe(404)
    const gone = await search()
    expect(gone.status === 200 && gone.body.products.some((p) => p.id === product.id)).toBe(false)
    const inactive = await service.browser.api.backoffice.listProducts({
      query: { inactive: '1', q: row.articleNumber },
    })
    expect(inactive.status === 200 && inactive.body.products.map((p) => p.id)).toEqual([product.id])

    const entries = await auditOf('product.update')
    expect(entries[0]).toMatchObject({
      staffEmail: admin.email,
      entityId: String(product.id),
      before: { priceCents: 4999, active: true, strikeThroughPriceCents: 5999 },
      after: { priceCents: 4999, active: false, strikeThroughPriceCents: null },
    })
    expect(entries[1]).toMatchObject({
      before: { priceCents: row.priceCents, stock: row.stock },
      after: { priceCents: 4999, stock: 4 },
    })

    await admin.browser.api.backoffice.updateProduct({
      params: { id: product.id },
      body: {
        priceCents: row.priceCents,
        strikeThroughPriceCents: row.strikeThroughPriceCents,
        campusPriceCents: row.campusPriceCents,
        stock: row.stock,
        active: true,
      },
    })
    expect(
      (await newBrowser().api.catalog.getProduct({ params: { productId: product.id } })).status,
    ).toBe(200)
  })
  it('a product taken out of the shop stays in carts as unavailable and cannot be added', async () => {
    const product = await findProduct(shop.db, { minStock: 5, skip: 7 })
    const [row] = await shop.db.select().from(products).where(eq(products.id, product.id))
    if (!row) throw new Error('no product')
    const shopper = newBrowser()
    expect(
      (await shopper.api.cart.addToCart({ body: { id: product.id, quantity: 1 } })).status,
    ).toBe(200)
    const edit = (active: boolean) =>
      admin.browser.api.backoffice.updateProduct({
        params: { id: product.id },
        body: {
          priceCents: row.priceCents,
          strikeThroughPriceCents: row.strikeThroughPriceCents,
          campusPriceCents: row.campusPriceCents,
          stock: row.stock,
          active,
        },
      })
    expect((await edit(false)).status).toBe(200)
    try {
      const cart = await shopper.api.cart.getCart()
      const line =
        cart.status === 200 ? cart.body.products.find((p) => p.id === product.id) : undefined
      expect(line?.available).toBe(false)
      const again = await shopper.api.cart.addToCart({ body: { id: product.id, quantity: 1 } })
      expect(again.status).toBe(422)
      expect(again.body).toMatchObject({ code: 'cart_product_unavailable' })
      const heart = await shopper.api.wishlist.addToWishlist({ body: { productId: product.id } })
      expect(heart.status).toBe(404)
    } finally {
      await edit(true)
    }
  })
})

describe('vouchers', () => {
  it('creates a voucher that a customer redeems; the redemption is listed', async () => {
    const code = `BO-${Date.now().toString(36).toUpperCase()}`
    const created = await admin.browser.api.backoffice.createVoucher({
      body: {
        code: code.toLowerCase(),
        title: '7 € Rabatt',
        kind: 'value',
        valueCents: 700,
        minOrderCents: 1000,
        maxUses: 1,
        oncePerCustomer: true,
        validFrom: '2000-01-01',
        validUntil: '2099-12-31',
      },
    })
    expect(created.status).toBe(200)
    if (created.status !== 200) return
    expect(created.body).toMatchObject({ code, kind: 'value', valueCents: 700, usedCount: 0 })
    const duplicate = await admin.browser.api.backoffice.createVoucher({
      body: { code, title: 'Nochmal', kind: 'percent', percent: 5 },
    })
    expect(duplicate.status).toBe(409)
    expect(duplicate.body).toMatchObject({ code: 'backoffice_voucher_code_taken' })
    const noValue = await admin.browser.api.backoffice.createVoucher({
      body: { code: `${code}-X`, title: 'Ohne Wert', kind: 'percent' },
    })
    expect(noValue.status).toBe(400)

    const shopper = await businessCustomer()
    const product = await findProduct(shop.db, { minStock: 5, minCents: 2000 })
    await fillCart(shopper.browser, product.id)
    await startCheckout(shopper.browser)
    const redeemed = await shopper.browser.api.checkout.voucher({ body: { voucherCode: code } })
    expect(redeemed.status).toBe(200)
    await choose(shopper.browser, { payment: 'invoice' })
    const placed = await shopper.browser.api.checkout.process({ body: { idempotencyKey: key() } })
    expect(placed.status).toBe(200)

    const detail = await service.browser.api.backoffice.getVoucher({
      params: { id: created.body.id },
    })
    expect(detail.status === 200 && detail.body).toMatchObject({
      usedCount: 1,
      redeemedCents: 700,
      redemptions: [{ customerId: shopper.id, email: shopper.email, amountCents: 700 }],
    })
    const [entry] = await auditOf('voucher.create')
    expect(entry).toMatchObject({
      staffEmail: admin.email,
      entityType: 'voucher',
      entityId: code,
      before: null,
      after: { code, valueCents: 700, maxUses: 1 },
    })

    const off = await admin.browser.api.backoffice.setVoucherActive({
      params: { id: created.body.id },
      body: { active: false },
    })
    expect(off.status === 200 && off.body.active).toBe(false)
  })
})

describe('overview', () => {
  it("counts today's orders and revenue and the open Campus queue", async () => {
    const first = await service.browser.api.backoffice.overview()
    if (first.status !== 200) throw new Error('overview failed')
    const email = uniqueEmail('umsatz')
    await registerCustomer(newBrowser(), { email })
    const { order } = await orderFor(await customerIdOf(shop.db, email))
    const detail = await service.browser.api.backoffice.getOrder({
      params: { orderNumber: order.orderNumber },
    })
    const total = detail.status === 200 ? detail.body.totalCents : 0
    const second = await service.browser.api.backoffice.overview()
    expect(second.status === 200 && second.body).toMatchObject({
      ordersToday: first.body.ordersToday + 1,
      revenueTodayCents: first.body.revenueTodayCents + total,
      openDeliveries: first.body.openDeliveries + 1,
      openCampusApplications: first.body.openCampusApplications,
    })
  })
})

describe('tracking report', () => {
  /** How many events of a type the report counts for the shop's today. */
  async function countedToday(eventType: string) {
    const report = await service.browser.api.backoffice.trackingReport({ query: {} })
    if (report.status !== 200) throw new Error(`report answered ${report.status}`)
    return report.body.rows
      .filter((row) => row.day === report.body.to && row.eventType === eventType)
      .reduce((sum, row) => sum + row.count, 0)
  }

  it('counts the events stored with consent per day and type; refuses a reversed range', async () => {
    const before = await countedToday('checkout_start')
    const visitor = newBrowser()
    await visitor.api.consent.saveConsent({
      body: {
        referrer: '',
        action: 'accept_all',
        consentData: CONSENT_SERVICES.map((s) => ({
          serviceName: s.serviceName,
          templateId: s.templateId,
          consentStatus: true,
        })),
      },
    })
    const tracked = await visitor.api.consent.trackEvent({
      body: {
        eventType: 'checkout_start',
        eventTime: shop.clock.now().toISOString(),
        tid: 'tid-report',
        url: 'https://shop.example/kasse',
      },
    })
    expect(tracked.status).toBe(200)
    // Without consent nothing is stored, so nothing more is counted.
    await newBrowser().api.consent.trackEvent({
      body: {
        eventType: 'checkout_start',
        eventTime: shop.clock.now().toISOString(),
        tid: 'tid-report-2',
        url: 'https://shop.example/kasse',
      },
    })
    expect(await countedToday('checkout_start')).toBe(before + 1)

    const reversed = await service.browser.api.backoffice.trackingReport({
      query: { from: '2026-05-10', to: '2026-05-01' },
    })
    expect(reversed.status).toBe(422)
    expect(reversed.body).toMatchObject({ code: 'backoffice_range_invalid' })
  })
})

describe('mail delivery', () => {
  it('lists failed and retrying mails (not sent ones, not a first send in flight); resends only unsent ones', async () => {
    const to = uniqueEmail('mailversand')
    const base = {
      to,
      text: 'Dein Code: 123456',
      html: '<p>Dein Code: 123456</p>',
      kind: 'two_fa_code',
    }
    const rows = await shop.db
      .insert(mailOutbox)
      .values([
        { ...base, subject: 'fehlgeschlagen', status: 'failed', attempts: 1, lastError: '550' },
        { ...base, subject: 'wartet nach Fehler', status: 'queued', attempts: 2, lastError: '451' },
        { ...base, subject: 'neu', status: 'queued', attempts: 0 },
        { ...base, subject: 'erster Versuch', status: 'sending', attempts: 1 },
        { ...base, subject: 'gesendet', status: 'sent', attempts: 1, sentAt: shop.clock.now() },
      ])
      .returning({ id: mailOutbox.id, subject: mailOutbox.subject })
    const idOf = (subject: string) => rows.find((r) => r.subject === subject)?.id ?? 0
    const subjects = async (status?: 'failed' | 'waiting') => {
      const list = await service.browser.api.backoffice.listMails({
        query: status ? { status } : {},
      })
      if (list.status !== 200) throw new Error(`mails answered ${list.status}`)
      // Without SMTP (the test app) mails that merely wait are no problem.
      expect(list.body.smtpConfigured).toBe(false)
      return list.body.mails.filter((m) => m.to === to).map((m) => m.subject)
    }
    expect(await subjects()).toEqual(['wartet nach Fehler', 'fehlgeschlagen'])
    expect(await subjects('failed')).toEqual(['fehlgeschlagen'])
    expect(await subjects('waiting')).toEqual(['wartet nach Fehler'])

    const inFlight = await service.browser.api.backoffice.resendMail({
      params: { id: idOf('erster Versuch') },
    })
    expect(inFlight.status).toBe(409)
    expect(inFlight.body).toMatchObject({ code: 'backoffice_mail_not_resendable' })
    const sent = await service.browser.api.backoffice.resendMail({
      params: { id: idOf('gesendet') },
    })
    expect(sent.status).toBe(409)

    const waiting = await service.browser.api.backoffice.resendMail({
      params: { id: idOf('wartet nach Fehler') },
    })
    expect(waiting.status).toBe(200)
    expect(waiting.body).toMatchObject({ status: 'queued', attempts: 0, lastError: '451' })
    const [entry] = await auditOf('mail.resend')
    expect(entry).toMatchObject({
      staffEmail: service.email,
      entityType: 'mail',
      entityId: String(idOf('wartet nach Fehler')),
      before: { status: 'queued', attempts: 2 },
      after: { status: 'queued', attempts: 0 },
    })
    // Fresh attempts and due now: no longer a problem until it fails again.
    expect(await subjects()).toEqual(['fehlgeschlagen'])
  })
})
