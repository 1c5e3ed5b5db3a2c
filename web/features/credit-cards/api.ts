// Credit card calls for React: the stored cards (a POST read), the provider's form data, save by
// alias and removal of the selected cards; writes refresh the list.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { tsr } from '#web/lib/tsr.ts'

export const creditCardKeys = {
  all: ['credit-cards'] as const,
  list: () => [...creditCardKeys.all, 'list'] as const,
}

type ListResponse = Awaited<ReturnType<typeof tsr.creditCards.getCreditCards.mutate>>

export function useCreditCards(enabled: boolean) {
  return useQuery({
    queryKey: creditCardKeys.list(),
    enabled,
    queryFn: async () => {
      const response = await tsr.creditCards.getCreditCards.mutate({})
      if (response.status !== 200) throw response
      return (response as Extract<ListResponse, { status: 200 }>).body.creditCards
    },
  })
}

export function useCardFormData() {
  return useMutation({
    mutationFn: async () => {
      const response = await tsr.creditCards.getCreditCardFormData.mutate({})
      if (response.status !== 200) throw response
      return response.body
    },
  })
}

function useRefreshCards() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: creditCardKeys.all })
}

export function useSaveCard() {
  const refresh = useRefreshCards()
  return useMutation({
    mutationFn: async (alias: string) => {
      const response = await tsr.creditCards.saveCreditCard.mutate({ body: { alias, save: true } })
      if (response.status !== 200) throw response
      return response.body
    },
    onSuccess: refresh,
  })
}

export function useRemoveCards() {
  const refresh = useRefreshCards()
  return useMutation({
    mutationFn: async (ids: number[]) => {
      const response = await tsr.creditCards.removeCreditCards.mutate({ body: { ids } })
      if (response.status !== 200) throw response
      return response.body
    },
    onSettled: refresh,
  })
}
