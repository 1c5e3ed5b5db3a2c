// The checkout's routes: /kasse, /kasse/erfolgreich and the provider return pages. They load
// lazily (payment code stays out of the first bundle) and render on the client.
import type { RouteObject } from 'react-router-dom'

export function createCheckoutRoutes(): RouteObject[] {
  return [
    {
      path: 'kasse',
      lazy: () => import('./pages/checkout-page.tsx').then((m) => ({ Component: m.CheckoutPage })),
    },
    {
      path: 'kasse/erfolgreich',
      lazy: () =>
        import('./pages/success-page.tsx').then((m) => ({ Component: m.CheckoutSuccessPage })),
    },
    {
      path: 'kasse/zahlung/:result',
      lazy: () =>
        import('./pages/return-page.tsx').then((m) => ({ Component: m.PaymentReturnPage })),
    },
    {
      path: 'kasse/express/zurueck',
      lazy: () =>
        import('./pages/return-page.tsx').then((m) => ({ Component: m.ExpressReturnPage })),
    },
  ]
}
