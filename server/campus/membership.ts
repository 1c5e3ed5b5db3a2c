// Who is a Campus member, decided in one place: the stored status and end date read through
// the contract's rule (pending, valid and valid near expiry count; a passed end date is expired
// at once). The name change, the billing address lock and the catalog's Campus prices
// (server/catalog/campus-price.ts) apply the same contract rule.
import { type CampusStatus, campusStatusAt } from '#contract/campus.ts'
import type { StudentStatus } from '#server/account/index.ts'

export type MembershipFacts = { studentStatus: StudentStatus; studentExpiration: Date | null }

/** The Campus status as it applies at `now`. */
export function campusStatusOf(row: MembershipFacts, now: Date): CampusStatus {
  return campusStatusAt(row.studentStatus, row.studentExpiration, now)
}
