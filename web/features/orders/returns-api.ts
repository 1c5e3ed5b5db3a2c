// Return calls for React (issue 19): the returns of an own order and registering one; on the
// public page /widerruf the same two calls bound to the withdrawal token. The keys sit under
// the withdrawal ones, so a new declaration refreshes what can be returned.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ReturnCreateBody } from '#contract/returns.ts'
import { tsr } from '#web/lib/tsr.ts'
import { ordersKeys } from './api.ts'
import { withdrawalKeys } from './withdrawal-api.ts'

export const returnsKeys = {
  own: (orderNumber: string) => [...ordersKeys.all, 'returns', orderNumber] as const,
  guest: (token: string) => [...withdrawalKeys.guest(token), 'returns'] as const,
}

type ReturnsResponse = Awaited<ReturnType<typeof tsr.returns.getReturns.query>>
export type ReturnsData = Extract<ReturnsResponse, { status: 200 }>['body']
export type RegisteredReturn = ReturnsData['returns'][number]

/** Where the label PDF of a return is downloaded (the customer's or the guest's path). */
export function labelHref(
  owner: { orderNumber: string } | { token: string },
  returnNumber: string,
): string {
  const base =
    'token' in owner
      ? `/api/withdrawal/${encodeURIComponent(owner.token)}`
      : `/api/orders/${encodeURIComponent(owner.orderNumber)}`
  return `${base}/returns/${encodeURIComponent(returnNumber)}/label`
}

export function useReturns(orderNumber: string) {
  return useQuery({
    queryKey: returnsKeys.own(orderNumber),
    retry: false,
    queryFn: async () => {
      const response = await tsr.returns.getReturns.query({ params: { orderNumber } })
      if (response.status !== 200) throw response
      return response.body
    },
  })
}

export function useCreateReturn(orderNumber: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: ReturnCreateBody): Promise<RegisteredReturn> => {
      const response = await tsr.returns.createReturn.mutate({ params: { orderNumber }, body })
      if (response.status !== 200) throw response
      return response.body.return
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: returnsKeys.own(orderNumber) }),
  })
}

export function useGuestReturns(token: string) {
  return useQuery({
    queryKey: returnsKeys.guest(token),
    retry: false,
    queryFn: async () => {
      const response = await tsr.returns.getGuestReturns.query({ params: { token } })
      if (response.status !== 200) throw response
      return response.body
    },
  })
}

export function useCreateGuestReturn(token: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: ReturnCreateBody): Promise<RegisteredReturn> => {
      const response = await tsr.returns.createGuestReturn.mutate({ params: { token }, body })
      if (response.status !== 200) throw response
      return response.body.return
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: returnsKeys.guest(token) }),
  })
}
