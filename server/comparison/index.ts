// comparison slice ("Produktvergleich", issue 22): lists of customers and guest sessions (at most
// four products of one category), merged at login; the header reads the list's product ids.
export { comparisonRouter } from './router.ts'
export { getComparisonProductIds, mergeGuestComparison } from './service.ts'
