// "Meine Kreditkartendaten" under /kundenkonto/kreditkarten (account-area §2), inside the
// account layout; web/app composes it. Loaded lazily.
import type { RouteObject } from 'react-router-dom'

export function createCreditCardRoutes(): RouteObject[] {
  return [
    {
      path: 'kreditkarten',
      handle: { title: 'Meine Kreditkartendaten' },
      lazy: () =>
        import('./pages/credit-cards-page.tsx').then((m) => ({ Component: m.CreditCardsPage })),
    },
  ]
}
