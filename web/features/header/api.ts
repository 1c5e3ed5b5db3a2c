// Header data: login state and counters for every page.
import type { QueryClient } from '@tanstack/react-query'
import { prefetch } from '#web/lib/prefetch.ts'
import { tsr } from '#web/lib/tsr.ts'

export const headerKeys = {
  all: ['header'] as const,
  data: () => [...headerKeys.all, 'data'] as const,
}

const headerQuery = () => ({ queryKey: headerKeys.data(), queryData: {} })

export function useHeaderData() {
  return tsr.header.getHeaderData.useQuery(headerQuery())
}

/** For the root loader: the header renders with its counts in the first HTML. */
export async function prefetchHeaderData(
  queryClient: QueryClient,
  request: Request,
): Promise<void> {
  try {
    await prefetch(queryClient, request, tsr.header.getHeaderData, headerQuery())
  } catch {
    // The page renders without counts; the browser retries.
  }
}
