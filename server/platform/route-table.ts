// The API's routes looked up by their first two path segments instead of Express's scan of every
// route (issue 23). ts-rest registers ~200 routes on one router; Express tries each one's
// pattern in turn, so `GET /api/header_data` (registered 139th) paid ~140 pattern tests per
// request. Here the routes are registered into one Express router per key (the first two path
// segments, lower-case: "api/header_data", "api/catalog", "cart/"), and a request goes straight
// to its key's router, which matches exactly as before (same patterns, same order, case and
// trailing-slash rules of the app). A route with a parameter in its first two segments
// (`/bilder/:file`) goes into every router it could share a request with, in its place.
import { type IRouter, type RequestHandler, Router } from 'express'

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'
type Route = { method: Method; path: string; handlers: RequestHandler[] }

const METHODS: Method[] = ['get', 'post', 'put', 'patch', 'delete']

/** The first two path segments, lower-case: "/api/catalog/listing" -> "api/catalog". */
export function routeKey(path: string): string {
  const first = path.indexOf('/', 1)
  if (first === -1) return `${path.slice(1).toLowerCase()}/`
  const second = path.indexOf('/', first + 1)
  return path.slice(1, second === -1 ? undefined : second).toLowerCase()
}

/** A segment that only matches itself (no parameter, wildcard, optional part or escape). */
function literal(segment: string): boolean {
  return !/[:*{}()\\?+]/.test(segment)
}

export type RouteTable = {
  /** Takes the routes (give it to ts-rest's createExpressEndpoints in place of the app). */
  registrar: IRouter
  /** Error handlers registered after the routes (ts-rest's request validation handler). */
  errorHandlers: unknown[]
  /** Dispatches a request to its key's routes; builds the routers on first use. */
  handler: RequestHandler
}

export function createRouteTable(options: { caseSensitive: boolean; strict: boolean }): RouteTable {
  const routes: Route[] = []
  const errorHandlers: unknown[] = []
  const registrar: Record<string, unknown> = {
    use: (...handlers: unknown[]) => {
      errorHandlers.push(...handlers)
      return registrar
    },
  }
  for (const method of METHODS) {
    registrar[method] = (path: string, ...handlers: RequestHandler[]) => {
      if (typeof path !== 'string') throw new Error('route table: paths must be strings')
      routes.push({ method, path, handlers })
      return registrar
    }
  }

  let table: Map<string, ReturnType<typeof Router>> | null = null
  let fallback: ReturnType<typeof Router> | null = null
  const build = () => {
    const newRouter = () => Router({ caseSensitive: options.caseSensitive, strict: options.strict })
    const byKey = new Map<string, Route[]>()
    // Keys of the literal routes first, so that a route with a parameter can join each of them.
    for (const route of routes) {
      const [first = '', second = ''] = route.path.split('/').slice(1)
      if (literal(first) && literal(second)) byKey.set(routeKey(route.path), [])
    }
    const rest: Route[] = []
    for (const route of routes) {
      const [first = '', second = ''] = route.path.split('/').slice(1)
      if (literal(first) && literal(second)) {
        byKey.get(routeKey(route.path))?.push(route)
        continue
      }
      // May match requests of other keys: in every router whose first segment it could match.
      rest.push(route)
      for (const [key, list] of byKey) {
        if (!literal(first) || key.split('/')[0] === first.toLowerCase()) list.push(route)
      }
    }
    const add = (router: ReturnType<typeof Router>, list: Route[]) => {
      for (const route of list) router[route.method](route.path, ...route.handlers)
      return router
    }
    // Registration order within each router is the original order (stable: routes in order).
    const order = new Map(routes.map((route, index) => [route, index]))
    const sorted = (list: Route[]) => list.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0))
    table = new Map([...byKey].map(([key, list]) => [key, add(newRouter(), sorted(list))]))
    fallback = add(newRouter(), rest)
  }

  const handler: RequestHandler = (req, res, next) => {
    // No contract route takes OPTIONS; a router would answer it with its own Allow list, where
    // the app's scan went on to the next middleware (the JSON 404).
    if (req.method === 'OPTIONS') return next()
    if (!table) build()
    const router = table?.get(routeKey(req.path)) ?? fallback
    if (!router) return next()
    router(req, res, next)
  }
  return { registrar: registrar as unknown as IRouter, errorHandlers, handler }
}
