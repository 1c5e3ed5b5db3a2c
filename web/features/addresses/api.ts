// Address book calls for React: query keys, the list and one address (POST reads as queries),
// the country lists, and the add/update/delete mutations that refresh the list.
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import type { ConvertLightToFullBody } from '#contract/account.ts'
import type { AddressInput } from '#contract/addresses.ts'
import { accountKeys } from '#web/features/account/index.ts'
import { prefetch } from '#web/lib/prefetch.ts'
import { tsr } from '#web/lib/tsr.ts'

export type CountryListName = 'billing' | 'delivery'

export const addressKeys = {
  all: ['addresses'] as const,
  list: () => [...addressKeys.all, 'list'] as const,
  one: (id: number) => [...addressKeys.all, 'one', id] as const,
  countries: (kind: CountryListName, type: 'private' | 'business') =>
    ['countries', kind, type] as const,
}

const listEndpoint = {
  query: (args: Parameters<typeof tsr.addresses.getAddresses.mutate>[0]) =>
    tsr.addresses.getAddresses.mutate(args),
}

type ListResponse = Awaited<ReturnType<typeof tsr.addresses.getAddresses.mutate>>
type OneResponse = Awaited<ReturnType<typeof tsr.addresses.getAddress.mutate>>

export function useAddresses() {
  return useQuery({
    queryKey: addressKeys.list(),
    queryFn: async () => {
      const response = await listEndpoint.query({})
      if (response.status !== 200) throw response
      return response as Extract<ListResponse, { status: 200 }>
    },
  })
}

export function prefetchAddresses(queryClient: QueryClient, request: Request) {
  return prefetch(queryClient, request, listEndpoint, {
    queryKey: addressKeys.list(),
    queryData: {},
  })
}

export function useAddress(id: number | null) {
  return useQuery({
    queryKey: addressKeys.one(id ?? 0),
    enabled: id !== null,
    retry: false,
    staleTime: 0,
    queryFn: async () => {
      const response = await tsr.addresses.getAddress.mutate({ body: { addressId: id ?? 0 } })
      if (response.status !== 200) throw response
      return response as Extract<OneResponse, { status: 200 }>
    },
  })
}

const countryCalls = {
  billing: {
    private: () => tsr.addresses.getBillingPrivateCountries.query({}),
    business: () => tsr.addresses.getBillingBusinessCountries.query({}),
  },
  delivery: {
    private: () => tsr.addresses.getDeliveryPrivateCountries.query({}),
    business: () => tsr.addresses.getDeliveryBusinessCountries.query({}),
  },
}

/** One of the four country lists (countryId, countryName), cached for 5 minutes. */
export function useCountries(
  kind: CountryListName,
  type: 'private' | 'business',
  /** Keep showing the previous list while another one loads (the form stays mounted). */
  options: { keepPrevious?: boolean } = {},
) {
  return useQuery({
    queryKey: addressKeys.countries(kind, type),
    staleTime: 5 * 60 * 1000,
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
    queryFn: async () => {
      const response = await countryCalls[kind][type]()
      if (response.status !== 200) throw response
      return response.body.countries
    },
  })
}

function useRefreshAddresses() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: addressKeys.all })
}

export function useAddAddress() {
  const refresh = useRefreshAddresses()
  return useMutation({
    mutationFn: async (body: AddressInput & { defaultAddress: boolean }) => {
      const response = await tsr.addresses.addAddress.mutate({ body })
      if (response.status !== 200) throw response
      return response.body
    },
    onSuccess: refresh,
  })
}

export function useUpdateAddress() {
  const refresh = useRefreshAddresses()
  return useMutation({
    mutationFn: async (body: AddressInput & { addressId: number }) => {
      const response = await tsr.addresses.updateAddress.mutate({ body })
      if (response.status !== 200) throw response
      return response.body
    },
    onSuccess: refresh,
  })
}

export function useDeleteAddress() {
  const refresh = useRefreshAddresses()
  return useMutation({
    mutationFn: async (addressId: number) => {
      const response = await tsr.addresses.deleteAddress.mutate({ body: { addressId } })
      if (response.status !== 200) throw response
      return response.body
    },
    onSuccess: refresh,
  })
}

/** A light account's first (billing) address: the account becomes full (account-area §4). */
/** The kind chosen on the light account's first address ("Ich bin Geschäftskunde"). */
export type LightAccountKind = Pick<
  Extract<ConvertLightToFullBody, { id: unknown }>,
  'customerType' | 'businessForm' | 'businessType'
>

export function useConvertLightAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: AddressInput & { id: number } & LightAccountKind) => {
      const { type: _type, postNumber: _postNumber, ...address } = body
      const response = await tsr.account.convertLightToFullUser.mutate({ body: address })
      if (response.status !== 200) throw response
      return response.body
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: addressKeys.all }),
        queryClient.invalidateQueries({ queryKey: accountKeys.all }),
      ]),
  })
}
