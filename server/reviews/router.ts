// Thin handlers of product reviews: the session's customer, then the service's rules. A refusal of
// the spam protection is a 429 with Retry-After (seconds) and the minutes left in the body.
import type { Request, Response } from 'express'
import { contract } from '#contract/index.ts'
import { respond } from '#server/platform/errors.ts'
import { noStore, s } from '#server/platform/http.ts'
import * as service from './service.ts'

type Login =
  | { ok: true; customerId: number }
  | { ok: false; code: 'unauthorized' | 'soft_login_required' }

/**
 * The logged-in customer, as requireLogin() checks it (that middleware cannot sit on routes with
 * numeric path parameters): none is 401 `unauthorized`, a soft login 401 `soft_login_required`.
 */
async function loginOf(req: Pick<Request, 'session'>, level: 'soft' | 'full'): Promise<Login> {
  const current = await req.session.level()
  if (current === 'none') return { ok: false, code: 'unauthorized' }
  if (level === 'full' && current !== 'full') return { ok: false, code: 'soft_login_required' }
  const customerId = await req.session.customerId()
  if (!customerId) return { ok: false, code: 'unauthorized' }
  return { ok: true, customerId }
}

/** 401 of a missing (or, for writes, only soft) login. */
function deny(code: 'unauthorized' | 'soft_login_required') {
  return code === 'unauthorized' ? respond('unauthorized') : respond('soft_login_required')
}

function tooSoon<C extends 'review_too_soon' | 'review_comment_too_soon'>(
  res: Response,
  code: C,
  minutes: number,
) {
  res.setHeader('Retry-After', String(minutes * 60))
  return respond(code, { minutes }, { minutes })
}

export const reviewsRouter = s.router(contract.reviews, {
  getProductReviews: async ({ req, params, query }) => {
    const result = await service.getProductReviews(
      req.ctx,
      params.productId,
      query.sort,
      query.page,
    )
    if (!result.ok) return respond(result.code)
    return { status: 200, body: result.value }
  },

  getMyProductReviews: async ({ req, res, params }) => {
    noStore(res)
    const login = await loginOf(req, 'soft')
    if (!login.ok) return deny(login.code)
    return {
      status: 200,
      body: await service.getMyProductReviews(req.ctx, login.customerId, params.productId),
    }
  },

  createReview: async ({ req, res, params, body }) => {
    noStore(res)
    const login = await loginOf(req, 'full')
    if (!login.ok) return deny(login.code)
    const result = await service.createReview(req.ctx, login.customerId, params.productId, body)
    if (result.ok) return { status: 200, body: result.value }
    if (result.code === 'review_too_soon') {
      return tooSoon(res, result.code, result.data?.minutes ?? 1)
    }
    return respond(result.code)
  },

  updateReview: async ({ req, res, params, body }) => {
    noStore(res)
    const login = await loginOf(req, 'full')
    if (!login.ok) return deny(login.code)
    const result = await service.updateReview(req.ctx, login.customerId, params.reviewId, body)
    if (result.ok) return { status: 200, body: result.value }
    if (result.code === 'review_too_soon') {
      return tooSoon(res, result.code, result.data?.minutes ?? 1)
    }
    return respond(result.code)
  },

  deleteReview: async ({ req, res, params }) => {
    noStore(res)
    const login = await loginOf(req, 'full')
    if (!login.ok) return deny(login.code)
    const result = await service.deleteReview(req.ctx, login.customerId, params.reviewId)
    if (!result.ok) return respond(result.code)
    return { status: 200, body: { successful: true as const } }
  },

  addReviewComment: async ({ req, res, params, body }) => {
    noStore(res)
    const login = await loginOf(req, 'full')
    if (!login.ok) return deny(login.code)
    const result = await service.addComment(req.ctx, login.customerId, params.reviewId, body.text)
    if (result.ok) return { status: 200, body: result.value }
    if (result.code === 'review_comment_too_soon') {
      return tooSoon(res, result.code, result.data?.minutes ?? 1)
    }
    return respond(result.code)
  },

  voteReviewHelpful: async ({ req, res, params }) => {
    noStore(res)
    const login = await loginOf(req, 'full')
    if (!login.ok) return deny(login.code)
    const result = await service.voteHelpful(req.ctx, login.customerId, params.reviewId)
    if (!result.ok) return respond(result.code)
    return { status: 200, body: { helpfulCount: result.value, voted: true as const } }
  },
})
