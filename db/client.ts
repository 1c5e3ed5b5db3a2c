// The typed database client: Drizzle over postgres-js, snake_case columns.
import { is, Placeholder, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { drizzle } from 'drizzle-orm/postgres-js'
import postgres from 'postgres'
import * as schema from './schema/index.ts'

/**
 * Seconds postgres-js waits before the next connection attempt after `retries` failed ones. Its
 * default grows to 10-20 s: after an outage the shop stayed down that long although the database
 * was back, and while it was away the queries waiting for a connection piled up for seconds
 * before they failed. Here the wait stays at most 0.1 s: a query fails fast while the database is
 * away (the request answers 503), the first one after it is back gets through within 0.1 s, and
 * so does the catalog cache's LISTEN connection, which retries on its own. An attempt is made only
 * for a waiting query, so the rate is bounded by the requests (a refused connect is cheap).
 */
export function connectBackoff(retries: number): number {
  return Math.min(0.005 * 2 ** retries, 0.1) * (0.75 + Math.random() / 4)
}

/**
 * Connection settings for a database outage: a lost connection fails its queries (the caller
 * answers 503) and the next query connects anew; a server that does not answer the connect at
 * all (network gone) fails after 5 s instead of 30.
 */
export const CONNECTION_OPTIONS = { connect_timeout: 5, backoff: connectBackoff } as const

export function createDb(url: string, options: { max?: number; applicationName?: string } = {}) {
  const client = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    connection: { application_name: options.applicationName ?? 'shop' },
    ...CONNECTION_OPTIONS,
  })
  const db = drizzle(client, { schema, casing: 'snake_case' })
  return { db, client, close: () => client.end({ timeout: 5 }) }
}

export type Db = ReturnType<typeof createDb>['db']
/** A transaction handle; slice functions that join a transaction take it as first parameter. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type DbOrTx = Db | Tx
export { schema }

const dialect = new PgDialect({ casing: 'snake_case' })

/**
 * Runs a raw statement as a server-side prepared statement. postgres-js sends a parameterized
 * statement that is not prepared in two round trips (describe, then bind and execute) and parses
 * it anew each time; prepared, it is one round trip once a connection knows it. For hot statements
 * of a fixed shape only (each distinct text stays prepared on every connection that ran it).
 */
export async function executePrepared<T extends Record<string, unknown>>(
  db: Db,
  query: SQL,
): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query)
  return db.$client.unsafe<T[]>(text, params as never[], { prepare: true })
}

/**
 * A prepared statement built once per database (drizzle builds a query's SQL on every call, which
 * costs more than a small indexed read; issue 23): `const lines = preparedPerDb((db) =>
 * db.select()...prepare('name'))`, then `lines(db).execute({ ... })`.
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>()
  return (db) => {
    let query = built.get(db)
    if (query === undefined) {
      query = build(db)
      built.set(db, query)
    }
    return query
  }
}

/**
 * A raw statement whose SQL is built once (drizzle's SQL building costs more per call than a small
 * statement's execution; issue 23) and run as a server-side prepared statement like
 * executePrepared: every value in `query` is a `sql.placeholder(name)`, filled per call from
 * `values`. `const add = preparedSql(sql`... ${sql.placeholder('id')} ...`)`, then
 * `add(db, { id: 1 })`.
 */
export function preparedSql<T extends Record<string, unknown>>(
  query: SQL,
): (db: Db, values: Record<string, unknown>) => Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query)
  const names = params.map((param) => {
    if (!is(param, Placeholder)) throw new Error('preparedSql: every value must be a placeholder')
    return param.name
  })
  return (db, values) =>
    db.$client.unsafe<T[]>(text, names.map((name) => values[name]) as never[], { prepare: true })
}
