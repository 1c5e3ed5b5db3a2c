// Hooks of the manufacturers page (issue 20): the list, and create and edit for admins. A change
// refreshes the back office's queries (the product editor's manufacturer choice follows).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ManufacturerBody } from '#contract/backoffice-manufacturers.ts'
import { tsr } from '#web/lib/tsr.ts'
import { okOrThrow, staffKeys } from '../api.ts'

export function useStaffManufacturers() {
  return tsr.backofficeManufacturers.listManufacturers.useQuery({
    queryKey: [...staffKeys.all, 'manufacturers'],
    staleTime: 0,
  })
}

export function useSaveManufacturer(id: number | null) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: ManufacturerBody) =>
      okOrThrow(
        id === null
          ? await tsr.backofficeManufacturers.createManufacturer.mutate({ body })
          : await tsr.backofficeManufacturers.updateManufacturer.mutate({
              params: { id },
              body,
            }),
      ).body,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  })
}
