// Server entry: runs the route loaders (which fill React Query's cache), renders the whole
// document, and embeds the cache and router state so the browser does not fetch again.
import { AsyncLocalStorage } from 'node:async_hooks'
import { PassThrough } from 'node:stream'
import { dehydrate, type QueryClient } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { renderToPipeableStream, renderToString } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  type StaticHandler,
  StaticRouter,
  StaticRouterProvider,
} from 'react-router-dom'
import { Document, type PageAssets, serializeState } from './app/document.tsx'
import { PERSONAL_HEADER_PARTS } from './app/layout.tsx'
import { Providers } from './app/providers.tsx'
import { createRoutes } from './app/routes.tsx'
import { backofficeRoutes } from './features/backoffice/index.ts'
import { ConsentRequestProvider, preloadConsentBanner } from './features/consent/index.ts'
import { cachedHeaderData, headerKeys, prefetchHeaderData } from './features/header/index.ts'
import { PersonalProductsCollector } from './lib/personal.tsx'
import { type ServerApi, setServerApi } from './lib/prefetch.ts'
import { createQueryClient } from './lib/query-client.ts'
import type { RouteContext } from './lib/route-context.ts'
import type { Site } from './lib/site.tsx'

export type { PageAssets }

export type RenderOptions = {
  /** How this render's loaders reach the API: the server's handlers, called in-process. */
  api: ServerApi
  assets: PageAssets
  site: Site
  onError?: (error: unknown) => void
  /** Note the page's personal parts (a guest's page the page cache may reuse for customers). */
  notePersonal?: boolean
}

/**
 * The parts of a shop page that depend on the visitor (issue 23): the header's actions, the
 * greeting and the header query's data in the state block, each exactly as the full render
 * writes them. A guest's page with these replaced by a customer's is the customer's page, as
 * long as no product whose buttons depend on the visitor (`products` of the page) is on the
 * customer's wishlist or comparison (`products` of the customer) and prices do not differ.
 */
export type PersonalParts = {
  actions: string
  greeting: string
  headerState: string
  /** Of a page: products with a heart or "Vergleichen"; of a customer: wishlist and comparison. */
  products: number[]
}

export type RenderResult =
  | { type: 'redirect'; status: number; location: string }
  | { type: 'html'; status: number; html: string; personal?: PersonalParts | null }

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
    const stream = renderToPipeableStream(element, {
      onAllReady() {
        // Bytes kept as they come and decoded once: a chunk may end inside a character.
        const chunks: Buffer[] = []
        const sink = new PassThrough()
        sink.on('data', (chunk: Buffer) => {
          chunks.push(chunk)
        })
        sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
        stream.pipe(sink)
      },
      onShellError: reject,
      onError(error) {
        onError?.(error)
      },
    })
  })
}

/** Between the two parts in their one render (an element no part contains). */
const PARTS_SPLIT = '<template data-personal-split=""></template>'

/**
 * The header's personal parts from the header data in `queryClient`, rendered on their own: both
 * in one render (each render sets the providers up), split at an element between them.
 */
function headerParts(
  queryClient: QueryClient,
  site: Site,
  request: Request,
): Omit<PersonalParts, 'products'> | null {
  const data = queryClient.getQueryData(headerKeys.data())
  if (!cachedHeaderData(queryClient)) return null
  const url = new URL(request.url)
  const html = renderToString(
    <Providers queryClient={queryClient} site={site}>
      <StaticRouter location={url.pathname + url.search}>
        {PERSONAL_HEADER_PARTS.actions}
        <template data-personal-split="" />
        {PERSONAL_HEADER_PARTS.greeting}
      </StaticRouter>
    </Providers>,
  )
  const split = html.indexOf(PARTS_SPLIT)
  if (split < 0 || html.indexOf(PARTS_SPLIT, split + 1) >= 0) return null
  return {
    actions: html.slice(0, split),
    greeting: html.slice(split + PARTS_SPLIT.length),
    headerState: serializeState(data),
  }
}

/**
 * A visitor's personal parts alone (no page): the header data through the API as the visitor,
 * then the header's parts. Null when the header data did not load.
 */
export async function renderPersonal(
  request: Request,
  options: RenderOptions,
): Promise<PersonalParts | null> {
  setServerApi(request, options.api)
  const queryClient = createQueryClient()
  try {
    await prefetchHeaderData(queryClient, request)
    const parts = headerParts(queryClient, options.site, request)
    const header = cachedHeaderData(queryClient)
    if (!parts || !header) return null
    return {
      ...parts,
      products: [...header.wishlist.map((item) => item.productId), ...header.comparison],
    }
  } finally {
    queryClient.clear()
  }
}

/** Each render's QueryClient, for the loaders of the one route table below. */
const renderQueries = new AsyncLocalStorage<QueryClient>()

/**
 * One route table and static handler per process (issue 23): building them per request
 * converted and ranked every route of the shop (about a tenth of a render's CPU). The loaders
 * read `ctx.queryClient` when they run, which is the running render's.
 */
const serverRouteContext: RouteContext = {
  get queryClient(): QueryClient {
    const queryClient = renderQueries.getStore()
    if (!queryClient) throw new Error('a route loader ran outside a server render')
    return queryClient
  },
}
let staticHandler: StaticHandler | undefined

export async function render(request: Request, options: RenderOptions): Promise<RenderResult> {
  setServerApi(request, options.api)
  await preloadConsentBanner()
  const queryClient = createQueryClient()
  staticHandler ??= createStaticHandler(createRoutes(serverRouteContext, backofficeRoutes()))
  const handler = staticHandler
  const context = await renderQueries.run(queryClient, () => handler.query(request))
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
  const pageProducts = new Set<number>()
  const html = await renderToHtml(
    <StrictMode>
      <Document assets={options.assets} state={state}>
        <Providers queryClient={queryClient} site={options.site}>
          <ConsentRequestProvider cookieHeader={request.headers.get('cookie')}>
            <PersonalProductsCollector into={pageProducts}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </PersonalProductsCollector>
          </ConsentRequestProvider>
        </Providers>
      </Document>
    </StrictMode>,
    options.onError,
  )
  let personal: PersonalParts | null | undefined
  if (options.notePersonal) {
    const parts = headerParts(queryClient, options.site, request)
    personal = parts && { ...parts, products: [...pageProducts] }
  }
  queryClient.clear()
  return {
    type: 'html',
    status: context.statusCode,
    html,
    ...(personal !== undefined ? { personal } : {}),
  }
}
