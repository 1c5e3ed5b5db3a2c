// The drain on a real HTTP server with real keep-alive connections (node:http's Agent).
import { createServer, Agent as HttpAgent, type IncomingMessage, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { type DrainableServer, drainable } from './shutdown.ts'

type Answer = { status: number; connection: string | undefined; body: string }

/** A server whose requests wait until the test releases them (by path) or answer at once. */
async function startServer() {
  const waiting = new Map<string, () => void>()
  const arrived = new Map<string, Promise<void>>()
  const arrive = new Map<string, () => void>()
  const expectRequest = (path: string) => {
    arrived.set(path, new Promise<void>((resolve) => arrive.set(path, resolve)))
  }
  const server = createServer((req, res) => {
    const path = req.url ?? '/'
    arrive.get(path)?.()
    if (path.startsWith('/slow')) {
      waiting.set(path, () => res.end(`done ${path}`))
      return
    }
    if (path.startsWith('/stream')) {
      res.writeHead(200, { 'content-type': 'text/plain' })
      res.write('part 1 ')
      waiting.set(path, () => res.end('part 2'))
      return
    }
    res.end(`quick ${path}`)
  })
  const http = drainable(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const agent = new HttpAgent({ keepAlive: true, maxSockets: 1 })
  const get = (path: string, via: HttpAgent | false = agent) =>
    new Promise<Answer>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path, agent: via }, (res: IncomingMessage) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          body += chunk
        })
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }),
        )
        res.on('error', reject)
      })
        .on('error', reject)
        .end()
    })
  const release = (path: string) => waiting.get(path)?.()
  const reached = (path: string) => arrived.get(path) ?? Promise.resolve()
  return { http, port, agent, get, release, expectRequest, reached }
}

let current: { http: DrainableServer; agent: HttpAgent } | null = null
afterEach(() => {
  current?.agent.destroy()
  current?.http.server.closeAllConnections()
  current = null
})

describe('draining the HTTP server', () => {
  it('lets a request in flight finish and answer, with Connection: close, then ends', async () => {
    const s = await startServer()
    current = s
    s.expectRequest('/slow-1')
    const slow = s.get('/slow-1')
    await s.reached('/slow-1')
    expect(s.http.inFlight()).toBe(1)
    const drained = s.http.drain(5_000)
    s.release('/slow-1')
    expect(await slow).toEqual({ status: 200, connection: 'close', body: 'done /slow-1' })
    expect(await drained).toMatchObject({ complete: true, answered: 1, aborted: 0 })
    await expect(s.get('/after', false)).rejects.toMatchObject({ code: 'ECONNREFUSED' })
  })

  it('closes idle keep-alive connections at once, so the drain does not wait for them', async () => {
    const s = await startServer()
    current = s
    expect(await s.get('/first')).toMatchObject({ connection: 'keep-alive' })
    const drained = await s.http.drain(5_000)
    expect(drained).toMatchObject({ complete: true, answered: 0, aborted: 0 })
    expect(drained.ms).toBeLessThan(5_000)
  })

  it('answers a request that arrives on an open connection while draining, then closes it', async () => {
    const s = await startServer()
    current = s
    const second = new HttpAgent({ keepAlive: true, maxSockets: 1 })
    try {
      // Holds the drain open while the other connection sends its next request.
      s.expectRequest('/slow-hold')
      const hold = s.get('/slow-hold', second)
      await s.reached('/slow-hold')
      s.expectRequest('/slow-busy')
      const busy = s.get('/slow-busy')
      await s.reached('/slow-busy')
      const drained = s.http.drain(5_000)
      s.release('/slow-busy')
      expect(await busy).toMatchObject({ connection: 'close', body: 'done /slow-busy' })
      s.release('/slow-hold')
      expect(await hold).toMatchObject({ connection: 'close' })
      expect(await drained).toMatchObject({ complete: true, answered: 2, aborted: 0 })
    } finally {
      second.destroy()
    }
  })

  it('closes a keep-alive connection whose headers went out before the drain once it has answered', async () => {
    const s = await startServer()
    current = s
    s.expectRequest('/stream-1')
    const streamed = s.get('/stream-1')
    await s.reached('/stream-1')
    const drained = s.http.drain(5_000)
    s.release('/stream-1')
    expect(await streamed).toMatchObject({ connection: 'keep-alive', body: 'part 1 part 2' })
    expect(await drained).toMatchObject({ complete: true, answered: 1, aborted: 0 })
  })

  it('cuts off what is still running at the bound and says so', async () => {
    const s = await startServer()
    current = s
    s.expectRequest('/slow-never')
    const never = s.get('/slow-never').catch((error: unknown) => error)
    await s.reached('/slow-never')
    const drained = await s.http.drain(200)
    expect(drained).toMatchObject({ complete: false, answered: 0, aborted: 1 })
    expect(await never).toMatchObject({ code: 'ECONNRESET' })
  })
})
