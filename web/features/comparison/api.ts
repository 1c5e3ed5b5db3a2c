// Comparison calls for React: the page's query (prefetched by its loader), and add, remove and
// clear. Every change refreshes the header (its `comparison` ids drive the toggles and the
// counter) and the page.
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Comparison, ComparisonCount } from '#contract/comparison.ts'
import { headerKeys } from '#web/features/header/index.ts'
import { prefetch } from '#web/lib/prefetch.ts'
import { tsr } from '#web/lib/tsr.ts'

export const comparisonKeys = {
  all: ['comparison'] as const,
  page: () => [...comparisonKeys.all, 'page'] as const,
}

type Answer = { status: number; body: unknown }

/** A refused change: the status and the body ({ code, message, categoryName? }). */
export class ComparisonCallError extends Error {
  readonly status: number
  readonly body: unknown
  constructor(answer: Answer) {
    super(`comparison call answered ${answer.status}`)
    this.status = answer.status
    this.body = answer.body
  }
}

function bodyOf<T>(answer: Answer): T {
  if (answer.status !== 200) throw new ComparisonCallError(answer)
  return answer.body as T
}

export function useComparison() {
  return useQuery({
    queryKey: comparisonKeys.page(),
    queryFn: async () => await tsr.comparison.getComparison.query(),
    select: (answer) => bodyOf<Comparison>(answer),
  })
}

export function prefetchComparison(queryClient: QueryClient, request: Request) {
  return prefetch(queryClient, request, tsr.comparison.getComparison, {
    queryKey: comparisonKeys.page(),
    queryData: {},
  })
}

export type ComparisonChange =
  | { kind: 'add'; productId: number; restart?: boolean }
  | { kind: 'remove'; productId: number }

export function useComparisonChange() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (change: ComparisonChange) => {
      const answer =
        change.kind === 'add'
          ? await tsr.comparison.addToComparison.mutate({
              body: { productId: change.productId, restart: change.restart },
            })
          : await tsr.comparison.removeFromComparison.mutate({
              params: { productId: change.productId },
            })
      return bodyOf<ComparisonCount>(answer)
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: headerKeys.all }),
        queryClient.invalidateQueries({ queryKey: comparisonKeys.all }),
      ]),
  })
}

/** The refusal's code and the category already compared, if the call was refused. */
export function refusalOf(error: unknown): { code?: string; categoryName?: string } {
  if (error instanceof ComparisonCallError && error.body && typeof error.body === 'object') {
    const body = error.body as { code?: unknown; categoryName?: unknown }
    return {
      code: typeof body.code === 'string' ? body.code : undefined,
      categoryName: typeof body.categoryName === 'string' ? body.categoryName : undefined,
    }
  }
  return {}
}
