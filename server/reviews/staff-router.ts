// Thin handlers of the back office's moderation queue (/backoffice/bewertungen). The guard
// admitted the roles of the contract's metadata; every decision writes its audit entry in the
// transaction of the change, and the product's rating reaches every process's catalog cache.
import { contract } from '#contract/index.ts'
import { auditedChange } from '#server/backoffice/index.ts'
import { catalogCache } from '#server/catalog/index.ts'
import { respond } from '#server/platform/errors.ts'
import { s } from '#server/platform/http.ts'
import { listReviewsForStaff, publishReview, rejectReview } from './service.ts'

export const backofficeReviewsRouter = s.router(contract.backofficeReviews, {
  list: async ({ req, query }) => ({
    status: 200,
    body: { reviews: await listReviewsForStaff(req.ctx.db, query.status) },
  }),

  publish: async ({ req, params }) => {
    const result = await auditedChange(
      req,
      'review.publish',
      { type: 'review', id: params.reviewId },
      (tx) => publishReview(tx, params.reviewId, req.ctx.clock.now()),
    )
    if (!result.ok) return respond(result.code)
    catalogCache(req.ctx).invalidate()
    return { status: 200, body: result.value.after }
  },

  reject: async ({ req, params, body }) => {
    const result = await auditedChange(
      req,
      'review.reject',
      { type: 'review', id: params.reviewId },
      (tx) => rejectReview(tx, params.reviewId, body.reason, req.ctx.clock.now()),
    )
    if (!result.ok) return respond(result.code)
    catalogCache(req.ctx).invalidate()
    return { status: 200, body: result.value.after }
  },
})
