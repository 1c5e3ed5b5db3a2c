// Who sees Campus prices. Until the Campus slice owns this, membership is read from the
// customer's student_status: valid, valid_near_expire and pending count as members.
// TODO(campus issue): move to server/campus and import it here through its index.ts.
import { eq } from 'drizzle-orm'
import { customers, type StudentStatus } from '#db/schema/account.ts'
import type { AppContext } from '#server/platform/http.ts'

const MEMBER_STATUSES: readonly StudentStatus[] = ['valid', 'valid_near_expire', 'pending']

export function isMemberStatus(status: StudentStatus | null | undefined): boolean {
  return status !== null && status !== undefined && MEMBER_STATUSES.includes(status)
}

/** Whether the logged-in customer (soft or full login) is a Campus member. */
export async function isCampusMember(ctx: AppContext, customerId: number | null): Promise<boolean> {
  if (customerId === null) return false
  const [row] = await ctx.db
    .select({ status: customers.studentStatus })
    .from(customers)
    .where(eq(customers.id, customerId))
  return isMemberStatus(row?.status)
}
