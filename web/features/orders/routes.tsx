// "Meine Bestellungen" and "Bestelldetails" under /kundenkonto (account-area §2). The account
// layout (guard, navigation, title) wraps them; web/app composes both. Loaded lazily.
import type { RouteObject } from 'react-router-dom'
import { paths } from '#web/lib/paths.ts'

export function createOrderRoutes(): RouteObject[] {
  return [
    {
      path: 'bestellungen',
      handle: { title: 'Meine Bestellungen' },
      lazy: () => import('./pages/orders-page.tsx').then((m) => ({ Component: m.OrdersPage })),
    },
    {
      path: 'bestellungen/:id',
      handle: { title: 'Bestelldetails', back: paths.account.orders },
      lazy: () =>
        import('./pages/order-details-page.tsx').then((m) => ({ Component: m.OrderDetailsPage })),
    },
  ]
}

/** /widerruf: the withdrawal function without login (issue 19). Loaded lazily. */
export function createWithdrawalRoutes(): RouteObject[] {
  return [
    {
      path: 'widerruf',
      lazy: () =>
        import('./pages/withdrawal-page.tsx').then((m) => ({ Component: m.WithdrawalPage })),
    },
  ]
}
