// Campus calls for React: the status and university queries, the two registrations (multipart),
// the confirmation link and the Campus deals of /studentenprogramm.
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { accountKeys } from '#web/features/account/index.ts'
import { catalogKeys } from '#web/features/catalog/index.ts'
import { prefetch } from '#web/lib/prefetch.ts'
import { tsr } from '#web/lib/tsr.ts'

export const campusKeys = {
  all: ['campus'] as const,
  status: () => [...campusKeys.all, 'status'] as const,
  universities: () => [...campusKeys.all, 'universities'] as const,
  deals: () => [...campusKeys.all, 'deals'] as const,
}

export function useCampusStatus(enabled = true) {
  return tsr.campus.getStatus.useQuery({ queryKey: campusKeys.status(), staleTime: 0, enabled })
}

export function useUniversities(enabled: boolean) {
  return tsr.campus.getUniversities.useQuery({
    queryKey: campusKeys.universities(),
    enabled,
    staleTime: 5 * 60 * 1000,
  })
}

export function useCampusDeals() {
  return tsr.catalog.getCampusDeals.useQuery({ queryKey: campusKeys.deals() })
}

export function prefetchCampusDeals(queryClient: QueryClient, request: Request) {
  return prefetch(queryClient, request, tsr.catalog.getCampusDeals, {
    queryKey: campusKeys.deals(),
    queryData: {},
  })
}

type Answer = { status: number; body: unknown }

/** Non-2xx answers are thrown as the response, like the ts-rest hooks do. */
function okOrThrow<T extends Answer>(response: T): Extract<T, { status: 200 }> {
  if (response.status !== 200) throw response
  return response as Extract<T, { status: 200 }>
}

/** After a registration: status, customer data (studentStatus) and prices are reloaded. */
function useRefreshMembership() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: campusKeys.all }),
      queryClient.invalidateQueries({ queryKey: accountKeys.all }),
      queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
    ])
}

export function useRegisterByEmail() {
  const refresh = useRefreshMembership()
  return useMutation({
    mutationFn: async (form: FormData) =>
      okOrThrow(await tsr.campus.registerByEmail.mutate({ body: form })),
    onSuccess: refresh,
  })
}

export function useRegisterByDocument() {
  const refresh = useRefreshMembership()
  return useMutation({
    mutationFn: async (form: FormData) =>
      okOrThrow(await tsr.campus.registerByDocument.mutate({ body: form })),
    onSuccess: refresh,
  })
}

export function useConfirmCampusEmail() {
  const refresh = useRefreshMembership()
  return useMutation({
    mutationFn: async (token: string) =>
      okOrThrow(await tsr.campus.confirmEmail.mutate({ body: { token } })),
    onSuccess: refresh,
  })
}
