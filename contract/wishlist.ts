// The wishlist ("Merkzettel", storefront sections 2-4, 7, 8): hearts on listing and product
// pages, the wishlist page and popup, and moving everything to the cart.
import { z } from 'zod'
import { ProductTileSchema } from './catalog.ts'
import { c, ErrorSchema, errorBody } from './errors.ts'
import { id, textId } from './fields.ts'
import {
  WISHLIST_ADD_FORM_PATH,
  WISHLIST_DELETE_FORM_PATH,
  WISHLIST_MOVE_ALL_FORM_PATH,
  WISHLIST_PAGE_PATH,
} from './wishlist-paths.ts'

/** Products per wishlist; guards against abuse. */
export const WISHLIST_MAX_ITEMS = 100

const ProductIdBodySchema = z.object({ productId: id() })
/** A heart's (or the page's "Entfernen") HTML form: the product id as the form sends it. */
export const WishlistFormSchema = z.object({ productId: textId() })

/** A product on the wishlist: what its tile shows, and when it was put there. */
export const WishlistProductSchema = ProductTileSchema.pick({
  id: true,
  articleNumber: true,
  name: true,
  brand: true,
  url: true,
  image: true,
  priceCents: true,
  strikeThroughPriceCents: true,
  recommendedRetailPriceCents: true,
  discountPercent: true,
  hasCampusPrice: true,
  campusPriceCents: true,
  availability: true,
  lowStockQuantity: true,
  energyEfficiency: true,
}).extend({ addedAt: z.string() })
export type WishlistProduct = z.infer<typeof WishlistProductSchema>

/** Storefront section 3: a wishlist answer carries successful and itemCount. */
export const WishlistCountSchema = z.object({
  successful: z.literal(true),
  itemCount: z.number().int(),
})

export const WishlistSchema = WishlistCountSchema.extend({
  products: z.array(WishlistProductSchema),
})
export type Wishlist = z.infer<typeof WishlistSchema>

export const MoveAllResultSchema = WishlistCountSchema.extend({
  /** wishlist_moved_all, or wishlist_moved_some when sold-out products stayed on the list. */
  code: z.enum(['wishlist_moved_all', 'wishlist_moved_some']),
  message: z.string(),
  movedCount: z.number().int(),
  cartCount: z.number().int(),
})
export type MoveAllResult = z.infer<typeof MoveAllResultSchema>

const WISHLIST = 'storefront §2 wishlist, §4 heart, §7 wishlist calls, §8'

export const wishlistContract = c.router({
  addToWishlist: {
    method: 'POST',
    path: '/wishlist/add',
    body: ProductIdBodySchema,
    responses: {
      200: WishlistCountSchema,
      404: ErrorSchema,
      422: errorBody(z.enum(['wishlist_full'])),
    },
    summary: `Put a product on the wishlist (again: no change) (${WISHLIST})`,
  },
  deleteFromWishlist: {
    method: 'POST',
    path: '/wishlist/delete',
    body: ProductIdBodySchema,
    responses: { 200: WishlistCountSchema, 404: ErrorSchema },
    summary: `Take a product off the wishlist (not on it: no change) (${WISHLIST})`,
  },
  addToWishlistForm: {
    method: 'POST',
    path: WISHLIST_ADD_FORM_PATH,
    contentType: 'application/x-www-form-urlencoded',
    body: WishlistFormSchema,
    responses: { 303: c.noBody() },
    summary: `The heart as an HTML form (before the page's script runs, or without it): adds like /wishlist/add and answers 303 to ${WISHLIST_PAGE_PATH}?ergebnis=gemerkt (or voll, fehler) (${WISHLIST})`,
  },
  deleteFromWishlistForm: {
    method: 'POST',
    path: WISHLIST_DELETE_FORM_PATH,
    contentType: 'application/x-www-form-urlencoded',
    body: WishlistFormSchema,
    responses: { 303: c.noBody() },
    summary: `A filled heart's or the wishlist page's "Entfernen" as an HTML form: deletes like /wishlist/delete and answers 303 to ${WISHLIST_PAGE_PATH}?ergebnis=entfernt (or fehler) (${WISHLIST})`,
  },
  getWishlist: {
    method: 'GET',
    path: '/wishlist',
    responses: { 200: WishlistSchema, 404: ErrorSchema },
    summary: `The wishlist, newest first; a browser navigation (Accept: text/html) is redirected to /merkzettel (${WISHLIST})`,
  },
  moveAllToCart: {
    method: 'POST',
    path: '/wishlist/move-all-to-cart',
    body: c.noBody(),
    responses: {
      200: MoveAllResultSchema,
      404: ErrorSchema,
      422: errorBody(z.enum(['wishlist_move_failed', 'wishlist_empty'])),
    },
    summary: `Put every available product into the cart (one each) and take it off the wishlist (${WISHLIST})`,
  },
  moveAllToCartForm: {
    method: 'POST',
    path: WISHLIST_MOVE_ALL_FORM_PATH,
    contentType: 'application/x-www-form-urlencoded',
    body: z.object({}),
    responses: { 303: c.noBody() },
    summary: `"Alle in den Warenkorb" as an HTML form: moves like /wishlist/move-all-to-cart and answers 303 to ${WISHLIST_PAGE_PATH}?ergebnis=verschoben (or teilweise, leer, nicht-verschoben) (${WISHLIST})`,
  },
})
