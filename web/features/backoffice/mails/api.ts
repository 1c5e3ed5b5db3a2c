// Hooks of the back office's mail delivery view (issue 16): mails with delivery problems and
// "Erneut senden". Queries run in the browser (the staff cookie is for /api/staff only).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { tsr } from '#web/lib/tsr.ts'
import { okOrThrow, staffKeys } from '../api.ts'

export type MailFilter = 'failed' | 'waiting' | undefined

export const mailKeys = {
  all: () => [...staffKeys.all, 'mails'] as const,
  list: (page: number, status: MailFilter) => [...mailKeys.all(), page, status ?? ''] as const,
}

export function useProblemMails(page: number, status: MailFilter) {
  return tsr.backoffice.listMails.useQuery({
    queryKey: mailKeys.list(page, status),
    queryData: { query: { page, ...(status ? { status } : {}) } },
    staleTime: 0,
  })
}

export function useResendMail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: number) =>
      okOrThrow(await tsr.backoffice.resendMail.mutate({ params: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailKeys.all() }),
  })
}
