// Product safety (GPSR Art. 19) on the product answer and page, the take-back and battery notes
// page, and the checkout's old-device question for large appliances (ElektroG § 17 (1)).
import { and, eq, gte, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { manufacturers, products } from '#db/schema/catalog.ts'
import { orders } from '#db/schema/orders.ts'
import { EU_COUNTRIES } from '#db/seed/catalog-safety.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import { createBrowser } from '#tests/support/client.ts'
import { choose, fillCart, findProduct, key, shoppers, startCheckout } from './checkout-support.ts'
import { insertStaffAccount, staffLogIn } from './staff-access.ts'

let shop: TestApp
let people: ReturnType<typeof shoppers>
beforeAll(async () => {
  shop = await startTestApp()
  people = shoppers(shop)
})
afterAll(() => shop.close())

async function productOfBrand(brand: string) {
  const [row] = await shop.db
    .select({ id: products.id, articleNumber: products.articleNumber, ean: products.ean })
    .from(products)
    .where(and(eq(products.brand, brand), eq(products.active, true)))
    .orderBy(products.id)
    .limit(1)
  if (!row) throw new Error(`no ${brand} product`)
  return row
}

async function productAnswer(id: number) {
  const response = await createBrowser(shop.url).api.catalog.getProduct({
    params: { productId: id },
  })
  if (response.status !== 200) throw new Error(`product ${id}: ${response.status}`)
  return response.body
}

describe('product safety information (GPSR Art. 19)', () => {
  it('records a manufacturer and warnings for every seeded product', async () => {
    const [missing] = await shop.db.execute<{ n: number }>(
      sql`select count(*)::int as n from products where manufacturer_id is null or cardinality(safety_warnings) = 0`,
    )
    expect(missing?.n).toBe(0)
  })

  it('gives every manufacturer outside the EU a responsible person in the EU', async () => {
    const rows = await shop.db.select().from(manufacturers)
    expect(rows.length).toBeGreaterThan(50)
    for (const row of rows) {
      if (!EU_COUNTRIES.has(row.countryCode))
        expect(row.responsiblePersonId, row.brand).not.toBe(null)
    }
    const [outside] = await shop.db.execute<{ n: number }>(
      sql`select count(*)::int as n from eu_responsible_persons where country_code not in ('AT','BE','BG','CY','CZ','DE','DK','EE','ES','FI','FR','GR','HR','HU','IE','IT','LT','LU','LV','MT','NL','PL','PT','RO','SE','SI','SK')`,
    )
    expect(outside?.n).toBe(0)
  })

  it('answers a non-EU manufacturer (ASUS) with its EU responsible person', async () => {
    const row = await productOfBrand('ASUS')
    const product = await productAnswer(row.id)
    expect(product.safety).toMatchObject({
      manufacturer: { name: 'ASUSTeK Computer Inc.', city: 'Taipei', country: 'Taiwan' },
      responsiblePerson: {
        name: 'ASUS Computer GmbH',
        street: 'Harkortstraße 21-23',
        zipCode: '40880',
        city: 'Ratingen',
        country: 'Deutschland',
      },
    })
    expect(product.safety?.modelNumber).toBeTruthy()
    expect(product.safety?.warnings.length).toBeGreaterThan(0)
    expect(product.safety?.manufacturer.electronicAddress).toMatch(/^(https:|mailto:)/)
  })

  it('answers an EU manufacturer (Cherry) without a responsible person', async () => {
    const product = await productAnswer((await productOfBrand('Cherry')).id)
    expect(product.safety?.manufacturer).toMatchObject({
      name: 'Cherry Europe GmbH',
      country: 'Deutschland',
    })
    expect(product.safety?.responsiblePerson).toBeNull()
  })

  it('flags notebooks as large appliances with a battery', async () => {
    const [row] = await shop.db.execute<{ id: number }>(
      sql`select p.id from products p join categories c on c.id = p.category_id where c.path = 'notebooks/gaming-notebooks' and p.active order by p.id limit 1`,
    )
    const product = await productAnswer(Number(row?.id))
    expect(product.disposal).toEqual({ largeAppliance: true, containsBattery: true })
    expect(product.safety?.warnings.some((w) => w.includes('Lithium-Ionen-Akku'))).toBe(true)
  })
})

describe('old-device question at checkout (ElektroG § 17 (1) sentence 3)', () => {
  async function largeAppliance() {
    const [row] = await shop.db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.largeAppliance, true),
          isNull(products.energyClass),
          isNull(products.campusPriceCents),
          gte(products.stock, 5),
          sql`${products.priceCents} between 2000 and 50000`,
        ),
      )
      .orderBy(products.id)
      .limit(1)
    if (!row) throw new Error('no large appliance')
    return row
  }

  async function orderOf(email: string) {
    const [row] = await shop.db.select().from(orders).where(eq(orders.email, email))
    return row
  }

  it('requires the answer for a large appliance and stores it with the order', async () => {
    const { browser, email } = await people.guest()
    const appliance = await largeAppliance()
    await fillCart(browser, appliance.id)
    const started = await startCheckout(browser)
    expect(started.oldDeviceTakeBack).toEqual({
      asked: true,
      productIds: [appliance.id],
      selected: null,
    })
    await choose(browser, { payment: 'moneyorder' })
    const refused = await browser.api.checkout.process({ body: { idempotencyKey: key() } })
    expect(refused.status).toBe(422)
    expect(refused.body).toMatchObject({ code: 'checkout_take_back_choice_missing' })
    expect(await orderOf(email)).toBeUndefined()

    const answered = await browser.api.checkout.oldDeviceTakeBack({ body: { takeBack: true } })
    expect(answered.status).toBe(200)
    if (answered.status === 200) expect(answered.body.oldDeviceTakeBack.selected).toBe(true)
    const placed = await browser.api.checkout.process({ body: { idempotencyKey: key() } })
    expect(placed.status).toBe(200)
    expect((await orderOf(email))?.oldDeviceTakeBack).toBe(true)
    // The confirmation mail repeats the answer; customer service sees it on the order.
    const mails = await browser.api.dev.getMails({ query: { to: email } })
    const confirmation = mails.status === 200 ? mails.body[0]?.text : ''
    expect(confirmation).toContain('Altgeräte-Rücknahme: Du möchtest ein Altgerät gleicher Art')
    const staff = createBrowser(shop.url)
    await staffLogIn(staff, await insertStaffAccount(shop.db, 'service'))
    const order = await staff.api.backoffice.getOrder({
      params: { orderNumber: (await orderOf(email))?.orderNumber ?? '' },
    })
    expect(order.status === 200 && order.body.oldDeviceTakeBack).toBe(true)
  })

  it('stores "no" as an answer too', async () => {
    const { browser, email } = await people.guest()
    await fillCart(browser, (await largeAppliance()).id)
    await startCheckout(browser)
    await choose(browser, { payment: 'moneyorder' })
    await browser.api.checkout.oldDeviceTakeBack({ body: { takeBack: false } })
    const placed = await browser.api.checkout.process({ body: { idempotencyKey: key() } })
    expect(placed.status).toBe(200)
    expect((await orderOf(email))?.oldDeviceTakeBack).toBe(false)
    const mails = await browser.api.dev.getMails({ query: { to: email } })
    expect(mails.status === 200 ? mails.body[0]?.text : '').toContain(
      'Altgeräte-Rücknahme: nicht gewünscht.',
    )
  })

  it('does not ask without a large appliance and stores no answer', async () => {
    const { browser, email } = await people.guest()
    const small = await findProduct(shop.db, { minCents: 2000 })
    await fillCart(browser, small.id)
    const started = await startCheckout(browser)
    expect(started.oldDeviceTakeBack).toEqual({ asked: false, productIds: [], selected: null })
    await choose(browser, { payment: 'moneyorder' })
    const placed = await browser.api.checkout.process({ body: { idempotencyKey: key() } })
    expect(placed.status).toBe(200)
    const order = await orderOf(email)
    expect(order).toBeDefined()
    expect(order?.oldDeviceTakeBack).toBeNull()
  })
})
