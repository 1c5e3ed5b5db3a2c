// One QueryClient per server render and one in the browser.
import { QueryClient } from '@tanstack/react-query'

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Data rendered on the server stays fresh for a while, so hydration does not refetch.
        staleTime: 30_000,
        retry: (failureCount, error) => {
          const status = (error as { status?: number } | null)?.status
          return status === undefined && failureCount < 2
        },
        refetchOnWindowFocus: false,
      },
    },
  })
}

/** How long data the server rendered counts as just read (first HTML to hydration). */
const JUST_RENDERED_MS = 10_000

/**
 * `refetchOnMount` of lists every visit must show current (cart, wishlist: another tab may have
 * changed them): read again on each visit, but not at hydration, when the server has just read
 * them for the first HTML. A clock apart from the server's by more than that reads again too.
 */
export function readOnEveryVisit(query: {
  state: { dataUpdatedAt: number; isInvalidated: boolean }
}): boolean | 'always' {
  const { dataUpdatedAt, isInvalidated } = query.state
  return isInvalidated || Math.abs(Date.now() - dataUpdatedAt) > JUST_RENDERED_MS ? 'always' : false
}
