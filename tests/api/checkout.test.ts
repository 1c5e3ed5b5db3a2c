// Checkout API: init and its errors, payment and shipping rules, vouchers, delivery addresses,
// order placement with its idempotency key, and every payment method's happy and failure path
// through the sandbox provider.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customers } from '#db/schema/account.ts'
import { addresses } from '#db/schema/addresses.ts'
import { products } from '#db/schema/catalog.ts'
import { orders } from '#db/schema/orders.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import { mailsTo, registerCustomer } from './account-fixtures.ts'
import {
  back,
  cardAlias,
  choose,
  countRows,
  fillCart,
  findProduct,
  key,
  postForm,
  setStock,
  shoppers,
  startCheckout,
  stockOf,
} from './checkout-support.ts'

let shop: TestApp
let people: ReturnType<typeof shoppers>
let product: { id: number; priceCents: number; stock: number }

beforeAll(async () => {
  shop = await startTestApp({ env: { TRUST_PROXY: '1' } })
  people = shoppers(shop)
  product = await findProduct(shop.db, { minStock: 50, minCents: 2000, maxCents: 9000 })
  await setStock(shop.db, product.id, 500)
})
afterAll(() => shop.close())

async function guestWithCart(quantity = 1, productId = product.id) {
  const shopper = await people.guest()
  await fillCart(shopper.browser, productId, quantity)
  return shopper
}

async function ordersOf(email: string) {
  return shop.db.select().from(orders).where(eq(orders.email, email))
}

async function cartCount(browser: Awaited<ReturnType<typeof guestWithCart>>['browser']) {
  const cart = await browser.api.cart.getCheckoutCart()
  return cart.status === 200 ? cart.body.productsCount : -1
}

describe('init', () => {
  it('answers cart_empty for an empty cart', async () => {
    const { browser } = await people.guest()
    const response = await browser.api.checkout.init({ body: {} })
    expect(response.status).toBe(422)
    expect(response.body).toMatchObject({ code: 'cart_empty', message: 'Dein Warenkorb ist leer.' })
  })

  it('starts a guest at the login step and a light account at the payment step', async () => {
    const browser = people.browser()
    await fillCart(browser, product.id)
    const guest = await startCheckout(browser)
    expect(guest).toMatchObject({ type: 'guest', step: 'login', isLoggedIn: false })
    const { browser: lite } = await guestWithCart()
    const state = await startCheckout(lite)
    expect(state).toMatchObject({
      type: 'lite',
      step: 'payment',
      isLightAccount: true,
      error: null,
    })
    expect(state.payments.map((p) => p.id)).toEqual(
      expect.arrayContaining(['creditcard', 'paypal', 'moneyorder', 'cod', 'cashec']),
    )
    expect(state.payments.map((p) => p.id)).not.toContain('invoice')
    expect(state.maxRedeemableCoupons).toBe(1)
    expect(state.modules.map((m) => m.id)).toEqual(['standard', 'express'])
  })

  it('answers init_error for a re-init before init and for the type reinit', async () => {
    const { browser } = await guestWithCart()
    expect((await browser.api.checkout.reInit()).body).toMatchObject({
      code: 'init_error',
    })
    expect((await browser.api.checkout.init({ body: { type: 'reinit' } })).body).toMatchObject({
      code: 'init_error',
    })
  })

  it('answers customer_ust_id for a business customer abroad without VAT id', async () => {
    const { browser, email } = await people.business()
    await fillCart(browser, product.id)
    const [row] = await shop.db.select().from(customers).where(eq(customers.email, email))
    await shop.db
      .update(addresses)
      .set({ countryId: 14 })
      .where(eq(addresses.customerId, row?.id ?? 0))
    await shop.db.update(customers).set({ vatId: null }).where(eq(customers.email, email))
    const response = await browser.api.checkout.init({ body: {} })
    expect(response.body).toMatchObject({ code: 'customer_ust_id' })
  })

  it('tolerates checkout_no_payments on init and refuses the order with it', async () => {
    const expensive = await findProduct(shop.db, { minStock: 5, skip: 3 })
    await shop.db
      .update(products)
      .set({ priceCents: 3_000_000 })
      .where(eq(products.id, expensive.id))
    const { browser } = await guestWithCart(1, expensive.id)
    const state = await startCheckout(browser)
    expect(state.error).toBe('checkout_no_payments')
    expect(state.payments).toEqual([])
    const response = await browser.api.checkout.process({ body: { idempotencyKey: key() } })
    expect(response.body).toMatchObject({ code: 'checkout_no_payments', type: 'error' })
  })

  it('tolerates no_shipping_available on re-init when everything is sold out', async () => {
    const soldOut = await findProduct(shop.db, { minStock: 5, skip: 5 })
    const { browser } = await guestWithCart(1, soldOut.id)
    await startCheckout(browser)
    await setStock(shop.db, soldOut.id, 0)
    const response = await browser.api.checkout.reInit()
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ error: 'no_shipping_available', type: 'reinit' })
  })
})

describe('offline payment methods and the order', () => {
  it('places a bank-transfer order in one go: order, stock, empty cart, mail, success page', async () => {
    const { browser, email } = await guestWithCart(2)
    await startCheckout(browser)
    const state = await choose(browser, { payment: 'moneyorder' })
    expect(state.step).toBe('confirmation')
    const before = await stockOf(shop.db, product.id)
    const idempotencyKey = key()
    const response = await browser.api.checkout.process({ body: { idempotencyKey } })
    expect(response.status).toBe(200)
    if (response.status !== 200 || response.body.type !== 'redirect') throw new Error('no order')
    expect(response.body.redirectUrl).toBe('/kasse/erfolgreich')
    const order = response.body.order
    expect(order?.orderNumber).toMatch(/^B\d{7}$/)
    expect(order?.placedAsGuest).toBe(true)
    expect(order?.paymentNote).toContain('5 Tage')
    expect(await stockOf(shop.db, product.id)).toBe(before - 2)
    expect(await cartCount(browser)).toBe(0)
    const [row] = await ordersOf(email)
    expect(row).toMatchObject({
      paymentMethod: 'banktransfer',
      totalCents: state.summary.fullTotal,
      placedAsGuest: true,
    })
    expect(
      await countRows(
        shop.db,
        'order_deliveries',
        `order_id = ${row?.id} and status = 'awaiting_payment'`,
      ),
    ).toBe(1)
    const mails = await mailsTo(browser, email)
    expect(mails.some((m) => m.subject.includes(order?.orderNumber ?? '?'))).toBe(true)
    const last = await browser.api.checkout.lastOrder()
    expect(last.body).toMatchObject({ orderNumber: order?.orderNumber })
    // The same key again: the same order, nothing new.
    const again = await browser.api.checkout.process({ body: { idempotencyKey } })
    expect(again.status).toBe(200)
    if (again.status === 200 && again.body.type === 'redirect') {
      expect(again.body.order?.orderNumber).toBe(order?.orderNumber)
    }
    expect(await ordersOf(email)).toHaveLength(1)
  })

  it('adds the cash-on-delivery fee of 2,00 € and starts the delivery processing', async () => {
    const { browser, email } = await guestWithCart()
    await startCheckout(browser)
    const plain = await choose(browser, { payment: 'moneyorder' })
    const cod = await choose(browser, { payment: 'cod' })
    expect(cod.summary.fullTotal - plain.summary.fullTotal).toBe(200)
    expect(cod.summary.deliveries[0]?.payment).toEqual({ title: 'Nachnahmegebühr', price: 200 })
    const response = await browser.api.checkout.process({ body: { idempotencyKey: key() } })
    expect(response.status).toBe(200)
    const [row] = await ordersOf(email)
    expect(row).toMatchObject({ paymentMethod: 'cashondelivery', paymentFeeCents: 200 })
  })

  it('never offers cash on delivery for a Packstation address', async () => {
    const { browser } = await guestWithCart()
    await startCheckout(browser)
    const added = await browser.api.checkout.addDeliveryAddress({
      body: {
        firstName: 'Gustav',
        lastName: 'Gast',
        type: 'packstation',
        streetNumber: '123',
        postNumber: '12345678',
        zipCode: '50667',
        cityName: 'Köln',
        countryId: 81,
      } as never,
    })
    expect(added.status).toBe(200)
    if (added.status !== 200) return
    expect(added.body.delivery?.type).toBe('packstation')
    expect(added.body.payments.map((p) => p.id)).not.toContain('cod')
    expect(added.body.modules[0]?.shippingModules.map((d) => d.distributorId)).toEqual(['dhl'])
    const cod = await browser.api.checkout.paymentShipping({ body: { payment: 'cod' } })
    expect(cod.body).toMatchObject({ code: 'payment_method_unsupported' })
  })

  it('refuses cash on delivery abroad with checkout_payment_method_not_available_for_delivery_country', async () => {
    const { browser } = await people.guest({
      streetName: 'Ringstraße',
      streetNumber: '5',
      zipCode: '1010',
      cityName: 'Wien',
      countryId: 14,
    })
    await fillCart(browser, product.id)
    const state = await startCheckout(browser)
    expect(state.delivery?.countryId).toBe(14)
    const cod = await browser.api.checkout.paymentShipping({ body: { payment: 'cod' } })
    expect(cod.status).toBe(422)
    expect(cod.body).toMatchObject({
      code: 'checkout_payment_method_not_available_for_delivery_country',
    })
  })

  it('holds cash-pickup orders in the store for pickup without shipping', async () => {
    const { browser, email } = await guestWithCart()
    await startCheckout(browser)
    const state = await choose(browser, { payment: 'cashec' })
    expect(state.shipping).toEqual({ moduleId: 'pickup', distributorId: 'store' })
    expect(state.summary.shipping).toBe(0)
    const response = await browser.api.checkout.process({ body: { idempotencyKey: key() } })
    expect(response.status).toBe(200)
    const [row] = await ordersOf(email)
    expect(row).toMatchObject({ paymentMethod: 'cashpickup', shippingCents: 0 })
  })

  it('lets a business customer redeem the business voucher and pay by invoice', async () => {
    const big = await findProduct(shop.db, { minStock: 5, minCents: 100_000, maxCents: 400_000 })
    const { browser, email } = await people.business()
    await fillCart(browser, big.id)
    const state = await startCheckout(browser)
    expect(state.payments.map((p) => p.id)).toContain('invoice')
    const redeemed = await browser.api.checkout.voucher({ body: { voucherCode: 'business20' } })
    expect(redeemed.status).toBe(200)
    if (redeemed.status !== 200) return
    expect(redeemed.body.coupons).toEqual([
      expect.objectContaining({ code: 'BUSINESS20', cents: 2000 }),
    ])
    await choose(browser, { payment: 'invoice' })
    const response = await browser.api.checkout.process({ body: { idempotencyKey: key() } })
    expect(response.status).toBe(200)
    const [row] = await ordersOf(email)
    expect(row).toMatchObject({ paymentMethod: 'invoice', couponCents: 2000, placedAsGuest: false })
    expect(await countRows(shop.db, 'voucher_redemptions', `order_id = ${row?.id}`)).toBe(1)
  })

  it('offers the protection package as an optional line', async () => {
    const { browser, email } = await guestWithCart()
    await startCheckout(browser)
    const plain = await choose(browser, { payment: 'moneyorder' })
    const withPackage = await browser.api.checkout.noRiskMuchFun({ body: { selected: true } })
    if (withPackage.status !== 200) throw new Error('no package')
    expect(withPackage.body.summary.fullTotal - plain.summary.fullTotal).toBe(999)
    expect(withPackage.body.summary.deliveries[0]?.protection?.price).toBe(999)
    await browser.api.checkout.process({ body: { idempotencyKey: key() } })
    const [row] = await ordersOf(email)
    expect(row?.protectionCents).toBe(999)
    expect(
      await countRows(shop.db, 'order_lines', `order_id = ${row?.id} and kind = 'protection'`),
    ).toBe(1)
  })
})

describe('vouchers', () => {
  it('refuses unknown, business-only, too small and a second voucher; removes one', async () => {
    const { browser } = await guestWithCart()
    await startCheckout(browser)
    const redeem = (voucherCode: string) => browser.api.checkout.voucher({ body: { voucherCode } })
    expect((await redeem('GIBTSNICHT')).body).toMatchObject({ code: 'voucher_invalid' })
    expect((await redeem('BUSINESS20')).body).toMatchObject({ code: 'voucher_not_for_customer' })
    expect((await redeem('PROZENT10')).status).toBe(200)
    expect((await redeem('WILLKOMMEN5')).body).toEqual({
      code: 'voucher_limit_reached',
      message: 'Pro Bestellung kann höchstens 1 Gutschein eingelöst werden.',
      params: { max: 1 },
    })
    const removed = await browser.api.checkout.voucherRemove({ body: { voucherCode: 'prozent10' } })
    expect(removed.status).toBe(200)
    if (removed.status === 200) expect(removed.body.coupons).toEqual([])
    const again = await browser.api.checkout.voucherRemove({ body: { voucherCode: 'PROZENT10' } })
    expect(again.body).toMatchObject({ code: 'voucher_not_found' })
  })

  it('refuses the business voucher below 1000 € with voucher_min_order', async () => {
    const { browser } = await people.business()
    await fillCart(browser, product.id)
    await startCheckout(browser)
    const response = await browser.api.checkout.voucher({ body: { voucherCode: 'BUSINESS20' } })
    expect(response.body).toMatchObject({ code: 'voucher_min_order' })
  })
})

describe('delivery addresses', () => {
  const valid = {
    firstName: 'Gustav',
    lastName: 'Gast',
    streetName: 'Lindenstraße',
    streetNumber: '7',
    zipCode: '50667',
    cityName: 'Köln',
    countryId: 81,
  }

  it.each([
    [{ streetName: '' }, 'checkout_delivery_address_street_missing'],
    [{ streetNumber: 'abc' }, 'checkout_delivery_address_street_number_invalid'],
    [{ zipCode: '123' }, 'checkout_delivery_address_postcode_invalid'],
    [{ cityName: 'Ko' }, 'checkout_delivery_address_city_too_short'],
    [{ firstName: '' }, 'checkout_delivery_address_firstname_missing'],
    [{ lastName: 'X'.repeat(31) }, 'checkout_delivery_address_lastname_too_long'],
    [
      { firstName: 'Maximiliane-Theresa-Sophie', lastName: 'Von-Hohenzollern-Sigmaringen-X' },
      'checkout_delivery_address_full_name_too_long',
    ],
    [{ countryId: 9999 }, 'checkout_delivery_country_not_found'],
  ])('refuses %o with %s', async (change, code) => {
    const { browser } = await guestWithCart()
    await startCheckout(browser)
    const response = await browser.api.checkout.addDeliveryAddress({
      body: { ...valid, ...change } as never,
    })
    expect(response.status).toBe(422)
    expect(response.body).toMatchObject({ code })
  })

  it('keeps a business customer to the invoice country (checkout_delivery_country_not_allow)', async () => {
    const { browser } = await people.business()
    await fillCart(browser, product.id)
    await startCheckout(browser)
    const response = await browser.api.checkout.addDeliveryAddress({
      body: {
        company: 'Schulz Elektro GmbH',
        firstName: 'Petra',
        lastName: 'Schulz',
        streetName: 'Ringstraße',
        streetNumber: '5',
        zipCode: '1010',
        cityName: 'Wien',
        countryId: 14,
      } as never,
    })
    expect(response.body).toMatchObject({ code: 'checkout_delivery_country_not_allow' })
  })

  // Storefront §5: the delivery country equals the billing country, for every customer kind.
  const VIENNA = {
    firstName: 'Petra',
    lastName: 'Huber',
    streetName: 'Ringstraße',
    streetNumber: '5',
    zipCode: '1010',
    cityName: 'Wien',
    countryId: 14,
  }

  it('keeps a light account (guest) to its German billing country', async () => {
    const { browser } = await guestWithCart()
    const state = await startCheckout(browser)
    expect(state.deliveryCountryLockedTo).toBe(81)
    expect(state.deliveryAllowedCountries.map((c) => c.countryId)).toEqual([81])
    const response = await browser.api.checkout.addDeliveryAddress({ body: VIENNA as never })
    expect(response.status).toBe(422)
    expect(response.body).toMatchObject({ code: 'checkout_delivery_country_not_allow' })
  })

  it('keeps a private customer to the billing country on the address step and when ordering', async () => {
    const browser = people.browser()
    const { email } = await registerCustomer(browser)
    const home = { ...VIENNA, streetName: 'Lindenallee', zipCode: '50667', cityName: 'Köln' }
    const billing = await browser.api.addresses.addAddress({
      body: { ...home, countryId: 81, defaultAddress: true },
    })
    expect(billing.status).toBe(200)
    // The account's address book may hold an Austrian delivery address; checkout refuses it.
    const austrian = await browser.api.addresses.addAddress({ body: VIENNA })
    const german = await browser.api.addresses.addAddress({
      body: { ...VIENNA, zipCode: '20457', cityName: 'Hamburg', countryId: 81 },
    })
    if (german.status !== 200) throw new Error('no German delivery address')
    await fillCart(browser, product.id)
    const state = await startCheckout(browser)
    expect(state.deliveryAllowedCountries.map((c) => c.countryId)).toEqual([81])
    if (austrian.status === 200) {
      const chosen = await browser.api.checkout.changeDeliveryAddress({
        body: { deliveryAddressId: austrian.body.addressId },
      })
      expect(chosen.body).toMatchObject({ code: 'checkout_delivery_country_not_allow' })
    }
    const added = await browser.api.checkout.addDeliveryAddress({ body: VIENNA as never })
    expect(added.body).toMatchObject({ code: 'checkout_delivery_country_not_allow' })
    // A German delivery address that moves to Austria before the order: the order is refused.
    const chosen = await browser.api.checkout.changeDeliveryAddress({
      body: { deliveryAddressId: german.body.addressId },
    })
    expect(chosen.status).toBe(200)
    await choose(browser, { payment: 'moneyorder' })
    await shop.db
      .update(addresses)
      .set({ countryId: 14, zipCode: '1010', cityName: 'Wien' })
      .where(eq(addresses.id, german.body.addressId))
    const placed = await browser.api.checkout.process({ body: { idempotencyKey: key() } })
    expect(placed.status).toBe(422)
    expect(placed.body).toMatchObject({ code: 'checkout_delivery_country_not_allow' })
    expect(await ordersOf(email)).toHaveLength(0)
  })

  it('adds a delivery address to a business customer address book and delivers there', async () => {
    const { browser } = await people.business()
    await fillCart(browser, product.id)
    await startCheckout(browser)
    const response = await browser.api.checkout.addDeliveryAddress({
      body: { ...valid, company: 'Schulz Elektro GmbH' } as never,
    })
    expect(response.status).toBe(200)
    if (response.status !== 200) return
    expect(response.body.delivery?.id).toBeGreaterThan(0)
    const listed = await browser.api.checkout.customerAddresses()
    expect(listed.status).toBe(200)
    const back0 = await browser.api.checkout.changeDeliveryAddress({
      body: { deliveryAddressId: 0 },
    })
    expect(back0.status).toBe(200)
    if (back0.status === 200) expect(back0.body.delivery?.defaultAddress).toBe(true)
    const unknown = await browser.api.checkout.changeDeliveryAddress({
      body: { deliveryAddressId: 999999 },
    })
    expect(unknown.status).toBe(404)
  })
})

describe('stock', () => {
  it('answers checkout_out_of_stock when the stock went meanwhile, with no order', async () => {
    const scarce = await findProduct(shop.db, { minStock: 5, skip: 8 })
    const { browser, email } = await guestWithCart(3, scarce.id)
    await startCheckout(browser)
    await choose(browser, { payment: 'moneyorder' })
    await setStock(shop.db, scarce.id, 2)
    const response = await browser.api.checkout.process({ body: { idempotencyKey: key() } })
    expect(response.body).toMatchObject({ code: 'checkout_out_of_stock', type: 'error' })
    expect(await ordersOf(email)).toHaveLength(0)
    expect(await stockOf(shop.db, scarce.id)).toBe(2)
  })
})

describe('credit card', () => {
  async function withCard(number: string) {
    const shopper = await guestWithCart()
    await startCheckout(shopper.browser)
    const alias = await cardAlias(shop, shopper.browser, number)
    const saved = await shopper.browser.api.checkout.saveCreditCard({
      body: { alias, save: false },
    })
    expect(saved.status).toBe(200)
    return shopper
  }

  it('pays with an approved card; the shop sees only alias, brand, masked number, expiry', async () => {
    const { browser, email } = await withCard('4111 1111 1111 1111')
    const data = await browser.api.checkout.data()
    if (data.status !== 200) throw new Error('no data')
    expect(data.body.payment).toBe('creditcard')
    expect(data.body.creditCard?.maskedNumber).toMatch(/1111$/)
    expect(data.body.creditCard?.expiry).toMatch(/^12 \/ 20\d\d$/)
    const response = await browser.api.checkout.process({ body: { idempotencyKey: key() } })
    expect(response.status).toBe(200)
    const [row] = await ordersOf(email)
    expect(row?.paymentMethod).toBe('creditcard')
    expect(row?.pspPaymentId).toBeTruthy()
    // The success page's order: items, delivery address, payment and expected delivery.
    const last = await browser.api.checkout.lastOrder()
    if (last.status !== 200) throw new Error('no last order')
    expect(last.body.items).toEqual([
      expect.objectContaining({ quantity: 1, totalCents: product.priceCents }),
    ])
    expect(last.body.deliveryAddress).toMatchObject({
      cityName: 'Köln',
      countryName: 'Deutschland',
    })
    expect(last.body.paymentName).toBeTruthy()
    expect(last.body.expectedDelivery).toBe('Lieferung in 1-3 Werktagen')
  })

  it('never falls back to the previous card after a failed "Andere Karte verwenden"', async () => {
    const { browser, email } = await withCard('4111 1111 1111 1111')
    // "Andere Karte verwenden": the provider's fields for a new card; the old one is given up.
    const fields = await browser.api.checkout.getCreditCardFields()
    expect(fields.status).toBe(200)
    const data = await browser.api.checkout.data()
    if (data.status !== 200) throw new Error('no data')
    expect(data.body.creditCard).toBeNull()
    expect(data.body.step).toBe('payment')
    // The new card fails (its alias is not known to the provider).
    const failed = await browser.api.checkout.saveCreditCard({
      body: { alias: 'unbekannt-0000', save: false },
    })
    expect(failed.status).toBe(422)
    const response = await browser.api.checkout.process({ body: { idempotencyKey: key() } })
    expect(response.status).toBe(422)
    expect(response.body).toMatchObject({ code: 'card_missing', type: 'error' })
    expect(await ordersOf(email)).toHaveLength(0)
  })

  it('declines 4000 0000 0000 0002 with card_declined and keeps cart, no order', async () => {
    const { browser, email } = await withCard('4000 0000 0000 0002')
    const response = await browser.api.checkout.process({ body: { idempotencyKey: key() } })
    expect(response.body).toMatchObject({ code: 'card_declined', type: 'error' })
    expect(await ordersOf(email)).toHaveLength(0)
    expect(await cartCount(browser)).toBe(1)
  })

  it('asks for 3-D Secure, then places the order after "Bestätigen"', async () => {
    const { browser, email } = await withCard('4000 0000 0000 3220')
    const response = await browser.api.checkout.process({ body: { idempotencyKey: key() } })
    if (response.status !== 200 || response.body.type !== 'redirect')
      throw new Error('no challenge')
    expect(response.body.redirectUrl).toMatch(/^\/psp\/3ds\//)
    expect(await ordersOf(email)).toHaveLength(0)
    const answer = await postForm(shop, response.body.redirectUrl, { decision: 'approve' })
    const { location, params } = back(answer)
    expect(location.startsWith('/kasse/zahlung/karte')).toBe(true)
    const done = await browser.api.checkout.processCreditCard({
      body: { idempotencyKey: key(), paymentId: params.get('paymentId') ?? '' },
    })
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({ successful: true, redirectUrl: '/kasse/erfolgreich' })
    expect(await ordersOf(email)).toHaveLength(1)
  })

  it('refuses a denied 3-D Secure with credit_card_verification_failed; the cart stays', async () => {
    const { browser, email } = await withCard('4000 0000 0000 3220')
    const response = await browser.api.checkout.process({ body: { idempotencyKey: key() } })
    if (response.status !== 200 || response.body.type !== 'redirect')
      throw new Error('no challenge')
    const answer = await postForm(shop, response.body.redirectUrl, { decision: 'deny' })
    const done = await browser.api.checkout.processCreditCard({
      body: { idempotencyKey: key(), paymentId: back(answer).params.get('paymentId') ?? '' },
    })
    expect(done.body).toMatchObject({ code: 'credit_card_verification_failed' })
    expect(await ordersOf(email)).toHaveLength(0)
    expect(await cartCount(browser)).toBe(1)
  })

  it('keeps the card for later only when a full customer asks for it', async () => {
    const { browser, email } = await people.business()
    await fillCart(browser, product.id)
    await startCheckout(browser)
    const alias = await cardAlias(shop, browser, '5555 5555 5555 4444')
    await browser.api.checkout.saveCreditCard({ body: { alias, save: true } })
    const response = await browser.api.checkout.paymentCreditCard({
      body: { idempotencyKey: key() },
    })
    expect(response.status).toBe(200)
    const [row] = await ordersOf(email)
    expect(await countRows(shop.db, 'stored_cards', `customer_id = ${row?.customerId}`)).toBe(1)
  })
})

describe('PayPal', () => {
  it('express: init, approve, address from PayPal, order on confirmation', async () => {
    const { browser, email } = await guestWithCart()
    const init = await browser.api.checkout.paypalInit({ body: { idempotencyKey: key() } })
    if (init.status !== 200) throw new Error('no paypal')
    const approved = await postForm(shop, init.body.redirectUrl, {
      decision: 'approve',
      buyerId: 'buyer-de',
    })
    const { location, params } = back(approved)
    expect(location.startsWith('/kasse/express/zurueck')).toBe(true)
    const details = await browser.api.checkout.paypalCheckoutDetails({
      body: { token: params.get('token') ?? '' },
    })
    expect(details.status).toBe(200)
    if (details.status !== 200) return
    expect(details.body.state).toMatchObject({
      step: 'confirmation',
      payment: 'paypal',
      type: 'expressPayPalCheckout',
    })
    expect(details.body.address?.countryId).toBe(81)
    const response = await browser.api.checkout.process({ body: { idempotencyKey: key() } })
    expect(response.status).toBe(200)
    const [row] = await ordersOf(email)
    expect(row?.paymentMethod).toBe('paypal')
  })

  it('express: refuses a Swiss PayPal address with paypal_address_unusable', async () => {
    const { browser } = await guestWithCart()
    const init = await browser.api.checkout.paypalInit({ body: { idempotencyKey: key() } })
    if (init.status !== 200) throw new Error('no paypal')
    const approved = await postForm(shop, init.body.redirectUrl, {
      decision: 'approve',
      buyerId: 'buyer-ch',
    })
    const details = await browser.api.checkout.paypalCheckoutDetails({
      body: { token: back(approved).params.get('token') ?? '' },
    })
    expect(details.body).toMatchObject({ code: 'paypal_address_unusable' })
  })

  it('a cancelled PayPal payment leaves the cart and no order', async () => {
    const { browser, email } = await guestWithCart()
    await startCheckout(browser)
    await choose(browser, { payment: 'paypal' })
    const response = await browser.api.checkout.process({ body: { idempotencyKey: key() } })
    if (response.status !== 200 || response.body.type !== 'redirect') throw new Error('no redirect')
    const cancelled = await postForm(shop, response.body.redirectUrl, { decision: 'cancel' })
    const { location, params } = back(cancelled)
    expect(location.startsWith('/kasse/zahlung/abbruch')).toBe(true)
    const done = await browser.api.checkout.process({
      body: { idempotencyKey: key(), paymentToken: params.get('token') ?? '' },
    })
    expect(done.body).toMatchObject({ code: 'payment_cancelled' })
    expect(await ordersOf(email)).toHaveLength(0)
    expect(await cartCount(browser)).toBe(1)
  })

  it('a declined PayPal payment answers payment_declined', async () => {
    const { browser, email } = await guestWithCart()
    await startCheckout(browser)
    await choose(browser, { payment: 'paypal' })
    const url = await browser.api.checkout.getPaymentRedirectUrl({
      body: { idempotencyKey: key() },
    })
    if (url.status !== 200) throw new Error('no url')
    const declined = await postForm(shop, url.body.url, { decision: 'decline' })
    const done = await browser.api.checkout.process({
      body: { idempotencyKey: key(), paymentToken: back(declined).params.get('token') ?? '' },
    })
    expect(done.body).toMatchObject({ code: 'payment_declined' })
    expect(await ordersOf(email)).toHaveLength(0)
  })
})

describe('Klarna', () => {
  it('pay later: session, approval with authorization token, order', async () => {
    const { browser, email } = await guestWithCart()
    await startCheckout(browser)
    const state = await choose(browser, { payment: 'klarnapaylater' })
    expect(state.paylater).toBe(true)
    const response = await browser.api.checkout.process({ body: { idempotencyKey: key() } })
    if (response.status !== 200 || response.body.type !== 'redirect') throw new Error('no redirect')
    const token = response.body.redirectUrl.split('/').pop() ?? ''
    const switched = await browser.api.checkout.updateKlarnaSession({
      body: { klarnaSessionId: token, paymentMethod: 'klarnapaynow' },
    })
    expect(switched.status).toBe(200)
    const approved = await postForm(shop, response.body.redirectUrl, { decision: 'approve' })
    const { params } = back(approved)
    const done = await browser.api.checkout.processKlarna({
      body: {
        idempotencyKey: key(),
        klarnaSessionId: params.get('token') ?? '',
        authorizationToken: params.get('authorizationToken') ?? '',
      },
    })
    expect(done.body).toMatchObject({ successful: true })
    expect((await ordersOf(email))[0]?.paymentMethod).toBe('klarnapaylater')
  })

  it('refuses a wrong authorization token; no order', async () => {
    const { browser, email } = await guestWithCart()
    await startCheckout(browser)
    await choose(browser, { payment: 'klarnapaynow' })
    const response = await browser.api.checkout.process({ body: { idempotencyKey: key() } })
    if (response.status !== 200 || response.body.type !== 'redirect') throw new Error('no redirect')
    const approved = await postForm(shop, response.body.redirectUrl, { decision: 'approve' })
    const done = await browser.api.checkout.processKlarna({
      body: {
        idempotencyKey: key(),
        klarnaSessionId: back(approved).params.get('token') ?? '',
        authorizationToken: 'falsch',
      },
    })
    expect(done.status).toBe(422)
    expect(await ordersOf(email)).toHaveLength(0)
  })
})

describe('Consors financing', () => {
  it('posts the signed form, returns approved and places a financing order', async () => {
    const { browser, email } = await guestWithCart(3)
    await startCheckout(browser)
    const state = await choose(browser, { payment: 'commerzfinanz', paymentTermMonths: 12 })
    expect(state.paymentTermMonths).toBe(12)
    const form = await browser.api.checkout.initConsorsFinance({ body: { idempotencyKey: key() } })
    if (form.status !== 200) throw new Error(JSON.stringify(form.body))
    const applied = await postForm(shop, form.body.formUrl, form.body.formData)
    expect(applied.status).toBe(303)
    const page = back(applied).location
    const approved = await postForm(shop, page, { decision: 'approve', months: '12' })
    const done = await browser.api.checkout.process({
      body: { idempotencyKey: key(), paymentToken: back(approved).params.get('token') ?? '' },
    })
    expect(done.status).toBe(200)
    expect((await ordersOf(email))[0]?.paymentMethod).toBe('financing')
  })

  it('a cancelled financing leaves no order', async () => {
    const { browser, email } = await guestWithCart(3)
    await startCheckout(browser)
    await choose(browser, { payment: 'commerzfinanz' })
    const form = await browser.api.checkout.initConsorsFinance({ body: { idempotencyKey: key() } })
    if (form.status !== 200) throw new Error('no form')
    const applied = await postForm(shop, form.body.formUrl, form.body.formData)
    const cancelled = await postForm(shop, back(applied).location, { decision: 'cancel' })
    const done = await browser.api.checkout.process({
      body: { idempotencyKey: key(), paymentToken: back(cancelled).params.get('token') ?? '' },
    })
    expect(done.body).toMatchObject({ code: 'payment_cancelled' })
    expect(await ordersOf(email)).toHaveLength(0)
  })
})

describe('Amazon Pay', () => {
  it('signed button, approval, order', async () => {
    const { browser, email } = await guestWithCart()
    await startCheckout(browser)
    await choose(browser, { payment: 'amazonpay' })
    const response = await browser.api.checkout.process({ body: { idempotencyKey: key() } })
    if (response.status !== 200 || response.body.type !== 'amazon_pay_express') {
      throw new Error('no button')
    }
    const button = response.body.amazonPay
    expect(button.signature).toBeTruthy()
    const posted = await postForm(shop, button.checkoutUrl, {
      payloadJSON: button.payloadJSON,
      signature: button.signature,
      publicKeyId: button.publicKeyId,
    })
    const approved = await postForm(shop, back(posted).location, { decision: 'approve' })
    const done = await browser.api.checkout.processAmazonPayExpress({
      body: { idempotencyKey: key(), paymentToken: back(approved).params.get('token') ?? '' },
    })
    expect(done.body).toMatchObject({ successful: true })
    expect((await ordersOf(email))[0]?.paymentMethod).toBe('amazonpay')
  })

  it('express from the cart: payment context, payload, details, declined payment', async () => {
    const { browser, email } = await guestWithCart()
    const context = await browser.api.checkout.amazonPayPaymentContext()
    expect(context.body).toMatchObject({ currency: 'EUR', productType: 'PayAndShip' })
    const init = await browser.api.checkout.amazonPayInit({ body: { idempotencyKey: key() } })
    if (init.status !== 200) throw new Error('no button')
    const b = init.body.amazonPay
    const posted = await postForm(shop, b.checkoutUrl, {
      payloadJSON: b.payloadJSON,
      signature: b.signature,
      publicKeyId: b.publicKeyId,
    })
    const declined = await postForm(shop, back(posted).location, { decision: 'decline' })
    const details = await browser.api.checkout.amazonPayCheckoutDetails({
      body: { token: back(declined).params.get('token') ?? '' },
    })
    expect(details.body).toMatchObject({ code: 'payment_declined' })
    expect(await ordersOf(email)).toHaveLength(0)
  })
})

describe('Apple Pay', () => {
  async function sheetToken(sheetUrl: string, amountCents: number, card = 'visa') {
    const response = await fetch(`${shop.url}${sheetUrl}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ amountCents, card }),
    })
    return ((await response.json()) as { token: unknown }).token
  }

  it('merchant session, token, order; then the success page', async () => {
    const { browser, email } = await guestWithCart()
    await startCheckout(browser)
    const init = await browser.api.checkout.applePayInit()
    if (init.status !== 200) throw new Error('no session')
    const total = init.body.summary.fullTotal
    expect(init.body.paymentRequest).toMatchObject({ countryCode: 'DE', currencyCode: 'EUR' })
    const token = await sheetToken(init.body.applePayMerchantSession.sheetUrl ?? '', total)
    const done = await browser.api.checkout.applePayProcess({
      body: { idempotencyKey: key(), paymentData: token },
    })
    expect(done.body).toMatchObject({ successful: true, redirectUrl: '/kasse/erfolgreich' })
    expect((await ordersOf(email))[0]?.paymentMethod).toBe('applepay')
  })

  it('answers a bad token with the spec text, no order', async () => {
    const { browser, email } = await guestWithCart()
    await startCheckout(browser)
    const done = await browser.api.checkout.applePayProcess({
      body: { idempotencyKey: key(), paymentData: { paymentData: {} } },
    })
    expect(done.body).toMatchObject({
      code: 'apple_pay_unavailable',
      message: 'Leider kannst du gerade Apple Pay nicht benutzen, bitte wähle eine andere Zahlart.',
    })
    expect(await ordersOf(email)).toHaveLength(0)
  })
})

describe('guest orders', () => {
  it('records a light account order as placed as guest', async () => {
    const { browser, email } = await guestWithCart()
    await startCheckout(browser)
    await choose(browser, { payment: 'moneyorder' })
    await browser.api.checkout.process({ body: { idempotencyKey: key() } })
    const rows = await shop.db
      .select({ placedAsGuest: orders.placedAsGuest })
      .from(orders)
      .where(sql`${orders.email} = ${email}`)
    expect(rows).toEqual([{ placedAsGuest: true }])
  })
})
