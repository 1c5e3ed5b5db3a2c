// The cart's page: /warenkorb, loaded lazily (no first-load weight). The server's HTML carries
// the cart, so the page shows without the script too (after the add-to-cart form, issue 23);
// in the browser the page reads the cart itself and shows its loading state meanwhile.
import type { RouteObject } from 'react-router-dom'
import { serverOnlyLoader } from '#web/lib/prefetch.ts'
import type { RouteContext } from '#web/lib/route-context.ts'
import { prefetchCartPage, prefetchExpressPayments } from './api.ts'

export function createCartRoutes(ctx: RouteContext): RouteObject[] {
  return [
    {
      path: 'warenkorb',
      loader: serverOnlyLoader((request) =>
        Promise.all([
          prefetchCartPage(ctx.queryClient, request),
          prefetchExpressPayments(ctx.queryClient, request),
        ]),
      ),
      lazy: () => import('./pages/cart-page.tsx').then((m) => ({ Component: m.CartPage })),
    },
  ]
}
