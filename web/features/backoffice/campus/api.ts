// The Campus review queue for React (issue 9): the list, one application, approve and reject.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { tsr } from '#web/lib/tsr.ts'
import { okOrThrow, staffKeys } from '../api.ts'

type QueueStatus = 'pending' | 'approved' | 'rejected'

export const campusReviewKeys = {
  all: [...staffKeys.all, 'campus'] as const,
  list: (status: QueueStatus, page: number) =>
    [...campusReviewKeys.all, 'list', status, page] as const,
  detail: (id: number) => [...campusReviewKeys.all, 'detail', id] as const,
}

export function useCampusQueue(status: QueueStatus, page: number) {
  return tsr.backofficeAccess.listCampusApplications.useQuery({
    queryKey: campusReviewKeys.list(status, page),
    queryData: { query: { status, page } },
    staleTime: 0,
  })
}

export function useCampusApplication(id: number) {
  return tsr.backofficeAccess.getCampusApplication.useQuery({
    queryKey: campusReviewKeys.detail(id),
    queryData: { params: { id } },
    staleTime: 0,
  })
}

function useAfterDecision() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: staffKeys.all })
}

export function useApproveApplication(id: number) {
  const after = useAfterDecision()
  return useMutation({
    mutationFn: async (validUntil: string) =>
      okOrThrow(
        await tsr.backofficeAccess.approveCampusApplication.mutate({
          params: { id },
          body: { validUntil },
        }),
      ),
    onSuccess: after,
  })
}

export function useRejectApplication(id: number) {
  const after = useAfterDecision()
  return useMutation({
    mutationFn: async (reason: string) =>
      okOrThrow(
        await tsr.backofficeAccess.rejectCampusApplication.mutate({
          params: { id },
          body: { reason },
        }),
      ),
    onSuccess: after,
  })
}
