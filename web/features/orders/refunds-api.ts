// Cancellation and refund calls for React (issue 19): the overview of an order (deliveries that
// can be cancelled, refunds), cancelling a delivery and the IBAN of a bank-transfer refund; for an
// own order (Bestelldetails) or the order identified on /widerruf (the session's token). Each
// change refreshes the overview and the order (its status changed).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { RefundIbanBody, RefundsOverview } from '#contract/refunds.ts'
import { tsr } from '#web/lib/tsr.ts'
import { ordersKeys } from './api.ts'

/** Whose order: an own order by number, or the order the guest identified (token). */
export type RefundsOwner = { orderNumber: string } | { token: string }

export const refundsKeys = {
  of: (owner: RefundsOwner) =>
    'token' in owner
      ? (['refunds', 'guest', owner.token] as const)
      : ([...ordersKeys.all, 'refunds', owner.orderNumber] as const),
}

export function useRefunds(owner: RefundsOwner) {
  return useQuery({
    queryKey: refundsKeys.of(owner),
    retry: false,
    queryFn: async (): Promise<RefundsOverview> => {
      const response =
        'token' in owner
          ? await tsr.refunds.getGuestRefunds.query({ params: { token: owner.token } })
          : await tsr.refunds.getRefunds.query({ params: { orderNumber: owner.orderNumber } })
      if (response.status !== 200) throw response
      return response.body
    },
  })
}

export function useCancelDelivery(owner: RefundsOwner) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: { deliveryNumber: string; idempotencyKey: string }) => {
      const body = { idempotencyKey: input.idempotencyKey }
      const response =
        'token' in owner
          ? await tsr.refunds.cancelGuestDelivery.mutate({
              params: { token: owner.token, deliveryNumber: input.deliveryNumber },
              body,
            })
          : await tsr.refunds.cancelDelivery.mutate({
              params: { orderNumber: owner.orderNumber, deliveryNumber: input.deliveryNumber },
              body,
            })
      if (response.status !== 200) throw response
      return response.body
    },
    onSuccess: (body) => {
      queryClient.setQueryData(refundsKeys.of(owner), body.overview)
      return queryClient.invalidateQueries({
        queryKey: 'token' in owner ? ['withdrawal', 'guest', owner.token] : ordersKeys.all,
      })
    },
  })
}

export function useSetRefundIban(owner: RefundsOwner) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: { refundId: string; body: RefundIbanBody }) => {
      const response =
        'token' in owner
          ? await tsr.refunds.setGuestIban.mutate({
              params: { token: owner.token, refundId: input.refundId },
              body: input.body,
            })
          : await tsr.refunds.setIban.mutate({
              params: { orderNumber: owner.orderNumber, refundId: input.refundId },
              body: input.body,
            })
      if (response.status !== 200) throw response
      return response.body
    },
    onSuccess: (body) => queryClient.setQueryData(refundsKeys.of(owner), body.overview),
  })
}
