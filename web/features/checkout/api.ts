// Checkout calls for React: the checkout state (init as a query), the changes that answer with
// a new state, the guest registration, and the order placement with its idempotency key. Every
// call of the checkout page goes through a hook here; bodies are typed by the contract.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { AddressInput } from '#contract/addresses.ts'
import type {
  CheckoutState,
  GuestCheckoutValues,
  PaymentShippingBody,
  ProcessResult,
} from '#contract/checkout.ts'
import { errorCode } from '#web/lib/messages.ts'
import { tsr } from '#web/lib/tsr.ts'
import {
  fingerprintOf,
  forgetAttempt,
  isAnswer,
  sendAttempt,
  unansweredKey,
} from './attempt-key.ts'

export const checkoutKeys = {
  all: ['checkout'] as const,
  state: () => [...checkoutKeys.all, 'state'] as const,
  lastOrder: () => [...checkoutKeys.all, 'last-order'] as const,
  cardFields: () => [...checkoutKeys.all, 'card-fields'] as const,
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

export function useChangeInvoiceAddress() {
  return useStateChange((body: AddressInput) => tsr.checkout.changeInvoiceAddress.mutate({ body }))
}

export function useAddDeliveryAddress() {
  return useStateChange((body: AddressInput) => tsr.checkout.addDeliveryAddress.mutate({ body }))
}

/** 0: the invoice address; otherwise one of the customer's delivery addresses. */
export function useChangeDeliveryAddress() {
  return useStateChange((deliveryAddressId: number) =>
    tsr.checkout.changeDeliveryAddress.mutate({ body: { deliveryAddressId } }),
  )
}

/** Payment (with its term) and shipping are one call (storefront section 4). */
export function useChoosePaymentShipping() {
  return useStateChange((body: PaymentShippingBody) =>
    tsr.checkout.paymentShipping.mutate({ body }),
  )
}

export function useRedeemVoucher() {
  return useStateChange((voucherCode: string) =>
    tsr.checkout.voucher.mutate({ body: { voucherCode } }),
  )
}

export function useRemoveVoucher() {
  return useStateChange((voucherCode: string) =>
    tsr.checkout.voucherRemove.mutate({ body: { voucherCode } }),
  )
}

export function useChooseProtection() {
  return useStateChange((selected: boolean) =>
    tsr.checkout.noRiskMuchFun.mutate({ body: { selected } }),
  )
}

export function useChooseOldDeviceTakeBack() {
  return useStateChange((takeBack: boolean) =>
    tsr.checkout.oldDeviceTakeBack.mutate({ body: { takeBack } }),
  )
}

/** The provider's hosted card fields; asking for them gives up the card chosen so far. */
export function useCreditCardFields(enabled: boolean) {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: checkoutKeys.cardFields(),
    enabled,
    staleTime: 20 * 60 * 1000,
    queryFn: async () => {
      const answer = bodyOf<{ creditCard: { fieldsUrl: string } }>(
        await tsr.checkout.getCreditCardFields.mutate({}),
      )
      // The server gave up the card chosen so far: the order waits for the new (or a stored) one.
      void queryClient.invalidateQueries({ queryKey: checkoutKeys.state() })
      return answer
    },
  })
}

/** The alias from the card fields: resolved (and kept, if asked) on the server, then the state. */
export function useSaveCreditCard() {
  return useStateChange(async (body: { alias: string; save: boolean }) => {
    const saved = await tsr.checkout.saveCreditCard.mutate({ body })
    if (saved.status !== 200) return saved
    return tsr.checkout.data.mutate({})
  })
}

export function useSelectCreditCard() {
  return useStateChange((alias: string) =>
    tsr.checkout.selectCreditCard.mutate({ body: { alias } }),
  )
}

/** A guest has no e-mail and invoice address yet: express payments lead into the guest form. */
function needsGuestForm(error: unknown): boolean {
  return errorCode(error) === 'checkout_login_required'
}
const GUEST_FORM = '/kasse?meldung=checkout_express_guest'

/**
 * PayPal express and Amazon Pay from the checkout or the cart. The browser leaves for the
 * provider (or the guest form) on success, so `isLeaving` stays true from then on.
 */
export function useExpressPayment(method: 'paypal' | 'amazonpay') {
  const mutation = useMutation({
    mutationFn: async () => {
      const body = { idempotencyKey: newIdempotencyKey() }
      if (method === 'paypal') {
        const answer = bodyOf<{ redirectUrl: string }>(
          await tsr.checkout.paypalInit.mutate({ body }),
        )
        return { type: 'redirect', redirectUrl: answer.redirectUrl } as const
      }
      const { amazonPay } = bodyOf<{
        amazonPay: Extract<ProcessResult, { type: 'amazon_pay_express' }>['amazonPay']
      }>(await tsr.checkout.amazonPayInit.mutate({ body }))
      return { type: 'amazon_pay_express', error: null, amazonPay } as const
    },
    onSuccess: (result) =>
      result.type === 'redirect'
        ? window.location.assign(result.redirectUrl)
        : followProcessResult(result),
    onError: (error) => {
      if (needsGuestForm(error)) window.location.assign(GUEST_FORM)
    },
  })
  const toGuestForm = mutation.isError && needsGuestForm(mutation.error)
  return {
    start: () => mutation.mutate(),
    isLeaving: mutation.isPending || mutation.isSuccess || toGuestForm,
    error: toGuestForm ? null : mutation.error,
  }
}

/** A guest registers with e-mail and billing address: a light account, then every query anew. */
export function useRegisterGuest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (values: GuestCheckoutValues) =>
      bodyOf(
        await tsr.account.registerGuest.mutate({ body: { customerType: 'private', ...values } }),
      ),
    onSuccess: () => queryClient.invalidateQueries(),
  })
}

/** The order attempt's scope in the kept keys (attempt-key.ts). */
const ORDER_ATTEMPT = 'order'

/** What the order is: a change of any of it (cart, addresses, payment, ...) is a new attempt. */
export function orderFingerprint(state: CheckoutState): string {
  return fingerprintOf([
    state.email,
    state.payment,
    state.paymentTermMonths,
    state.shipping,
    state.products.map((product) => [product.id, product.quantity, product.available]),
    state.coupons.map((coupon) => coupon.code),
    state.noRiskMuchFun.selected,
    state.invoiceData,
    state.delivery,
    state.creditCard?.alias ?? null,
    state.summary,
  ])
}

/**
 * Places the order. The key stays the same until the shop answers: a double click, or a retry
 * after a lost answer (network, 5xx, 503), is the same order; a changed order gets a new key.
 * After success the browser leaves for the next page, so the button stays pending
 * (`isPending || isSuccess`).
 */
export function usePlaceOrder() {
  return useMutation({
    mutationFn: async (state: CheckoutState) =>
      bodyOf<ProcessResult>(
        await sendAttempt(ORDER_ATTEMPT, orderFingerprint(state), (idempotencyKey) =>
          tsr.checkout.process.mutate({ body: { idempotencyKey } }),
        ),
      ),
    onSuccess: followProcessResult,
  })
}

/**
 * The page was reloaded after an order attempt whose answer never came and the cart is empty
 * now: the kept key asks the shop for that attempt's order (the server answers it again).
 * True while the shop is asked and while the browser follows the found order.
 */
export function useLostOrder(error: unknown): boolean {
  const { mutate, isPending, data } = useMutation({
    mutationFn: (idempotencyKey: string) =>
      tsr.checkout.process.mutate({ body: { idempotencyKey } }),
    onSuccess: (answer) => {
      if (isAnswer(answer.status)) forgetAttempt(ORDER_ATTEMPT)
      if (answer.status === 200) followProcessResult(answer.body)
    },
  })
  useEffect(() => {
    if (errorCode(error) !== 'cart_empty') return
    const idempotencyKey = unansweredKey(ORDER_ATTEMPT)
    if (idempotencyKey) mutate(idempotencyKey)
  }, [error, mutate])
  return isPending || data?.status === 200
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
