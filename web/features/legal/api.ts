// Queries of the legal texts: the newest version of a section, prefetched by the info pages'
// loader so the text is in the first HTML.
import type { QueryClient } from '@tanstack/react-query'
import type { LegalSection } from '#contract/legal.ts'
import { prefetch } from '#web/lib/prefetch.ts'
import { tsr } from '#web/lib/tsr.ts'

export const legalKeys = {
  all: ['legal'] as const,
  current: (section: LegalSection) => [...legalKeys.all, 'current', section] as const,
}

const currentQuery = (section: LegalSection) => ({
  queryKey: legalKeys.current(section),
  queryData: { params: { section } },
})

export function useLegalText(section: LegalSection) {
  return tsr.legal.current.useQuery(currentQuery(section))
}

export async function prefetchLegalText(
  queryClient: QueryClient,
  request: Request,
  section: LegalSection,
): Promise<void> {
  try {
    await prefetch(queryClient, request, tsr.legal.current, currentQuery(section))
  } catch {
    // The page shows its fallback text.
  }
}
