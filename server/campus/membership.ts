// Who is a Campus member, decided in one place: the stored status and end date read through
// the contract's rule (pending, valid and valid near expiry count; a passed end date is expired
// at once). The catalog's prices, and through the same contract rule the name change and the
// billing address lock, follow it.
import { eq } from 'drizzle-orm'
import { type CampusStatus, campusStatusAt, isCampusMemberStatus } from '#contract/campus.ts'
import { customers, type StudentStatus } from '#db/schema/account.ts'
import type { AppContext } from '#server/platform/http.ts'

export type MembershipFacts = { studentStatus: StudentStatus; studentExpiration: Date | null }

/** The Campus status as it applies at `now`. */
export function campusStatusOf(row: MembershipFacts, now: Date): CampusStatus {
  return campusStatusAt(row.studentStatus, row.studentExpiration, now)
}

/**
 * Whether the logged-in customer (soft or full login) is a Campus member now: sees Campus
 * prices (catalog, cart). Business customers never are.
 */
export async function isCampusMember(ctx: AppContext, customerId: number | null): Promise<boolean> {
  if (customerId === null) return false
  const [row] = await ctx.db
    .select({
      customerType: customers.customerType,
      studentStatus: customers.studentStatus,
      studentExpiration: customers.studentExpiration,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
  if (!row || row.customerType === 'business') return false
  return isCampusMemberStatus(campusStatusOf(row, ctx.clock.now()))
}
