// Header data for every login level: login state from the session, counters and popup lines
// from the cart, wishlist and comparison slices.
import { eq, sql } from 'drizzle-orm'
import type { HeaderData } from '#contract/header.ts'
import { preparedPerDb } from '#db/client.ts'
import { customers } from '#db/schema/account.ts'
import {
  cartOwnerOf,
  getCartHeaderContent,
  type Pricing,
  pricingOfCustomer,
} from '#server/cart/index.ts'
import { getComparisonProductIds } from '#server/comparison/index.ts'
import type { AppContext } from '#server/platform/http.ts'
import { loginLevelOf, type SessionRow } from '#server/platform/session.ts'
import { getWishlistHeaderContent } from '#server/wishlist/index.ts'

/**
 * The greeting's and the prices' columns of the customer in one statement (issue 23: one query
 * fewer on every logged-in page), built once per database.
 */
const customerQuery = preparedPerDb((db) =>
  db
    .select({
      firstName: customers.firstName,
      companyName: customers.companyName,
      customerType: customers.customerType,
      studentStatus: customers.studentStatus,
      studentExpiration: customers.studentExpiration,
    })
    .from(customers)
    .where(eq(customers.id, sql.placeholder('id')))
    .prepare('header_customer'),
)

/** The greeting's name and the cart's pricing of the session's customer (none for a guest). */
async function customerFacts(
  ctx: AppContext,
  customerId: number | null,
): Promise<{ firstName: string | null; pricing: Pricing }> {
  const [customer] = customerId ? await customerQuery(ctx.db).execute({ id: customerId }) : []
  return {
    // Business accounts of forms 1 and 3 may have no contact name: greet the company then.
    firstName: customer ? customer.firstName || customer.companyName || null : null,
    pricing: pricingOfCustomer(customer ?? null, ctx.clock.now()),
  }
}

export async function getHeaderData(
  ctx: AppContext,
  session: SessionRow | null,
): Promise<HeaderData> {
  const level = loginLevelOf(session, ctx.clock.now())
  // A visitor without a session has no cart and no wishlist: no query for them.
  const owner = cartOwnerOf(session)
  const { firstName, pricing } = await customerFacts(ctx, session?.customerId ?? null)
  const [cart, wishlist, comparison] = await Promise.all([
    getCartHeaderContent(ctx.db, owner, pricing),
    ctx.config.whiteLabel
      ? { count: 0, products: [] }
      : getWishlistHeaderContent(ctx.db, owner, pricing),
    getComparisonProductIds(ctx.db, owner),
  ])
  return {
    wishlistItemCount: wishlist.count,
    wishlist: wishlist.products,
    cartAmount: cart.cartAmount,
    cartContent: cart.products,
    isLoggedIn: level === 'full',
    isLoggedInSoft: level === 'soft',
    fullLoginExpiryTimestamp:
      level === 'full' && session?.fullLoginExpiresAt
        ? Math.floor(session.fullLoginExpiresAt.getTime() / 1000)
        : null,
    firstName,
    comparison,
    tid: null,
    trackingId: null,
    testGroup: null,
    contactId: null,
    whiteLabel: ctx.config.whiteLabel,
  }
}
