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
