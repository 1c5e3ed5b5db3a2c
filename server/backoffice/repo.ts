// Reads of the back office: its lists and details join across the shop (customers, addresses,
// orders, vouchers) in one query each, the read models scripts/check-slices.ts allows it. It
// writes nothing here: every change goes through the owning slice's function, inside the audited
// transaction the router opens (issue 18). Password hashes and card data are never selected.
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { OrderStatus } from '#contract/orders.ts'
import type { DbOrTx } from '#db/client.ts'
import { customers } from '#db/schema/account.ts'
import { addresses, countries } from '#db/schema/addresses.ts'
import { voucherRedemptions, vouchers } from '#db/schema/checkout.ts'
import { orderDeliveries, orderLines, orderStatusEvents, orders } from '#db/schema/orders.ts'

/** Escapes LIKE wildcards of a search term. */
function like(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** The Berlin day of a timestamp column. */
function berlinDay(column: SQL | typeof orders.createdAt): SQL {
  return sql`(${column} at time zone 'Europe/Berlin')::date`
}

// --- Customers ---------------------------------------------------------------------------------

const customerColumns = {
  id: customers.id,
  customerNumber: customers.customerNumber,
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
  customerType: customers.customerType,
  companyName: customers.companyName,
  isLight: customers.isLight,
  createdAt: customers.createdAt,
}

export async function searchCustomers(db: DbOrTx, term: string, limit: number, offset: number) {
  const words = term.split(/\s+/).filter(Boolean).slice(0, 5)
  // Every word must match a name, the e-mail, the company or the customer number.
  const where =
    words.length === 0
      ? undefined
      : and(
          ...words.map(
            (word) =>
              or(
                ilike(customers.firstName, like(word)),
                ilike(customers.lastName, like(word)),
                ilike(customers.email, like(word)),
                ilike(customers.companyName, like(word)),
                ilike(customers.customerNumber, like(word)),
              ) as SQL,
          ),
        )
  const [rows, [total]] = await Promise.all([
    db
      .select(customerColumns)
      .from(customers)
      .where(where)
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(customers).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}

/** The customer without the password hash (only whether there is one). */
export async function findCustomer(db: DbOrTx, id: number, forUpdate = false) {
  const query = db
    .select({
      ...customerColumns,
      emailConfirmedAt: customers.emailConfirmedAt,
      businessFormId: customers.businessFormId,
      businessType: customers.businessType,
      ownerFirstName: customers.ownerFirstName,
      ownerLastName: customers.ownerLastName,
      vatId: customers.vatId,
      studentStatus: customers.studentStatus,
      studentExpiration: customers.studentExpiration,
      hasPassword: sql<boolean>`${customers.passwordHash} is not null`,
    })
    .from(customers)
    .where(eq(customers.id, id))
  const [row] = forUpdate ? await query.for('update') : await query
  return row ?? null
}
export type CustomerRecord = NonNullable<Awaited<ReturnType<typeof findCustomer>>>

export function listAddresses(db: DbOrTx, customerId: number) {
  return db
    .select({
      id: addresses.id,
      isBilling: addresses.isDefault,
      company: addresses.company,
      firstName: addresses.firstName,
      lastName: addresses.lastName,
      streetName: addresses.streetName,
      streetNumber: addresses.streetNumber,
      zipCode: addresses.zipCode,
      cityName: addresses.cityName,
      countryId: addresses.countryId,
      countryName: countries.name,
      type: addresses.type,
      postNumber: addresses.postNumber,
    })
    .from(addresses)
    .innerJoin(countries, eq(countries.id, addresses.countryId))
    .where(eq(addresses.customerId, customerId))
    .orderBy(desc(addresses.isDefault), asc(addresses.id))
}

// --- Orders ------------------------------------------------------------------------------------

/** The order's status: its least advanced non-cancelled delivery (all cancelled: cancelled). */
// Correlated subqueries name the outer table explicitly: drizzle leaves columns unqualified in
// single-table selects, where `id` would bind to the subquery's own table.
const overallStatus = sql<OrderStatus>`coalesce((select d.status from ${orderDeliveries} d
  where d.order_id = "orders"."id" and d.status <> 'cancelled'
  order by case d.status when 'awaiting_payment' then 0 when 'processing' then 1
    when 'shipped' then 2 else 3 end limit 1), 'cancelled')`

const orderRowColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  createdAt: orders.createdAt,
  customerId: orders.customerId,
  firstName: customers.firstName,
  lastName: customers.lastName,
  companyName: customers.companyName,
  email: orders.email,
  totalCents: orders.totalCents,
  paymentMethod: orders.paymentMethod,
  status: overallStatus,
  deliveries: sql<number>`(select count(*)::int from ${orderDeliveries} d where d.order_id = "orders"."id")`,
}

export type OrderFilter = {
  status?: OrderStatus
  from?: string
  to?: string
  q?: string
  customerId?: number
}

function orderWhere(filter: OrderFilter): SQL | undefined {
  const term = filter.q?.trim()
  return and(
    filter.customerId === undefined ? undefined : eq(orders.customerId, filter.customerId),
    filter.status ? sql`${overallStatus} = ${filter.status}` : undefined,
    filter.from ? sql`${berlinDay(orders.createdAt)} >= ${filter.from}::date` : undefined,
    filter.to ? sql`${berlinDay(orders.createdAt)} <= ${filter.to}::date` : undefined,
    term
      ? or(
          ilike(orders.orderNumber, like(term)),
          ilike(orders.email, like(term)),
          sql`(${customers.firstName} || ' ' || ${customers.lastName}) ilike ${like(term)}`,
          ilike(customers.companyName, like(term)),
        )
      : undefined,
  )
}

export async function listOrders(db: DbOrTx, filter: OrderFilter, limit: number, offset: number) {
  const where = orderWhere(filter)
  const [rows, [total]] = await Promise.all([
    db
      .select(orderRowColumns)
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}
export type OrderRow = Awaited<ReturnType<typeof listOrders>>['rows'][number]

export async function findOrder(db: DbOrTx, where: { orderNumber: string } | { id: number }) {
  const [row] = await db
    .select({
      ...orderRowColumns,
      paymentLabel: orders.paymentLabel,
      billingAddress: orders.billingAddress,
      subtotalCents: orders.subtotalCents,
      shippingCents: orders.shippingCents,
      couponCents: orders.couponCents,
      coupons: orders.coupons,
      oldDeviceTakeBack: orders.oldDeviceTakeBack,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where('id' in where ? eq(orders.id, where.id) : eq(orders.orderNumber, where.orderNumber))
  return row ?? null
}

export async function listDeliveries(db: DbOrTx, orderId: number) {
  const deliveries = await db
    .select()
    .from(orderDeliveries)
    .where(eq(orderDeliveries.orderId, orderId))
    .orderBy(asc(orderDeliveries.position))
  const ids = deliveries.map((d) => d.id)
  const [lines, events] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)),
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(orderStatusEvents)
          .where(inArray(orderStatusEvents.deliveryId, ids))
          .orderBy(asc(orderStatusEvents.at), asc(orderStatusEvents.id)),
  ])
  return deliveries.map((delivery) => ({
    delivery,
    lines: lines.filter((line) => line.deliveryId === delivery.id),
    events: events.filter((event) => event.deliveryId === delivery.id),
  }))
}

// --- Dashboard ---------------------------------------------------------------------------------

export async function dayFigures(db: DbOrTx, day: string) {
  const [row] = await db
    .select({
      orders: sql<number>`count(*)::int`,
      // Orders cancelled in full bring no revenue (partial cancellations keep their total).
      revenue: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${overallStatus} <> 'cancelled'), 0)::int`,
    })
    .from(orders)
    .where(sql`${berlinDay(orders.createdAt)} = ${day}::date`)
  const [open] = await db
    .select({ n: count() })
    .from(orderDeliveries)
    .where(inArray(orderDeliveries.status, ['awaiting_payment', 'processing']))
  return { orders: row?.orders ?? 0, revenueCents: row?.revenue ?? 0, openDeliveries: open?.n ?? 0 }
}

// --- Vouchers ----------------------------------------------------------------------------------

const voucherColumns = {
  voucher: vouchers,
  redeemedCents: sql<number>`coalesce((select sum(r.amount_cents) from ${voucherRedemptions} r where r.voucher_id = "vouchers"."id"), 0)::int`,
}

export async function listVouchers(db: DbOrTx, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select(voucherColumns)
      .from(vouchers)
      .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(vouchers),
  ])
  return { rows, total: total?.n ?? 0 }
}

export async function findVoucher(db: DbOrTx, id: number) {
  const [row] = await db.select(voucherColumns).from(vouchers).where(eq(vouchers.id, id))
  return row ?? null
}
export type VoucherRecord = NonNullable<Awaited<ReturnType<typeof findVoucher>>>

export async function findVoucherByCode(db: DbOrTx, code: string) {
  const [row] = await db
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(sql`upper(${vouchers.code}) = upper(${code})`)
  return row ?? null
}

export function listRedemptions(db: DbOrTx, voucherId: number) {
  return db
    .select({
      at: voucherRedemptions.at,
      amountCents: voucherRedemptions.amountCents,
      orderNumber: orders.orderNumber,
      email: orders.email,
      customerId: voucherRedemptions.customerId,
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(voucherRedemptions)
    .innerJoin(orders, eq(orders.id, voucherRedemptions.orderId))
    .innerJoin(customers, eq(customers.id, voucherRedemptions.customerId))
    .where(eq(voucherRedemptions.voucherId, voucherId))
    .orderBy(desc(voucherRedemptions.at), desc(voucherRedemptions.id))
}
