// The address book's routes under /kundenkonto/adressen (account-area §2): the list and its
// modals. The account layout (guard, navigation, title) wraps them; web/app composes both.
import type { RouteObject } from 'react-router-dom'
import type { RouteContext } from '#web/lib/route-context.ts'
import { prefetchAddresses } from './api.ts'

export function createAddressRoutes(ctx: RouteContext): RouteObject[] {
  return [
    {
      path: 'adressen',
      handle: { title: 'Mein Adressbuch' },
      // The first HTML shows the list; a guest's 401 is the account guard's business.
      loader: async ({ request }) => {
        await prefetchAddresses(ctx.queryClient, request).catch(() => undefined)
        return null
      },
      lazy: () =>
        import('./pages/address-list-page.tsx').then((m) => ({ Component: m.AddressListPage })),
      children: [
        {
          path: 'neue-rechnungsadresse',
          lazy: () =>
            import('./pages/address-form-page.tsx').then((m) => ({
              Component: m.NewBillingAddressPage,
            })),
        },
        {
          path: 'neue-lieferadresse',
          lazy: () =>
            import('./pages/address-form-page.tsx').then((m) => ({
              Component: m.NewDeliveryAddressPage,
            })),
        },
        {
          path: 'adresse-bearbeiten/:id',
          lazy: () =>
            import('./pages/address-form-page.tsx').then((m) => ({
              Component: m.EditAddressPage,
            })),
        },
      ],
    },
  ]
}
