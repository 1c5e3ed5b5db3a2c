// Server entry: runs the route loaders (which fill React Query's cache), renders the whole
// document, and embeds the cache and router state so the browser does not fetch again.
import { PassThrough } from 'node:stream'
import { dehydrate } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
} from 'react-router-dom'
import { Document, type PageAssets, serializeState } from './app/document.tsx'
import { Providers } from './app/providers.tsx'
import { createRoutes } from './app/routes.tsx'
import { ConsentRequestProvider, preloadConsentBanner } from './features/consent/index.ts'
import { type ServerApi, setServerApi } from './lib/prefetch.ts'
import { createQueryClient } from './lib/query-client.ts'
import type { Site } from './lib/site.tsx'

export type { PageAssets }

export type RenderOptions = {
  /** How this render's loaders reach the API: the server's handlers, called in-process. */
  api: ServerApi
  assets: PageAssets
  site: Site
  onError?: (error: unknown) => void
}

export type RenderResult =
  | { type: 'redirect'; status: number; location: string }
  | { type: 'html'; status: number; html: string }

/** The same shape react-router's own hydration script uses, so its parser restores errors. */
function serializeErrors(errors: Record<string, unknown> | null) {
  if (!errors) return null
  return Object.fromEntries(
    Object.entries(errors).map(([key, value]) => {
      if (isRouteErrorResponse(value)) return [key, { ...value, __type: 'RouteErrorResponse' }]
      if (value instanceof Error) return [key, { message: 'Error', __type: 'Error' }]
      return [key, value]
    }),
  )
}

function renderToHtml(
  element: React.ReactElement,
  onError?: (error: unknown) => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = ''
    const stream = renderToPipeableStream(element, {
      onAllReady() {
        const sink = new PassThrough()
        sink.on('data', (chunk: Buffer) => {
          html += chunk.toString()
        })
        sink.on('end', () => resolve(html))
        stream.pipe(sink)
      },
      onShellError: reject,
      onError(error) {
        onError?.(error)
      },
    })
  })
}

export async function render(request: Request, options: RenderOptions): Promise<RenderResult> {
  setServerApi(request, options.api)
  await preloadConsentBanner()
  const queryClient = createQueryClient()
  const handler = createStaticHandler(createRoutes({ queryClient }))
  const context = await handler.query(request)
  if (context instanceof Response) {
    return {
      type: 'redirect',
      status: context.status,
      location: context.headers.get('Location') ?? '/',
    }
  }
  const router = createStaticRouter(handler.dataRoutes, context)
  const state = serializeState({
    assets: options.assets,
    site: options.site,
    queries: dehydrate(queryClient),
    router: {
      loaderData: context.loaderData,
      actionData: context.actionData,
      errors: serializeErrors(context.errors),
    },
  })
  const html = await renderToHtml(
    <StrictMode>
      <Document assets={options.assets} state={state}>
        <Providers queryClient={queryClient} site={options.site}>
          <ConsentRequestProvider cookieHeader={request.headers.get('cookie')}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </ConsentRequestProvider>
        </Providers>
      </Document>
    </StrictMode>,
    options.onError,
  )
  queryClient.clear()
  return { type: 'html', status: context.statusCode, html }
}
