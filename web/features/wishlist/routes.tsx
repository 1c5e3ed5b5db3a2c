// The wishlist's pages: /merkzettel (lazy) and /wishlist, its other name, which leads there.
// The server's HTML carries the list, so the page and its forms work without the script too
// (the hearts' forms come here, issue 23); in the browser the page reads the list itself.
import { type RouteObject, redirect } from 'react-router-dom'
import { paths } from '#web/lib/paths.ts'
import { serverOnlyLoader } from '#web/lib/prefetch.ts'
import type { RouteContext } from '#web/lib/route-context.ts'
import { prefetchWishlist } from './api.ts'

export function createWishlistRoutes(ctx: RouteContext): RouteObject[] {
  return [
    {
      path: 'merkzettel',
      // The white-label variant's 404 leaves the page to its own state, as any failed read.
      loader: serverOnlyLoader((request) => prefetchWishlist(ctx.queryClient, request)),
      lazy: () => import('./pages/wishlist-page.tsx').then((m) => ({ Component: m.WishlistPage })),
    },
    { path: 'wishlist', loader: () => redirect(paths.wishlist) },
  ]
}
