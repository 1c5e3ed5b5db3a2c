// Hooks of the product editor (issue 21): the choices (categories, manufacturers, attributes), one
// product with its version, and create, edit and retire (admins). Every change refreshes the
// back office's queries (the product list shows it at once).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  BackofficeCategoryCreateBody,
  BackofficeProductCreateBody,
  BackofficeProductEditBody,
} from '#contract/backoffice-products.ts'
import { tsr } from '#web/lib/tsr.ts'
import { okOrThrow, staffKeys } from '../api.ts'

export const productEditorKeys = {
  choices: () => [...staffKeys.all, 'catalog-choices'] as const,
  product: (id: number) => [...staffKeys.all, 'product', id] as const,
}

export function useCatalogChoices() {
  return tsr.backoffice.getCatalogChoices.useQuery({
    queryKey: productEditorKeys.choices(),
    staleTime: 0,
  })
}

export function useProductDetail(id: number | null) {
  return tsr.backoffice.getProduct.useQuery({
    queryKey: productEditorKeys.product(id ?? 0),
    queryData: { params: { id: id ?? 0 } },
    enabled: id !== null,
    staleTime: 0,
  })
}

function useRefresh() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: staffKeys.all })
}

export function useCreateProduct() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async (body: BackofficeProductCreateBody) =>
      okOrThrow(await tsr.backoffice.createProduct.mutate({ body })).body,
    onSuccess: refresh,
  })
}

export function useEditProduct(id: number) {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async (body: BackofficeProductEditBody) =>
      okOrThrow(await tsr.backoffice.editProduct.mutate({ params: { id }, body })).body,
    onSuccess: refresh,
  })
}

export function useRetireProduct(id: number) {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async (version: number) =>
      okOrThrow(await tsr.backoffice.retireProduct.mutate({ params: { id }, body: { version } }))
        .body,
    onSuccess: refresh,
  })
}

// --- Categories ----------------------------------------------------------------------------------

export const categoryEditorKeys = {
  list: () => [...staffKeys.all, 'categories'] as const,
}

export function useStaffCategories() {
  return tsr.backoffice.listCategories.useQuery({
    queryKey: categoryEditorKeys.list(),
    staleTime: 0,
  })
}

export function useCreateCategory() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async (body: BackofficeCategoryCreateBody) =>
      okOrThrow(await tsr.backoffice.createCategory.mutate({ body })).body,
    onSuccess: refresh,
  })
}

export function useRenameCategory(id: number) {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async (body: { name: string; description: string }) =>
      okOrThrow(await tsr.backoffice.renameCategory.mutate({ params: { id }, body })).body,
    onSuccess: refresh,
  })
}

export function useMoveCategory() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async (input: { id: number; direction: 'up' | 'down' }) =>
      okOrThrow(
        await tsr.backoffice.moveCategory.mutate({
          params: { id: input.id },
          body: { direction: input.direction },
        }),
      ).body,
    onSuccess: refresh,
  })
}

/** Moves a category with its subtree under another parent (null: the top level). */
export function useMoveCategoryToParent() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async (input: { id: number; parentId: number | null; beforeId?: number | null }) =>
      okOrThrow(
        await tsr.backofficeCategories.moveCategoryToParent.mutate({
          params: { id: input.id },
          body: { parentId: input.parentId, beforeId: input.beforeId ?? null },
        }),
      ).body,
    onSuccess: refresh,
  })
}

export function useCategoryFilters(id: number) {
  return tsr.backofficeCategories.getCategoryFilters.useQuery({
    queryKey: [...staffKeys.all, 'category-filters', id],
    queryData: { params: { id } },
    staleTime: 0,
  })
}

/** Saves a category's filter list in order (empty: inherit the parent's again). */
export function useSetCategoryFilters(id: number) {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async (attributeIds: number[]) =>
      okOrThrow(
        await tsr.backofficeCategories.setCategoryFilters.mutate({
          params: { id },
          body: { attributeIds },
        }),
      ).body,
    onSuccess: refresh,
  })
}
