// The comparison page /vergleich: lazy (not in the first load), rendered complete on the server.
import type { RouteObject } from 'react-router-dom'
import type { RouteContext } from '#web/lib/route-context.ts'

export function createComparisonRoutes(ctx: RouteContext): RouteObject[] {
  return [
    {
      path: 'vergleich',
      lazy: async () => {
        const page = await import('./pages/comparison-page.tsx')
        return { loader: page.comparisonLoader(ctx), Component: page.ComparisonPage }
      },
    },
  ]
}
