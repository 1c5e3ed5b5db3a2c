// Health endpoints for operators and orchestrators, outside the shop's contract: no session, no
// origin check, no request log line. GET /healthz (liveness): 200 while the process serves
// requests, never touches the database (a database outage must not get the process restarted).
// GET /readyz (readiness): 200 when `select 1` answers within a second, else 503 + Retry-After.

import { type RequestHandler, Router } from 'express'
import type { Db } from '#db/client.ts'
import { RETRY_AFTER_SECONDS } from './db-errors.ts'
import { sendError } from './errors.ts'

export const READY_TIMEOUT_MS = 1000

/** Whether the database answers `select 1` within the timeout. */
export async function pingDatabase(db: Db, timeoutMs = READY_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs)
  })
  const ping = db.$client`select 1`.then(
    () => true,
    () => false,
  )
  try {
    return await Promise.race([ping, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** Only the probes' paths enter their router (every request would, issue 23). */
const PROBE_PATH = /^\/(?:healthz|readyz)\/?$/i

export function healthRoutes(db: Db): RequestHandler {
  const router = Router()
  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    res.json({ status: 'ok' })
  })
  router.get('/readyz', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    if (await pingDatabase(db)) {
      res.json({ status: 'ready' })
      return
    }
    res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS))
    sendError(res, 'service_unavailable')
  })
  return (req, res, next) => (PROBE_PATH.test(req.path) ? router(req, res, next) : next())
}
