// Queries of the reviews slice. It writes reviews, review_comments and review_votes only; it reads
// products (name, state) and customers (the shown name) as read models.
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { ReviewSort } from '#contract/reviews.ts'
import type { DbOrTx } from '#db/client.ts'
import { customers } from '#db/schema/account.ts'
import { products } from '#db/schema/catalog.ts'
import { type ReviewStatus, reviewComments, reviews, reviewVotes } from '#db/schema/reviews.ts'

export type ReviewRow = typeof reviews.$inferSelect

export async function productFacts(db: DbOrTx, productId: number) {
  const [row] = await db
    .select({ id: products.id, name: products.name, slug: products.slug, active: products.active })
    .from(products)
    .where(eq(products.id, productId))
  return row ?? null
}

/** "Max M.": first name and the initial of the last name. */
export async function authorNameOf(db: DbOrTx, customerId: number): Promise<string> {
  const [row] = await db
    .select({ firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(eq(customers.id, customerId))
  if (!row) return 'Kunde'
  const initial = row.lastName.trim().charAt(0)
  return [row.firstName.trim(), initial ? `${initial}.` : ''].filter(Boolean).join(' ') || 'Kunde'
}

export async function findReview(db: DbOrTx, reviewId: number): Promise<ReviewRow | null> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, reviewId))
  return row ?? null
}

/** Locks the review row for a change (moderation, edit). */
export async function lockReview(db: DbOrTx, reviewId: number): Promise<ReviewRow | null> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, reviewId)).for('update')
  return row ?? null
}

export async function findOwnReview(db: DbOrTx, customerId: number, productId: number) {
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.customerId, customerId), eq(reviews.productId, productId)))
  return row ?? null
}

/** Inserts the review; null when the customer already has one of the product (unique index). */
export async function insertReview(
  db: DbOrTx,
  values: typeof reviews.$inferInsert,
): Promise<ReviewRow | null> {
  const [row] = await db.insert(reviews).values(values).onConflictDoNothing().returning()
  return row ?? null
}

export async function updateReview(
  db: DbOrTx,
  reviewId: number,
  values: Partial<typeof reviews.$inferInsert>,
): Promise<ReviewRow> {
  const [row] = await db.update(reviews).set(values).where(eq(reviews.id, reviewId)).returning()
  if (!row) throw new Error(`review ${reviewId} vanished`)
  return row
}

export async function deleteReview(db: DbOrTx, reviewId: number): Promise<void> {
  await db.delete(reviews).where(eq(reviews.id, reviewId))
}

const published = (productId: number) =>
  and(eq(reviews.productId, productId), eq(reviews.status, 'published'))

/** Count and sum of stars per star value of the published reviews. */
export async function distribution(db: DbOrTx, productId: number) {
  const rows = await db
    .select({ rating: reviews.rating, n: count() })
    .from(reviews)
    .where(published(productId))
    .groupBy(reviews.rating)
  return rows.map((row) => ({ rating: row.rating, count: Number(row.n) }))
}

const ORDER: Record<ReviewSort, SQL[]> = {
  newest: [sql`${reviews.publishedAt} desc nulls last`, desc(reviews.id)],
  helpful: [
    desc(reviews.helpfulCount),
    sql`${reviews.publishedAt} desc nulls last`,
    desc(reviews.id),
  ],
  best: [desc(reviews.rating), sql`${reviews.publishedAt} desc nulls last`, desc(reviews.id)],
  worst: [asc(reviews.rating), sql`${reviews.publishedAt} desc nulls last`, desc(reviews.id)],
}

export function publishedPage(
  db: DbOrTx,
  productId: number,
  sort: ReviewSort,
  limit: number,
  offset: number,
) {
  return db
    .select()
    .from(reviews)
    .where(published(productId))
    .orderBy(...ORDER[sort])
    .limit(limit)
    .offset(offset)
}

export function commentsOf(db: DbOrTx, reviewIds: number[]) {
  if (reviewIds.length === 0) return Promise.resolve([])
  return db
    .select()
    .from(reviewComments)
    .where(inArray(reviewComments.reviewId, reviewIds))
    .orderBy(asc(reviewComments.createdAt), asc(reviewComments.id))
}

export async function insertComment(db: DbOrTx, values: typeof reviewComments.$inferInsert) {
  const [row] = await db.insert(reviewComments).values(values).returning()
  if (!row) throw new Error('comment insert returned nothing')
  return row
}

/** Records the vote once; bumps the review's count only when the vote is new. */
export async function addVote(db: DbOrTx, reviewId: number, customerId: number, at: Date) {
  const inserted = await db
    .insert(reviewVotes)
    .values({ reviewId, customerId, createdAt: at })
    .onConflictDoNothing()
    .returning({ reviewId: reviewVotes.reviewId })
  if (inserted.length > 0) {
    await db
      .update(reviews)
      .set({ helpfulCount: sql`${reviews.helpfulCount} + 1` })
      .where(eq(reviews.id, reviewId))
  }
  const [row] = await db
    .select({ helpfulCount: reviews.helpfulCount })
    .from(reviews)
    .where(eq(reviews.id, reviewId))
  return row?.helpfulCount ?? 0
}

export async function votedReviewIds(db: DbOrTx, customerId: number, productId: number) {
  const rows = await db
    .select({ id: reviewVotes.reviewId })
    .from(reviewVotes)
    .innerJoin(reviews, eq(reviews.id, reviewVotes.reviewId))
    .where(and(eq(reviewVotes.customerId, customerId), eq(reviews.productId, productId)))
  return rows.map((row) => row.id)
}

/** Reviews of one status with their product, oldest first (the moderation queue). */
export function staffList(db: DbOrTx, status: ReviewStatus, limit: number) {
  return db
    .select({ review: reviews, productName: products.name, productSlug: products.slug })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.status, status))
    .orderBy(asc(reviews.createdAt), asc(reviews.id))
    .limit(limit)
}
