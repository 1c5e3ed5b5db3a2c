// Middleware run one after the other inside one Express layer (issue 23). Every `app.use` is a
// layer that Express's router visits for every request (path match, prefix trim, parameter step,
// promise check): a dozen of them before the route table cost a cached JSON answer about as much
// as its own handler. `chain(a, b, c)` is one layer that calls a, b and c in turn with a plain
// `next`, with Express's semantics for what can happen in between: `next(error)` and a thrown
// error or rejected promise go to Express's error handlers; `next('route')` goes on like `next()`
// (as it does between app-level layers); `next('router')` leaves the app's router.
import type { NextFunction, Request, RequestHandler, Response } from 'express'

export function chain(...handlers: RequestHandler[]): RequestHandler {
  const count = handlers.length
  return (req: Request, res: Response, done: NextFunction) => {
    let index = 0
    let finished = false
    const fail = (error: unknown) => {
      if (finished) return
      finished = true
      done(error ?? new Error('middleware rejected without a reason'))
    }
    const next = (error?: unknown) => {
      if (finished) return
      if (error !== undefined && error !== null && error !== 'route' && error !== 'router')
        return fail(error)
      if (error === 'router' || index === count) {
        finished = true
        return done(error === 'router' ? 'router' : undefined)
      }
      const handler = handlers[index++] as RequestHandler
      try {
        const returned = handler(req, res, next) as unknown
        if (returned && typeof (returned as Promise<unknown>).then === 'function')
          (returned as Promise<unknown>).then(undefined, fail)
      } catch (error) {
        fail(error)
      }
    }
    next()
  }
}

/**
 * A handler that runs only for paths below `prefix` (as `app.use(prefix, handler)` would, case
 * insensitively and at a segment boundary), without changing req.url.
 */
export function below(prefix: string, handler: RequestHandler): RequestHandler {
  const pattern = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:/|$)`, 'i')
  return (req, res, next) => (pattern.test(req.path) ? handler(req, res, next) : next())
}
