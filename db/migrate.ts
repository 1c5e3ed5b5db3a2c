// Applies the checked-in migrations. Used at start, by tests and by `npm run db:migrate`.
import { fileURLToPath } from 'node:url'
import { drizzle } from 'drizzle-orm/postgres-js'
import { migrate } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

export async function runMigrations(url: string): Promise<void> {
  const client = postgres(url, { max: 1, onnotice: () => {} })
  try {
    await migrate(drizzle(client), { migrationsFolder })
  } finally {
    await client.end({ timeout: 5 })
  }
}

/**
 * Runs `work` (migrations, seeding) while holding a Postgres advisory lock: several shop processes
 * started at once on one database (replicas) take turns, so migrations and the demo seed run once
 * and the others find them done.
 */
export async function withStartLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const client = postgres(url, { max: 1, onnotice: () => {} })
  try {
    const connection = await client.reserve()
    try {
      await connection`select pg_advisory_lock(hashtext('shop:start'))`
      try {
        return await work()
      } finally {
        await connection`select pg_advisory_unlock(hashtext('shop:start'))`
      }
    } finally {
      connection.release()
    }
  } finally {
    await client.end({ timeout: 5 })
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const url = process.env.DATABASE_URL
  if (!url) {
    console.error('DATABASE_URL is not set')
    process.exit(1)
  }
  await runMigrations(url)
  console.log('migrations applied')
}
