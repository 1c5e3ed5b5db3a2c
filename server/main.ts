// Start: config -> database (embedded when no DATABASE_URL) -> migrations -> seed when empty
// -> listen. SIGTERM (or Ctrl-C) stops it gracefully: no new connections, the requests in flight
// finish and answer (at most 10 s), then the jobs, the pool and the embedded Postgres; exit 0.
// Production runs the bundle of this file with plain node (scripts/build-server.ts).
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createDb, type Db, openDatabase, runMigrations } from '#db/index.ts'
import { withStartLock } from '#db/migrate.ts'
import { DEFAULT_PRODUCT_COUNT, seedIfEmpty } from '#db/seed/index.ts'
import { createApp } from './app.ts'
import { warmSuggestions } from './catalog/index.ts'
import { allJobs } from './jobs.ts'
import { systemClock } from './platform/clock.ts'
import { type Config, loadConfig } from './platform/config.ts'
import { guardProcessAgainstDatabaseErrors } from './platform/db-errors.ts'
import { pingDatabase } from './platform/health.ts'
import { startJobs } from './platform/jobs.ts'
import { createLogger, type Logger } from './platform/log.ts'
import { startMailDelivery } from './platform/mail/sender.ts'
import { hashPassword } from './platform/password.ts'
import { assertPostgresVersion } from './platform/postgres-version.ts'
import {
  createDevRenderer,
  createProductionRenderer,
  type PageRenderer,
} from './platform/render.ts'
import { drainable, stopOnSignals } from './platform/shutdown.ts'

async function pageRenderer(config: Config, log: Logger): Promise<PageRenderer | undefined> {
  const site = { origin: config.publicUrl, whiteLabel: config.whiteLabel }
  if (config.devServer) return createDevRenderer(site)
  try {
    return await createProductionRenderer(site)
  } catch (error) {
    // The fault tests start this process (NODE_ENV=test) before `npm test` builds the pages.
    if (config.env !== 'test') throw error
    log.warn({ err: error }, 'no web build: serving the API only')
    return undefined
  }
}

/**
 * A shop started while its database is still coming up (a host reboot, compose starting both)
 * waits for it instead of exiting: up to a minute, asking every second.
 */
async function waitForDatabase(db: Db, log: Logger, seconds = 60): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if (await pingDatabase(db)) return
    if (attempt >= seconds) throw new Error(`database not reachable after ${seconds} s`)
    if (attempt === 1) log.warn('database not reachable yet: waiting for it')
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
}

async function main() {
  const config = loadConfig()
  const log = createLogger(config.logLevel)
  // A lost database connection never ends the process (see platform/db-errors.ts).
  guardProcessAgainstDatabaseErrors(log)
  const stopper = stopOnSignals({ log })
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  // A start that fails from here on (a migration, the port taken) stops the embedded Postgres
  // too, so no orphaned server holds `.data/pg` for the next start.
  try {
    log.info(
      { embedded: database.embedded },
      database.embedded ? `embedded Postgres, data in ${config.dataDir}/pg` : 'using DATABASE_URL',
    )

    await waitForDatabase(database.db, log)
    // Refused with a clear message on a server older than PostgreSQL 18 (exit 1 below).
    await assertPostgresVersion(database.db)
    // Replicas started together take turns: migrations and the demo seed run once.
    const seeded = await withStartLock(database.url, async () => {
      await runMigrations(database.url)
      return seedIfEmpty(database.db, { products: DEFAULT_PRODUCT_COUNT, hashPassword })
    })
    if (seeded) log.info('demo data seeded')

    // Catalog reads that tolerate lag go to the replica when one is configured (issue 23). Not
    // awaited: a replica that is away at start only sends those reads to the primary for now.
    const replica = config.databaseReadUrl
      ? createDb(config.databaseReadUrl, { applicationName: 'shop-read' })
      : undefined
    if (replica) log.info('catalog reads: DATABASE_READ_URL (read replica)')

    const renderer = await pageRenderer(config, log)
    const app = createApp({
      db: database.db,
      config,
      log,
      clock: systemClock,
      renderer,
      ...(replica ? { replica: replica.db } : {}),
    })
    warmSuggestions({ db: database.db, log })

    const jobs = allJobs(database.db, systemClock)
    // Mail delivery runs its own loop: no job lock transaction is held during SMTP I/O.
    const mails = config.smtpUrl
      ? startMailDelivery({
          db: database.db,
          smtpUrl: config.smtpUrl,
          from: config.mailFrom,
          log,
          clock: systemClock,
        })
      : undefined
    const stopJobs = startJobs(database.db, log, jobs)

    const server = createServer(app)
    const http = drainable(server)
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(config.port, config.host, () => resolve())
    })
    const { port } = server.address() as AddressInfo
    log.info({ port }, `Shop läuft auf http://localhost:${port}`)

    // After the drain, in this order; the pool closes last (jobs and mails may still use it).
    stopper.running({
      http,
      steps: [
        { name: 'jobs', run: stopJobs },
        { name: 'mails', run: async () => mails?.stop() },
        { name: 'renderer', run: async () => renderer?.close() },
        { name: 'read replica', run: async () => replica?.close() },
        { name: 'database', run: database.shutdown },
      ],
    })
  } catch (error) {
    await database.shutdown().catch(() => undefined)
    throw error
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof Error && error.message.startsWith('PostgreSQL ') ? error.message : error,
  )
  process.exit(1)
})
