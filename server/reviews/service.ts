// Rules of product reviews (issue 22): one review per customer and product, edited or deleted by
// its author only (another's: not found), shown after staff publish it; an edit goes back to
// moderation. "Verifizierter Kauf" comes from the orders slice. Spam protection (storefront
// section 9) is counted in Postgres in the transaction of the write: one review submit per
// customer and product per 60 minutes, one comment per customer per 10 minutes.

import {
  type MyProductReviews,
  type OwnReview,
  type ProductReviews,
  type PublicReview,
  REVIEWS_PAGE_SIZE,
  type ReviewBody,
  type ReviewComment,
  type ReviewSort,
  type ReviewSummary,
  type StaffReview,
} from '#contract/reviews.ts'
import { SPAM_PROTECTION_MINUTES, type SpamFormType } from '#contract/spam-protection.ts'
import type { DbOrTx, Tx } from '#db/client.ts'
import type { ReviewStatus } from '#db/schema/reviews.ts'
import { productUrl, setProductRating } from '#server/catalog/index.ts'
import { customerBoughtProduct } from '#server/orders/index.ts'
import type { AppContext } from '#server/platform/http.ts'
import { hitRateLimit } from '#server/platform/rate-limit.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import * as repo from './repo.ts'

export type TooSoon = { minutes: number }

/** Thrown inside a transaction to roll it back when the spam limit refuses the write. */
class TooSoonError extends Error {
  constructor(readonly minutes: number) {
    super('spam protection')
  }
}

async function countSubmit(tx: Tx, formType: SpamFormType, key: string, now: Date) {
  const minutes = SPAM_PROTECTION_MINUTES[formType]
  const hit = await hitRateLimit(tx, `spam:${formType}:${key}`, {
    limit: 1,
    windowSeconds: minutes * 60,
    now,
  })
  if (!hit.allowed) {
    throw new TooSoonError(Math.max(1, Math.ceil((hit.resetAt.getTime() - now.getTime()) / 60_000)))
  }
}

/** Runs `work` in a transaction; a refusal of the spam limit becomes `err(code, { minutes })`. */
async function withSpamLimit<T, C extends 'review_too_soon' | 'review_comment_too_soon'>(
  ctx: AppContext,
  code: C,
  work: (tx: Tx) => Promise<T>,
): Promise<Result<T, C, TooSoon>> {
  try {
    return ok(await ctx.db.transaction(work))
  } catch (error) {
    if (error instanceof TooSoonError) return err(code, { minutes: error.minutes })
    throw error
  }
}

const iso = (date: Date) => date.toISOString()

function toOwn(row: repo.ReviewRow): OwnReview {
  return {
    id: row.id,
    productId: row.productId,
    rating: row.rating,
    title: row.title,
    text: row.text,
    status: row.status,
    rejectionReason: row.status === 'rejected' ? row.rejectionReason : null,
    verifiedPurchase: row.verifiedPurchase,
    updatedAt: iso(row.updatedAt),
  }
}

/** Average and count of the published reviews onto the product (catalog's columns). */
async function refreshProductRating(tx: Tx, productId: number) {
  const rows = await repo.distribution(tx, productId)
  const total = rows.reduce((sum, row) => sum + row.count, 0)
  const stars = rows.reduce((sum, row) => sum + row.rating * row.count, 0)
  await setProductRating(tx, productId, total ? Math.round((stars * 100) / total) : null, total)
}

// --- Shoppers ----------------------------------------------------------------------------------

export async function getProductReviews(
  ctx: AppContext,
  productId: number,
  sort: ReviewSort,
  page: number,
): Promise<Result<ProductReviews, 'not_found'>> {
  const product = await repo.productFacts(ctx.db, productId)
  if (!product?.active) return err('not_found')
  const rows = await repo.distribution(ctx.db, productId)
  const total = rows.reduce((sum, row) => sum + row.count, 0)
  const stars = rows.reduce((sum, row) => sum + row.rating * row.count, 0)
  const summary: ReviewSummary = {
    averageX100: total ? Math.round((stars * 100) / total) : null,
    count: total,
    distribution: [5, 4, 3, 2, 1].map((value) => ({
      stars: value,
      count: rows.find((row) => row.rating === value)?.count ?? 0,
    })),
  }
  const pageCount = Math.max(1, Math.ceil(total / REVIEWS_PAGE_SIZE))
  const current = Math.min(page, pageCount)
  const list = await repo.publishedPage(
    ctx.db,
    productId,
    sort,
    REVIEWS_PAGE_SIZE,
    (current - 1) * REVIEWS_PAGE_SIZE,
  )
  const comments = await repo.commentsOf(
    ctx.db,
    list.map((row) => row.id),
  )
  const reviews: PublicReview[] = list.map((row) => ({
    id: row.id,
    rating: row.rating,
    title: row.title,
    text: row.text,
    authorName: row.authorName,
    verifiedPurchase: row.verifiedPurchase,
    publishedAt: iso(row.publishedAt ?? row.createdAt),
    helpfulCount: row.helpfulCount,
    comments: comments
      .filter((comment) => comment.reviewId === row.id)
      .map(
        (comment): ReviewComment => ({
          id: comment.id,
          authorName: comment.authorName,
          text: comment.text,
          createdAt: iso(comment.createdAt),
        }),
      ),
  }))
  return ok({ summary, reviews, sort, page: current, pageCount })
}

export async function getMyProductReviews(
  ctx: AppContext,
  customerId: number,
  productId: number,
): Promise<MyProductReviews> {
  const [review, votedReviewIds, bought] = await Promise.all([
    repo.findOwnReview(ctx.db, customerId, productId),
    repo.votedReviewIds(ctx.db, customerId, productId),
    customerBoughtProduct(ctx.db, customerId, productId),
  ])
  return { review: review ? toOwn(review) : null, votedReviewIds, bought }
}

export async function createReview(
  ctx: AppContext,
  customerId: number,
  productId: number,
  body: ReviewBody,
): Promise<Result<OwnReview, 'not_found' | 'review_exists' | 'review_too_soon', TooSoon>> {
  const product = await repo.productFacts(ctx.db, productId)
  if (!product?.active) return err('not_found')
  if (await repo.findOwnReview(ctx.db, customerId, productId)) return err('review_exists')
  const now = ctx.clock.now()
  const [authorName, verifiedPurchase] = await Promise.all([
    repo.authorNameOf(ctx.db, customerId),
    customerBoughtProduct(ctx.db, customerId, productId),
  ])
  const result = await withSpamLimit(ctx, 'review_too_soon', async (tx) => {
    await countSubmit(tx, 'product_review', `${customerId}:${productId}`, now)
    return repo.insertReview(tx, {
      productId,
      customerId,
      authorName,
      rating: body.rating,
      title: body.title.trim(),
      text: body.text.trim(),
      verifiedPurchase,
      createdAt: now,
      updatedAt: now,
    })
  })
  if (!result.ok) return result
  // Written in between by a parallel request: the unique index kept it to one.
  if (!result.value) return err('review_exists')
  return ok(toOwn(result.value))
}

export async function updateReview(
  ctx: AppContext,
  customerId: number,
  reviewId: number,
  body: ReviewBody,
): Promise<Result<OwnReview, 'not_found' | 'review_too_soon', TooSoon>> {
  const existing = await repo.findReview(ctx.db, reviewId)
  if (!existing || existing.customerId !== customerId) return err('not_found')
  const now = ctx.clock.now()
  const verifiedPurchase = await customerBoughtProduct(ctx.db, customerId, existing.productId)
  const result = await withSpamLimit(ctx, 'review_too_soon', async (tx) => {
    const row = await repo.lockReview(tx, reviewId)
    if (!row || row.customerId !== customerId) return null
    await countSubmit(tx, 'product_review', `${customerId}:${row.productId}`, now)
    // An edit is a new text: it waits for moderation again.
    const updated = await repo.updateReview(tx, reviewId, {
      rating: body.rating,
      title: body.title.trim(),
      text: body.text.trim(),
      verifiedPurchase,
      status: 'pending',
      rejectionReason: null,
      updatedAt: now,
    })
    if (row.status === 'published') await refreshProductRating(tx, row.productId)
    return updated
  })
  if (!result.ok) return result
  return result.value ? ok(toOwn(result.value)) : err('not_found')
}

export async function deleteReview(
  ctx: AppContext,
  customerId: number,
  reviewId: number,
): Promise<Result<void, 'not_found'>> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.lockReview(tx, reviewId)
    if (!row || row.customerId !== customerId) return err('not_found')
    await repo.deleteReview(tx, reviewId)
    if (row.status === 'published') await refreshProductRating(tx, row.productId)
    return ok(undefined)
  })
}

export async function addComment(
  ctx: AppContext,
  customerId: number,
  reviewId: number,
  text: string,
): Promise<Result<ReviewComment, 'not_found' | 'review_comment_too_soon', TooSoon>> {
  const review = await repo.findReview(ctx.db, reviewId)
  if (review?.status !== 'published') return err('not_found')
  const now = ctx.clock.now()
  const authorName = await repo.authorNameOf(ctx.db, customerId)
  const result = await withSpamLimit(ctx, 'review_comment_too_soon', async (tx) => {
    await countSubmit(tx, 'review_comment', String(customerId), now)
    return repo.insertComment(tx, {
      reviewId,
      customerId,
      authorName,
      text: text.trim(),
      createdAt: now,
    })
  })
  if (!result.ok) return result
  const row = result.value
  return ok({
    id: row.id,
    authorName: row.authorName,
    text: row.text,
    createdAt: iso(row.createdAt),
  })
}

export async function voteHelpful(
  ctx: AppContext,
  customerId: number,
  reviewId: number,
): Promise<Result<number, 'not_found' | 'review_vote_own'>> {
  const review = await repo.findReview(ctx.db, reviewId)
  if (review?.status !== 'published') return err('not_found')
  if (review.customerId === customerId) return err('review_vote_own')
  return ok(
    await ctx.db.transaction((tx) => repo.addVote(tx, reviewId, customerId, ctx.clock.now())),
  )
}

// --- Moderation (called by the back office's handlers with the tx of auditedChange) -------------

function toStaff(row: { review: repo.ReviewRow; productName: string; productSlug: string }) {
  return {
    ...toOwn(row.review),
    rejectionReason: row.review.rejectionReason,
    productName: row.productName,
    productUrl: productUrl(row.productSlug, row.review.productId),
    authorName: row.review.authorName,
    customerId: row.review.customerId,
    createdAt: iso(row.review.createdAt),
  } satisfies StaffReview
}

export async function listReviewsForStaff(
  db: DbOrTx,
  status: ReviewStatus,
): Promise<StaffReview[]> {
  return (await repo.staffList(db, status, 200)).map(toStaff)
}

type Moderation = { before: StaffReview; after: StaffReview }

async function moderate(
  tx: Tx,
  reviewId: number,
  target: 'published' | 'rejected',
  reason: string | null,
  now: Date,
): Promise<Result<Moderation, 'not_found' | 'review_status_not_allowed'>> {
  const row = await repo.lockReview(tx, reviewId)
  if (!row) return err('not_found')
  if (row.status === target) return err('review_status_not_allowed')
  const product = await repo.productFacts(tx, row.productId)
  if (!product) return err('not_found')
  const updated = await repo.updateReview(tx, reviewId, {
    status: target,
    rejectionReason: target === 'rejected' ? reason : null,
    moderatedAt: now,
    ...(target === 'published' && !row.publishedAt ? { publishedAt: now } : {}),
  })
  if (row.status === 'published' || target === 'published') {
    await refreshProductRating(tx, row.productId)
  }
  const facts = { productName: product.name, productSlug: product.slug }
  return ok({
    before: toStaff({ review: row, ...facts }),
    after: toStaff({ review: updated, ...facts }),
  })
}

/** Publishes a pending or rejected review and updates the product's rating. */
export function publishReview(tx: Tx, reviewId: number, now: Date) {
  return moderate(tx, reviewId, 'published', null, now)
}

/** Rejects a pending or published review with a reason its author sees. */
export function rejectReview(tx: Tx, reviewId: number, reason: string, now: Date) {
  return moderate(tx, reviewId, 'rejected', reason.trim(), now)
}
