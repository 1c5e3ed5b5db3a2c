import { contract } from '#contract/index.ts'
import { redirectPagesTo } from '#server/cart/index.ts'
import { respond } from '#server/platform/errors.ts'
import { noStore, s } from '#server/platform/http.ts'
import { addToWishlist, deleteFromWishlist, getWishlist, moveAllToCart } from './service.ts'

export const wishlistRouter = s.router(contract.wishlist, {
  addToWishlist: async ({ req, res, body }) => {
    noStore(res)
    const result = await addToWishlist(req.ctx, req.session, body.productId)
    if (result.ok)
      return { status: 200, body: { successful: true as const, itemCount: result.value } }
    return respond(result.code)
  },

  deleteFromWishlist: async ({ req, res, body }) => {
    noStore(res)
    const result = await deleteFromWishlist(req.ctx, req.session, body.productId)
    if (result.ok)
      return { status: 200, body: { successful: true as const, itemCount: result.value } }
    return respond('not_found')
  },

  getWishlist: {
    middleware: [redirectPagesTo('/merkzettel')],
    handler: async ({ req, res }) => {
      noStore(res)
      const result = await getWishlist(req.ctx, req.session)
      return result.ok ? { status: 200, body: result.value } : respond('not_found')
    },
  },

  moveAllToCart: async ({ req, res }) => {
    noStore(res)
    const result = await moveAllToCart(req.ctx, req.session)
    if (result.ok) return { status: 200, body: result.value }
    return respond(result.code)
  },
})
