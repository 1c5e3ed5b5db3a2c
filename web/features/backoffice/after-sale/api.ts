// The after-sale work area for React (issue 19): the queue, one order's page and the staff steps.
// Every step answers with the order's fresh after-sale page, which replaces the cached one.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  AfterSaleDetail,
  AfterSaleView,
  InspectReturnBody,
  StaffRefundForm,
} from '#contract/backoffice-after-sale.ts'
import { tsr } from '#web/lib/tsr.ts'
import { okOrThrow, staffKeys } from '../api.ts'

export const afterSaleKeys = {
  all: [...staffKeys.all, 'after-sale'] as const,
  queue: (view: AfterSaleView, page: number) =>
    [...afterSaleKeys.all, 'queue', view, page] as const,
  detail: (orderNumber: string) => [...afterSaleKeys.all, 'detail', orderNumber] as const,
}

export function useAfterSaleQueue(view: AfterSaleView, page: number) {
  return tsr.backofficeAfterSale.queue.useQuery({
    queryKey: afterSaleKeys.queue(view, page),
    queryData: { query: { view, page } },
    staleTime: 0,
  })
}

export function useAfterSaleDetail(orderNumber: string) {
  return tsr.backofficeAfterSale.detail.useQuery({
    queryKey: afterSaleKeys.detail(orderNumber),
    queryData: { params: { orderNumber } },
    staleTime: 0,
  })
}

/** A step's answer is the order's page: put it into the cache, refresh the queue. */
function useStep<I>(orderNumber: string, call: (input: I) => Promise<{ body: AfterSaleDetail }>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSuccess: async (answer) => {
      queryClient.setQueryData(afterSaleKeys.detail(orderNumber), {
        status: 200,
        body: answer.body,
      })
      await queryClient.invalidateQueries({ queryKey: [...afterSaleKeys.all, 'queue'] })
    },
  })
}

export function useReceiveReturn(orderNumber: string) {
  return useStep(orderNumber, async (id: number) =>
    okOrThrow(await tsr.backofficeAfterSale.receiveReturn.mutate({ params: { id } })),
  )
}

export function useInspectReturn(orderNumber: string) {
  return useStep(orderNumber, async (input: { id: number; body: InspectReturnBody }) =>
    okOrThrow(
      await tsr.backofficeAfterSale.inspectReturn.mutate({
        params: { id: input.id },
        body: input.body,
      }),
    ),
  )
}

export function useRefundProposal(orderNumber: string) {
  return useMutation({
    mutationFn: async (body: StaffRefundForm) =>
      okOrThrow(
        await tsr.backofficeAfterSale.proposeRefund.mutate({ params: { orderNumber }, body }),
      ).body,
  })
}

export function useRefund(orderNumber: string) {
  return useStep(orderNumber, async (body: StaffRefundForm & { idempotencyKey: string }) =>
    okOrThrow(await tsr.backofficeAfterSale.refund.mutate({ params: { orderNumber }, body })),
  )
}

export function useMarkRefundPaid(orderNumber: string) {
  return useStep(orderNumber, async (id: string) =>
    okOrThrow(await tsr.backofficeAfterSale.markRefundPaid.mutate({ params: { id } })),
  )
}

export function useRetryRefund(orderNumber: string) {
  return useStep(orderNumber, async (id: string) =>
    okOrThrow(await tsr.backofficeAfterSale.retryRefund.mutate({ params: { id } })),
  )
}
