// Starts the real app on a random port against a fresh copy of the template database.
// Usage in a test file: const shop = await startTestApp(); ... afterAll(() => shop.close())
import type { AddressInfo } from 'node:net'
import { inject } from 'vitest'
import { createDb, type Db } from '#db/client.ts'
import { createApp } from '#server/app.ts'
import { type Clock, manualClock } from '#server/platform/clock.ts'
import { type Config, loadConfig } from '#server/platform/config.ts'
import { createLogger } from '#server/platform/log.ts'
import { rendererFromEntry } from '#server/platform/render.ts'
import { cloneTemplate } from './template.ts'

export type TestApp = {
  url: string
  db: Db
  config: Config
  clock: ReturnType<typeof manualClock>
  close: () => Promise<void>
}

/** The page renderer in-process (the server entry from source, no built assets). */
async function inProcessRenderer() {
  return rendererFromEntry(
    await import('#web/entry-server.tsx'),
    { early: '', styles: [], scripts: [], preload: [], inlineModules: [] },
    { origin: 'http://127.0.0.1', whiteLabel: false },
    (_req, _res, next) => next(),
  )
}

export async function startTestApp(
  options: {
    env?: Record<string, string>
    /** A manual clock by default; 'system' runs on the real time. */
    clock?: Clock | 'system'
    /** Another app's database (several processes on one database); a fresh copy by default. */
    dbUrl?: string
    /** Server-render the pages too (page cache, personal pages). */
    pages?: boolean
    dbMax?: number
  } = {},
): Promise<TestApp> {
  const dbUrl = options.dbUrl ?? (await cloneTemplate(inject('dbAdminUrl'), inject('dbTemplate')))
  const { db, close: closeDb } = createDb(dbUrl, { max: options.dbMax ?? 10 })
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env })
  const clock = manualClock()
  const app = createApp({
    db,
    config,
    log: createLogger(config.logLevel),
    clock: options.clock === 'system' ? undefined : (options.clock ?? clock),
    renderer: options.pages ? await inProcessRenderer() : undefined,
  })
  const server = app.listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    config,
    clock,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await closeDb()
    },
  }
}
