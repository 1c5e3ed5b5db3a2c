import { contract } from '#contract/index.ts'
import { WISHLIST_PAGE_PATH, type WishlistFormResult } from '#contract/wishlist-paths.ts'
import { redirectPagesTo } from '#server/cart/index.ts'
import { respond } from '#server/platform/errors.ts'
import { noStore, s, seeOther } from '#server/platform/http.ts'
import { addToWishlist, deleteFromWishlist, getWishlist, moveAllToCart } from './service.ts'

/** The hearts' forms answer with the wishlist page, which shows the outcome. */
const toWishlistPage = (res: Parameters<typeof seeOther>[0], result: WishlistFormResult) =>
  seeOther(res, `${WISHLIST_PAGE_PATH}?ergebnis=${result}`)

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

  // The heart's own form, sent by the browser when the page's script has not taken over (yet).
  addToWishlistForm: async ({ req, res, body }) => {
    const result = await addToWishlist(req.ctx, req.session, body.productId)
    return toWishlistPage(
      res,
      result.ok ? 'gemerkt' : result.code === 'wishlist_full' ? 'voll' : 'fehler',
    )
  },

  deleteFromWishlistForm: async ({ req, res, body }) => {
    const result = await deleteFromWishlist(req.ctx, req.session, body.productId)
    return toWishlistPage(res, result.ok ? 'entfernt' : 'fehler')
  },

  getWishlist: {
    middleware: [redirectPagesTo('/merkzettel')],
    handler: async ({ req, res }) => {
      noStore(res)
      const result = await getWishlist(req.ctx, req.session)
      return result.ok ? { status: 200, body: result.value } : respond('not_found')
    },
  },

  moveAllToCartForm: async ({ req, res }) => {
    const result = await moveAllToCart(req.ctx, req.session)
    if (result.ok) {
      return toWishlistPage(
        res,
        result.value.code === 'wishlist_moved_all' ? 'verschoben' : 'teilweise',
      )
    }
    const failure = { wishlist_empty: 'leer', wishlist_move_failed: 'nicht-verschoben' } as const
    return toWishlistPage(res, result.code === 'not_found' ? 'fehler' : failure[result.code])
  },

  moveAllToCart: async ({ req, res }) => {
    noStore(res)
    const result = await moveAllToCart(req.ctx, req.session)
    if (result.ok) return { status: 200, body: result.value }
    return respond(result.code)
  },
})
