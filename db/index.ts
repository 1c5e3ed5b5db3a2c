// Connects to DATABASE_URL, or starts the embedded Postgres with its data in .data/.
import postgres from 'postgres'
import { createDb } from './client.ts'
import { startEmbeddedPostgres } from './embedded.ts'

export { createDb, type Db, type DbOrTx, type Tx } from './client.ts'
export { runMigrations } from './migrate.ts'

export type Database = ReturnType<typeof createDb> & {
  url: string
  embedded: boolean
  /** Closes the pool and stops the embedded server if there is one. */
  shutdown: () => Promise<void>
}

const DB_NAME = 'shop'

export async function openDatabase(options: {
  databaseUrl?: string
  dataDir: string
  log?: (line: string) => void
}): Promise<Database> {
  if (options.databaseUrl) {
    const opened = createDb(options.databaseUrl)
    return { ...opened, url: options.databaseUrl, embedded: false, shutdown: opened.close }
  }
  const server = await startEmbeddedPostgres({
    dataDir: `${options.dataDir}/pg`,
    persistent: true,
    log: options.log,
  })
  const admin = postgres(server.adminUrl, { max: 1, onnotice: () => {} })
  try {
    const existing = await admin`select 1 from pg_database where datname = ${DB_NAME}`
    if (existing.length === 0) await admin.unsafe(`create database ${DB_NAME}`)
  } finally {
    await admin.end({ timeout: 5 })
  }
  const url = server.adminUrl.replace(/\/postgres$/, `/${DB_NAME}`)
  const opened = createDb(url)
  return {
    ...opened,
    url,
    embedded: true,
    shutdown: async () => {
      await opened.close()
      await server.stop()
    },
  }
}
