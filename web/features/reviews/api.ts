// Review calls for React: the product's published reviews (prefetched by the product page's loader,
// public and cacheable), the customer's own review and votes (browser only), and the changes.
import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import type { ReviewSort } from '#contract/reviews.ts'
import { prefetch } from '#web/lib/prefetch.ts'
import { tsr } from '#web/lib/tsr.ts'

export const reviewKeys = {
  all: ['reviews'] as const,
  product: (productId: number) => [...reviewKeys.all, productId] as const,
  list: (productId: number, sort: ReviewSort, page: number) =>
    [...reviewKeys.product(productId), 'list', sort, page] as const,
  mine: (productId: number) => [...reviewKeys.product(productId), 'mine'] as const,
}

function listQuery(productId: number, sort: ReviewSort, page: number) {
  return {
    queryKey: reviewKeys.list(productId, sort, page),
    queryData: { params: { productId }, query: { sort, page } },
  }
}

export function useProductReviews(productId: number, sort: ReviewSort, page: number) {
  return tsr.reviews.getProductReviews.useQuery({
    ...listQuery(productId, sort, page),
    placeholderData: (previous) => previous,
  })
}

export function prefetchProductReviews(
  queryClient: QueryClient,
  request: Request,
  productId: number,
) {
  return prefetch(
    queryClient,
    request,
    tsr.reviews.getProductReviews,
    listQuery(productId, 'newest', 1),
  )
}

/** The customer's own review and votes; asked only when `signedIn` (guests get 401). */
export function useMyReviews(productId: number, signedIn: boolean) {
  return tsr.reviews.getMyProductReviews.useQuery({
    queryKey: reviewKeys.mine(productId),
    queryData: { params: { productId } },
    retry: false,
    enabled: signedIn,
  })
}

/** Refreshes the product's lists and the customer's own state after a change. */
export function useRefreshReviews(productId: number) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: reviewKeys.product(productId) })
}

/** The server's German text of a refused call (it carries parameters such as {minutes}). */
export function answerMessage(error: unknown): string | null {
  if (error && typeof error === 'object' && 'body' in error) {
    const body = (error as { body: unknown }).body
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
      return body.message
    }
  }
  return null
}
