// Who sees Campus prices (catalog, cart): the logged-in customer (soft or full login) whose
// Campus status, read through the contract's rule, counts as a membership now. Business
// customers never do. Decided here, from the customer's row, so the catalog needs no import of
// the campus slice (which would close an import cycle).
import { eq } from 'drizzle-orm'
import { campusStatusAt, isCampusMemberStatus } from '#contract/campus.ts'
import { customers } from '#db/schema/account.ts'
import type { AppContext } from '#server/platform/http.ts'

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
  return isCampusMemberStatus(
    campusStatusAt(row.studentStatus, row.studentExpiration, ctx.clock.now()),
  )
}
