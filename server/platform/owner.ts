// Whose cart or wishlist: a customer's (soft or full login) or a guest session's. Both slices
// keep one row per owner with a `customer_id` and a `session_id` column; these build the owner's
// condition on them.
import { type Column, eq, type SQL, sql } from 'drizzle-orm'
import { type Db, preparedPerDb } from '#db/client.ts'

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

type OwnerColumns = { customerId: Column; sessionId: Column }

/**
 * A read of the owner's rows as prepared statements, one per owner kind (customer, session) and
 * database: `const lines = preparedPerOwner('cart_lines', carts, (db, where, name) =>
 * linesQuery(db, where).prepare(name))`, then `lines(db, owner)`. `where` is the owner condition
 * with the placeholder `owner`; `name` the statement's name for the kind.
 */
export function preparedPerOwner<R>(
  name: string,
  columns: OwnerColumns,
  build: (
    db: Db,
    where: SQL,
    name: string,
  ) => { execute: (values: { owner: number | string }) => Promise<R> },
): (db: Db, owner: Owner) => Promise<R> {
  const byKind = {
    customer: preparedPerDb((db) =>
      build(db, eq(columns.customerId, sql.placeholder('owner')), `${name}_customer`),
    ),
    session: preparedPerDb((db) =>
      build(db, eq(columns.sessionId, sql.placeholder('owner')), `${name}_session`),
    ),
  }
  return (db, owner) =>
    'customerId' in owner
      ? byKind.customer(db).execute({ owner: owner.customerId })
      : byKind.session(db).execute({ owner: owner.sessionId })
}
