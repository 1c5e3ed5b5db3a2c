// Catalog calls for React: query keys, hooks, and the loaders' prefetches (same keys, so the
// server's answers hydrate into the components without a second request).
import { keepPreviousData, QueryClient, useQuery } from '@tanstack/react-query'
import { isApiResponse, prefetch } from '#web/lib/prefetch.ts'
import { tsr } from '#web/lib/tsr.ts'
import type { ListingParams } from './filter-state.ts'

export const catalogKeys = {
  all: ['catalog'] as const,
  navigation: () => [...catalogKeys.all, 'navigation'] as const,
  navigationCategory: (id: number) => [...catalogKeys.all, 'navigation', id] as const,
  categoryListing: (path: string, params: ListingParams) =>
    [...catalogKeys.all, 'listing', path, params.filter ?? '', params.sort, params.page] as const,
  search: (query: string, params: ListingParams) =>
    [...catalogKeys.all, 'search', query, params.filter ?? '', params.sort, params.page] as const,
  product: (id: number) => [...catalogKeys.all, 'product', id] as const,
  top: (categoryId: number | undefined) => [...catalogKeys.all, 'top', categoryId ?? 0] as const,
  lastSeen: (exclude: number | undefined) =>
    [...catalogKeys.all, 'last-seen', exclude ?? 0] as const,
  suggestions: (query: string) => [...catalogKeys.all, 'suggestions', query] as const,
  energyLabel: (id: number) => [...catalogKeys.all, 'energy-label', id] as const,
  filterCounts: (scope: FilterCountScope, selected: string[]) =>
    [...catalogKeys.all, 'filter-counts', scopeKeyOf(scope), selected.join('&')] as const,
}

const navigationQuery = () => ({ queryKey: catalogKeys.navigation(), queryData: {} })
const navigationCategoryQuery = (id: number) => ({
  queryKey: catalogKeys.navigationCategory(id),
  queryData: { params: { id } },
})
export const categoryListingQuery = (path: string, params: ListingParams) => ({
  queryKey: catalogKeys.categoryListing(path, params),
  queryData: { query: { path, filter: params.filter, sort: params.sort, page: params.page } },
})
export const searchQuery = (query: string, params: ListingParams) => ({
  queryKey: catalogKeys.search(query, params),
  queryData: { query: { query, filter: params.filter, sort: params.sort, page: params.page } },
})
export const productQuery = (id: number) => ({
  queryKey: catalogKeys.product(id),
  queryData: { params: { productId: id } },
})
const topQuery = (categoryId: number | undefined) => ({
  queryKey: catalogKeys.top(categoryId),
  queryData: { query: categoryId === undefined ? {} : { categoryId } },
})

export function useNavigationData() {
  return tsr.catalog.getNavigationData.useQuery(navigationQuery())
}

export function useNavigationCategory(id: number, enabled: boolean) {
  return tsr.catalog.getNavigationCategory.useQuery({
    ...navigationCategoryQuery(id),
    enabled,
    staleTime: 5 * 60_000,
  })
}

export function useCategoryListing(path: string, params: ListingParams, enabled = true) {
  return tsr.catalog.getCategoryListing.useQuery({
    ...categoryListingQuery(path, params),
    enabled,
  })
}

export function useSearchResults(query: string, params: ListingParams, enabled = true) {
  return tsr.catalog.getSearchResults.useQuery({ ...searchQuery(query, params), enabled })
}

export function useProduct(id: number) {
  return tsr.catalog.getProduct.useQuery(productQuery(id))
}

export function useTopProducts(categoryId: number | undefined) {
  return tsr.catalog.getTopProducts.useQuery(topQuery(categoryId))
}

export function useLastSeenProducts(exclude: number | undefined, enabled: boolean) {
  return tsr.catalog.getLastSeenProducts.useQuery({
    queryKey: catalogKeys.lastSeen(exclude),
    queryData: { query: exclude === undefined ? {} : { exclude } },
    enabled,
    staleTime: 0,
  })
}

export function useSuggestions(query: string, enabled: boolean) {
  return tsr.catalog.getSearchSuggestions.useQuery({
    queryKey: catalogKeys.suggestions(query),
    queryData: { query: { query } },
    enabled,
    staleTime: 60_000,
  })
}

export function useEnergyLabel(productId: number, enabled: boolean) {
  return tsr.catalog.getEnergyLabel.useQuery({
    queryKey: catalogKeys.energyLabel(productId),
    queryData: { params: { productId } },
    enabled,
  })
}

/** Where the filter counts are asked for: a category or a search. */
export type FilterCountScope =
  | { kind: 'category'; categoryId: number }
  | { kind: 'search'; query: string }

function scopeKeyOf(scope: FilterCountScope): string {
  return scope.kind === 'category' ? `c${scope.categoryId}` : `s${scope.query}`
}

/**
 * The filters with their counts for a draft selection (the spec's POST /category/filters/get and
 * /search/filters/get). While a new selection loads, the previous answer of the same category or
 * search stays (`keepPreviousData`, `isPlaceholderData`); another page's answer does not.
 */
export function useFilterCounts(scope: FilterCountScope, selected: string[], enabled: boolean) {
  return useQuery({
    queryKey: catalogKeys.filterCounts(scope, selected),
    enabled,
    retry: false,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === scopeKeyOf(scope) ? keepPreviousData(previous) : undefined,
    queryFn: async () => {
      const response =
        scope.kind === 'category'
          ? await tsr.catalog.getCategoryFilters.mutate({
              body: { categoryId: scope.categoryId, selectedFilter: selected },
            })
          : await tsr.catalog.getSearchFilters.mutate({
              body: { query: scope.query, filter: selected },
            })
      if (response.status !== 200) throw response
      return response.body
    },
  })
}

// --- Prefetches for loaders ---------------------------------------------------------------------

export function prefetchNavigation(queryClient: QueryClient, request: Request) {
  return prefetch(queryClient, request, tsr.catalog.getNavigationData, navigationQuery())
}

export function prefetchNavigationCategory(queryClient: QueryClient, request: Request, id: number) {
  return prefetch(
    queryClient,
    request,
    tsr.catalog.getNavigationCategory,
    navigationCategoryQuery(id),
  )
}

/**
 * Where a moved category lives now (issue 21), or null: asked only after its listing answered
 * 404, so an unknown address costs one more lookup and a live one none.
 */
export async function movedCategoryUrl(request: Request, path: string): Promise<string | null> {
  const queryClient = new QueryClient()
  try {
    const response = await prefetch(queryClient, request, tsr.catalog.getCategoryRedirect, {
      queryKey: [...catalogKeys.all, 'category-redirect', path],
      queryData: { query: { path } },
    })
    return (response.body as { url: string }).url
  } catch (error) {
    if (isApiResponse(error) && error.status === 404) return null
    throw error
  }
}

export function prefetchCategoryListing(
  queryClient: QueryClient,
  request: Request,
  path: string,
  params: ListingParams,
) {
  return prefetch(
    queryClient,
    request,
    tsr.catalog.getCategoryListing,
    categoryListingQuery(path, params),
  )
}

export function prefetchSearch(
  queryClient: QueryClient,
  request: Request,
  query: string,
  params: ListingParams,
) {
  return prefetch(queryClient, request, tsr.catalog.getSearchResults, searchQuery(query, params))
}

export function prefetchProduct(queryClient: QueryClient, request: Request, id: number) {
  return prefetch(queryClient, request, tsr.catalog.getProduct, productQuery(id))
}

export function prefetchTopProducts(
  queryClient: QueryClient,
  request: Request,
  categoryId: number | undefined,
) {
  return prefetch(queryClient, request, tsr.catalog.getTopProducts, topQuery(categoryId))
}
