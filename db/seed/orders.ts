// Demo orders and stored cards, and `insertOrder`: one placed order written straight into the
// orders tables (prices, names and addresses copied from the catalog and the address book, as
// checkout does). The demo seed, the API tests (tests/support/orders.ts) and the dev call that
// Playwright uses share it. Deterministic: dates are offsets from the seeding time, products
// are picked by position; no Math.random().
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../client.ts'
import { customers } from '../schema/account.ts'
import { addresses } from '../schema/addresses.ts'
import { products, productWarranties } from '../schema/catalog.ts'
import { storedCards } from '../schema/credit-cards.ts'
import {
  type OrderAddress,
  type OrderPaymentMethod,
  type OrderStatus,
  orderDeliveries,
  orderLines,
  orderNumberSeq,
  orderStatusEvents,
  orders,
} from '../schema/orders.ts'
import { DEMO_CUSTOMERS } from './customers.ts'

const DAY_MS = 24 * 60 * 60 * 1000
const COUNTRY_NAMES: Record<number, string> = { 81: 'Deutschland', 14: 'Österreich' }

export type OrderLineSpec = { productId: number; quantity?: number; withWarranty?: boolean }

export type DeliverySpec = {
  status: OrderStatus
  lines: OrderLineSpec[]
  shipping?: 'dhl' | 'hermes' | 'dpd' | 'pickup'
  deliveryAddress?: OrderAddress
}

export type OrderSpec = {
  customerId: number
  placedAt: Date
  deliveries: DeliverySpec[]
  paymentMethod?: OrderPaymentMethod
  paymentLabel?: string | null
  placedAsGuest?: boolean
  coupon?: { code: string; title: string; cents: number }
  declaredValue?: boolean
  protectionCents?: number
  /** The customer's billing address if omitted (or a demo address when it has none). */
  billingAddress?: OrderAddress
}

export type InsertedOrder = { id: number; orderNumber: string; deliveryNumbers: string[] }

const SHIPPING: Record<NonNullable<DeliverySpec['shipping']>, { label: string; cents: number }> = {
  dhl: { label: 'DHL Paket', cents: 499 },
  hermes: { label: 'Hermes Paket', cents: 449 },
  dpd: { label: 'DPD Speditionsversand', cents: 2990 },
  pickup: { label: 'Abholung im Store Hannover', cents: 0 },
}

const FALLBACK_ADDRESS: OrderAddress = {
  company: null,
  firstName: 'Max',
  lastName: 'Mustermann',
  streetName: 'Musterweg',
  streetNumber: '7',
  zipCode: '10115',
  cityName: 'Berlin',
  countryId: 81,
  countryName: 'Deutschland',
  postNumber: null,
  type: 'normal',
}

/** VAT included in a gross amount (19 %). */
function includedTax(grossCents: number, percent = 19): number {
  return Math.round((grossCents * percent) / (100 + percent))
}

async function billingAddressOf(db: DbOrTx, customerId: number): Promise<OrderAddress> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.customerId, customerId), eq(addresses.isDefault, true)))
  if (!row) return FALLBACK_ADDRESS
  return {
    company: row.company,
    firstName: row.firstName,
    lastName: row.lastName,
    streetName: row.streetName,
    streetNumber: row.streetNumber,
    zipCode: row.zipCode,
    cityName: row.cityName,
    countryId: row.countryId,
    countryName: COUNTRY_NAMES[row.countryId] ?? 'Deutschland',
    postNumber: row.postNumber,
    type: row.type,
  }
}

/** Status events that lead a delivery from checkout to `status`, spread after `placedAt`. */
function statusTrail(status: OrderStatus, placedAt: Date, paidByPrepayment: boolean) {
  const at = (days: number) => new Date(placedAt.getTime() + days * DAY_MS)
  const first: OrderStatus = paidByPrepayment ? 'awaiting_payment' : 'processing'
  const trail: { from: OrderStatus | null; to: OrderStatus; at: Date; actor: string }[] = [
    { from: null, to: first, at: placedAt, actor: 'checkout' },
  ]
  if (status === first) return trail
  if (status === 'cancelled') {
    trail.push({ from: first, to: 'cancelled', at: at(2), actor: 'staff:1' })
    return trail
  }
  if (first === 'awaiting_payment')
    trail.push({ from: first, to: 'processing', at: at(1), actor: 'job' })
  if (status === 'processing') return trail
  trail.push({ from: 'processing', to: 'shipped', at: at(1.5), actor: 'staff:1' })
  if (status === 'delivered')
    trail.push({ from: 'shipped', to: 'delivered', at: at(3), actor: 'job' })
  return trail
}

/**
 * Writes one placed order (order, deliveries, lines, status events) in the caller's
 * transaction or its own. Prices and names are the catalog's at the time of the call.
 */
export async function insertOrder(db: DbOrTx, spec: OrderSpec): Promise<InsertedOrder> {
  const run = async (tx: DbOrTx): Promise<InsertedOrder> => {
    const [customer] = await tx.select().from(customers).where(eq(customers.id, spec.customerId))
    if (!customer) throw new Error(`insertOrder: no customer ${spec.customerId}`)
    const ids = [...new Set(spec.deliveries.flatMap((d) => d.lines.map((l) => l.productId)))]
    const catalog = await tx.select().from(products).where(inArray(products.id, ids))
    const warranties = await tx
      .select()
      .from(productWarranties)
      .where(inArray(productWarranties.productId, ids))
      .orderBy(asc(productWarranties.position))
    const billing = spec.billingAddress ?? (await billingAddressOf(tx, spec.customerId))
    const paymentMethod = spec.paymentMethod ?? 'creditcard'
    const prepayment = paymentMethod === 'banktransfer' || paymentMethod === 'cashpickup'

    type Line = {
      kind: 'product' | 'warranty'
      productId: number
      articleNumber: string
      name: string
      imageUrl: string | null
      quantity: number
      unitPriceCents: number
    }
    const deliveries = spec.deliveries.map((delivery, index) => {
      const lines: Line[] = []
      for (const line of delivery.lines) {
        const product = catalog.find((p) => p.id === line.productId)
        if (!product) throw new Error(`insertOrder: no product ${line.productId}`)
        const quantity = line.quantity ?? 1
        lines.push({
          kind: 'product',
          productId: product.id,
          articleNumber: product.articleNumber,
          name: product.name,
          imageUrl: `/api/catalog/products/${product.id}/images/1.svg`,
          quantity,
          unitPriceCents: product.priceCents,
        })
        const warranty = line.withWarranty && warranties.find((w) => w.productId === product.id)
        if (warranty)
          lines.push({
            kind: 'warranty',
            productId: product.id,
            articleNumber: `GA-${product.articleNumber}`,
            name: warranty.name,
            imageUrl: null,
            quantity,
            unitPriceCents: warranty.priceCents,
          })
      }
      const shipping = SHIPPING[delivery.shipping ?? 'dhl']
      return {
        position: index + 1,
        spec: delivery,
        lines,
        shippingModule: delivery.shipping ?? 'dhl',
        shippingLabel: shipping.label,
        shippingCents: shipping.cents,
      }
    })

    const subtotalCents = deliveries
      .flatMap((d) => d.lines)
      .reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0)
    const shippingCents = deliveries.reduce((sum, d) => sum + d.shippingCents, 0)
    const declaredValueCents = spec.declaredValue ? Math.round(subtotalCents * 0.0075) : 0
    const protectionCents = spec.protectionCents ?? 0
    const paymentFeeCents = paymentMethod === 'cashondelivery' ? 700 : 0
    const couponCents = Math.min(spec.coupon?.cents ?? 0, subtotalCents)
    const totalCents =
      subtotalCents +
      shippingCents +
      declaredValueCents +
      protectionCents +
      paymentFeeCents -
      couponCents

    const [seq] = await tx.execute<{ n: string }>(
      sql`select nextval(${orderNumberSeq.seqName}) as n`,
    )
    const orderNumber = `B${seq?.n}`
    const [order] = await tx
      .insert(orders)
      .values({
        orderNumber,
        customerId: customer.id,
        email: customer.email,
        customerType: customer.customerType,
        idempotencyKey: `seed-${orderNumber}`,
        paymentMethod,
        paymentLabel: spec.paymentLabel === undefined ? null : spec.paymentLabel,
        billingAddress: billing,
        subtotalCents,
        shippingCents,
        paymentFeeCents,
        declaredValueCents,
        protectionCents,
        couponCents,
        totalCents,
        taxCents: includedTax(totalCents),
        coupons: spec.coupon ? [{ ...spec.coupon, cents: couponCents }] : [],
        placedAsGuest: spec.placedAsGuest ?? false,
        createdAt: spec.placedAt,
        updatedAt: spec.placedAt,
      })
      .returning({ id: orders.id })
    if (!order) throw new Error('insertOrder: order insert returned nothing')

    const deliveryNumbers: string[] = []
    for (const delivery of deliveries) {
      const trail = statusTrail(delivery.spec.status, spec.placedAt, prepayment)
      const last = trail[trail.length - 1]
      const when = (status: OrderStatus) => trail.find((e) => e.to === status)?.at ?? null
      const deliveryNumber = `${orderNumber}-${delivery.position}`
      deliveryNumbers.push(deliveryNumber)
      const [row] = await tx
        .insert(orderDeliveries)
        .values({
          orderId: order.id,
          deliveryNumber,
          position: delivery.position,
          status: delivery.spec.status,
          shippingModule: delivery.shippingModule,
          shippingLabel: delivery.shippingLabel,
          shippingCents: delivery.shippingCents,
          deliveryAddress: delivery.spec.deliveryAddress ?? billing,
          trackingNumber: when('shipped')
            ? `00340434${String(order.id * 10 + delivery.position).padStart(10, '0')}`
            : null,
          shippedAt: when('shipped'),
          deliveredAt: when('delivered'),
          cancelledAt: when('cancelled'),
          createdAt: spec.placedAt,
          updatedAt: last?.at ?? spec.placedAt,
        })
        .returning({ id: orderDeliveries.id })
      if (!row) throw new Error('insertOrder: delivery insert returned nothing')
      let parentLineId: number | null = null
      for (const line of delivery.lines) {
        const [inserted]: { id: number }[] = await tx
          .insert(orderLines)
          .values({
            orderId: order.id,
            deliveryId: row.id,
            kind: line.kind,
            productId: line.productId,
            parentLineId: line.kind === 'warranty' ? parentLineId : null,
            articleNumber: line.articleNumber,
            name: line.name,
            imageUrl: line.imageUrl,
            quantity: line.quantity,
            unitPriceCents: line.unitPriceCents,
          })
          .returning({ id: orderLines.id })
        if (line.kind === 'product') parentLineId = inserted?.id ?? null
      }
      await tx.insert(orderStatusEvents).values(
        trail.map((event) => ({
          deliveryId: row.id,
          fromStatus: event.from,
          toStatus: event.to,
          actor: event.actor,
          at: event.at,
        })),
      )
    }
    return { id: order.id, orderNumber, deliveryNumbers }
  }
  return db.transaction(run)
}

/** Products in stock, in catalog order: the demo orders pick from them by position. */
export async function pickableProductIds(db: DbOrTx, limit = 400): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(gt(products.stock, 0))
    .orderBy(asc(products.id))
    .limit(limit)
  return rows.map((row) => row.id)
}

/** Delivery status a demo order of that age would have by now. */
function statusForAge(days: number, index: number): OrderStatus {
  if (index % 11 === 5) return 'cancelled'
  if (days < 2) return index % 2 === 0 ? 'processing' : 'awaiting_payment'
  if (days < 5) return 'shipped'
  return 'delivered'
}

const PAYMENTS: { method: OrderPaymentMethod; label: string | null }[] = [
  { method: 'creditcard', label: 'Visa **** 1111' },
  { method: 'paypal', label: 'max.mustermann@example.de' },
  { method: 'invoice', label: null },
  { method: 'banktransfer', label: null },
  { method: 'klarnapaylater', label: null },
  { method: 'cashondelivery', label: null },
]

/** Days before the seeding time: a few in the last 30 days, 13 in the last 6 months, 3 years. */
const DEMO_ORDER_AGES = [
  1, 4, 12, 23, 38, 52, 67, 81, 96, 118, 133, 149, 166, 201, 236, 277, 318, 356, 402, 455, 511, 570,
  633, 690, 748, 802,
]

/**
 * Demo orders for the demo customers (after the catalog): the private customer gets orders over
 * about 2.2 years (this year and the two before), some with two or three deliveries, a coupon,
 * warranties or declared value, and one guest order of a light account with the same e-mail
 * (shown in his account because his e-mail is confirmed). Two stored cards, one of them expired.
 */
export async function seedOrders(db: DbOrTx, now = new Date()): Promise<void> {
  const productIds = await pickableProductIds(db)
  if (productIds.length < 10) return
  const pick = (n: number) => productIds[(n * 37) % productIds.length] as number
  const demo = await db
    .select({ id: customers.id, email: customers.email })
    .from(customers)
    .where(inArray(customers.email, [DEMO_CUSTOMERS.private, DEMO_CUSTOMERS.business]))
  const privateId = demo.find((c) => c.email === DEMO_CUSTOMERS.private)?.id
  const businessId = demo.find((c) => c.email === DEMO_CUSTOMERS.business)?.id
  if (!privateId || !businessId) return

  const specs: OrderSpec[] = []
  DEMO_ORDER_AGES.forEach((days, i) => {
    const placedAt = new Date(now.getTime() - days * DAY_MS - (i % 7) * 3_600_000)
    const payment = PAYMENTS[i % PAYMENTS.length] ?? { method: 'creditcard' as const, label: null }
    const status = statusForAge(days, i)
    const deliveryCount = i % 5 === 2 ? 3 : i % 3 === 1 ? 2 : 1
    const deliveries: DeliverySpec[] = []
    for (let d = 0; d < deliveryCount; d++) {
      deliveries.push({
        // A later delivery of a young order may still be on its way.
        status: d > 0 && status === 'delivered' && days < 10 ? 'shipped' : status,
        shipping: d === 0 ? 'dhl' : i % 2 === 0 ? 'hermes' : 'dpd',
        lines: Array.from({ length: 1 + ((i + d) % 3) }, (_, k) => ({
          productId: pick(i * 5 + d * 3 + k),
          quantity: k === 1 ? 2 : 1,
          withWarranty: k === 0 && i % 4 === 0,
        })),
      })
    }
    specs.push({
      customerId: privateId,
      placedAt,
      deliveries,
      paymentMethod: payment.method,
      paymentLabel: payment.label,
      coupon:
        i % 6 === 3 ? { code: 'HERBST10', title: 'Herbst-Gutschein', cents: 1000 } : undefined,
      declaredValue: i % 5 === 0,
      protectionCents: i % 9 === 4 ? 1999 : 0,
    })
  })
  for (const [i, days] of [9, 75, 300, 540].entries()) {
    specs.push({
      customerId: businessId,
      placedAt: new Date(now.getTime() - days * DAY_MS),
      paymentMethod: 'invoice',
      deliveries: [
        {
          status: statusForAge(days, i),
          shipping: 'dpd',
          lines: [
            { productId: pick(100 + i), quantity: 5 },
            { productId: pick(120 + i), quantity: 10 },
          ],
        },
      ],
    })
  }
  for (const spec of specs) await insertOrder(db, spec)

  // A guest order with the private customer's e-mail, placed through a light account.
  const [guest] = await db
    .insert(customers)
    .values({
      isLight: true,
      email: DEMO_CUSTOMERS.private,
      firstName: 'Max',
      lastName: 'Mustermann',
      customerType: 'private',
      createdAt: new Date(now.getTime() - 44 * DAY_MS),
    })
    .returning({ id: customers.id })
  if (guest)
    await insertOrder(db, {
      customerId: guest.id,
      placedAt: new Date(now.getTime() - 44 * DAY_MS),
      placedAsGuest: true,
      paymentMethod: 'paypal',
      paymentLabel: DEMO_CUSTOMERS.private,
      billingAddress: FALLBACK_ADDRESS,
      deliveries: [{ status: 'delivered', lines: [{ productId: pick(77) }] }],
    })

  // Display-only demo cards: the sandbox does not know their aliases, so paying with one asks
  // for the card again (card_alias_unknown).
  const year = now.getUTCFullYear()
  await db.insert(storedCards).values([
    {
      customerId: privateId,
      alias: 'ca_demo_visa_1111',
      brand: 'visa',
      maskedNumber: '**** **** **** 1111',
      expiryMonth: 12,
      expiryYear: year + 2,
      holder: 'Max Mustermann',
      createdAt: new Date(now.getTime() - 300 * DAY_MS),
    },
    {
      customerId: privateId,
      alias: 'ca_demo_mastercard_4444',
      brand: 'mastercard',
      maskedNumber: '**** **** **** 4444',
      expiryMonth: 3,
      expiryYear: year - 1,
      holder: 'Max Mustermann',
      createdAt: new Date(now.getTime() - 700 * DAY_MS),
    },
    {
      customerId: privateId,
      alias: 'ca_demo_amex_0005',
      brand: 'amex',
      maskedNumber: '**** ****** 10005',
      expiryMonth: 6,
      expiryYear: year + 3,
      holder: 'Max Mustermann',
      createdAt: new Date(now.getTime() - 30 * DAY_MS),
    },
  ])
}

export type SampleOrder = {
  placedAt: Date
  /** Number of deliveries (1-3); every delivery gets one or two catalog products. */
  deliveries?: number
  status?: OrderStatus
  placedAsGuest?: boolean
  /** Default creditcard (without a provider payment). */
  paymentMethod?: OrderPaymentMethod
}

/**
 * Orders with catalog products picked by position (`seed` shifts the pick), for tests and the
 * dev call: what a customer with a history looks like, without going through checkout.
 */
export async function insertSampleOrders(
  db: DbOrTx,
  customerId: number,
  samples: SampleOrder[],
  seed = 0,
): Promise<InsertedOrder[]> {
  const ids = await pickableProductIds(db, 200)
  const pick = (n: number) => ids[(seed * 13 + n * 7) % ids.length] as number
  const inserted: InsertedOrder[] = []
  for (const [i, sample] of samples.entries()) {
    const deliveries = Array.from({ length: sample.deliveries ?? 1 }, (_, d) => ({
      status: sample.status ?? ('delivered' as const),
      shipping: d === 0 ? ('dhl' as const) : ('hermes' as const),
      lines: Array.from({ length: 1 + ((i + d) % 2) }, (_, k) => ({
        productId: pick(i * 3 + d * 2 + k),
        quantity: 1 + k,
      })),
    }))
    inserted.push(
      await insertOrder(db, {
        customerId,
        placedAt: sample.placedAt,
        placedAsGuest: sample.placedAsGuest,
        paymentMethod: sample.paymentMethod,
        deliveries,
      }),
    )
  }
  return inserted
}
