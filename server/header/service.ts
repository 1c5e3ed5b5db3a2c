// Header data for every login level: login state from the session, counters from the slices.
import { eq } from 'drizzle-orm'
import type { HeaderData } from '#contract/header.ts'
import { customers } from '#db/schema/account.ts'
import type { AppContext } from '#server/platform/http.ts'
import { loginLevelOf, type SessionRow } from '#server/platform/session.ts'

export async function getHeaderData(
  ctx: AppContext,
  session: SessionRow | null,
): Promise<HeaderData> {
  const level = loginLevelOf(session, ctx.clock.now())
  let firstName: string | null = null
  if (session?.customerId) {
    const [customer] = await ctx.db
      .select({ firstName: customers.firstName, companyName: customers.companyName })
      .from(customers)
      .where(eq(customers.id, session.customerId))
    // Business accounts of forms 1 and 3 may have no contact name: greet the company then.
    firstName = customer ? customer.firstName || customer.companyName || null : null
  }
  return {
    wishlistItemCount: 0,
    wishlist: [],
    cartAmount: 0,
    cartContent: [],
    isLoggedIn: level === 'full',
    isLoggedInSoft: level === 'soft',
    fullLoginExpiryTimestamp:
      level === 'full' && session?.fullLoginExpiresAt
        ? Math.floor(session.fullLoginExpiresAt.getTime() / 1000)
        : null,
    firstName,
    comparison: [],
    tid: null,
    trackingId: null,
    testGroup: null,
    contactId: null,
    whiteLabel: ctx.config.whiteLabel,
  }
}
