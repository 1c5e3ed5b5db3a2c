// The shop's answers while its database cannot be reached, in process: the app is pointed at a
// port nobody listens on (every connection is refused). API calls answer 503 with Retry-After
// and the German message, pages the short HTML page, /readyz 503, /healthz 200. The real outage
// (a Postgres stopped and started under load, in a child process) is db-outage.test.ts.
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { translate } from '#contract/messages.de.ts'
import { createDb } from '#db/client.ts'
import { freePort } from '#db/embedded.ts'
import { createApp } from '#server/app.ts'
import { loadConfig } from '#server/platform/config.ts'
import { createLogger } from '#server/platform/log.ts'
import { outageAware, type PageRenderer } from '#server/platform/render.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import { createBrowser } from '#tests/support/client.ts'

const MESSAGE = translate('service_unavailable')

let url: string
let close: () => Promise<void>

beforeAll(async () => {
  const port = await freePort()
  const database = createDb(`postgres://postgres:postgres@127.0.0.1:${port}/nowhere`, { max: 4 })
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })
  // A page renderer like the real one: its loaders fail (here: a 500 render) because the API
  // they call cannot reach the database.
  const renderer: PageRenderer = {
    assets: (_req, _res, next) => next(),
    render: (req) =>
      outageAware(req, async () => ({ type: 'html', status: 500, html: '<p>Fehler</p>' })),
    close: async () => {},
  }
  const app = createApp({ db: database.db, config, log: createLogger('silent'), renderer })
  const server = app.listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  close = async () => {
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await database.close()
  }
})
afterAll(() => close())

async function expectUnavailableJson(response: Response) {
  expect(response.status).toBe(503)
  expect(response.headers.get('retry-after')).toBe('2')
  expect(await response.json()).toEqual({ code: 'service_unavailable', message: MESSAGE })
}

describe('while the database cannot be reached', () => {
  it('reads answer 503 with Retry-After and the German message', async () => {
    await expectUnavailableJson(await fetch(`${url}/api/navigation_data`))
    await expectUnavailableJson(await fetch(`${url}/api/catalog/products/1`))
  })

  it('writes answer 503 too (the session cannot be created)', async () => {
    const browser = createBrowser(url)
    const answer = await browser.api.cart.addToCart({ body: { id: 1, quantity: 1 } })
    expect(answer.status).toBe(503)
    expect(answer.body).toEqual({ code: 'service_unavailable', message: MESSAGE })
  })

  it('a page answers the short HTML page with 503, not the 500 error page', async () => {
    const response = await fetch(`${url}/`, { headers: { accept: 'text/html' } })
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('2')
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await response.text()
    expect(html).toContain(MESSAGE)
    expect(html).toContain('<html lang="de">')
  })

  it('readiness answers 503, liveness 200', async () => {
    const ready = await fetch(`${url}/readyz`)
    await expectUnavailableJson(ready)
    const live = await fetch(`${url}/healthz`)
    expect(live.status).toBe(200)
    expect(await live.json()).toEqual({ status: 'ok' })
  })
})

describe('with the database there', () => {
  let shop: TestApp
  beforeAll(async () => {
    shop = await startTestApp()
  })
  afterAll(() => shop.close())

  it('readiness and liveness answer 200 without a session cookie', async () => {
    const ready = await fetch(`${shop.url}/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: 'ready' })
    expect(ready.headers.get('set-cookie')).toBeNull()
    expect((await fetch(`${shop.url}/healthz`)).status).toBe(200)
  })
})
