// The route table answers every request with the route Express's own scan would have chosen:
// the same routes registered on a plain app and through the table, then the same requests to
// both over HTTP (case, trailing slash, parameters in the first two segments, order, methods,
// HEAD, misses that fall through to the next middleware).
import type { AddressInfo } from 'node:net'
import express, { type RequestHandler } from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRouteTable, routeKey } from './route-table.ts'

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'
const ROUTES: [Method, string][] = [
  ['get', '/api/header_data'],
  ['get', '/api/catalog/listing'],
  ['get', '/api/catalog/products/:productId'],
  ['post', '/api/catalog/products/:productId'],
  ['get', '/api/catalog/:anything'],
  ['get', '/bilder/:file'],
  ['get', '/bilder/logo.svg'],
  ['post', '/cart/'],
  ['delete', '/cart/remove'],
  ['get', '/:page/info'],
  ['get', '/api/header_data/:extra'],
]

function answer(name: string): RequestHandler {
  return (req, res) => {
    res.json({ route: name, params: req.params })
  }
}

async function serve(viaTable: boolean) {
  const app = express()
  app.set('query parser', 'simple')
  app.use((req, _res, next) => {
    if (req.query.before === '1') req.headers['x-before'] = '1'
    next()
  })
  if (viaTable) {
    const table = createRouteTable({ caseSensitive: false, strict: false })
    for (const [method, path] of ROUTES) table.registrar[method](path, answer(`${method} ${path}`))
    app.use(table.handler)
  } else {
    for (const [method, path] of ROUTES) app[method](path, answer(`${method} ${path}`))
  }
  app.use((req, res) => {
    res.status(404).json({ fallThrough: req.path })
  })
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() }
}

const REQUESTS: [string, string][] = [
  ['GET', '/api/header_data'],
  ['GET', '/API/Header_Data/'],
  ['HEAD', '/api/header_data'],
  ['GET', '/api/header_data/more'],
  ['GET', '/api/header%5Fdata'],
  ['GET', '/api/catalog/listing?path=a%2Fb'],
  ['GET', '/api/catalog/products/7'],
  ['POST', '/api/catalog/products/7'],
  ['PUT', '/api/catalog/products/7'],
  ['GET', '/api/catalog/other'],
  ['GET', '/bilder/logo.svg'],
  ['GET', '/bilder/x.png'],
  ['POST', '/cart'],
  ['POST', '/cart/'],
  ['DELETE', '/cart/remove'],
  ['GET', '/cart/remove'],
  ['GET', '/bilder/info'],
  ['GET', '/kontakt/info'],
  ['GET', '/'],
  ['GET', '//api/header_data'],
  ['GET', '/unknown/path/deeper'],
  ['OPTIONS', '/api/catalog/products/7'],
]

describe('route table', () => {
  let plain: Awaited<ReturnType<typeof serve>>
  let table: Awaited<ReturnType<typeof serve>>
  beforeAll(async () => {
    ;[plain, table] = await Promise.all([serve(false), serve(true)])
  })
  afterAll(() => {
    plain.close()
    table.close()
  })

  it('keys a path by its first two segments, lower-case', () => {
    expect(routeKey('/api/catalog/listing')).toBe('api/catalog')
    expect(routeKey('/API/Header_Data/')).toBe('api/header_data')
    expect(routeKey('/cart')).toBe('cart/')
    expect(routeKey('/cart/')).toBe('cart/')
    expect(routeKey('/')).toBe('/')
  })

  it('answers every request as Express does with the routes registered one by one', async () => {
    for (const [method, path] of REQUESTS) {
      const [a, b] = await Promise.all(
        [plain, table].map(async (server) => {
          const response = await fetch(`${server.url}${path}`, { method })
          return {
            status: response.status,
            allow: response.headers.get('allow'),
            body: method === 'HEAD' ? '' : await response.text(),
          }
        }),
      )
      expect(b, `${method} ${path}`).toEqual(a)
    }
  })
})
