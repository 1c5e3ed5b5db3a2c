// Account calls for React: query keys, the customer data query and the login mutations.
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { headerKeys } from '#web/features/header/index.ts'
import { prefetch } from '#web/lib/prefetch.ts'
import { tsr } from '#web/lib/tsr.ts'

export const accountKeys = {
  all: ['account'] as const,
  customer: () => [...accountKeys.all, 'customer'] as const,
}

/** POST /account/customer/get is a read: a query over the route's mutate function. */
const customerEndpoint = {
  query: (args: Parameters<typeof tsr.account.getCustomer.mutate>[0]) =>
    tsr.account.getCustomer.mutate(args),
}

type CustomerResponse = Awaited<ReturnType<typeof tsr.account.getCustomer.mutate>>

export function useCustomerData() {
  return useQuery({
    queryKey: accountKeys.customer(),
    queryFn: async () => {
      const response = await customerEndpoint.query({})
      if (response.status !== 200) throw response
      return response as Extract<CustomerResponse, { status: 200 }>
    },
  })
}

export function prefetchCustomerData(queryClient: QueryClient, request: Request) {
  return prefetch(queryClient, request, customerEndpoint, {
    queryKey: accountKeys.customer(),
    queryData: {},
  })
}

/** After a login, registration or logout: header, customer data and counters are reloaded. */
export function useRefreshLoginState() {
  const queryClient = useQueryClient()
  return async () => {
    await Promise.all([
      queryClient.resetQueries({ queryKey: accountKeys.all }),
      queryClient.invalidateQueries({ queryKey: headerKeys.all }),
    ])
  }
}

export function useLogin() {
  return tsr.account.login.useMutation()
}

export function useSubmitTwoFaCode() {
  return tsr.account.submitTwoFaCode.useMutation()
}

export function useResendTwoFaCode() {
  return useMutation({ mutationFn: () => tsr.account.resendTwoFaCode.mutate({}) })
}

export function useRegister() {
  return tsr.account.register.useMutation()
}

export function useRegisterBusiness() {
  return tsr.account.registerBusiness.useMutation()
}

export function useRequestPasswordReset() {
  return tsr.account.requestPasswordReset.useMutation()
}

export function useResetPassword() {
  return tsr.account.processPasswordForgotten.useMutation()
}

// --- Customer data changes (issue 5) ------------------------------------------------------

/** After a change: the customer data (and the header's greeting) are loaded again. */
function useRefreshCustomer() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: accountKeys.customer() }),
      queryClient.invalidateQueries({ queryKey: headerKeys.all }),
    ])
}

function useChange<B, R extends { status: number; body: unknown }>(
  call: (args: { body: B }) => Promise<R>,
) {
  const refresh = useRefreshCustomer()
  return useMutation({
    mutationFn: async (body: B) => {
      const response = await call({ body })
      if (response.status !== 200) throw response
      return response.body
    },
    onSuccess: refresh,
  })
}

export function useChangePassword() {
  return useChange(tsr.account.changePassword.mutate)
}
export function useChangeNames() {
  return useChange(tsr.account.changeNames.mutate)
}
export function useChangeEmail() {
  return useChange(tsr.account.changeEmail.mutate)
}
export function useChangeOwnerNames() {
  return useChange(tsr.account.changeOwnerNames.mutate)
}
export function useChangeCompanyName() {
  return useChange(tsr.account.changeCompanyName.mutate)
}
export function useChangeVatId() {
  return useChange(tsr.account.changeVatId.mutate)
}

/**
 * The business billing countries for the registration (the address book's list; the same query
 * key as the addresses feature, so both share the cache). Until it arrives the static list shows.
 */
export function useBusinessBillingCountries() {
  return useQuery({
    queryKey: ['countries', 'billing', 'business'] as const,
    staleTime: 5 * 60 * 1000,
    queryFn: async () => {
      const response = await tsr.addresses.getBillingBusinessCountries.query({})
      if (response.status !== 200) throw response
      return response.body.countries.map((country) => ({
        id: country.countryId,
        name: country.countryName,
      }))
    },
  })
}
