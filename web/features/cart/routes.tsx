// The cart's page: /warenkorb, loaded lazily and rendered in the browser (no first-load weight).
import type { RouteObject } from 'react-router-dom'

export function createCartRoutes(): RouteObject[] {
  return [
    {
      path: 'warenkorb',
      lazy: () => import('./pages/cart-page.tsx').then((m) => ({ Component: m.CartPage })),
    },
  ]
}
