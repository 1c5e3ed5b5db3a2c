// The route table: pages of the shop. Feature route modules are added here.
import { data, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router-dom'
import { createAccountRoutes, LoginPopupProvider } from '#web/features/account/index.ts'
import { createAddressRoutes } from '#web/features/addresses/index.ts'
import { campusAccountRoutes, campusRoutes } from '#web/features/campus/index.ts'
import { createCartRoutes } from '#web/features/cart/index.ts'
import { catalogRoutes, homeLoader, prefetchNavigation } from '#web/features/catalog/index.ts'
import { createCheckoutRoutes } from '#web/features/checkout/index.ts'
import { createComparisonRoutes } from '#web/features/comparison/index.ts'
import { createCreditCardRoutes } from '#web/features/credit-cards/index.ts'
import { prefetchHeaderData } from '#web/features/header/index.ts'
import { newsletterRoutes } from '#web/features/newsletter/index.ts'
import { createOrderRoutes, createWithdrawalRoutes } from '#web/features/orders/index.ts'
import { createWishlistRoutes } from '#web/features/wishlist/index.ts'
import { paths } from '#web/lib/paths.ts'
import type { RouteContext } from '#web/lib/route-context.ts'
import { ShopLayout } from './layout.tsx'
import { HomePage } from './routes/home.tsx'
import { InfoPage, infoLoader } from './routes/info.tsx'
import { NotFoundPage } from './routes/not-found.tsx'
import { RouteError } from './routes/route-error.tsx'

/** /suche?q=...: the search form without JavaScript. */
function searchRedirect({ request }: LoaderFunctionArgs) {
  const term = new URL(request.url).searchParams.get('q')?.trim()
  return redirect(term ? paths.search(term.slice(0, 100)) : paths.home)
}

/**
 * The route table. `backoffice`: the back office's routes (its own shell and login, outside the
 * shop's layout), given by the entry: the server always has them, the browser loads them only
 * on a back-office path (web/entry-client.tsx), so shoppers' first load does not carry them.
 */
export function createRoutes(ctx: RouteContext, backoffice: RouteObject[] = []): RouteObject[] {
  return [
    {
      id: 'root',
      element: (
        <LoginPopupProvider>
          <ShopLayout />
        </LoginPopupProvider>
      ),
      loader: async ({ request }) => {
        // The header's category navigation is in the first HTML too (links for crawlers).
        await Promise.all([
          prefetchHeaderData(ctx.queryClient, request),
          prefetchNavigation(ctx.queryClient, request).catch(() => undefined),
        ])
        return null
      },
      children: [
        {
          errorElement: <RouteError />,
          children: [
            { index: true, loader: homeLoader(ctx), element: <HomePage /> },
            ...catalogRoutes(ctx),
            {
              path: 'infocenter/section/:section',
              loader: (args) => infoLoader(ctx, args),
              element: <InfoPage />,
            },
            ...newsletterRoutes(ctx),
            { path: 'suche', loader: searchRedirect },
            ...campusRoutes(ctx),
            ...createAccountRoutes(ctx, {
              addresses: createAddressRoutes(ctx),
              campus: campusAccountRoutes(),
              orders: createOrderRoutes(),
              creditCards: createCreditCardRoutes(),
            }),
            ...createCheckoutRoutes(),
            ...createCartRoutes(ctx),
            ...createWishlistRoutes(ctx),
            ...createComparisonRoutes(ctx),
            ...createWithdrawalRoutes(),
            {
              path: '*',
              loader: () => {
                throw data(null, { status: 404 })
              },
              element: <NotFoundPage />,
            },
          ],
        },
      ],
    },
    // After the shop's routes: react-router numbers routes without an id by their place, and the
    // server's hydration data (loader data, errors) is keyed by those numbers, so the shop's
    // routes must have the same place with and without the back office's.
    ...backoffice,
  ]
}
