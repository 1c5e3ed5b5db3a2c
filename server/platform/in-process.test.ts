// In-process API calls: a request through an Express app without a socket. The shop's page render
// over them (no connection to itself) is tests/api/pages-in-process.test.ts.
import cookieParser from 'cookie-parser'
import express, { type Request } from 'express'
import { describe, expect, it } from 'vitest'
import { dispatchInProcess, inProcessFetcher, type RequestListener } from './in-process.ts'

/** The page request as Express hands it to the renderer (only what the dispatcher reads). */
function visitor(headers: Record<string, string>): Request {
  return { headers, socket: { remoteAddress: '203.0.113.7' } } as unknown as Request
}

describe('dispatchInProcess', () => {
  const app = express()
  app.use(express.json())
  app.use(cookieParser())
  app.get('/echo', (req, res) => {
    res.cookie('seen', '1')
    res.json({ cookies: req.cookies, ip: req.ip, host: req.get('host') })
  })
  app.post('/echo', (req, res) => {
    res.status(201).json({ body: req.body })
  })
  app.get('/text', (_req, res) => {
    res.type('text').send('Hallo')
  })
  const listener = app as unknown as RequestListener

  it("carries the visitor's cookies and address and collects status, headers and body", async () => {
    const answer = await dispatchInProcess(
      listener,
      visitor({ cookie: 'sid=abc', host: 'shop.example', accept: 'text/html' }),
      { method: 'GET', path: '/echo' },
    )
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.text)).toEqual({
      cookies: { sid: 'abc' },
      ip: '203.0.113.7',
      host: 'shop.example',
    })
    expect(answer.headers.getSetCookie()).toEqual(['seen=1; Path=/'])
  })

  it('sends a JSON body and decodes the answer as ts-rest does', async () => {
    const fetcher = inProcessFetcher(listener, visitor({}))
    const posted = await fetcher({
      method: 'POST',
      path: '/echo',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 7 }),
    })
    expect(posted).toMatchObject({ status: 201, body: { body: { id: 7 } } })
    const text = await fetcher({ method: 'GET', path: '/text', headers: {}, body: undefined })
    expect(text).toMatchObject({ status: 200, body: 'Hallo' })
    const missing = await fetcher({ method: 'GET', path: '/nowhere', headers: {}, body: undefined })
    expect(missing.status).toBe(404)
  })
})

describe('JSON answers in process', () => {
  /** The same app answering over a real socket, for Express's own `res.json`. */
  async function overHttp(app: express.Express, path: string) {
    const server = app.listen(0)
    await new Promise((done) => server.once('listening', done))
    const { port } = server.address() as { port: number }
    try {
      const response = await fetch(`http://127.0.0.1:${port}${path}`)
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        text: await response.text(),
      }
    } finally {
      server.close()
    }
  }

  function jsonApp() {
    const app = express()
    app.get('/plain', (_req, res) => {
      res.cookie('seen', '1')
      res.status(201).json({ name: 'Käse', at: new Date(0), gone: undefined, list: [1, null] })
    })
    app.get('/problem', (_req, res) => {
      res.type('application/problem+json').status(422).json({ code: 'invalid' })
    })
    app.get('/nothing', (_req, res) => {
      res.json(undefined)
    })
    app.get('/empty', (_req, res) => {
      res.status(204).json({ ignored: true })
    })
    return app
  }

  it("gives the status, type and text Express's own res.json sends", async () => {
    const app = jsonApp()
    for (const path of ['/plain', '/problem', '/nothing', '/empty']) {
      const inProcess = await dispatchInProcess(app as unknown as RequestListener, visitor({}), {
        method: 'GET',
        path,
      })
      expect({
        status: inProcess.status,
        type: inProcess.headers.get('content-type'),
        text: inProcess.text,
      }).toEqual(await overHttp(app, path))
    }
    const plain = await dispatchInProcess(app as unknown as RequestListener, visitor({}), {
      method: 'GET',
      path: '/plain',
    })
    expect(plain.headers.getSetCookie()).toEqual(['seen=1; Path=/'])
  })

  it("leaves the answer to Express's res.json when the app sets JSON options", async () => {
    const app = jsonApp()
    app.set('json spaces', 2)
    const inProcess = await dispatchInProcess(app as unknown as RequestListener, visitor({}), {
      method: 'GET',
      path: '/problem',
    })
    expect(inProcess.text).toBe('{\n  "code": "invalid"\n}')
    expect(inProcess.text).toBe((await overHttp(app, '/problem')).text)
  })
})
