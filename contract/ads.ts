// Ads, recommendations and content: ad slots served from the database (templates by target id,
// rotation), first-party recommendations with logged events and clicks, editable content
// snippets and modal contents, and the support chat (storefront sections 2, 3, 4 and 7).
import { z } from 'zod'
import { c, errorBody } from './errors.ts'
import { id } from './fields.ts'

// --- Ad slots (GET /api/banana-handler/get-multiple) -----------------------------------------

export const AD_THEMES = ['navy', 'accent', 'campus', 'light'] as const
export const AdKindSchema = z.enum(['banner', 'slider', 'skin'])
export type AdKind = z.infer<typeof AdKindSchema>

/** One ad of a slot: a house ad built from structured fields, never raw HTML. */
export const AdTemplateSchema = z.object({
  /** Creative id (`adn-lp-c` previews it). */
  creativeId: z.number().int(),
  /** Line item (campaign) id (`adn-lp-li` previews it). */
  lineItemId: z.number().int(),
  targetId: z.string(),
  kind: AdKindSchema,
  headline: z.string(),
  text: z.string(),
  linkUrl: z.string(),
  linkLabel: z.string(),
  imageUrl: z.string().nullable(),
  imageAlt: z.string(),
  theme: z.enum(AD_THEMES),
})
export type AdTemplate = z.infer<typeof AdTemplateSchema>

const AdIdListSchema = z
  .string()
  .max(500)
  .regex(/^[a-z0-9_-]{1,40}(,[a-z0-9_-]{1,40}){0,19}$/)
const NumericIdSchema = z.string().regex(/^\d{1,9}$/)

export const AdQuerySchema = z.object({
  /** Comma-separated target ids (slot ids), at most 20. */
  targets: AdIdListSchema,
  'is-mobile': z.enum(['0', '1', 'true', 'false']).optional(),
  /** Comma-separated category values; compared lowercased. */
  categories: z.string().max(500).optional(),
  /** Comma-separated keywords or key:value pairs; compared lowercased. */
  'key-values': z.string().max(1000).optional(),
  /** Preview of one line item (campaign), ignoring its schedule. */
  'adn-lp-li': NumericIdSchema.optional(),
  /** Preview of one creative, ignoring its schedule. */
  'adn-lp-c': NumericIdSchema.optional(),
})
export type AdQuery = z.infer<typeof AdQuerySchema>

export const AdAnswerSchema = z.object({
  /** Every requested target id, with its ads in display order (empty when none fits). */
  templates: z.record(z.string(), z.array(AdTemplateSchema)),
  /** True when the ads of a target rotate (one after the other at each refresh or slide). */
  rotationIsActive: z.boolean(),
  /** Null, or what went wrong (e.g. unknown target ids), for the console. */
  error: z.string().nullable(),
})
export type AdAnswer = z.infer<typeof AdAnswerSchema>

// --- Recommendations (criteo / epoq paths of the spec, served first-party) --------------------

export const RecommendationTypeSchema = z.enum(['bought_together', 'category_popular'])
export type RecommendationType = z.infer<typeof RecommendationTypeSchema>

export const RecommendationProductSchema = z.object({
  productId: z.number().int(),
  articleNumber: z.string(),
  name: z.string(),
  url: z.string(),
  image: z.string(),
  priceCents: z.number().int(),
  /** German-formatted, e.g. "1.299,00 €". */
  price: z.string(),
})
export type RecommendationProduct = z.infer<typeof RecommendationProductSchema>

export const RecommendationQuerySchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('bought_together'),
    productId: id(),
    limit: z.number().int().min(1).max(20).default(8),
  }),
  z.object({
    type: z.literal('category_popular'),
    categoryId: id(),
    /** A product to leave out (the one on the page). */
    productId: id().optional(),
    limit: z.number().int().min(1).max(20).default(8),
  }),
])
export type RecommendationQuery = z.infer<typeof RecommendationQuerySchema>

export const RecommendationEventSchema = z.enum([
  'view_item',
  'view_list',
  'add_to_cart',
  'purchase',
])

export const RecommendationPushBodySchema = z.object({
  event: RecommendationEventSchema,
  productIds: z.array(id()).min(1).max(50),
  categoryId: id().optional(),
  url: z.string().max(2000),
})
export type RecommendationPushBody = z.infer<typeof RecommendationPushBodySchema>

export const RecommendationClickBodySchema = z.object({
  productId: id(),
  recommendationType: RecommendationTypeSchema,
  /** 1-based position in the list. */
  position: z.number().int().min(1).max(100),
  sourceProductId: id().optional(),
  url: z.string().max(2000),
})
export type RecommendationClickBody = z.infer<typeof RecommendationClickBodySchema>

// --- Content -----------------------------------------------------------------------------------

/** Content ids are page paths with slashes replaced by underscores (infocenter_section_privacy). */
export const ContentIdSchema = z.string().regex(/^[a-z0-9_-]{1,120}$/)

/**
 * A block of an editable content snippet. Paragraphs and list items may hold links written as
 * `[Text](/pfad)` (relative paths or https only); everything else is plain text.
 */
export const ContentBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('heading'), text: z.string() }),
  z.object({ type: z.literal('paragraph'), text: z.string() }),
  z.object({ type: z.literal('list'), items: z.array(z.string()) }),
  z.object({
    type: z.literal('video'),
    youtubeId: z.string().regex(/^[\w-]{6,20}$/),
    title: z.string(),
  }),
])
export type ContentBlock = z.infer<typeof ContentBlockSchema>

export const ContentSnippetSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Placeholder legal texts are marked as such on the page. */
  isPlaceholder: z.boolean(),
  blocks: z.array(ContentBlockSchema),
  updatedAt: z.string(),
})
export type ContentSnippet = z.infer<typeof ContentSnippetSchema>

// --- Support chat ----------------------------------------------------------------------------

/** The shop's one support chat (storefront section 9: chat id 1). */
export const SUPPORT_CHAT_ID = 1

export const ChatMessageSchema = z.object({
  id: z.number().int(),
  sender: z.enum(['visitor', 'service']),
  text: z.string(),
  createdAt: z.string(),
})
export type ChatMessage = z.infer<typeof ChatMessageSchema>

export const ChatAnswerSchema = z.object({
  chatId: z.literal(SUPPORT_CHAT_ID),
  messages: z.array(ChatMessageSchema),
})

export const ChatMessageBodySchema = z.object({
  chatId: z.literal(SUPPORT_CHAT_ID),
  text: z.string().trim().min(1).max(1000),
})

const ConsentRequiredSchema = errorBody(z.enum(['consent_required']))
const NotFoundSchema = errorBody(z.enum(['not_found']))
const SuccessSchema = z.object({ successful: z.literal(true) })

export const adsContract = c.router({
  getAds: {
    method: 'GET',
    path: '/api/banana-handler/get-multiple',
    query: AdQuerySchema,
    responses: { 200: AdAnswerSchema },
    summary:
      'Ad slots per device and page: templates by target id, rotationIsActive, error (storefront sections 3, 7 and 9)',
  },
  getRecommendations: {
    method: 'POST',
    path: '/api/criteo/get',
    body: RecommendationQuerySchema,
    responses: {
      200: z.object({
        type: RecommendationTypeSchema,
        products: z.array(RecommendationProductSchema),
      }),
      422: ConsentRequiredSchema,
    },
    summary:
      'First-party recommendations: bought together with a product, popular in a category; only with consent (storefront section 7)',
  },
  pushRecommendationEvent: {
    method: 'POST',
    path: '/api/criteo/push',
    body: RecommendationPushBodySchema,
    responses: { 200: SuccessSchema, 422: ConsentRequiredSchema },
    summary: 'Records a recommendation event (viewed, listed, added, bought); only with consent',
  },
  clickRecommendation: {
    method: 'POST',
    path: '/api/epoq/click',
    body: RecommendationClickBodySchema,
    responses: { 200: SuccessSchema, 422: ConsentRequiredSchema },
    summary: 'Logs a click on a recommended product; only with consent (storefront section 7)',
  },
  getContent: {
    method: 'GET',
    path: '/api/pineberry/:id',
    pathParams: z.object({ id: ContentIdSchema }),
    responses: { 200: ContentSnippetSchema, 404: NotFoundSchema },
    summary:
      'Content snippet by id: the page path with slashes replaced by underscores (storefront section 7)',
  },
  getModalContent: {
    method: 'GET',
    path: '/api/content/modal/:id',
    pathParams: z.object({ id: ContentIdSchema }),
    responses: {
      200: c.otherResponse({ contentType: 'text/html; charset=utf-8', body: c.type<string>() }),
      404: NotFoundSchema,
    },
    summary: "A modal's content as an HTML fragment (storefront section 7)",
  },
  getChat: {
    method: 'GET',
    path: '/api/support-chat/messages',
    responses: { 200: ChatAnswerSchema },
    summary: "The visitor's support chat (chat id 1): messages of this session, oldest first",
  },
  sendChatMessage: {
    method: 'POST',
    path: '/api/support-chat/messages',
    body: ChatMessageBodySchema,
    responses: { 200: ChatAnswerSchema },
    summary:
      'Sends a message to customer service (stored for the back office), answered by an automatic reply',
  },
})
