// Catalog calls for React: query keys, hooks, and the loaders' prefetches (same keys, so the
// server's answers hydrate into the components without a second request).
import type { QueryClient } from '@tanstack/react-query'
import { prefetch } from '#web/lib/prefetch.ts'
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

/** The filters for a draft selection (POST calls of the spec). */
export function fetchCategoryFilters(categoryId: number, selectedFilter: string[]) {
  return tsr.catalog.getCategoryFilters.mutate({ body: { categoryId, selectedFilter } })
}

export function fetchSearchFilters(query: string, filter: string[]) {
  return tsr.catalog.getSearchFilters.mutate({ body: { query, filter } })
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
