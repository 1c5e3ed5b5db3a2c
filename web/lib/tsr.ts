// The typed API client for React: ts-rest over React Query, built from the schema-free contract.

import { routes } from 'virtual:contract-routes'
import { initTsrReactQuery } from '@ts-rest/react-query/v5'

export const tsr = initTsrReactQuery(routes, {
  baseUrl: '',
  baseHeaders: {},
  credentials: 'same-origin',
})

export { isFetchError } from '@ts-rest/react-query/v5'
