// Browser entry: restores the server's query cache and router state, then hydrates the document.
import { type DehydratedState, hydrate } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import {
  createBrowserRouter,
  matchRoutes,
  type RouteObject,
  RouterProvider,
} from 'react-router-dom'
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

/** The back office's paths (react-router matches them in any case). */
function isBackofficePath(pathname: string): boolean {
  const path = pathname.toLowerCase()
  return path === '/backoffice' || path.startsWith('/backoffice/')
}

let backofficeRoutes: Promise<RouteObject[]> | undefined
/** The back office's route table, loaded once. */
function loadBackofficeRoutes(): Promise<RouteObject[]> {
  backofficeRoutes ??= import('./features/backoffice/index.ts').then((module) =>
    module.backofficeRoutes(),
  )
  return backofficeRoutes
}

async function start() {
  const raw = document.getElementById(STATE_ELEMENT_ID)?.textContent ?? '{}'
  const state = JSON.parse(raw) as ServerState
  // react-router reads this (and restores route errors) when the router is created.
  window.__staticRouterHydrationData = state.router
  const queryClient = createQueryClient()
  hydrate(queryClient, state.queries)
  // The back office's routes come with its first page, or on the first navigation to it.
  let backofficePatched = isBackofficePath(window.location.pathname)
  const routes = createRoutes(
    { queryClient },
    backofficePatched ? await loadBackofficeRoutes() : [],
  )
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
  const router = createBrowserRouter(routes, {
    async patchRoutesOnNavigation({ path, patch }) {
      if (backofficePatched || !isBackofficePath(path.split(/[?#]/, 1)[0] ?? '')) return
      const backoffice = await loadBackofficeRoutes()
      if (backofficePatched) return
      backofficePatched = true
      patch(null, backoffice)
    },
  })
  setLinkNavigation((to, options) => router.navigate(to, options))
  // React handles the page's events from here on (web/early.ts held them until now).
  window.__bitwerkHydrating = true
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
