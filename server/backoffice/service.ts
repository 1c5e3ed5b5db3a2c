// Rules of the back office's work areas. Reads take the database; every change takes the
// audited transaction (`tx`) the router opens with `auditedChange` and returns the record before
// and after, which become the audit entry.

import type { z } from 'zod'
import type {
  BackofficeBusinessBodySchema,
  BackofficeCustomerDetail,
  BackofficeCustomerRow,
  BackofficeOrderDetail,
  BackofficeOrderRow,
  BackofficeOverview,
  BackofficeProduct,
  BackofficeProductBodySchema,
  BackofficeVoucher,
  BackofficeVoucherBodySchema,
  BackofficeVoucherDetail,
  TrackingReport,
} from '#contract/backoffice.ts'
import { BACKOFFICE_PAGE_SIZE } from '#contract/backoffice.ts'
import { berlinDate, campusStatusAt } from '#contract/campus.ts'
import {
  BUSINESS_FORMS,
  isOwnerRequired,
  isValidVatId,
  isVatIdRequired,
  normalizeVatId,
} from '#contract/fields.ts'
import type { OrderStatus } from '#contract/orders.ts'
import type { Db, DbOrTx, Tx } from '#db/client.ts'
import type { OrderAddress } from '#db/schema/orders.ts'
import { accountBlockEnd, clearBlocks } from '#server/account/index.ts'
import { renameAddressCompany } from '#server/addresses/index.ts'
import { reviewQueueStats } from '#server/campus/index.ts'
import { productUrl, returnStock } from '#server/catalog/index.ts'
import { countTrackingEvents } from '#server/consent/index.ts'
import type { AppContext } from '#server/platform/http.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import { sendCancelledMail, sendShippedMail } from './mails.ts'
import * as repo from './repo.ts'

/** Germany: the billing country when a customer has no billing address yet. */
const PRIMARY_COUNTRY_ID = 81

export type Change<T> = { before: T; after: T }

function paging(page: number) {
  return { limit: BACKOFFICE_PAGE_SIZE, offset: (page - 1) * BACKOFFICE_PAGE_SIZE }
}

// --- Dashboard ---------------------------------------------------------------------------------

export async function overview(ctx: AppContext): Promise<BackofficeOverview> {
  const day = berlinDate(ctx.clock.now())
  const [figures, campus] = await Promise.all([
    repo.dayFigures(ctx.db, day),
    reviewQueueStats(ctx.db),
  ])
  return {
    day,
    ordersToday: figures.orders,
    revenueTodayCents: figures.revenueCents,
    openDeliveries: figures.openDeliveries,
    ...campus,
  }
}

// --- Tracking report ---------------------------------------------------------------------------

const REPORT_DEFAULT_DAYS = 14
const REPORT_MAX_DAYS = 366

function addDays(day: string, days: number): string {
  return new Date(new Date(`${day}T00:00:00Z`).getTime() + days * 86_400_000)
    .toISOString()
    .slice(0, 10)
}

/** Tracking events per type and Berlin day, `from` and `to` included. */
export async function trackingReport(
  ctx: AppContext,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<Result<TrackingReport, 'backoffice_range_invalid'>> {
  const to = query.to ?? berlinDate(ctx.clock.now())
  const from = query.from ?? addDays(to, -(REPORT_DEFAULT_DAYS - 1))
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1
  if (!(days >= 1 && days <= REPORT_MAX_DAYS)) return err('backoffice_range_invalid')
  const rows = await countTrackingEvents(ctx.db, {
    from: berlinDayStart(from),
    to: berlinDayStart(addDays(to, 1)),
  })
  return ok({ from, to, rows })
}

// --- Customers ---------------------------------------------------------------------------------

function customerRowOf(row: {
  id: number
  customerNumber: string | null
  firstName: string
  lastName: string
  email: string
  customerType: 'private' | 'business'
  companyName: string | null
  isLight: boolean
  createdAt: Date
}): BackofficeCustomerRow {
  return {
    id: row.id,
    customerNumber: row.customerNumber,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    customerType: row.customerType,
    companyName: row.companyName,
    isLight: row.isLight,
    createdAt: row.createdAt.toISOString(),
  }
}

export async function searchCustomers(db: Db, query: { q: string; page: number }) {
  const { limit, offset } = paging(query.page)
  const { rows, total } = await repo.searchCustomers(db, query.q, limit, offset)
  return {
    customers: rows.map(customerRowOf),
    total,
    page: query.page,
    pageSize: BACKOFFICE_PAGE_SIZE,
  }
}

function orderRowOf(row: repo.OrderRow): BackofficeOrderRow {
  return {
    orderNumber: row.orderNumber,
    createdAt: row.createdAt.toISOString(),
    customerId: row.customerId,
    customerName: row.companyName ?? `${row.firstName} ${row.lastName}`,
    email: row.email,
    totalCents: row.totalCents,
    status: row.status,
    deliveries: row.deliveries,
    paymentMethod: row.paymentMethod,
  }
}

async function billingCountryOf(db: DbOrTx, customerId: number): Promise<number> {
  const list = await repo.listAddresses(db, customerId)
  return list.find((address) => address.isBilling)?.countryId ?? PRIMARY_COUNTRY_ID
}

export async function customerDetail(
  ctx: AppContext,
  db: DbOrTx,
  id: number,
): Promise<BackofficeCustomerDetail | null> {
  const customer = await repo.findCustomer(db, id)
  if (!customer) return null
  const now = ctx.clock.now()
  const [addressList, orderList, openApplicationId, blockedUntil] = await Promise.all([
    repo.listAddresses(db, id),
    repo.listOrders(db, { customerId: id }, 50, 0),
    repo.openCampusApplicationId(db, id),
    accountBlockEnd(db, customer.email, customer.id, now),
  ])
  const billingCountryId =
    addressList.find((address) => address.isBilling)?.countryId ?? PRIMARY_COUNTRY_ID
  const isBusiness = customer.customerType === 'business'
  return {
    ...customerRowOf(customer),
    businessFormId: customer.businessFormId,
    businessForm: BUSINESS_FORMS.find((form) => form.id === customer.businessFormId)?.label ?? null,
    businessType: customer.businessType,
    ownerFirstName: customer.ownerFirstName,
    ownerLastName: customer.ownerLastName,
    vatId: customer.vatId,
    vatRequired: isBusiness && isVatIdRequired(billingCountryId),
    hasPassword: customer.hasPassword,
    emailConfirmedAt: customer.emailConfirmedAt?.toISOString() ?? null,
    loginBlockedUntil: blockedUntil?.toISOString() ?? null,
    campus: {
      status: campusStatusAt(customer.studentStatus, customer.studentExpiration, now),
      expiresAt: customer.studentExpiration?.toISOString() ?? null,
      openApplicationId,
    },
    addresses: addressList.map(({ countryId: _countryId, ...address }) => address),
    orders: orderList.rows.map(orderRowOf),
  }
}

type BusinessData = {
  companyName: string | null
  businessFormId: number
  businessType: string | null
  vatId: string | null
}

/** Company name, business form and type, VAT id: the shop's rules, without the customer's lock. */
export async function changeBusiness(
  tx: Tx,
  ctx: AppContext,
  id: number,
  body: z.output<typeof BackofficeBusinessBodySchema>,
): Promise<
  Result<
    Change<BusinessData>,
    'not_found' | 'backoffice_not_business' | 'vat_id_invalid' | 'backoffice_owner_required'
  >
> {
  const customer = await repo.findCustomer(tx, id, true)
  if (!customer) return err('not_found')
  if (customer.customerType !== 'business') return err('backoffice_not_business')
  if (
    isOwnerRequired(body.businessFormId) &&
    (!customer.ownerFirstName || !customer.ownerLastName)
  ) {
    return err('backoffice_owner_required')
  }
  const countryId = await billingCountryOf(tx, id)
  const vatId = body.vatId ? normalizeVatId(body.vatId) : null
  if (vatId ? !isValidVatId(vatId, countryId) : isVatIdRequired(countryId)) {
    return err('vat_id_invalid')
  }
  const before: BusinessData = {
    companyName: customer.companyName,
    businessFormId: customer.businessFormId,
    businessType: customer.businessType,
    vatId: customer.vatId,
  }
  const after: BusinessData = {
    companyName: body.companyName,
    businessFormId: body.businessFormId,
    businessType: body.businessType,
    vatId,
  }
  await repo.updateCustomer(tx, id, {
    companyName: body.companyName,
    businessFormId: body.businessFormId,
    businessType: body.businessType,
    vatId,
    updatedAt: ctx.clock.now(),
  })
  if (body.companyName !== customer.companyName) {
    await renameAddressCompany(tx, id, body.companyName)
  }
  return ok({ before, after })
}

/** Ends the login blocks of the customer (every address, every browser) and forgets their failures. */
export async function unblockLogin(
  tx: Tx,
  ctx: AppContext,
  id: number,
): Promise<
  Result<Change<{ loginBlockedUntil: string | null }>, 'not_found' | 'backoffice_not_blocked'>
> {
  const customer = await repo.findCustomer(tx, id)
  if (!customer) return err('not_found')
  const until = await accountBlockEnd(tx, customer.email, customer.id, ctx.clock.now())
  if (!until) return err('backoffice_not_blocked')
  await clearBlocks(tx, customer.email, customer.id)
  return ok({
    before: { loginBlockedUntil: until.toISOString() },
    after: { loginBlockedUntil: null },
  })
}

// --- Orders ------------------------------------------------------------------------------------

/** Forward moves of the lifecycle (docs/decisions.md "Order status"); cancel is its own call. */
const NEXT: Record<OrderStatus, OrderStatus[]> = {
  awaiting_payment: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
}

function addressLine(address: OrderAddress): string {
  const name = [address.company, `${address.firstName} ${address.lastName}`]
    .filter(Boolean)
    .join(', ')
  const post = address.postNumber ? ` (Postnummer ${address.postNumber})` : ''
  return `${name}, ${address.streetName} ${address.streetNumber}${post}, ${address.zipCode} ${address.cityName}, ${address.countryName}`
}

export async function listOrders(
  db: Db,
  query: { page: number; status?: OrderStatus; from?: string; to?: string; q?: string },
) {
  const { limit, offset } = paging(query.page)
  const { rows, total } = await repo.listOrders(db, query, limit, offset)
  return { orders: rows.map(orderRowOf), total, page: query.page, pageSize: BACKOFFICE_PAGE_SIZE }
}

export async function orderDetail(
  db: DbOrTx,
  where: { orderNumber: string } | { id: number },
): Promise<BackofficeOrderDetail | null> {
  const order = await repo.findOrder(db, where)
  if (!order) return null
  const deliveries = await repo.listDeliveries(db, order.id)
  return {
    ...orderRowOf(order),
    paymentLabel: order.paymentLabel,
    billingAddress: addressLine(order.billingAddress),
    subtotalCents: order.subtotalCents,
    shippingCents: order.shippingCents,
    couponCents: order.couponCents,
    coupons: order.coupons,
    deliveryList: deliveries.map(({ delivery, lines, events }) => ({
      id: delivery.id,
      deliveryNumber: delivery.deliveryNumber,
      status: delivery.status,
      shippingLabel: delivery.shippingLabel,
      trackingNumber: delivery.trackingNumber,
      shippedAt: delivery.shippedAt?.toISOString() ?? null,
      deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
      cancelledAt: delivery.cancelledAt?.toISOString() ?? null,
      address: addressLine(delivery.deliveryAddress),
      lines: lines.map((line) => ({
        kind: line.kind,
        productId: line.productId,
        articleNumber: line.articleNumber,
        name: line.name,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
      })),
      nextStatuses: NEXT[delivery.status],
      events: events.map((event) => ({
        at: event.at.toISOString(),
        fromStatus: event.fromStatus,
        toStatus: event.toStatus,
        actor: event.actor,
        note: event.note,
      })),
    })),
  }
}

type DeliveryState = {
  orderNumber: string
  deliveryNumber: string
  status: OrderStatus
  trackingNumber: string | null
}

function orderUrl(ctx: AppContext, orderNumber: string) {
  return `${ctx.config.publicUrl}/kundenkonto/bestellungen/${orderNumber}`
}

/** Moves a delivery one step forward; "shipped" mails the customer. */
export async function moveDelivery(
  tx: Tx,
  ctx: AppContext,
  input: {
    deliveryId: number
    status: 'processing' | 'shipped' | 'delivered'
    trackingNumber?: string
    staffId: number
  },
): Promise<
  Result<Change<DeliveryState> & { orderId: number }, 'not_found' | 'backoffice_status_not_allowed'>
> {
  const row = await repo.lockDelivery(tx, input.deliveryId)
  if (!row) return err('not_found')
  const { delivery } = row
  if (!NEXT[delivery.status].includes(input.status)) return err('backoffice_status_not_allowed')
  const now = ctx.clock.now()
  const trackingNumber =
    input.status === 'shipped' ? input.trackingNumber || null : delivery.trackingNumber
  await repo.updateDelivery(tx, delivery.id, {
    status: input.status,
    trackingNumber,
    updatedAt: now,
    ...(input.status === 'shipped' ? { shippedAt: now } : {}),
    ...(input.status === 'delivered' ? { deliveredAt: now } : {}),
  })
  await repo.insertStatusEvent(tx, {
    deliveryId: delivery.id,
    fromStatus: delivery.status,
    toStatus: input.status,
    actor: `staff:${input.staffId}`,
    note: input.status === 'shipped' && trackingNumber ? `Sendungsnummer ${trackingNumber}` : null,
    at: now,
  })
  if (input.status === 'shipped') {
    const name = await repo.customerNameOf(tx, row.customerId)
    await sendShippedMail(tx, {
      to: row.email,
      firstName: name?.firstName ?? null,
      orderNumber: row.orderNumber,
      deliveryNumber: delivery.deliveryNumber,
      orderUrl: orderUrl(ctx, row.orderNumber),
      carrier: delivery.shippingLabel,
      trackingNumber,
    })
  }
  const state = { orderNumber: row.orderNumber, deliveryNumber: delivery.deliveryNumber }
  return ok({
    orderId: delivery.orderId,
    before: { ...state, status: delivery.status, trackingNumber: delivery.trackingNumber },
    after: { ...state, status: input.status, trackingNumber },
  })
}

/** Cancels a delivery not yet shipped: status, stock back, event and mail in one transaction. */
export async function cancelDelivery(
  tx: Tx,
  ctx: AppContext,
  input: { deliveryId: number; reason?: string; staffId: number },
): Promise<
  Result<
    Change<DeliveryState & { returnedStock?: { productId: number; quantity: number }[] }> & {
      orderId: number
    },
    'not_found' | 'backoffice_cancel_not_allowed'
  >
> {
  const row = await repo.lockDelivery(tx, input.deliveryId)
  if (!row) return err('not_found')
  const { delivery } = row
  if (!NEXT[delivery.status].includes('cancelled')) return err('backoffice_cancel_not_allowed')
  const now = ctx.clock.now()
  const lines = (await repo.productLinesOf(tx, delivery.id)).flatMap((line) =>
    line.productId === null ? [] : [{ productId: line.productId, quantity: line.quantity }],
  )
  await returnStock(tx, lines)
  await repo.updateDelivery(tx, delivery.id, {
    status: 'cancelled',
    cancelledAt: now,
    updatedAt: now,
  })
  const reason = input.reason?.trim() || null
  await repo.insertStatusEvent(tx, {
    deliveryId: delivery.id,
    fromStatus: delivery.status,
    toStatus: 'cancelled',
    actor: `staff:${input.staffId}`,
    note: reason,
    at: now,
  })
  const name = await repo.customerNameOf(tx, row.customerId)
  await sendCancelledMail(tx, {
    to: row.email,
    firstName: name?.firstName ?? null,
    orderNumber: row.orderNumber,
    deliveryNumber: delivery.deliveryNumber,
    orderUrl: orderUrl(ctx, row.orderNumber),
    reason,
  })
  const state = {
    orderNumber: row.orderNumber,
    deliveryNumber: delivery.deliveryNumber,
    trackingNumber: delivery.trackingNumber,
  }
  return ok({
    orderId: delivery.orderId,
    before: { ...state, status: delivery.status },
    after: { ...state, status: 'cancelled', returnedStock: lines },
  })
}

export type PaymentRelease =
  | { paymentId: string; action: 'voided' | 'refunded'; amountCents: number }
  | { paymentId: string; action: 'failed'; problem: string }

/**
 * After the last open delivery of an order was cancelled: gives the money back at the provider
 * (voids an authorization, refunds what was captured). Runs after the cancellation committed (no
 * provider call inside a database transaction); the provider's idempotency key is the order's,
 * so a second attempt changes nothing. Null when there is nothing to release (other deliveries
 * still open, no provider payment such as bank transfer, or already released).
 */
export async function releasePaymentOfCancelledOrder(
  ctx: AppContext,
  orderId: number,
): Promise<PaymentRelease | null> {
  const order = await repo.paymentOfOrder(ctx.db, orderId)
  if (!order?.pspPaymentId || order.openDeliveries > 0) return null
  const paymentId = order.pspPaymentId
  const payment = await ctx.payments.payments.get(paymentId)
  if (!payment) return { paymentId, action: 'failed', problem: 'payment_not_found' }
  const idempotencyKey = `order-${orderId}-cancelled`
  if (payment.status === 'authorized') {
    const voided = await ctx.payments.payments.void({ paymentId, idempotencyKey })
    return voided.ok
      ? { paymentId, action: 'voided', amountCents: payment.amountCents }
      : { paymentId, action: 'failed', problem: voided.code }
  }
  const open = payment.capturedCents - payment.refundedCents
  if ((payment.status === 'captured' || payment.status === 'partially_refunded') && open > 0) {
    const refunded = await ctx.payments.payments.refund({
      paymentId,
      amountCents: open,
      idempotencyKey,
    })
    return refunded.ok
      ? { paymentId, action: 'refunded', amountCents: open }
      : { paymentId, action: 'failed', problem: refunded.code }
  }
  return null
}

// --- Catalog -----------------------------------------------------------------------------------

function productOf(row: repo.ProductRecord): BackofficeProduct {
  return {
    id: row.id,
    articleNumber: row.articleNumber,
    name: row.name,
    brand: row.brand,
    priceCents: row.priceCents,
    strikeThroughPriceCents: row.strikeThroughPriceCents,
    campusPriceCents: row.campusPriceCents,
    stock: row.stock,
    active: row.active,
    url: productUrl(row.slug, row.id),
  }
}

export async function listProducts(db: Db, query: { q: string; page: number; inactive?: '1' }) {
  const { limit, offset } = paging(query.page)
  const { rows, total } = await repo.listProducts(db, {
    term: query.q,
    onlyInactive: query.inactive === '1',
    limit,
    offset,
  })
  return {
    products: rows.map(productOf),
    total,
    page: query.page,
    pageSize: BACKOFFICE_PAGE_SIZE,
  }
}

type ProductState = Omit<BackofficeProduct, 'url' | 'name' | 'brand' | 'articleNumber' | 'id'>

function productState(product: BackofficeProduct): ProductState {
  return {
    priceCents: product.priceCents,
    strikeThroughPriceCents: product.strikeThroughPriceCents,
    campusPriceCents: product.campusPriceCents,
    stock: product.stock,
    active: product.active,
  }
}

export async function updateProduct(
  tx: Tx,
  ctx: AppContext,
  id: number,
  body: z.output<typeof BackofficeProductBodySchema>,
): Promise<Result<Change<ProductState> & { product: BackofficeProduct }, 'not_found'>> {
  const row = await repo.findProduct(tx, id, true)
  if (!row) return err('not_found')
  await repo.updateProduct(tx, id, { ...body, updatedAt: ctx.clock.now() })
  const before = productOf(row)
  const product = { ...before, ...body }
  return ok({ before: productState(before), after: productState(product), product })
}

// --- Vouchers ----------------------------------------------------------------------------------

function voucherOf(row: repo.VoucherRecord): BackofficeVoucher {
  const { voucher } = row
  return {
    id: voucher.id,
    code: voucher.code,
    title: voucher.title,
    kind: voucher.kind,
    valueCents: voucher.valueCents,
    percent: voucher.percent,
    minOrderCents: voucher.minOrderCents,
    businessOnly: voucher.businessOnly,
    validFrom: voucher.validFrom?.toISOString() ?? null,
    validUntil: voucher.validUntil?.toISOString() ?? null,
    maxUses: voucher.maxUses,
    usedCount: voucher.usedCount,
    oncePerCustomer: voucher.oncePerCustomer,
    active: voucher.active,
    createdBy: voucher.createdBy,
    createdAt: voucher.createdAt.toISOString(),
    redeemedCents: row.redeemedCents,
  }
}

export async function listVouchers(db: Db, page: number) {
  const { limit, offset } = paging(page)
  const { rows, total } = await repo.listVouchers(db, limit, offset)
  return { vouchers: rows.map(voucherOf), total, page, pageSize: BACKOFFICE_PAGE_SIZE }
}

export async function voucherDetail(
  db: DbOrTx,
  id: number,
): Promise<BackofficeVoucherDetail | null> {
  const row = await repo.findVoucher(db, id)
  if (!row) return null
  const redemptions = await repo.listRedemptions(db, id)
  return {
    ...voucherOf(row),
    redemptions: redemptions.map((r) => ({
      at: r.at.toISOString(),
      orderNumber: r.orderNumber,
      customerId: r.customerId,
      customerName: `${r.firstName} ${r.lastName}`,
      email: r.email,
      amountCents: r.amountCents,
    })),
  }
}

/** Start of a Berlin day as an instant. */
function berlinDayStart(day: string): Date {
  // The offset of Berlin at noon of that day (CET or CEST) is the offset of its midnight too,
  // except on the two switch nights, where the switch happens at 02:00/03:00.
  const noon = new Date(`${day}T12:00:00Z`)
  const berlinNoon = new Date(noon.toLocaleString('en-US', { timeZone: 'Europe/Berlin' }))
  const utcNoon = new Date(noon.toLocaleString('en-US', { timeZone: 'UTC' }))
  const offsetMs = berlinNoon.getTime() - utcNoon.getTime()
  return new Date(new Date(`${day}T00:00:00Z`).getTime() - offsetMs)
}

export async function createVoucher(
  tx: Tx,
  body: z.output<typeof BackofficeVoucherBodySchema>,
  staffId: number,
): Promise<
  Result<{ before: null; after: BackofficeVoucher; id: number }, 'backoffice_voucher_code_taken'>
> {
  if (await repo.findVoucherByCode(tx, body.code)) return err('backoffice_voucher_code_taken')
  const id = await repo.insertVoucher(tx, {
    code: body.code,
    title: body.title,
    kind: body.kind,
    valueCents: body.kind === 'value' ? body.valueCents : null,
    percent: body.kind === 'percent' ? body.percent : null,
    minOrderCents: body.minOrderCents,
    businessOnly: body.businessOnly,
    validFrom: body.validFrom ? berlinDayStart(body.validFrom) : null,
    validUntil: body.validUntil
      ? new Date(berlinDayStart(addDays(body.validUntil, 1)).getTime() - 1)
      : null,
    maxUses: body.maxUses,
    oncePerCustomer: body.oncePerCustomer,
    active: true,
    createdBy: `staff:${staffId}`,
  })
  if (id === null) return err('backoffice_voucher_code_taken')
  const row = await repo.findVoucher(tx, id)
  if (!row) throw new Error('voucher vanished after insert')
  return ok({ before: null, after: voucherOf(row), id })
}

export async function setVoucherActive(
  tx: Tx,
  id: number,
  active: boolean,
): Promise<Result<Change<{ code: string; active: boolean }>, 'not_found'>> {
  const row = await repo.findVoucher(tx, id)
  if (!row) return err('not_found')
  await repo.setVoucherActive(tx, id, active)
  return ok({
    before: { code: row.voucher.code, active: row.voucher.active },
    after: { code: row.voucher.code, active },
  })
}
