import { QueryClient } from '@tanstack/react-query'
import { createStaticHandler } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { backofficeRoutes } from '#web/features/backoffice/index.ts'
import { createRoutes } from './routes.tsx'

type Identified = { id: string; children?: Identified[] }

function ids(routes: Identified[]): string[] {
  return routes.flatMap((route) => [route.id, ...ids(route.children ?? [])])
}

describe('createRoutes', () => {
  it('gives the shop routes the same ids with and without the back office (hydration data is keyed by them)', () => {
    const ctx = { queryClient: new QueryClient() }
    // The server has the back office's routes; a shop page in the browser does not load them.
    const server = createStaticHandler(createRoutes(ctx, backofficeRoutes())).dataRoutes
    const browser = createStaticHandler(createRoutes(ctx)).dataRoutes
    expect(ids(browser).length).toBeGreaterThan(10)
    expect(ids(server).slice(0, ids(browser).length)).toEqual(ids(browser))
    expect(ids(server).length).toBeGreaterThan(ids(browser).length)
  })
})
