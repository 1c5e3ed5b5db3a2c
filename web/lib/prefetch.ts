// Route loaders fill React Query's cache; components read it with the same query key.
// On the server the API is called in-process (the server's own handlers, as the visitor): the
// server entry registers one fetcher per page request.
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import type { ApiFetcher } from '@ts-rest/core'

/** The ts-rest `api` function a server render uses instead of fetch. */
export type ServerApi = ApiFetcher

/** Each page request's fetcher, looked up by the request the loaders receive. */
const serverApis = new WeakMap<Request, ServerApi>()

/** Called by the server entry for each render: how this request's loaders reach the API. */
export function setServerApi(request: Request, api: ServerApi): void {
  serverApis.set(request, api)
}

type ApiResponse = { status: number; body: unknown; headers: Headers }
type Endpoint<A> = { query: (args: A) => Promise<ApiResponse> }

function serverArgs(request: Request) {
  const api = serverApis.get(request)
  // `api` is a client option ts-rest applies per call; its type lists only the URL options.
  return api === undefined ? {} : { overrideClientOptions: { api } }
}

type Prefetch<A> = { queryKey: QueryKey; queryData: A }

/** Loads a query into the cache unless it is there; `keep` makes the query's data of the answer. */
export function prefetchData<A extends object, T>(
  queryClient: QueryClient,
  request: Request,
  endpoint: Endpoint<A>,
  options: Prefetch<A>,
  keep: (response: ApiResponse) => T,
): Promise<T> {
  return queryClient.ensureQueryData({
    queryKey: options.queryKey,
    queryFn: async () =>
      keep(await endpoint.query({ ...options.queryData, ...serverArgs(request) })),
  })
}

/**
 * Loads a query into the cache unless it is there already. Non-2xx answers are thrown as the
 * response ({ status, body }), as the ts-rest hooks do; loaders turn a 404 into the NotFound page.
 */
export function prefetch<A extends object>(
  queryClient: QueryClient,
  request: Request,
  endpoint: Endpoint<A>,
  options: Prefetch<A>,
): Promise<ApiResponse> {
  return prefetchData(queryClient, request, endpoint, options, (response) => {
    if (response.status < 200 || response.status >= 300) throw response
    return response
  })
}

/** As prefetch, for a query that keeps only a 200 answer's body (as its hook's queryFn does). */
export function prefetchBody<A extends object>(
  queryClient: QueryClient,
  request: Request,
  endpoint: Endpoint<A>,
  options: Prefetch<A>,
): Promise<unknown> {
  return prefetchData(queryClient, request, endpoint, options, (response) => {
    if (response.status !== 200) throw response
    return response.body
  })
}

export function isApiResponse(value: unknown): value is ApiResponse {
  return typeof value === 'object' && value !== null && 'status' in value && 'body' in value
}

/**
 * A route loader that fills the cache only on the server (pages whose first HTML carries personal
 * data; in the browser the page reads it itself). A failed read leaves the page to its own state.
 */
export function serverOnlyLoader(load: (request: Request) => Promise<unknown>) {
  return async ({ request }: { request: Request }) => {
    if (typeof window !== 'undefined') return null
    await load(request).catch(() => undefined)
    return null
  }
}
