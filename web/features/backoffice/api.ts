// Back-office calls for React: the staff login steps and the logged-in member of staff. The
// staff cookie is sent to /api/staff only, so staff data is never rendered on the server: every
// back-office query runs in the browser.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { tsr } from '#web/lib/tsr.ts'

export const staffKeys = {
  all: ['staff'] as const,
  me: () => [...staffKeys.all, 'me'] as const,
  dashboard: () => [...staffKeys.all, 'dashboard'] as const,
}

type Answer = { status: number; body: unknown }

/** Non-2xx answers are thrown as the response, like the ts-rest hooks do. */
export function okOrThrow<T extends Answer>(response: T): Extract<T, { status: 200 }> {
  if (response.status !== 200) throw response
  return response as Extract<T, { status: 200 }>
}

export function useStaffMe() {
  return tsr.backofficeAccess.me.useQuery({
    queryKey: staffKeys.me(),
    retry: false,
    staleTime: 60_000,
  })
}

export function useStaffDashboard() {
  return tsr.backofficeAccess.dashboard.useQuery({ queryKey: staffKeys.dashboard(), staleTime: 0 })
}

export function useStaffLogin() {
  return useMutation({
    mutationFn: async (body: { email: string; password: string }) =>
      okOrThrow(await tsr.backofficeAccess.login.mutate({ body })),
  })
}

export function useStaffCode() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (code: string) =>
      okOrThrow(await tsr.backofficeAccess.submitCode.mutate({ body: { code } })),
    onSuccess: () => queryClient.resetQueries({ queryKey: staffKeys.all }),
  })
}

export function useStaffResendCode() {
  return useMutation({
    mutationFn: async () => okOrThrow(await tsr.backofficeAccess.resendCode.mutate({})),
  })
}

export function useStaffLogout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => okOrThrow(await tsr.backofficeAccess.logout.mutate({})),
    onSettled: () => queryClient.removeQueries({ queryKey: staffKeys.all }),
  })
}
