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

/** The ads of some slots; `round` 0 loads nothing, every later round loads them again. */
export function useAds(request: AdRequest, round: number) {
  const query: Record<string, string> = {
    targets: request.targets.join(','),
    'is-mobile': request.isMobile ? '1' : '0',
  }
  const categories = targetingValue(request.categories)
  const keywords = targetingValue(request.keywords)
  if (categories) query.categories = categories
  if (keywords) query['key-values'] = keywords
  return tsr.ads.getAds.useQuery({
    queryKey: adsKeys.slots(query, round),
    queryData: { query: query as { targets: string } },
    enabled: round > 0,
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
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
