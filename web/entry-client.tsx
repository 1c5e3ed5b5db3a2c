// Browser entry: restores the server's query cache and router state, then hydrates the document.
import { type DehydratedState, hydrate } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom'
import { Document, type PageAssets, STATE_ELEMENT_ID } from './app/document.tsx'
import { Providers } from './app/providers.tsx'
import { createRoutes } from './app/routes.tsx'
import { setLinkNavigation } from './components/ui/link.tsx'
import { needsConsentBanner, preloadConsentBanner } from './features/consent/index.ts'
import './app/styles.ts'
import { createQueryClient } from './lib/query-client.ts'
import type { Site } from './lib/site.tsx'

type ServerState = {
  assets: PageAssets
  site: Site
  queries: DehydratedState
  router: unknown
}

declare global {
  interface Window {
    __staticRouterHydrationData?: unknown
  }
}

async function start() {
  const raw = document.getElementById(STATE_ELEMENT_ID)?.textContent ?? '{}'
  const state = JSON.parse(raw) as ServerState
  // react-router reads this (and restores route errors) when the router is created.
  window.__staticRouterHydrationData = state.router
  const queryClient = createQueryClient()
  hydrate(queryClient, state.queries)
  const routes = createRoutes({ queryClient })
  // Lazy routes of the first page are loaded before hydration, so the markup matches.
  const lazyMatches =
    matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? []
  // The consent banner is in the server's HTML when there is no decision: its module too.
  const banner = needsConsentBanner() ? preloadConsentBanner() : undefined
  await Promise.all([
    banner,
    ...lazyMatches.map(async (match) => {
      const lazy = match.route.lazy
      if (typeof lazy !== 'function') return
      const routeModule = await lazy()
      Object.assign(match.route, { ...routeModule, lazy: undefined })
    }),
  ])
  const router = createBrowserRouter(routes)
  setLinkNavigation((to, options) => router.navigate(to, options))
  hydrateRoot(
    document,
    <StrictMode>
      <Document assets={state.assets} state={raw}>
        <Providers queryClient={queryClient} site={state.site}>
          <RouterProvider router={router} />
        </Providers>
      </Document>
    </StrictMode>,
  )
}

void start()
