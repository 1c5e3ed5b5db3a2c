// The one gate of every staff call: it runs before the route's own middleware and before the
// body is even validated. A route under /api/staff/ is admitted only as its contract entry
// declares (`staffOnly(...)` roles, or `STAFF_PUBLIC` for the login steps); a route that
// declares nothing is refused, so a new staff call is closed until somebody opens it on purpose.
// Customer sessions play no part: only the staff_sid session counts.
import type { AppRoute } from '@ts-rest/core'
import type { RequestHandler } from 'express'
import { isStaffRole, STAFF_API_PREFIX, staffAccessOf } from '#contract/backoffice-access.ts'
import { errorJson } from '#server/platform/http.ts'

export function staffAccessGuard(): RequestHandler {
  // Every route of the contract passes here: a shop route goes on at once (no promise).
  return (req, res, next) => {
    const route = (req as unknown as { tsRestRoute?: AppRoute }).tsRestRoute
    if (!route?.path.startsWith(STAFF_API_PREFIX)) return next()
    return guardStaffRoute(route, req, res, next)
  }
}

async function guardStaffRoute(
  route: AppRoute,
  req: Parameters<RequestHandler>[0],
  res: Parameters<RequestHandler>[1],
  next: Parameters<RequestHandler>[2],
): Promise<void> {
  res.setHeader('Cache-Control', 'no-store')
  res.setHeader('X-Robots-Tag', 'noindex')
  try {
    const access = staffAccessOf(route)
    if (access === 'public') return next()
    if (!access) {
      req.log?.error({ path: route.path }, 'staff route without declared access')
      res.status(403).json(errorJson('staff_forbidden'))
      return
    }
    const principal = await req.staff?.principal()
    if (!principal) {
      res.status(401).json(errorJson('staff_unauthorized'))
      return
    }
    if (!isStaffRole(principal.role) || !access.includes(principal.role)) {
      res.status(403).json(errorJson('staff_forbidden'))
      return
    }
    next()
  } catch (error) {
    next(error)
  }
}
