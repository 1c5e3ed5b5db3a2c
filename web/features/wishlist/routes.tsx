// The wishlist's pages: /merkzettel (lazy, rendered in the browser) and /wishlist, its other
// name, which leads there.
import { type RouteObject, redirect } from 'react-router-dom'
import { paths } from '#web/lib/paths.ts'

export function createWishlistRoutes(): RouteObject[] {
  return [
    {
      path: 'merkzettel',
      lazy: () => import('./pages/wishlist-page.tsx').then((m) => ({ Component: m.WishlistPage })),
    },
    { path: 'wishlist', loader: () => redirect(paths.wishlist) },
  ]
}
