// Benchmark harness: a seeded database, the real app, and a bare Express handler doing one
// indexed SELECT on the same database as the baseline. Absolute numbers drift on shared machines;
// the ratio to the baseline measured in the same run holds.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import express from 'express'
import { createDb, type Db } from '#db/client.ts'
import { createApp } from '#server/app.ts'
import { loadConfig } from '#server/platform/config.ts'
import { createLogger } from '#server/platform/log.ts'
import { createProductionRenderer } from '#server/platform/render.ts'

export type BenchResult = {
  name: string
  requestsPerSecond: number
  p50: number
  p99: number
  errors: number
  non2xx: number
}

export type Scenario = {
  name: string
  /** Target: throughput as a ratio of the baseline, and latency limits in ms. */
  target?: { ratio?: number; p99?: number }
  /** Builds the request(s) against the app's URL. */
  requests: (ctx: {
    appUrl: string
    db: Db
  }) => Promise<autocannon.Request[]> | autocannon.Request[]
  /** Overrides the baseline (e.g. the same upsert in one transaction for add-to-cart). */
  baseline?: (app: express.Express, db: Db) => string
  /** Runs against the app with the production page renderer (server-rendered HTML pages). */
  pages?: boolean
}

export async function listen(
  app: express.Express,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = app.listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export async function measure(
  name: string,
  url: string,
  requests: autocannon.Request[],
  seconds: number,
): Promise<BenchResult> {
  const result = await autocannon({
    url,
    connections: 10,
    duration: seconds,
    pipelining: 1,
    ...(requests.length ? { requests } : {}),
  })
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  }
}

/** The baseline: one indexed SELECT by primary key, no framework beyond Express. */
export function bareSelectApp(db: Db): express.Express {
  const app = express()
  app.get('/bare', async (_req, res) => {
    const rows = await db.execute(sql`select id, name from countries where id = 81`)
    res.json(rows[0] ?? null)
  })
  return app
}

export function createBenchApp(db: Db) {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' })
  return createApp({ db, config, log: createLogger('silent') })
}

const ROOT = resolve(import.meta.dirname, '../..')

/**
 * The app with the production page renderer, for scenarios that request whole pages. Builds the
 * web bundles first when they are missing (`npm run build`).
 */
export async function createBenchPagesApp(db: Db) {
  if (!existsSync(resolve(ROOT, 'dist/server/entry-server.js')))
    execSync('npm run build', { cwd: ROOT, stdio: 'ignore' })
  // React picks its production build from process.env when the server bundle first loads it.
  process.env.NODE_ENV = 'production'
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' })
  const renderer = await createProductionRenderer({ origin: 'http://127.0.0.1', whiteLabel: false })
  return createApp({ db, config, log: createLogger('silent'), renderer })
}

export function openBenchDb(url: string) {
  return createDb(url, { max: 20 })
}
