// The order's side of invoicing (issue 20; docs/decisions.md "Invoices and credit notes"): what of
// the order's stored amounts belongs on the invoice of each delivery and on the credit note of
// each refund. The invoices slice numbers, freezes and renders; the amounts come from here.
//
// - A delivery's invoice carries its product and warranty lines at the prices paid, its share of
//   the coupons and of the protection package / declared value (the same shares the refunds use,
//   ./refund-amounts.ts), its own shipping, and the cash-on-delivery fee on the first delivery.
// - The order's stored VAT is split over the deliveries pro rata to their gross (largest
//   remainder), so the invoices of all deliveries add up to the order's total and VAT exactly.
// - A refund's credit note carries the refund's breakdown, per invoiced delivery; its VAT is the
//   VAT included in the refunded amount, split the same way.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { includedVatCents } from '#contract/cart.ts'
import { INVOICE_TERM_DAYS } from '#contract/checkout.ts'
import { orderPaymentName } from '#contract/payments.de.ts'
import type { DbOrTx, Tx } from '#db/client.ts'
import { customers } from '#db/schema/account.ts'
import { countries } from '#db/schema/addresses.ts'
import {
  type OrderAddress,
  orderDeliveries,
  orderLines,
  orders,
  type RefundBreakdown,
} from '#db/schema/orders.ts'
import {
  type DraftParty,
  type DraftPosition,
  type InvoiceDraft,
  type IssuedInvoice,
  issueDocument,
} from '#server/invoices/index.ts'
import { distribute, groupsOf } from './refund-amounts.ts'

type OrderRow = typeof orders.$inferSelect
type DeliveryRow = typeof orderDeliveries.$inferSelect
type LineRow = typeof orderLines.$inferSelect

export type OrderFacts = {
  order: OrderRow
  deliveries: DeliveryRow[]
  lines: LineRow[]
  customerNumber: string
  vatId: string | null
  iso: Map<number, string>
}

export async function orderFacts(db: DbOrTx, orderId: number): Promise<OrderFacts | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
  if (!order) return null
  const [deliveries, lines, [customer]] = await Promise.all([
    db
      .select()
      .from(orderDeliveries)
      .where(eq(orderDeliveries.orderId, orderId))
      .orderBy(asc(orderDeliveries.position), asc(orderDeliveries.id)),
    db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)),
    db
      .select({
        id: customers.id,
        customerNumber: customers.customerNumber,
        vatId: customers.vatId,
      })
      .from(customers)
      .where(eq(customers.id, order.customerId)),
  ])
  const countryIds = [
    order.billingAddress.countryId,
    ...deliveries.map((d) => d.deliveryAddress.countryId),
  ]
  const isoRows = await db
    .select({ id: countries.id, iso2: countries.iso2 })
    .from(countries)
    .where(inArray(countries.id, countryIds))
  return {
    order,
    deliveries,
    lines,
    customerNumber: customer?.customerNumber ?? `G${order.customerId}`,
    // The id the exemption was granted for (intra-EU supply), else the customer's current one.
    vatId:
      order.buyerVatId ?? (order.customerType === 'business' ? (customer?.vatId ?? null) : null),
    iso: new Map(isoRows.map((r) => [r.id, r.iso2])),
  }
}

export type DeliveryShare = {
  positions: DraftPosition[]
  couponCents: number
  grossCents: number
  vatCents: number
}

function extrasLabel(order: OrderRow, partial: boolean): string {
  const both = order.protectionCents > 0 && order.declaredValueCents > 0
  const label = both
    ? 'Schutzpaket und Wertversicherung'
    : order.protectionCents > 0
      ? 'Schutzpaket „No Risk, Much Fun“'
      : 'Wertversicherung'
  return partial ? `${label} (anteilig)` : label
}

/** What each delivery's invoice carries; the grosses add up to the order's total. */
export function deliveryShares(facts: Pick<OrderFacts, 'order' | 'deliveries' | 'lines'>) {
  const { order, deliveries, lines } = facts
  const groups = groupsOf(order, lines)
  const multi = deliveries.length > 1
  const ownShipping = deliveries.reduce((s, d) => s + d.shippingCents, 0)
  const shipping =
    ownShipping === order.shippingCents
      ? deliveries.map((d) => d.shippingCents)
      : ownShipping > 0
        ? distribute(
            order.shippingCents,
            deliveries.map((d) => d.shippingCents),
          )
        : deliveries.map((_, i) => (i === 0 ? order.shippingCents : 0))
  const shares = deliveries.map((delivery, i): DeliveryShare => {
    const mine = groups.filter(
      (g) => lines.find((l) => l.id === g.line.id)?.deliveryId === delivery.id,
    )
    const positions: DraftPosition[] = []
    for (const group of mine)
      for (const line of [group.line, ...group.warranties])
        positions.push({
          orderLineId: line.id,
          kind: line.kind === 'warranty' ? 'warranty' : 'product',
          articleNumber: line.articleNumber,
          name: line.name,
          quantity: line.quantity,
          grossUnitCents: line.unitPriceCents,
          grossCents: line.unitPriceCents * line.quantity,
        })
    const extras = mine.reduce((s, g) => s + g.extrasShare, 0)
    if (extras > 0)
      positions.push({
        orderLineId: null,
        kind: order.protectionCents > 0 ? 'protection' : 'declared_value',
        articleNumber: null,
        name: extrasLabel(order, multi),
        quantity: 1,
        grossUnitCents: extras,
        grossCents: extras,
      })
    const ship = shipping[i] ?? 0
    if (ship > 0)
      positions.push({
        orderLineId: null,
        kind: 'shipping',
        articleNumber: null,
        name: `Versand: ${delivery.shippingLabel}`,
        quantity: 1,
        grossUnitCents: ship,
        grossCents: ship,
      })
    if (i === 0 && order.paymentFeeCents > 0)
      positions.push({
        orderLineId: null,
        kind: 'payment_fee',
        articleNumber: null,
        name: 'Nachnahmegebühr',
        quantity: 1,
        grossUnitCents: order.paymentFeeCents,
        grossCents: order.paymentFeeCents,
      })
    const couponCents = mine.reduce((s, g) => s + g.couponShare, 0)
    const grossCents = positions.reduce((s, p) => s + p.grossCents, 0) - couponCents
    return { positions, couponCents, grossCents, vatCents: 0 }
  })
  const vat = distribute(
    order.taxCents,
    shares.map((s) => Math.max(0, s.grossCents)),
  )
  return shares.map((share, i) => ({ ...share, vatCents: vat[i] ?? 0 }))
}

function party(address: OrderAddress, iso: Map<number, string>): DraftParty {
  const street =
    address.type === 'packstation'
      ? `Packstation ${address.streetNumber}${address.postNumber ? `, Postnummer ${address.postNumber}` : ''}`
      : `${address.streetName} ${address.streetNumber}`.trim()
  return {
    company: address.company,
    firstName: address.firstName,
    lastName: address.lastName,
    street,
    zip: address.zipCode,
    city: address.cityName,
    countryCode: iso.get(address.countryId) ?? 'DE',
  }
}

function baseDraft(facts: OrderFacts, delivery: DeliveryRow) {
  const { order } = facts
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    orderDate: order.createdAt,
    deliveryId: delivery.id,
    deliveryNumber: delivery.deliveryNumber,
    customerId: order.customerId,
    customerNumber: facts.customerNumber,
    customerType: order.customerType,
    email: order.email,
    buyer: { ...party(order.billingAddress, facts.iso), vatId: facts.vatId },
    deliverTo: party(delivery.deliveryAddress, facts.iso),
    deliveryDate: delivery.shippedAt ?? delivery.updatedAt,
    vatPercent: order.taxPercent,
    paymentMethod: order.paymentMethod,
    paymentMethodName: orderPaymentName(order.paymentMethod),
    paymentLabel: order.paymentLabel,
  }
}

/** The invoice draft of one delivery (null: unknown delivery). */
export function invoiceDraft(facts: OrderFacts, deliveryId: number): InvoiceDraft | null {
  const index = facts.deliveries.findIndex((d) => d.id === deliveryId)
  const delivery = facts.deliveries[index]
  const share = deliveryShares(facts)[index]
  if (!delivery || !share) return null
  return {
    ...baseDraft(facts, delivery),
    kind: 'invoice',
    refundId: null,
    reason: null,
    positions: share.positions,
    couponGrossCents: share.couponCents,
    couponNames: facts.order.coupons.map((c) => c.code),
    grossCents: share.grossCents,
    vatCents: share.vatCents,
    paymentDueDays: facts.order.paymentMethod === 'invoice' ? INVOICE_TERM_DAYS : null,
  }
}

/** Issues the invoice of a delivery in the caller's transaction (once; again: the same one). */
export async function issueDeliveryInvoice(
  tx: Tx,
  orderId: number,
  deliveryId: number,
  now: Date,
): Promise<IssuedInvoice | null> {
  const facts = await orderFacts(tx, orderId)
  if (!facts) return null
  const draft = invoiceDraft(facts, deliveryId)
  return draft ? issueDocument(tx, draft, now) : null
}

const REASONS: Record<string, string> = {
  cancellation: 'Stornierung',
  withdrawal: 'Widerruf',
  defect: 'Reklamation',
  goodwill: 'Kulanz',
}

/** The credit note drafts of a refund: one per delivery whose lines (or extras) it gives back. */
export function creditNoteDrafts(
  facts: OrderFacts,
  refund: {
    id: string
    reason: string
    amountCents: number
    breakdown: RefundBreakdown
    deliveryId: number | null
  },
): InvoiceDraft[] {
  const byDelivery = new Map<number, { positions: DraftPosition[]; couponCents: number }>()
  const at = (deliveryId: number) => {
    let entry = byDelivery.get(deliveryId)
    if (!entry) {
      entry = { positions: [], couponCents: 0 }
      byDelivery.set(deliveryId, entry)
    }
    return entry
  }
  for (const line of refund.breakdown.lines) {
    const orderLine = facts.lines.find((l) => l.id === line.orderLineId)
    if (!orderLine) continue
    const entry = at(orderLine.deliveryId)
    entry.positions.push({
      orderLineId: line.orderLineId,
      kind: 'product',
      articleNumber: line.articleNumber,
      name: line.name,
      quantity: line.quantity,
      grossUnitCents: Math.round(line.goodsCents / line.quantity),
      grossCents: line.goodsCents,
    })
    if (line.extrasCents > 0)
      entry.positions.push({
        orderLineId: null,
        kind: facts.order.protectionCents > 0 ? 'protection' : 'declared_value',
        articleNumber: null,
        name: extrasLabel(facts.order, true),
        quantity: 1,
        grossUnitCents: line.extrasCents,
        grossCents: line.extrasCents,
      })
    entry.couponCents += -line.couponCents
  }
  // Shipping, fee and a staff amount go with the first delivery concerned (or the refund's own,
  // or the last one shipped when the refund names no lines).
  const shippedLast = [...facts.deliveries].reverse().find((d) => d.shippedAt)
  const firstId =
    [...byDelivery.keys()][0] ?? refund.deliveryId ?? shippedLast?.id ?? facts.deliveries[0]?.id
  if (firstId === undefined) return []
  const first = at(firstId)
  const extra: [DraftPosition['kind'], string, number][] = [
    ['shipping', 'Versandkosten', refund.breakdown.shippingCents],
    ['payment_fee', 'Nachnahmegebühr', refund.breakdown.paymentFeeCents],
  ]
  for (const [kind, name, cents] of extra)
    if (cents > 0)
      first.positions.push({
        orderLineId: null,
        kind,
        articleNumber: null,
        name,
        quantity: 1,
        grossUnitCents: cents,
        grossCents: cents,
      })
  const adjustment = refund.breakdown.adjustmentCents
  if (adjustment > 0)
    first.positions.push({
      orderLineId: null,
      kind: 'shipping',
      articleNumber: null,
      name: 'Erstattung (Kulanz/Minderung)',
      quantity: 1,
      grossUnitCents: adjustment,
      grossCents: adjustment,
    })
  if (adjustment < 0) first.couponCents += -adjustment
  const entries = [...byDelivery.entries()].map(([deliveryId, entry]) => ({
    deliveryId,
    ...entry,
    grossCents: entry.positions.reduce((s, p) => s + p.grossCents, 0) - entry.couponCents,
  }))
  const vat = distribute(
    includedVatCents(refund.amountCents),
    entries.map((e) => Math.max(0, e.grossCents)),
  )
  return entries.flatMap((entry, i) => {
    const delivery = facts.deliveries.find((d) => d.id === entry.deliveryId)
    if (!delivery) return []
    return [
      {
        ...baseDraft(facts, delivery),
        kind: 'credit_note' as const,
        refundId: refund.id,
        reason: REASONS[refund.reason] ?? null,
        positions: entry.positions,
        couponGrossCents: entry.couponCents,
        couponNames: adjustment < 0 && entry.deliveryId === firstId ? ['Abzug'] : [],
        grossCents: entry.grossCents,
        vatCents: vat[i] ?? 0,
        paymentDueDays: null,
      },
    ]
  })
}

/** Issues the credit notes of a refund in the caller's transaction (for invoiced deliveries). */
export async function issueRefundCreditNotes(
  tx: Tx,
  refund: Parameters<typeof creditNoteDrafts>[1] & { orderId: number },
  now: Date,
): Promise<IssuedInvoice[]> {
  const facts = await orderFacts(tx, refund.orderId)
  if (!facts) return []
  const issued: IssuedInvoice[] = []
  for (const draft of creditNoteDrafts(facts, refund)) {
    const note = await issueDocument(tx, draft, now)
    if (note) issued.push(note)
  }
  return issued
}

/** Shipped or delivered deliveries without an invoice (orders shipped before invoicing existed). */
export async function deliveriesWithoutInvoice(db: DbOrTx, limit: number) {
  return db
    .select({ orderId: orderDeliveries.orderId, deliveryId: orderDeliveries.id })
    .from(orderDeliveries)
    .where(
      and(
        inArray(orderDeliveries.status, ['shipped', 'delivered']),
        isNull(
          sql`(select i.id from invoices i where i.delivery_id = ${orderDeliveries.id} and i.kind = 'invoice')`,
        ),
      ),
    )
    .orderBy(asc(orderDeliveries.id))
    .limit(limit)
}
