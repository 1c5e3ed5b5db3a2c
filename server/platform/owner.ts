// Whose cart or wishlist: a customer's (soft or full login) or a guest session's. Both slices
// keep one row per owner with a `customer_id` and a `session_id` column; these build the owner's
// condition on them.
import { type Column, eq, type SQL, sql } from 'drizzle-orm'

export type Owner = { customerId: number } | { sessionId: string }

/** The owner as a condition on a table's `customerId` / `sessionId` columns. */
export function ownerWhere(owner: Owner, columns: { customerId: Column; sessionId: Column }): SQL {
  return 'customerId' in owner
    ? eq(columns.customerId, owner.customerId)
    : eq(columns.sessionId, owner.sessionId)
}

/** The owner as a raw condition on a table aliased `alias` in hand-written SQL. */
export function ownerCondition(owner: Owner, alias: 'c' | 'l'): SQL {
  const table = sql.raw(alias)
  return 'customerId' in owner
    ? sql`${table}.customer_id = ${owner.customerId}`
    : sql`${table}.session_id = ${owner.sessionId}`
}

/** Which kind of owner: prepared statements exist once per kind (`ownerPlaceholderWhere`). */
export function ownerKind(owner: Owner): 'customer' | 'session' {
  return 'customerId' in owner ? 'customer' : 'session'
}

/** The owner's value for the placeholder `owner` of `ownerPlaceholderWhere`. */
export function ownerValue(owner: Owner): number | string {
  return 'customerId' in owner ? owner.customerId : owner.sessionId
}

/** The owner condition of a prepared statement: the placeholder `owner` of the given kind. */
export function ownerPlaceholderWhere(
  kind: 'customer' | 'session',
  columns: { customerId: Column; sessionId: Column },
): SQL {
  return eq(kind === 'customer' ? columns.customerId : columns.sessionId, sql.placeholder('owner'))
}
