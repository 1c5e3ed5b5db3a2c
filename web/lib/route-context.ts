// What route loaders get: the render's QueryClient. Feature route modules take it as argument.
import type { QueryClient } from '@tanstack/react-query'

export type RouteContext = { queryClient: QueryClient }
