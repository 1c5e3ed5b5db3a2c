// Wishlist calls for React: the list, add and delete (answers successful and itemCount), and
// moving everything to the cart. Changes refresh the header (counter, popup, hearts).
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { MoveAllResult, Wishlist } from '#contract/wishlist.ts'
import { cartKeys, refreshAfterCartChange } from '#web/features/cart/index.ts'
import { headerKeys } from '#web/features/header/index.ts'
import { prefetchBody } from '#web/lib/prefetch.ts'
import { readOnEveryVisit } from '#web/lib/query-client.ts'
import { tsr } from '#web/lib/tsr.ts'

export const wishlistKeys = {
  all: ['wishlist'] as const,
  list: () => [...wishlistKeys.all, 'list'] as const,
}

type Answer = { status: number; body: unknown }

export class WishlistCallError extends Error {
  readonly status: number
  readonly body: unknown
  constructor(answer: Answer) {
    super(`wishlist call answered ${answer.status}`)
    this.status = answer.status
    this.body = answer.body
  }
}

function bodyOf<T>(answer: Answer): T {
  if (answer.status !== 200) throw new WishlistCallError(answer)
  return answer.body as T
}

export function useWishlist() {
  return useQuery({
    queryKey: wishlistKeys.list(),
    retry: false,
    refetchOnMount: readOnEveryVisit,
    queryFn: async () => bodyOf<Wishlist>(await tsr.wishlist.getWishlist.query()),
  })
}

/** The server's render of /merkzettel: the list in the first HTML (the page's forms need it). */
export function prefetchWishlist(queryClient: QueryClient, request: Request) {
  return prefetchBody(queryClient, request, tsr.wishlist.getWishlist, {
    queryKey: wishlistKeys.list(),
    queryData: {},
  })
}

type CountAnswer = { successful: true; itemCount: number }

/**
 * Add or delete one product. The list query is not refetched, so the page keeps a removed
 * product in place with its restore element; the header (counter, popup, hearts) is.
 */
export function useWishlistToggle() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ productId, add }: { productId: number; add: boolean }) => {
      const call = add ? tsr.wishlist.addToWishlist : tsr.wishlist.deleteFromWishlist
      const body = bodyOf<CountAnswer>(await call.mutate({ body: { productId } }))
      if (body.successful !== true) throw new WishlistCallError({ status: 200, body })
      return body
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: headerKeys.all }),
  })
}

export function useMoveAllToCart() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => bodyOf<MoveAllResult>(await tsr.wishlist.moveAllToCart.mutate({})),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: wishlistKeys.all }),
        queryClient.invalidateQueries({ queryKey: cartKeys.all }),
        refreshAfterCartChange(queryClient),
      ])
    },
  })
}

export function wishlistCodeOf(error: unknown): string | undefined {
  if (error instanceof WishlistCallError && error.body && typeof error.body === 'object') {
    const code = (error.body as { code?: unknown }).code
    return typeof code === 'string' ? code : undefined
  }
  return undefined
}
