// Ads, content snippets, recommendations and the support chat: query keys and hooks.
import type { QueryClient } from '@tanstack/react-query'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  RecommendationClickBody,
  RecommendationPushBody,
  RecommendationQuery,
} from '#contract/ads.ts'
import { hasConsent } from '#web/features/consent/index.ts'
import { prefetch } from '#web/lib/prefetch.ts'
import { tsr } from '#web/lib/tsr.ts'

export const adsKeys = {
  all: ['ads'] as const,
  slots: (query: Record<string, string>, round: number) =>
    [...adsKeys.all, 'slots', query, round] as const,
  content: (id: string) => [...adsKeys.all, 'content', id] as const,
  recommendations: (query: RecommendationQuery) =>
    [...adsKeys.all, 'recommendations', query] as const,
  chat: () => [...adsKeys.all, 'chat'] as const,
}

/** Category and keyword values are sent lowercased (storefront section 9). */
export function targetingValue(values: string[] | undefined): string | undefined {
  const cleaned = values?.map((value) => value.trim().toLowerCase()).filter(Boolean) ?? []
  return cleaned.length > 0 ? cleaned.join(',') : undefined
}

export type AdRequest = {
  targets: string[]
  isMobile: boolean
  categories?: string[]
  keywords?: string[]
}

function adQuery(request: AdRequest): Record<string, string> {
  const query: Record<string, string> = {
    targets: request.targets.join(','),
    'is-mobile': request.isMobile ? '1' : '0',
  }
  const categories = targetingValue(request.categories)
  const keywords = targetingValue(request.keywords)
  if (categories) query.categories = categories
  if (keywords) query['key-values'] = keywords
  return query
}

/**
 * The ads of some slots. Round 0 is the server's answer from the page's loader (never fetched in
 * the browser); every later round (the slot seen for 1 s, then every 60 s) loads them again.
 */
export function useAds(request: AdRequest, round: number) {
  const query = adQuery(request)
  return tsr.ads.getAds.useQuery({
    queryKey: adsKeys.slots(query, round),
    queryData: { query: query as { targets: string } },
    enabled: round > 0,
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
}

/** A slot's targeting: the desktop target, the mobile one when the page has its own. */
export type AdSlotTargeting = {
  target: string
  mobileTarget?: string
  categories?: string[]
  keywords?: string[]
}

/** The two requests (desktop, mobile) whose round-0 answers decide whether a slot takes room. */
export function adSlotRequests(slot: AdSlotTargeting): [AdRequest, AdRequest] {
  const targeting = { categories: slot.categories, keywords: slot.keywords }
  return [
    { targets: [slot.target], isMobile: false, ...targeting },
    { targets: [slot.mobileTarget ?? slot.target], isMobile: true, ...targeting },
  ]
}

/**
 * Loads a slot's answers for both devices with the page (round 0), so the first HTML reserves
 * room only where an ad will show and carries it. Never fails the page: without an answer the
 * slot reserves its room as before and loads when seen.
 */
export async function prefetchAdSlot(
  queryClient: QueryClient,
  request: Request,
  slot: AdSlotTargeting,
): Promise<void> {
  await Promise.all(
    adSlotRequests(slot).map((adRequest) => {
      const query = adQuery(adRequest)
      return prefetch(queryClient, request, tsr.ads.getAds, {
        queryKey: adsKeys.slots(query, 0),
        queryData: { query: query as { targets: string } },
      }).catch(() => undefined)
    }),
  )
}

const contentQuery = (id: string) => ({
  queryKey: adsKeys.content(id),
  queryData: { params: { id } },
})

/** A content snippet; pages prefetch it in their loader so it is in the first HTML. */
export function useContent(id: string, options: { enabled?: boolean } = {}) {
  return tsr.ads.getContent.useQuery({ ...contentQuery(id), enabled: options.enabled ?? true })
}

export async function prefetchContent(
  queryClient: QueryClient,
  request: Request,
  id: string,
): Promise<void> {
  try {
    await prefetch(queryClient, request, tsr.ads.getContent, contentQuery(id))
  } catch {
    // The page shows its fallback text; the browser does not retry a 404.
  }
}

/**
 * Recommendations ("bought together", "popular in the category"): requested only with consent
 * to personalised recommendations.
 */
export function useRecommendations(query: RecommendationQuery, options: { enabled: boolean }) {
  return useQuery({
    queryKey: adsKeys.recommendations(query),
    // A POST-for-read call of the spec, so no ts-rest query hook: fetched as a mutation.
    queryFn: async () => {
      const response = await tsr.ads.getRecommendations.mutate({ body: query })
      return response.status === 200 ? response.body.products : []
    },
    enabled: options.enabled && hasConsent('recommendations'),
    staleTime: 5 * 60_000,
  })
}

/** Logs a click on a recommended product (only with consent); never throws. */
export async function clickRecommendation(body: RecommendationClickBody): Promise<boolean> {
  if (!hasConsent('recommendations')) return false
  try {
    const response = await tsr.ads.clickRecommendation.mutate({
      body,
      fetchOptions: { keepalive: true },
    })
    return response.status === 200
  } catch {
    return false
  }
}

/** Records a recommendation event (viewed, listed, added, bought) with consent; never throws. */
export async function pushRecommendationEvent(body: RecommendationPushBody): Promise<boolean> {
  if (!hasConsent('recommendations')) return false
  try {
    const response = await tsr.ads.pushRecommendationEvent.mutate({
      body,
      fetchOptions: { keepalive: true },
    })
    return response.status === 200
  } catch {
    return false
  }
}

export function useSupportChat() {
  return tsr.ads.getChat.useQuery({ queryKey: adsKeys.chat(), queryData: {}, staleTime: 0 })
}

export function useSendChatMessage() {
  const queryClient = useQueryClient()
  return tsr.ads.sendChatMessage.useMutation({
    onSuccess: (response) => {
      queryClient.setQueryData(adsKeys.chat(), response)
    },
  })
}
