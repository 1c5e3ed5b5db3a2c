// Cart calls for React: the cart (GET /cart with its flash messages), the page's actions (add,
// quantity, warranty, removal) that answer with the new cart, the express buttons and the
// empty-cart template. Every change refreshes the header's counter and popup.
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CartActionResult, CartPage } from '#contract/cart.ts'
import { headerKeys } from '#web/features/header/index.ts'
import { prefetchBody, prefetchData } from '#web/lib/prefetch.ts'
import { readOnEveryVisit } from '#web/lib/query-client.ts'
import { tsr } from '#web/lib/tsr.ts'

export const cartKeys = {
  all: ['cart'] as const,
  page: () => [...cartKeys.all, 'page'] as const,
  expressPayments: () => [...cartKeys.all, 'express-payments'] as const,
  emptyTemplate: () => [...cartKeys.all, 'empty-template'] as const,
}

/** Every cart action carries this key: the page's loading overlay follows it. */
export const CART_MUTATION_KEY = [...cartKeys.all, 'action'] as const

type Answer = { status: number; body: unknown }

/** A failed call: the answer (status, body with code) is thrown for errorText and the rules. */
export class CartCallError extends Error {
  readonly status: number
  readonly body: unknown
  constructor(answer: Answer) {
    super(`cart call answered ${answer.status}`)
    this.status = answer.status
    this.body = answer.body
  }
}

function bodyOf<T>(answer: Answer): T {
  if (answer.status !== 200) throw new CartCallError(answer)
  return answer.body as T
}

/** The cart page's first HTML carries the cart (and its flash messages): see routes.tsx. */
export function prefetchCartPage(queryClient: QueryClient, request: Request) {
  return prefetchBody(queryClient, request, cartEndpoint, {
    queryKey: cartKeys.page(),
    queryData: {},
  })
}

const cartEndpoint = {
  query: (args: Parameters<typeof tsr.cart.getCart.query>[0]) => tsr.cart.getCart.query(args),
}

export function useCart() {
  return useQuery({
    queryKey: cartKeys.page(),
    retry: false,
    // The cart may have changed elsewhere (another tab, the header): read it on every visit.
    refetchOnMount: readOnEveryVisit,
    queryFn: async () => bodyOf<CartPage>(await cartEndpoint.query({})),
  })
}

const expressEndpoint = {
  query: (args: Parameters<typeof tsr.cart.getExpressPayments.query>[0]) =>
    tsr.cart.getExpressPayments.query(args),
}
type ExpressAnswer = Awaited<ReturnType<typeof tsr.cart.getExpressPayments.query>>
const expressPaymentsOf = (response: { status: number; body: unknown }) =>
  response.status === 200
    ? (response as Extract<ExpressAnswer, { status: 200 }>).body.expressPayments
    : []

/** With the cart in the first HTML, its express buttons too (else they would push the page down). */
export function prefetchExpressPayments(queryClient: QueryClient, request: Request) {
  return prefetchData(
    queryClient,
    request,
    expressEndpoint,
    { queryKey: cartKeys.expressPayments(), queryData: {} },
    expressPaymentsOf,
  )
}

export function useExpressPayments(enabled: boolean) {
  return useQuery({
    queryKey: cartKeys.expressPayments(),
    enabled,
    retry: false,
    queryFn: async () => expressPaymentsOf(await expressEndpoint.query({})),
  })
}

/** The empty-cart template (HTML from the shop itself); an error shows the fallback text. */
export function useEmptyCartTemplate(enabled: boolean) {
  return useQuery({
    queryKey: cartKeys.emptyTemplate(),
    enabled,
    retry: false,
    staleTime: 5 * 60 * 1000,
    queryFn: async () => {
      const response = await fetch('/cart/get-empty-cart-template/', {
        credentials: 'same-origin',
      })
      if (!response.ok) throw new Error(`template answered ${response.status}`)
      return response.text()
    },
  })
}

/** Puts an action's answer into the cart query (flash messages were shown already). */
function storeCart(queryClient: QueryClient, result: CartActionResult) {
  queryClient.setQueryData<CartPage>(cartKeys.page(), { ...result, flashMessages: [] })
}

/** After any change: the header's counter and popup, and the express buttons. */
export async function refreshAfterCartChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: headerKeys.all }),
    queryClient.invalidateQueries({ queryKey: cartKeys.expressPayments() }),
  ])
}

function useCartAction<V>(call: (variables: V) => Promise<Answer>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: CART_MUTATION_KEY,
    mutationFn: async (variables: V) => bodyOf<CartActionResult>(await call(variables)),
    onSuccess: (result) => {
      storeCart(queryClient, result)
      void refreshAfterCartChange(queryClient)
    },
  })
}

export type AddToCartVariables = { id: number; quantity: number; warrantyId?: number | null }

export function useAddToCart() {
  return useCartAction((body: AddToCartVariables) => tsr.cart.addToCart.mutate({ body }))
}

export function useChangeQuantity() {
  return useCartAction((body: { id: number; quantity: number }) =>
    tsr.cart.changeQuantity.mutate({ body }),
  )
}

export function useRemoveFromCart() {
  return useCartAction((body: { id: number }) => tsr.cart.removeFromCart.mutate({ body }))
}

export function useSetWarranty() {
  return useCartAction((body: { id: number; warrantyId: number | null }) =>
    tsr.cart.setWarranty.mutate({ body }),
  )
}

/** The code of a failed call (soft_login_required, cart_product_unavailable, ...). */
export function codeOf(error: unknown): string | undefined {
  if (error instanceof CartCallError && error.body && typeof error.body === 'object') {
    const code = (error.body as { code?: unknown }).code
    return typeof code === 'string' ? code : undefined
  }
  return undefined
}

/**
 * Storefront §8: a call that got an answer (or failed on the network) shows the action's banner
 * text; an error that happened before any request shows the general overlay.
 */
export function isRequestError(error: unknown): boolean {
  return error instanceof CartCallError || error instanceof TypeError
}
