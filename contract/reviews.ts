// Product reviews (issue 22): logged-in customers rate a product (1-5 stars, title, text), one
// review per customer and product, editable and deletable by its author; staff publish or reject
// it (with a reason) before shoppers see it. Comments and "Hilfreich" votes on published reviews.
// Spam protection of storefront section 9 on the server: a review submit per customer and product
// every 60 minutes, a comment every 10 minutes (429 with Retry-After and `minutes`).
import { z } from 'zod'
import { staffOnly } from './backoffice-access.ts'
import { c, errorBody, SoftLoginRequiredSchema, SuccessfulSchema } from './errors.ts'
import {
  REVIEW_REJECTION_REASON_MAX,
  ReviewCommentTextSchema,
  ReviewRatingSchema,
  ReviewTextSchema,
  ReviewTitleSchema,
  textId,
  textInt,
} from './fields.ts'
import { m } from './messages.de.ts'

/** Reviews per page of the product page's list. */
export const REVIEWS_PAGE_SIZE = 5

export const ReviewSortSchema = z.enum(['newest', 'helpful', 'best', 'worst'])
export type ReviewSort = z.infer<typeof ReviewSortSchema>

export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = {
  newest: 'Neueste',
  helpful: 'Hilfreichste',
  best: 'Beste Bewertung',
  worst: 'Schlechteste Bewertung',
}

export const ReviewStatusSchema = z.enum(['pending', 'published', 'rejected'])
export type ReviewStatus = z.infer<typeof ReviewStatusSchema>

export const ReviewBodySchema = z.object({
  rating: ReviewRatingSchema,
  title: ReviewTitleSchema,
  text: ReviewTextSchema,
})
export type ReviewBody = z.input<typeof ReviewBodySchema>

export const ReviewCommentBodySchema = z.object({ text: ReviewCommentTextSchema })
export type ReviewCommentBody = z.input<typeof ReviewCommentBodySchema>

export const ReviewRejectBodySchema = z.object({
  reason: z
    .string({ required_error: m('required'), invalid_type_error: m('invalid') })
    .trim()
    .min(1, m('required'))
    .max(REVIEW_REJECTION_REASON_MAX, m('max_length', { length: REVIEW_REJECTION_REASON_MAX })),
})
export type ReviewRejectBody = z.input<typeof ReviewRejectBodySchema>

export const ReviewCommentSchema = z.object({
  id: z.number().int(),
  authorName: z.string(),
  text: z.string(),
  createdAt: z.string(),
})
export type ReviewComment = z.infer<typeof ReviewCommentSchema>

/** A published review as shoppers see it. */
export const PublicReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  title: z.string(),
  text: z.string(),
  authorName: z.string(),
  verifiedPurchase: z.boolean(),
  /** Date of publication (ISO). */
  publishedAt: z.string(),
  helpfulCount: z.number().int(),
  comments: z.array(ReviewCommentSchema),
})
export type PublicReview = z.infer<typeof PublicReviewSchema>

/** Average and distribution of the published reviews (no personal data: cacheable). */
export const ReviewSummarySchema = z.object({
  /** Average stars times 100 (e.g. 450), null without published reviews. */
  averageX100: z.number().int().nullable(),
  count: z.number().int(),
  /** Always five entries, 5 stars first. */
  distribution: z.array(z.object({ stars: z.number().int(), count: z.number().int() })),
})
export type ReviewSummary = z.infer<typeof ReviewSummarySchema>

export const ProductReviewsSchema = z.object({
  summary: ReviewSummarySchema,
  reviews: z.array(PublicReviewSchema),
  sort: ReviewSortSchema,
  page: z.number().int(),
  pageCount: z.number().int(),
})
export type ProductReviews = z.infer<typeof ProductReviewsSchema>

/** The author's own review in any status (with the rejection reason). */
export const OwnReviewSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  rating: z.number().int(),
  title: z.string(),
  text: z.string(),
  status: ReviewStatusSchema,
  rejectionReason: z.string().nullable(),
  verifiedPurchase: z.boolean(),
  updatedAt: z.string(),
})
export type OwnReview = z.infer<typeof OwnReviewSchema>

/** What the logged-in customer has to do with a product's reviews (fetched in the browser). */
export const MyProductReviewsSchema = z.object({
  review: OwnReviewSchema.nullable(),
  /** Reviews of this product the customer marked "Hilfreich". */
  votedReviewIds: z.array(z.number().int()),
  /** The customer bought the product: a new review would be a "Verifizierter Kauf". */
  bought: z.boolean(),
})
export type MyProductReviews = z.infer<typeof MyProductReviewsSchema>

/** 429 of the spam protection: the code, its text and the minutes left (also in Retry-After). */
export const ReviewTooSoonSchema = errorBody(
  z.enum(['review_too_soon', 'review_comment_too_soon']),
).extend({ minutes: z.number().int().positive() })
export type ReviewTooSoon = z.infer<typeof ReviewTooSoonSchema>

/** A review in the back office's moderation queue. */
export const StaffReviewSchema = OwnReviewSchema.extend({
  productName: z.string(),
  productUrl: z.string(),
  authorName: z.string(),
  customerId: z.number().int(),
  createdAt: z.string(),
})
export type StaffReview = z.infer<typeof StaffReviewSchema>

const NotFound = errorBody(z.enum(['not_found']))
const ISSUE = 'issue 22 Bewertungen'

export const reviewsContract = c.router({
  getProductReviews: {
    method: 'GET',
    path: '/api/products/:productId/reviews',
    pathParams: z.object({ productId: textId() }),
    query: z.object({
      sort: ReviewSortSchema.default('newest'),
      page: textInt(1, 10_000).default(1),
    }),
    responses: { 200: ProductReviewsSchema, 404: NotFound },
    summary: `Published reviews of a product with average and distribution, sorted and paged (${ISSUE})`,
  },
  getMyProductReviews: {
    method: 'GET',
    path: '/api/products/:productId/reviews/mine',
    pathParams: z.object({ productId: textId() }),
    responses: { 200: MyProductReviewsSchema, 401: SoftLoginRequiredSchema },
    summary: `The customer's own review of a product (any status) and their votes (${ISSUE})`,
  },
  createReview: {
    method: 'POST',
    path: '/api/products/:productId/reviews',
    pathParams: z.object({ productId: textId() }),
    body: ReviewBodySchema,
    responses: {
      200: OwnReviewSchema,
      401: SoftLoginRequiredSchema,
      404: NotFound,
      409: errorBody(z.enum(['review_exists'])),
      429: ReviewTooSoonSchema,
    },
    summary: `Write the one review of a product; it waits for moderation (${ISSUE})`,
  },
  updateReview: {
    method: 'PATCH',
    path: '/api/reviews/:reviewId',
    pathParams: z.object({ reviewId: textId() }),
    body: ReviewBodySchema,
    responses: {
      200: OwnReviewSchema,
      401: SoftLoginRequiredSchema,
      404: NotFound,
      429: ReviewTooSoonSchema,
    },
    summary: `Edit one's own review; it goes back to moderation (not one's own: 404) (${ISSUE})`,
  },
  deleteReview: {
    method: 'DELETE',
    path: '/api/reviews/:reviewId',
    pathParams: z.object({ reviewId: textId() }),
    body: c.noBody(),
    responses: { 200: SuccessfulSchema, 401: SoftLoginRequiredSchema, 404: NotFound },
    summary: `Delete one's own review (not one's own: 404) (${ISSUE})`,
  },
  addReviewComment: {
    method: 'POST',
    path: '/api/reviews/:reviewId/comments',
    pathParams: z.object({ reviewId: textId() }),
    body: ReviewCommentBodySchema,
    responses: {
      200: ReviewCommentSchema,
      401: SoftLoginRequiredSchema,
      404: NotFound,
      429: ReviewTooSoonSchema,
    },
    summary: `Comment on a published review (${ISSUE})`,
  },
  voteReviewHelpful: {
    method: 'POST',
    path: '/api/reviews/:reviewId/helpful',
    pathParams: z.object({ reviewId: textId() }),
    body: c.noBody(),
    responses: {
      200: z.object({ helpfulCount: z.number().int(), voted: z.literal(true) }),
      401: SoftLoginRequiredSchema,
      404: NotFound,
      422: errorBody(z.enum(['review_vote_own'])),
    },
    summary: `Mark a published review "Hilfreich", once per customer, not one's own (${ISSUE})`,
  },
})

const StaffUnauthorized = errorBody(z.enum(['staff_unauthorized']))

export const backofficeReviewsContract = c.router({
  list: {
    method: 'GET',
    path: '/api/staff/reviews',
    query: z.object({ status: ReviewStatusSchema.default('pending') }),
    responses: {
      200: z.object({ reviews: z.array(StaffReviewSchema) }),
      401: StaffUnauthorized,
    },
    metadata: staffOnly('service', 'admin'),
    summary: `Moderation queue: reviews of one status, oldest first (${ISSUE})`,
  },
  publish: {
    method: 'POST',
    path: '/api/staff/reviews/:reviewId/publish',
    pathParams: z.object({ reviewId: textId() }),
    body: c.noBody(),
    responses: {
      200: StaffReviewSchema,
      401: StaffUnauthorized,
      404: NotFound,
      409: errorBody(z.enum(['review_status_not_allowed'])),
    },
    metadata: staffOnly('service', 'admin'),
    summary: `Publish a pending or rejected review (audited) (${ISSUE})`,
  },
  reject: {
    method: 'POST',
    path: '/api/staff/reviews/:reviewId/reject',
    pathParams: z.object({ reviewId: textId() }),
    body: ReviewRejectBodySchema,
    responses: {
      200: StaffReviewSchema,
      401: StaffUnauthorized,
      404: NotFound,
      409: errorBody(z.enum(['review_status_not_allowed'])),
    },
    metadata: staffOnly('service', 'admin'),
    summary: `Reject a pending or published review with a reason for its author (audited) (${ISSUE})`,
  },
})
