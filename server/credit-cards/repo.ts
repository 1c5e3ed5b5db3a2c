// Queries of the credit-cards slice; every one names the customer.
import { and, count, desc, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { customers } from '#db/schema/account.ts'
import { storedCards } from '#db/schema/credit-cards.ts'

export type CardRow = typeof storedCards.$inferSelect

export async function isLightAccount(db: DbOrTx, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ isLight: customers.isLight })
    .from(customers)
    .where(eq(customers.id, customerId))
  return row?.isLight ?? true
}

export function listCards(db: DbOrTx, customerId: number): Promise<CardRow[]> {
  return db
    .select()
    .from(storedCards)
    .where(eq(storedCards.customerId, customerId))
    .orderBy(desc(storedCards.createdAt), desc(storedCards.id))
}

export async function countCards(db: DbOrTx, customerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(storedCards)
    .where(eq(storedCards.customerId, customerId))
  return row?.n ?? 0
}

/** Locks the customer's row: saves of one customer run one after the other (card limit). */
export async function lockCustomer(tx: DbOrTx, customerId: number): Promise<void> {
  await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update')
}

/** Removes exactly the given cards of the customer; returns how many went. */
export async function removeCards(db: DbOrTx, customerId: number, ids: number[]): Promise<number> {
  const rows = await db
    .delete(storedCards)
    .where(and(eq(storedCards.customerId, customerId), inArray(storedCards.id, ids)))
    .returning({ id: storedCards.id })
  return rows.length
}
