// Withdrawal calls for React (issue 19): the options of an own order and its declaration, and on
// the public page the identification by order number and e-mail, then the same two calls bound
// to the session's token. A declaration refreshes the options and the order.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { WithdrawalDeclareBody, WithdrawalIdentifyBody } from '#contract/withdrawal.ts'
import { tsr } from '#web/lib/tsr.ts'
import { ordersKeys } from './api.ts'

export const withdrawalKeys = {
  own: (orderNumber: string) => [...ordersKeys.all, 'withdrawal', orderNumber] as const,
  guest: (token: string) => ['withdrawal', 'guest', token] as const,
}

type OptionsResponse = Awaited<ReturnType<typeof tsr.withdrawal.getOptions.query>>
export type WithdrawalOptionsData = Extract<OptionsResponse, { status: 200 }>['body']
type DeclareResponse = Awaited<ReturnType<typeof tsr.withdrawal.declare.mutate>>
export type DeclaredWithdrawal = Extract<DeclareResponse, { status: 200 }>['body']['declaration']

export function useWithdrawalOptions(orderNumber: string) {
  return useQuery({
    queryKey: withdrawalKeys.own(orderNumber),
    retry: false,
    queryFn: async () => {
      const response = await tsr.withdrawal.getOptions.query({ params: { orderNumber } })
      if (response.status !== 200) throw response
      return response.body
    },
  })
}

export function useDeclareWithdrawal(orderNumber: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: WithdrawalDeclareBody): Promise<DeclaredWithdrawal> => {
      const response = await tsr.withdrawal.declare.mutate({ params: { orderNumber }, body })
      if (response.status !== 200) throw response
      return response.body.declaration
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
  })
}

export function useIdentifyOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: WithdrawalIdentifyBody) => {
      const response = await tsr.withdrawal.identify.mutate({ body })
      if (response.status !== 200) throw response
      return response.body
    },
    onSuccess: ({ token, options }) =>
      queryClient.setQueryData(withdrawalKeys.guest(token), options),
  })
}

export function useGuestOptions(token: string | null) {
  return useQuery({
    queryKey: withdrawalKeys.guest(token ?? ''),
    enabled: token !== null,
    retry: false,
    queryFn: async () => {
      const response = await tsr.withdrawal.getGuestOptions.query({
        params: { token: token ?? '' },
      })
      if (response.status !== 200) throw response
      return response.body
    },
  })
}

export function useDeclareGuest(token: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: WithdrawalDeclareBody): Promise<DeclaredWithdrawal> => {
      const response = await tsr.withdrawal.declareGuest.mutate({ params: { token }, body })
      if (response.status !== 200) throw response
      return response.body.declaration
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: withdrawalKeys.guest(token) }),
  })
}
