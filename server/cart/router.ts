import type { RequestHandler } from 'express'
import { EXPRESS_PAYMENTS } from '#contract/cart.ts'
import { CART_PAGE_PATH } from '#contract/cart-paths.ts'
import { contract } from '#contract/index.ts'
import { respond, sendError } from '#server/platform/errors.ts'
import { noStore, s, seeOther } from '#server/platform/http.ts'
import { emptyCartTemplate } from './empty-cart.ts'
import {
  addCartFlash,
  addToCart,
  changeQuantity,
  getCartPage,
  getCheckoutCart,
  getExpressPayments,
  removeFromCart,
  removePieces,
  setWarranty,
} from './service.ts'

/**
 * Storefront §4/§6: a soft login (recognised, password not given again) may read and add, but
 * changing a quantity or removing a product needs the password: 401 soft_login_required, and the
 * page opens the login popup and repeats the action.
 */
function refuseSoftLogin(): RequestHandler<Record<string, unknown>> {
  return async (req, res, next) => {
    try {
      if ((await req.session.level()) === 'soft') {
        sendError(res, 'soft_login_required')
        return
      }
      next()
    } catch (error) {
      next(error)
    }
  }
}

/** A browser navigating to an API path that is also a page goes to the page. */
export function redirectPagesTo(path: string): RequestHandler {
  return (req, res, next) => {
    res.vary('Accept')
    if (req.accepts(['json', 'html']) === 'html') {
      res.redirect(302, path)
      return
    }
    next()
  }
}

export const cartRouter = s.router(contract.cart, {
  getCart: {
    middleware: [redirectPagesTo('/warenkorb')],
    handler: async ({ req, res }) => {
      noStore(res)
      return { status: 200, body: await getCartPage(req.ctx, req.session) }
    },
  },

  addToCart: async ({ req, res, body }) => {
    noStore(res)
    const result = await addToCart(req.ctx, req.session, body)
    if (result.ok) return { status: 200, body: result.value }
    return respond(result.code)
  },

  // The button's own form, sent by the browser when the page's script has not taken over (yet):
  // the same add, then the cart page, whose banner carries the outcome.
  addToCartForm: async ({ req, res, body }) => {
    const result = await addToCart(req.ctx, req.session, body)
    await addCartFlash(req.session, [
      !result.ok
        ? result.code === 'not_found'
          ? 'cart_product_unavailable'
          : result.code
        : result.value.maxQuantity !== undefined
          ? 'cart_added_capped'
          : 'cart_added',
    ])
    return seeOther(res, CART_PAGE_PATH)
  },

  changeQuantity: {
    middleware: [refuseSoftLogin()],
    handler: async ({ req, res, body }) => {
      noStore(res)
      const result = await changeQuantity(req.ctx, req.session, body)
      if (result.ok) return { status: 200, body: result.value }
      return respond(result.code)
    },
  },

  removeFromCart: {
    middleware: [refuseSoftLogin()],
    handler: async ({ req, res, body }) => {
      noStore(res)
      const result = await removeFromCart(req.ctx, req.session, body)
      return result.ok ? { status: 200, body: result.value } : respond('not_found')
    },
  },

  setWarranty: async ({ req, res, body }) => {
    noStore(res)
    const result = await setWarranty(req.ctx, req.session, body)
    return result.ok ? { status: 200, body: result.value } : respond('not_found')
  },

  getEmptyCartTemplate: async ({ req, res }) => {
    res.setHeader('Cache-Control', 'public, max-age=300')
    return { status: 200, body: emptyCartTemplate({ whiteLabel: req.ctx.config.whiteLabel }) }
  },

  getCheckoutCart: async ({ req, res }) => {
    noStore(res)
    return { status: 200, body: await getCheckoutCart(req.ctx, req.session) }
  },

  removeQuantity: {
    middleware: [refuseSoftLogin()],
    handler: async ({ req, res, params, body }) => {
      noStore(res)
      const result = await removePieces(req.ctx, req.session, {
        id: body.id,
        pieces: params.quantity,
      })
      return result.ok ? { status: 200, body: result.value } : respond('not_found')
    },
  },

  getExpressPayments: async ({ req, res }) => {
    noStore(res)
    return { status: 200, body: await getExpressPayments(req.ctx, req.session) }
  },

  getExpressPaymentNames: async () => ({
    status: 200,
    body: { expressPaymentsList: EXPRESS_PAYMENTS.map((payment) => payment.id) },
  }),
})
