import { SUPPORT_CHAT_ID } from '#contract/ads.ts'
import { contract } from '#contract/index.ts'
import { consentCookieOf, consentIdFor, recordRecommendationEvent } from '#server/consent/index.ts'
import { respond } from '#server/platform/errors.ts'
import { s } from '#server/platform/http.ts'
import { hitRateLimit } from '#server/platform/rate-limit.ts'
import {
  getAds,
  getChatMessages,
  getContent,
  getRecommendations,
  newConversationId,
  renderContentHtml,
  sendChatMessage,
} from './service.ts'

/** Chat messages per session in 10 minutes. */
const CHAT_MESSAGES_PER_WINDOW = 20
const CHAT_SESSION_KEY = 'supportChatConversationId'

export const adsRouter = s.router(contract.ads, {
  getAds: async ({ req, res, query }) => {
    // House ads change rarely; a short cache keeps refreshes cheap without hiding new campaigns.
    res.setHeader('Cache-Control', 'public, max-age=30')
    return { status: 200, body: await getAds(req.ctx.db, query, req.ctx.clock.now()) }
  },
  getRecommendations: async ({ req, body }) => {
    const consentId = await consentIdFor(req.ctx.db, consentCookieOf(req), 'recommendations')
    if (!consentId) return respond('consent_required')
    const products = await getRecommendations(req.ctx.db, body)
    return { status: 200, body: { type: body.type, products } }
  },
  pushRecommendationEvent: async ({ req, body }) => {
    const result = await recordRecommendationEvent(req.ctx, consentCookieOf(req), {
      kind: 'push',
      event: body.event,
      productIds: body.productIds,
      categoryId: body.categoryId,
      url: body.url,
    })
    if (!result.ok) return respond(result.code)
    return { status: 200, body: { successful: true } }
  },
  clickRecommendation: async ({ req, body }) => {
    const result = await recordRecommendationEvent(req.ctx, consentCookieOf(req), {
      kind: 'click',
      event: body.recommendationType,
      productId: body.productId,
      position: body.position,
      sourceProductId: body.sourceProductId,
      url: body.url,
    })
    if (!result.ok) return respond(result.code)
    return { status: 200, body: { successful: true } }
  },
  getContent: async ({ req, params }) => {
    const snippet = await getContent(req.ctx.db, params.id)
    if (!snippet) return respond('not_found')
    return { status: 200, body: snippet }
  },
  getModalContent: async ({ req, params }) => {
    const snippet = await getContent(req.ctx.db, params.id)
    if (!snippet) return respond('not_found')
    return { status: 200, body: renderContentHtml(snippet) }
  },
  getChat: async ({ req, res }) => {
    res.setHeader('Cache-Control', 'private, no-store')
    const session = await req.session.load()
    const conversationId = session?.data[CHAT_SESSION_KEY]
    const messages = await getChatMessages(
      req.ctx.db,
      typeof conversationId === 'string' ? conversationId : null,
    )
    return { status: 200, body: { chatId: SUPPORT_CHAT_ID, messages } }
  },
  sendChatMessage: async ({ req, body }) => {
    const session = await req.session.ensure()
    const limit = await hitRateLimit(req.ctx.db, `support-chat:${session.id}`, {
      limit: CHAT_MESSAGES_PER_WINDOW,
      windowSeconds: 600,
      now: req.ctx.clock.now(),
    })
    if (!limit.allowed) return respond('rate_limited')
    let conversationId = session.data[CHAT_SESSION_KEY]
    if (typeof conversationId !== 'string') {
      conversationId = newConversationId()
      await req.session.patchData({ [CHAT_SESSION_KEY]: conversationId })
    }
    const messages = await sendChatMessage(req.ctx, conversationId as string, body.text)
    return { status: 200, body: { chatId: SUPPORT_CHAT_ID, messages } }
  },
})
