// Route objects of Campus: the public /studentenprogramm page (deals in the first HTML), the
// confirmation-link landing page, and the account page (a child of /kundenkonto, see
// createAccountRoutes' `campus`). The pages load lazily.
import type { RouteObject } from 'react-router-dom'
import type { RouteContext } from '#web/lib/route-context.ts'
import { prefetchCampusDeals } from './api.ts'

export function campusRoutes(ctx: RouteContext): RouteObject[] {
  return [
    {
      path: 'studentenprogramm',
      loader: async ({ request }) => {
        await prefetchCampusDeals(ctx.queryClient, request).catch(() => undefined)
        return null
      },
      lazy: () =>
        import('./pages/campus-deals-page.tsx').then((m) => ({ Component: m.CampusDealsPage })),
    },
    {
      path: 'studentenprogramm/bestaetigen',
      lazy: () =>
        import('./pages/confirm-page.tsx').then((m) => ({ Component: m.CampusConfirmPage })),
    },
  ]
}

/** The account's Campus page, under /kundenkonto (the account layout guards it). */
export function campusAccountRoutes(): RouteObject[] {
  return [
    {
      path: 'studentenprogramm',
      handle: { title: 'Campusprogramm' },
      lazy: () =>
        import('./pages/campus-account-page.tsx').then((m) => ({
          Component: m.CampusAccountPage,
        })),
    },
  ]
}
