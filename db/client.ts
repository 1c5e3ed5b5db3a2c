// The typed database client: Drizzle over postgres-js, snake_case columns.
import { drizzle } from 'drizzle-orm/postgres-js'
import postgres from 'postgres'
import * as schema from './schema/index.ts'

export function createDb(url: string, options: { max?: number } = {}) {
  const client = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    connection: { application_name: 'shop' },
  })
  const db = drizzle(client, { schema, casing: 'snake_case' })
  return { db, client, close: () => client.end({ timeout: 5 }) }
}

export type Db = ReturnType<typeof createDb>['db']
/** A transaction handle; slice functions that join a transaction take it as first parameter. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type DbOrTx = Db | Tx
export { schema }
