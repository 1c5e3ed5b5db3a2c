// Start: config -> database (embedded when no DATABASE_URL) -> migrations -> seed when empty
// -> listen. Ctrl-C closes the HTTP server, the jobs and the embedded Postgres cleanly.
import type { Server } from 'node:http'
import { openDatabase, runMigrations } from '#db/index.ts'
import { DEFAULT_PRODUCT_COUNT, seedIfEmpty } from '#db/seed/index.ts'
import { createApp } from './app.ts'
import { allJobs } from './jobs.ts'
import { systemClock } from './platform/clock.ts'
import { loadConfig } from './platform/config.ts'
import { startJobs } from './platform/jobs.ts'
import { createLogger } from './platform/log.ts'
import { startMailDelivery } from './platform/mail/sender.ts'
import { hashPassword } from './platform/password.ts'
import { createDevRenderer, createProductionRenderer } from './platform/render.ts'

async function main() {
  const config = loadConfig()
  const log = createLogger(config.logLevel)
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  log.info(
    { embedded: database.embedded },
    database.embedded ? `embedded Postgres, data in ${config.dataDir}/pg` : 'using DATABASE_URL',
  )

  await runMigrations(database.url)
  const seeded = await seedIfEmpty(database.db, { products: DEFAULT_PRODUCT_COUNT, hashPassword })
  if (seeded) log.info('demo data seeded')

  const site = { origin: config.publicUrl, whiteLabel: config.whiteLabel }
  const renderer = config.devServer
    ? await createDevRenderer(site)
    : await createProductionRenderer(site)
  const app = createApp({ db: database.db, config, log, clock: systemClock, renderer })

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

  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(config.port, config.host, () => resolve(listening))
  })
  log.info(`Shop läuft auf http://localhost:${config.port}`)

  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    log.info({ signal }, 'shutting down')
    const forced = setTimeout(() => process.exit(1), 10_000)
    forced.unref()
    server.closeIdleConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await stopJobs()
    await mails?.stop()
    await renderer.close()
    await database.shutdown()
    log.info('stopped')
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
