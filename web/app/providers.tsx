import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { type Site, SiteProvider } from '#web/lib/site.tsx'
import { tsr } from '#web/lib/tsr.ts'

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
      <tsr.ReactQueryProvider>
        <SiteProvider site={site}>{children}</SiteProvider>
      </tsr.ReactQueryProvider>
    </QueryClientProvider>
  )
}
