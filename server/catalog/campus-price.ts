// Who sees Campus prices (catalog, and through this slice the cart): a Campus member by the
// contract's rule (pending, valid and valid near expiry count; a passed end date is expired at
// once). It reads the customer's stored status itself rather than through the Campus slice, which
// depends on accounts and through them on the cart and this catalog.
import { eq, sql } from 'drizzle-orm'
import { campusStatusAt, isCampusMemberStatus } from '#contract/campus.ts'
import { preparedPerDb } from '#db/client.ts'
import { customers } from '#db/schema/account.ts'
import type { AppContext } from '#server/platform/http.ts'
import { pageMemo } from '#server/platform/page-memo.ts'

/**
 * Whether the logged-in customer (soft or full login) is a Campus member now: sees Campus
 * prices (catalog, cart). Business customers never are.
 */
export async function isCampusMember(ctx: AppContext, customerId: number | null): Promise<boolean> {
  if (customerId === null) return false
  // Asked once per page request (a render's API calls share it), as one prepared statement.
  const [row] = await pageMemo(`campus-status:${customerId}`, () =>
    campusStatusQuery(ctx.db).execute({ id: customerId }),
  )
  return row ? isCampusMemberRow(row, ctx.clock.now()) : false
}

/** The stored status columns of a customer that decide Campus prices. */
export type CampusStatusColumns = Pick<
  typeof customers.$inferSelect,
  'customerType' | 'studentStatus' | 'studentExpiration'
>

/** The rule on a customer's stored status columns (for a caller that read them already). */
export function isCampusMemberRow(row: CampusStatusColumns, now: Date): boolean {
  if (row.customerType === 'business') return false
  return isCampusMemberStatus(campusStatusAt(row.studentStatus, row.studentExpiration, now))
}

/** The status query, built once per database (drizzle's query building is not free). */
const campusStatusQuery = preparedPerDb((db) =>
  db
    .select({
      customerType: customers.customerType,
      studentStatus: customers.studentStatus,
      studentExpiration: customers.studentExpiration,
    })
    .from(customers)
    .where(eq(customers.id, sql.placeholder('id')))
    .prepare('campus_status'),
)
