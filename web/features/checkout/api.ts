// Checkout calls for React: the checkout state (init as a query), the changes that answer with
// a new state, and the order placement with its idempotency key.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CheckoutState, ProcessResult } from '#contract/checkout.ts'
import { tsr } from '#web/lib/tsr.ts'

export const checkoutKeys = {
  all: ['checkout'] as const,
  state: () => [...checkoutKeys.all, 'state'] as const,
  lastOrder: () => [...checkoutKeys.all, 'last-order'] as const,
}

type Answer = { status: number; body: unknown }

/** The answer's body on success; the answer itself is thrown otherwise (errorText reads it). */
export function bodyOf<T>(response: Answer): T {
  if (response.status !== 200) throw response
  return response.body as T
}

export function useCheckoutState() {
  return useQuery({
    queryKey: checkoutKeys.state(),
    retry: false,
    queryFn: async () => bodyOf<CheckoutState>(await tsr.checkout.init.mutate({ body: {} })),
  })
}

/** A call that answers with the checkout state: the state query takes the answer. */
export function useStateChange<V>(call: (variables: V) => Promise<Answer>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (variables: V) => bodyOf<CheckoutState>(await call(variables)),
    onSuccess: (state) => queryClient.setQueryData(checkoutKeys.state(), state),
  })
}

export function useLastOrder() {
  return useQuery({
    queryKey: checkoutKeys.lastOrder(),
    retry: false,
    queryFn: async () => {
      const response = await tsr.checkout.lastOrder.query()
      return response.status === 200 ? response.body : null
    },
  })
}

/** A fresh key per order attempt (a double click or a retried request is the same order). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID()
}

/** Follows a process answer: success page, provider page, or the provider's form. */
export function followProcessResult(result: ProcessResult): void {
  if (result.type === 'redirect') {
    window.location.assign(result.redirectUrl)
    return
  }
  const form = document.createElement('form')
  form.method = 'post'
  const fields: Record<string, string> =
    result.type === 'consors_finance'
      ? result.formData
      : {
          payloadJSON: result.amazonPay.payloadJSON,
          signature: result.amazonPay.signature,
          publicKeyId: result.amazonPay.publicKeyId,
        }
  form.action = result.type === 'consors_finance' ? result.formUrl : result.amazonPay.checkoutUrl
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input')
    input.type = 'hidden'
    input.name = name
    input.value = value
    form.append(input)
  }
  document.body.append(form)
  form.submit()
}
