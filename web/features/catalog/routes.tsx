// Route objects of the catalog pages. The pages load lazily (their code is not in the first
// bundle); the server renders them complete, and the browser loads the page's chunk before
// hydrating.
import type { LoaderFunctionArgs, RouteObject } from 'react-router-dom'
import { prefetchAdSlot } from '#web/features/ads/index.ts'
import type { RouteContext } from '#web/lib/route-context.ts'
import { prefetchNavigation, prefetchTopProducts } from './api.ts'

export function catalogRoutes(ctx: RouteContext): RouteObject[] {
  return [
    {
      path: 'kategorie/*',
      lazy: async () => {
        const page = await import('./pages/category-page.tsx')
        return { loader: page.categoryLoader(ctx), Component: page.CategoryPage }
      },
    },
    {
      path: 'artikel/:slug',
      lazy: async () => {
        const page = await import('./pages/product-page.tsx')
        return { loader: page.productLoader(ctx), Component: page.ProductPage }
      },
    },
    {
      path: 'altgeraete-und-batterien',
      lazy: async () => {
        const page = await import('./pages/disposal-page.tsx')
        return { Component: page.DisposalPage }
      },
    },
    {
      path: 'produkte/:term',
      lazy: async () => {
        const page = await import('./pages/search-page.tsx')
        return { loader: page.searchLoader(ctx), Component: page.SearchPage }
      },
    },
  ]
}

/** Home page data: category entry points and "Top Produkte" in the first HTML. */
export function homeLoader(ctx: RouteContext) {
  return async ({ request }: LoaderFunctionArgs) => {
    await Promise.all([
      prefetchNavigation(ctx.queryClient, request).catch(() => undefined),
      prefetchTopProducts(ctx.queryClient, request, undefined).catch(() => undefined),
      prefetchAdSlot(ctx.queryClient, request, { target: 'home-slider' }),
    ])
    return null
  }
}
