// Server rendering without loopback HTTP (issue 18, item 6): a real page render whose route
// loaders reach the API through the app in-process, as the visitor, without a second connection.
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createDb, type Db } from '#db/client.ts'
import { createApp } from '#server/app.ts'
import { loadConfig } from '#server/platform/config.ts'
import { inProcessFetcher, type RequestListener } from '#server/platform/in-process.ts'
import { createLogger } from '#server/platform/log.ts'
import { type PageRenderer, toFetchRequest } from '#server/platform/render.ts'
import { cloneTemplate } from '#tests/support/template.ts'

describe('a server-rendered page', () => {
  let db: Db
  let closeDb: () => Promise<void>
  let url: string
  let connections = 0
  let closeServer: () => Promise<void>

  beforeAll(async () => {
    const dbUrl = await cloneTemplate(inject('dbAdminUrl'), inject('dbTemplate'))
    ;({ db, close: closeDb } = createDb(dbUrl, { max: 4 }))
    const { render } = await import('#web/entry-server.tsx')
    const site = { origin: 'http://127.0.0.1', whiteLabel: false }
    const renderer: PageRenderer = {
      assets: (_req, _res, next) => next(),
      render: (req) =>
        render(toFetchRequest(req), {
          api: inProcessFetcher(req.app as unknown as RequestListener, req),
          assets: { early: '', styles: [], scripts: [], preload: [], inlineModules: [] },
          site,
        }),
      close: async () => {},
    }
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })
    const app = createApp({ db, config, log: createLogger('silent'), renderer })
    const server = app.listen(0, '127.0.0.1')
    server.on('connection', () => {
      connections += 1
    })
    await new Promise<void>((resolve) => server.once('listening', () => resolve()))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    closeServer = async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
  afterAll(async () => {
    await closeServer()
    await closeDb()
  })

  it('loads its data through the app without opening a connection to itself', async () => {
    connections = 0
    const response = await fetch(`${url}/kategorie/pc-komponenten/grafikkarten`)
    const html = await response.text()
    expect(response.status).toBe(200)
    // The loaders' data is in the page: the category's heading and the embedded query cache.
    expect(html).toContain('Grafikkarten')
    expect(html).toContain('"listing","pc-komponenten/grafikkarten"')
    // Only the visitor's own connection: the loaders' calls never reached the socket server.
    expect(connections).toBe(1)
  })

  it('sends a page form posted before the script took it over back to the page (303), fields dropped', async () => {
    const login = await fetch(`${url}/kundenkonto/login`)
    expect(login.status).toBe(200)
    // The login form names its method: sent by the browser, the password stays out of the URL.
    const accountForm = (await login.text()).match(/<form [^>]*class="account-form"[^>]*>/)?.[0]
    expect(accountForm).toContain('method="post"')
    const posted = await fetch(`${url}/kundenkonto/login?ziel=%2Fkundenkonto`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=lena%40example.de&password=Blau-Tasse-42',
    })
    expect(posted.status).toBe(303)
    expect(posted.headers.get('location')).toBe('/kundenkonto/login?ziel=%2Fkundenkonto')
    expect(posted.headers.get('cache-control')).toBe('no-store')
    // Never to another site: a path that starts like an address of one stays on the shop.
    for (const path of ['//evil.example/x', '/%5Cevil.example/x']) {
      const away = await fetch(`${url}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'a=1',
      })
      expect(away.status).toBe(303)
      expect(away.headers.get('location')).toMatch(/^\/[^/\\]/)
    }
    // Not a form: a write to a page path stays 404.
    const json = await fetch(`${url}/kundenkonto/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(json.status).toBe(404)
  })

  it('answers an unknown category with the 404 page, as the loader decides from the API answer', async () => {
    const response = await fetch(`${url}/kategorie/gibt-es-nicht`)
    expect(response.status).toBe(404)
  })
})
