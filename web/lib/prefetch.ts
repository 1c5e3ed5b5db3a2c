// Route loaders fill React Query's cache; components read it with the same query key.
// On the server the API is reached over loopback with the visitor's cookie.
import type { QueryClient, QueryKey } from '@tanstack/react-query'

let serverOrigin: string | null = null

/** Called once by the server entry: where the API answers during server rendering. */
export function setServerOrigin(origin: string): void {
  serverOrigin = origin
}

type ApiResponse = { status: number; body: unknown; headers: Headers }
type Endpoint<A> = { query: (args: A) => Promise<ApiResponse> }

function serverArgs(request: Request) {
  if (serverOrigin === null) return {}
  const cookie = request.headers.get('cookie')
  return {
    overrideClientOptions: { baseUrl: serverOrigin },
    extraHeaders: cookie ? { cookie } : {},
  }
}

/**
 * Loads a query into the cache unless it is there already. Non-2xx answers are thrown as the
 * response ({ status, body }), as the ts-rest hooks do; loaders turn a 404 into the NotFound page.
 */
export function prefetch<A extends object>(
  queryClient: QueryClient,
  request: Request,
  endpoint: Endpoint<A>,
  options: { queryKey: QueryKey; queryData: A },
): Promise<ApiResponse> {
  return queryClient.ensureQueryData({
    queryKey: options.queryKey,
    queryFn: async () => {
      const response = await endpoint.query({ ...options.queryData, ...serverArgs(request) })
      if (response.status < 200 || response.status >= 300) throw response
      return response
    },
  })
}

export function isApiResponse(value: unknown): value is ApiResponse {
  return typeof value === 'object' && value !== null && 'status' in value && 'body' in value
}
