// Orders for tests without going through checkout: written straight into the orders tables by
// the same helper the demo seed uses (db/seed/orders.ts). Usable by the account, checkout and
// back-office tests alike.
import { eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { customers } from '#db/schema/account.ts'
import {
  type InsertedOrder,
  insertOrder,
  insertSampleOrders,
  type OrderSpec,
  type SampleOrder,
} from '#db/seed/orders.ts'

export { insertOrder, insertSampleOrders, type OrderSpec, type SampleOrder }

/** The account id behind an e-mail (full accounts first). */
export async function customerIdOf(db: DbOrTx, email: string): Promise<number> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(sql`lower(${customers.email}) = lower(${email})`)
    .orderBy(customers.isLight, customers.id)
  if (!row) throw new Error(`no customer ${email}`)
  return row.id
}

/** Sample orders placed at the given dates for the account of `email`. */
export async function ordersFor(
  db: DbOrTx,
  email: string,
  samples: SampleOrder[],
  seed = 0,
): Promise<InsertedOrder[]> {
  return insertSampleOrders(db, await customerIdOf(db, email), samples, seed)
}

/** Marks the account's e-mail as confirmed (as the first code login does). */
export async function confirmEmail(db: DbOrTx, customerId: number, at = new Date()) {
  await db.update(customers).set({ emailConfirmedAt: at }).where(eq(customers.id, customerId))
}
