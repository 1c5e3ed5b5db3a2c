// The recorded security headers are exactly what helmet itself sets, in production and under
// the dev server, and a response gets them from the middleware.
import type { AddressInfo } from 'node:net'
import express from 'express'
import { describe, expect, it } from 'vitest'
import { helmetFor, securityHeaders } from './security.ts'

async function headersOf(middleware: express.RequestHandler) {
  const app = express()
  app.use(middleware)
  app.get('/', (_req, res) => {
    res.end('ok')
  })
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
    const headers = Object.fromEntries(response.headers)
    for (const name of ['date', 'connection', 'keep-alive', 'content-length']) delete headers[name]
    return headers
  } finally {
    server.close()
  }
}

describe('security headers', () => {
  it.each([false, true])('dev %s: the same headers as helmet', async (dev) => {
    const recorded = await headersOf(securityHeaders({ dev }))
    const live = await headersOf(helmetFor({ dev }))
    expect(recorded).toEqual(live)
    expect(recorded['content-security-policy']).toContain("frame-ancestors 'self'")
    expect(recorded['x-content-type-options']).toBe('nosniff')
    expect(recorded['x-powered-by']).toBeUndefined()
  })
})
