// Cancellation and refund calls for React (issue 19): the overview of an own order (deliveries
// that can be cancelled, refunds), cancelling a delivery and the IBAN of a bank-transfer refund.
// Each change refreshes the overview and the order (its status changed).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { RefundIbanBody, RefundsOverview } from '#contract/refunds.ts'
import { tsr } from '#web/lib/tsr.ts'
import { ordersKeys } from './api.ts'

export const refundsKeys = {
  own: (orderNumber: string) => [...ordersKeys.all, 'refunds', orderNumber] as const,
}

export function useRefunds(orderNumber: string) {
  return useQuery({
    queryKey: refundsKeys.own(orderNumber),
    retry: false,
    queryFn: async (): Promise<RefundsOverview> => {
      const response = await tsr.refunds.getRefunds.query({ params: { orderNumber } })
      if (response.status !== 200) throw response
      return response.body
    },
  })
}

export function useCancelDelivery(orderNumber: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: { deliveryNumber: string; idempotencyKey: string }) => {
      const response = await tsr.refunds.cancelDelivery.mutate({
        params: { orderNumber, deliveryNumber: input.deliveryNumber },
        body: { idempotencyKey: input.idempotencyKey },
      })
      if (response.status !== 200) throw response
      return response.body
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
  })
}

export function useSetRefundIban(orderNumber: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: { refundId: string; body: RefundIbanBody }) => {
      const response = await tsr.refunds.setIban.mutate({
        params: { orderNumber, refundId: input.refundId },
        body: input.body,
      })
      if (response.status !== 200) throw response
      return response.body
    },
    onSuccess: (body) => queryClient.setQueryData(refundsKeys.own(orderNumber), body.overview),
  })
}
