// Writes must come from the shop's own pages: a cross-site Origin (or Sec-Fetch-Site) is refused.
// Requests without either header (server-to-server, curl, tests) pass; the SameSite=Lax cookie
// already keeps other sites' forms from carrying the session. The shop's own HTML forms (the
// add-to-cart button before the script runs) arrive with `Origin: null`: the pages' referrer
// policy is no-referrer, which hides the origin of form navigations too; such a write passes only
// when the browser itself (Sec-Fetch-Site, which pages cannot set) says it is same-origin.

import type { RequestHandler } from 'express'
import { sendError } from './errors.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export function originCheck(allowedOrigins: string[]): RequestHandler {
  const allowed = new Set(allowedOrigins)
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next()
    const origin = req.get('origin')
    if (origin === 'null' && req.get('sec-fetch-site') === 'same-origin') return next()
    if (origin) {
      const own = `${req.protocol}://${req.get('host')}`
      if (origin === own || allowed.has(origin)) return next()
      sendError(res, 'origin_forbidden')
      return
    }
    if (req.get('sec-fetch-site') === 'cross-site') {
      sendError(res, 'origin_forbidden')
      return
    }
    next()
  }
}
