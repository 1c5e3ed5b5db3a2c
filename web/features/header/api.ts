// Header data: login state and counters for every page; logout; the full login's expiry.
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { createElement, type ReactNode, useEffect } from 'react'
import { useNavigate } from 'react-router-dom'
import { HeaderBodyContext, useHeaderBody } from '#web/lib/header-body.ts'
import { paths } from '#web/lib/paths.ts'
import { prefetch } from '#web/lib/prefetch.ts'
import { tsr } from '#web/lib/tsr.ts'

export const headerKeys = {
  all: ['header'] as const,
  data: () => [...headerKeys.all, 'data'] as const,
}

const headerQuery = () => ({ queryKey: headerKeys.data(), queryData: {} })

export function useHeaderData() {
  return tsr.header.getHeaderData.useQuery(headerQuery())
}

/**
 * Subscribes once to the header data and hands its body to every product button below (hearts,
 * "Vergleichen": a page has dozens; a query observer each cost a server render about a fifth of
 * its time, issue 23). Its children are made by the caller, so a header change re-renders only
 * the components that read it.
 */
export function HeaderBodyProvider({ children }: { children: ReactNode }) {
  const body = useHeaderData().data?.body
  return createElement(HeaderBodyContext, { value: body }, children)
}

export { useHeaderBody }

type HeaderResponse = Awaited<ReturnType<typeof tsr.header.getHeaderData.query>>

/** The header data in the cache (guards and popups read it without subscribing). */
export function cachedHeaderData(queryClient: QueryClient) {
  const response = queryClient.getQueryData<HeaderResponse>(headerKeys.data())
  return response?.status === 200 ? response.body : undefined
}

/** For the root loader: the header renders with its counts in the first HTML. */
export async function prefetchHeaderData(
  queryClient: QueryClient,
  request: Request,
): Promise<void> {
  try {
    await prefetch(queryClient, request, tsr.header.getHeaderData, headerQuery())
  } catch {
    // The page renders without counts; the browser retries.
  }
}

/** The full login turns soft 1 s before its expiry (account-area §4): no request needed. */
export function markLoginSoft(queryClient: QueryClient): void {
  queryClient.setQueryData<HeaderResponse>(headerKeys.data(), (response) => {
    if (response?.status !== 200 || !response.body.isLoggedIn) return response
    return {
      ...response,
      body: {
        ...response.body,
        isLoggedIn: false,
        isLoggedInSoft: true,
        fullLoginExpiryTimestamp: null,
      },
    }
  })
}

/** At fullLoginExpiryTimestamp minus 1 s the client's login state becomes soft. */
export function useFullLoginExpiry(expiryTimestamp: number | null | undefined): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!expiryTimestamp) return
    const delay = Math.max(0, expiryTimestamp * 1000 - 1000 - Date.now())
    const timer = setTimeout(() => markLoginSoft(queryClient), delay)
    return () => clearTimeout(timer)
  }, [expiryTimestamp, queryClient])
}

/**
 * Logout (account-area §4): ends the session, forgets every cached answer (customer data,
 * cards, counters), reloads the header and goes to the login page.
 */
export function useLogout() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: () => tsr.account.logout.mutate({}),
    onSettled: async () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== headerKeys.all[0] })
      await queryClient.invalidateQueries({ queryKey: headerKeys.all })
      navigate(paths.account.login)
    },
  })
}
