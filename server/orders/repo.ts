// Queries of the orders slice. Every read is scoped by `visibleTo(viewer)`: the customer's own
// orders and, once the e-mail is confirmed, the guest orders of light accounts with that e-mail
// (docs/decisions.md "Orders in the account").
import { and, asc, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { customers } from '#db/schema/account.ts'
import { orderDeliveries, orderLines, orders } from '#db/schema/orders.ts'

export type Viewer = {
  id: number
  email: string
  isLight: boolean
  emailConfirmed: boolean
}

export async function findViewer(db: DbOrTx, customerId: number): Promise<Viewer | null> {
  const [row] = await db
    .select({
      id: customers.id,
      email: customers.email,
      isLight: customers.isLight,
      emailConfirmedAt: customers.emailConfirmedAt,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
  if (!row) return null
  return {
    id: row.id,
    email: row.email,
    isLight: row.isLight,
    emailConfirmed: row.emailConfirmedAt !== null,
  }
}

/** Orders the viewer may see. */
function visibleTo(viewer: Viewer): SQL {
  const own = eq(orders.customerId, viewer.id)
  if (!viewer.emailConfirmed) return own
  // Light accounts of the same e-mail, found through customers' lower(email) index.
  const guestAccounts = sql`(select ${customers.id} from ${customers} where lower(${customers.email}) = lower(${viewer.email}) and ${customers.isLight})`
  return or(
    own,
    and(
      eq(orders.placedAsGuest, true),
      sql`${orders.customerId} in ${guestAccounts}`,
      sql`lower(${orders.email}) = lower(${viewer.email})`,
    ),
  ) as SQL
}

/** The period of the filter: the last `days` days, or a calendar year in Berlin time. */
export type Period = { kind: 'days'; days: number; now: Date } | { kind: 'year'; year: number }

function inPeriod(period: Period): SQL {
  if (period.kind === 'days') {
    const from = new Date(period.now.getTime() - period.days * 24 * 60 * 60 * 1000)
    return and(
      gte(orders.createdAt, from),
      lt(orders.createdAt, new Date(period.now.getTime() + 1)),
    ) as SQL
  }
  return sql`${orders.createdAt} >= make_timestamptz(${period.year}, 1, 1, 0, 0, 0, 'Europe/Berlin') and ${orders.createdAt} < make_timestamptz(${period.year + 1}, 1, 1, 0, 0, 0, 'Europe/Berlin')`
}

/** Years (Berlin time) in which the viewer has orders, newest first. */
export async function orderYears(db: DbOrTx, viewer: Viewer): Promise<number[]> {
  const year = sql<number>`extract(year from ${orders.createdAt} at time zone 'Europe/Berlin')::int`
  const rows = await db
    .selectDistinct({ year })
    .from(orders)
    .where(visibleTo(viewer))
    .orderBy(desc(year))
  return rows.map((row) => Number(row.year))
}

export type OrderRow = typeof orders.$inferSelect

export async function countOrders(db: DbOrTx, viewer: Viewer, period: Period): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(visibleTo(viewer), inPeriod(period)))
  return row?.n ?? 0
}

export async function listOrders(
  db: DbOrTx,
  viewer: Viewer,
  period: Period,
  page: { offset: number; limit: number },
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(visibleTo(viewer), inPeriod(period)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .offset(page.offset)
    .limit(page.limit)
}

export async function findOrder(
  db: DbOrTx,
  viewer: Viewer,
  orderNumber: string,
): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), visibleTo(viewer)))
  return row ?? null
}

export type DeliveryRow = typeof orderDeliveries.$inferSelect
export type LineRow = typeof orderLines.$inferSelect

/** Deliveries and lines of the given orders, in delivery and line order. */
export async function deliveriesOf(
  db: DbOrTx,
  orderIds: number[],
): Promise<{ deliveries: DeliveryRow[]; lines: LineRow[] }> {
  if (orderIds.length === 0) return { deliveries: [], lines: [] }
  const [deliveries, lines] = await Promise.all([
    db
      .select()
      .from(orderDeliveries)
      .where(inArray(orderDeliveries.orderId, orderIds))
      .orderBy(asc(orderDeliveries.orderId), asc(orderDeliveries.position)),
    db
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, orderIds))
      .orderBy(asc(orderLines.id)),
  ])
  return { deliveries, lines }
}

/**
 * Products that appear in the same orders as `productId`, by the number of shared orders
 * (ties: the lower id), the product itself left out. Cancelled deliveries do not count.
 */
export async function productsBoughtWith(
  db: DbOrTx,
  productId: number,
  limit: number,
): Promise<number[]> {
  const other = orderLines
  const rows = await db.execute<{ product_id: number }>(sql`
    select o.product_id, count(distinct o.order_id) as n
    from ${orderLines} p
    join ${other} o on o.order_id = p.order_id and o.product_id <> p.product_id
      and o.kind = 'product'
    join ${orderDeliveries} d on d.id = o.delivery_id and d.status <> 'cancelled'
    where p.product_id = ${productId} and p.kind = 'product'
    group by o.product_id
    order by n desc, o.product_id
    limit ${limit}`)
  return rows.map((row) => Number(row.product_id))
}

/**
 * The customer has an order line of the product in a delivery that was not cancelled (reviews'
 * "Verifizierter Kauf", issue 22).
 */
export async function customerBoughtProduct(
  db: DbOrTx,
  customerId: number,
  productId: number,
): Promise<boolean> {
  const rows = await db.execute<{ one: number }>(sql`
    select 1 as one
    from ${orderLines} l
    join ${orders} o on o.id = l.order_id
    join ${orderDeliveries} d on d.id = l.delivery_id and d.status <> 'cancelled'
    where o.customer_id = ${customerId} and l.product_id = ${productId} and l.kind = 'product'
    limit 1`)
  return rows.length > 0
}

/** Private or business (null: no such customer). */
export async function customerTypeOf(db: DbOrTx, customerId: number) {
  const [row] = await db
    .select({ customerType: customers.customerType })
    .from(customers)
    .where(eq(customers.id, customerId))
  return row?.customerType ?? null
}
