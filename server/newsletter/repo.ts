// Queries of the newsletter slice.
import { and, eq, lt, sql } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { newsletterSubscriptions } from '#db/schema/newsletter.ts'

export type SubscriptionRow = typeof newsletterSubscriptions.$inferSelect

export async function findByEmailAndType(
  db: DbOrTx,
  email: string,
  type: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(newsletterSubscriptions)
    .where(
      and(
        sql`lower(${newsletterSubscriptions.email}) = ${email.toLowerCase()}`,
        eq(newsletterSubscriptions.type, type),
      ),
    )
    .for('update')
  return row
}

export async function findByActivationHash(db: DbOrTx, hash: string) {
  const [row] = await db
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.activationTokenHash, hash))
    .for('update')
  return row
}

export async function findByUnsubscribeToken(db: DbOrTx, token: string) {
  const [row] = await db
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.unsubscribeToken, token))
    .for('update')
  return row
}

export async function insertSubscription(
  db: DbOrTx,
  row: typeof newsletterSubscriptions.$inferInsert,
): Promise<void> {
  await db.insert(newsletterSubscriptions).values(row)
}

export async function updateSubscription(
  db: DbOrTx,
  id: number,
  patch: Partial<typeof newsletterSubscriptions.$inferInsert>,
): Promise<void> {
  await db.update(newsletterSubscriptions).set(patch).where(eq(newsletterSubscriptions.id, id))
}

/** Sign-ups never confirmed: deleted once their link has expired. */
export async function deleteExpiredPending(db: DbOrTx, now: Date): Promise<number> {
  const deleted = await db
    .delete(newsletterSubscriptions)
    .where(
      and(
        eq(newsletterSubscriptions.status, 'pending'),
        lt(newsletterSubscriptions.activationExpiresAt, now),
      ),
    )
    .returning({ id: newsletterSubscriptions.id })
  return deleted.length
}
