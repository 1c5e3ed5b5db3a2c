import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { type Site, SiteProvider } from '#web/lib/site.tsx'

/**
 * The app's providers. No `tsr.ReactQueryProvider` (issue 23): it only backs
 * `tsr.useQueryClient()`, which the shop does not use (the ts-rest hooks take React Query's
 * client from `QueryClientProvider`), and it built a ts-rest query client over every route of
 * the contract for each render (each server render has its own QueryClient): ~3 % of a logged-in
 * page's CPU. Use React Query's `useQueryClient()`.
 */
export function Providers({
  queryClient,
  site,
  children,
}: {
  queryClient: QueryClient
  site: Site
  children: ReactNode
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <SiteProvider site={site}>{children}</SiteProvider>
    </QueryClientProvider>
  )
}
