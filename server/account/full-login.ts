// The full login every way in ends with (password and code, registration, guest registration):
// the session logs in, the guest's cart, wishlist and comparison move over, the login result
// with counters.
import type { LoginResult } from '#contract/account.ts'
import {
  flashCartMerge,
  getCartHeaderContent,
  mergeGuestCart,
  pricingOf,
} from '#server/cart/index.ts'
import { mergeGuestComparison } from '#server/comparison/index.ts'
import type { AppContext } from '#server/platform/http.ts'
import type { SessionHandle } from '#server/platform/session.ts'
import { countCustomerWishlist, mergeGuestWishlist } from '#server/wishlist/index.ts'
import type { CustomerRow } from './repo.ts'

function seconds(date: Date): number {
  return Math.floor(date.getTime() / 1000)
}

function fullLoginEnd(ctx: AppContext): Date {
  return new Date(ctx.clock.now().getTime() + ctx.config.fullLoginSeconds * 1000)
}

/** Wishlist and cart of the account right after the login (the login result's counters). */
export type LoginCounters = Pick<LoginResult, 'notepadCount' | 'cartData'>
const NO_COUNTERS: LoginCounters = { notepadCount: 0, cartData: { cartAmount: 0, products: [] } }

/** The login result of section 3 for a logged-in account. */
export function loginResultOf(
  customer: CustomerRow,
  fullLoginExpiresAt: Date,
  counters: LoginCounters = NO_COUNTERS,
): LoginResult {
  return {
    successful: true,
    needs2FaAuthentication: false,
    customerId: customer.isLight ? 0 : customer.id,
    userId: customer.id,
    businessCustomer: customer.customerType === 'business',
    guestCustomer: customer.isLight,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    notepadCount: counters.notepadCount,
    cartData: counters.cartData,
    fullLoginExpiryTimestamp: seconds(fullLoginExpiresAt),
    // Always null (docs/decisions.md "Tracking ids"): events carry the consent id from the browser.
    tid: null,
    trackingId: null,
    trackingContactId: null,
    testGroup: null,
  }
}

/**
 * Logs the session in (new session id) for a full login. The guest session's cart and wishlist
 * go into the customer's in the same transaction, before the login replaces (deletes) the guest
 * session, whose own cart and wishlist rows would go with it.
 */
export async function startFullLogin(
  session: SessionHandle,
  ctx: AppContext,
  customer: CustomerRow,
) {
  const expiresAt = fullLoginEnd(ctx)
  const now = ctx.clock.now()
  const guest = await session.load()
  const cartMerge = await ctx.db.transaction(async (tx) => {
    const merge = guest ? await mergeGuestCart(tx, guest.id, customer.id, now) : null
    if (guest && !ctx.config.whiteLabel) await mergeGuestWishlist(tx, guest.id, customer.id)
    if (guest) await mergeGuestComparison(tx, guest.id, customer.id)
    await session.login(customer.id, expiresAt, tx)
    return merge
  })
  if (cartMerge) await flashCartMerge(session, cartMerge)
  return loginResultOf(customer, expiresAt, await loginCounters(ctx, customer.id))
}

async function loginCounters(ctx: AppContext, customerId: number): Promise<LoginCounters> {
  const owner = { customerId }
  const pricing = await pricingOf(ctx, { customerId })
  const [cart, notepadCount] = await Promise.all([
    getCartHeaderContent(ctx.db, owner, pricing),
    ctx.config.whiteLabel ? 0 : countCustomerWishlist(ctx.db, customerId),
  ])
  return { notepadCount, cartData: { cartAmount: cart.cartAmount, products: cart.products } }
}
