// Ads, content and support chat rules.
import { randomBytes } from 'node:crypto'
import type {
  AdAnswer,
  AdQuery,
  AdTemplate,
  ChatMessage,
  ContentSnippet,
  RecommendationProduct,
  RecommendationQuery,
} from '#contract/ads.ts'
import { SUPPORT_CHAT_ID } from '#contract/ads.ts'
import { parseInline } from '#contract/content-markup.ts'
import { translate } from '#contract/messages.de.ts'
import type { DbOrTx } from '#db/client.ts'
import type { StoredContentBlock } from '#db/schema/ads.ts'
import type { AppContext } from '#server/platform/http.ts'
import { type RecommendationSource, recommendationSource } from './recommendations.ts'
import * as repo from './repo.ts'

// --- Ads -------------------------------------------------------------------------------------

/** Comma-separated values, trimmed and lowercased (storefront section 9). */
export function lowercaseList(value: string | undefined): string[] {
  if (!value) return []
  return [
    ...new Set(
      value
        .split(',')
        .map((item) => item.trim().toLowerCase())
        .filter(Boolean),
    ),
  ]
}

function overlaps(wanted: string[], given: string[]): boolean {
  return wanted.length === 0 || wanted.some((value) => given.includes(value))
}

export async function getAds(db: DbOrTx, query: AdQuery, now: Date): Promise<AdAnswer> {
  const targets = [...new Set(query.targets.split(','))]
  const isMobile = query['is-mobile'] === '1' || query['is-mobile'] === 'true'
  const categories = lowercaseList(query.categories)
  const keywords = lowercaseList(query['key-values'])
  const previewLineItem = query['adn-lp-li'] ? Number(query['adn-lp-li']) : undefined
  const previewCreative = query['adn-lp-c'] ? Number(query['adn-lp-c']) : undefined
  const isPreview = previewLineItem !== undefined || previewCreative !== undefined

  const slots = await repo.findSlots(db, targets)
  const known = new Set(slots.map((slot) => slot.id))
  const fitting = slots.filter(
    (slot) => slot.device === 'all' || (slot.device === 'mobile') === isMobile,
  )
  const rows = fitting.length > 0 ? await repo.findAds(db, [...fitting.map((s) => s.id)]) : []
  const templates: Record<string, AdTemplate[]> = Object.fromEntries(targets.map((t) => [t, []]))
  for (const slot of fitting) {
    const ads = rows
      .filter(({ lineItem }) => lineItem.slotId === slot.id)
      .filter(({ lineItem, creative }) => {
        if (isPreview) {
          return (
            (previewLineItem === undefined || lineItem.id === previewLineItem) &&
            (previewCreative === undefined || creative.id === previewCreative)
          )
        }
        return (
          lineItem.isActive &&
          (!lineItem.startsAt || lineItem.startsAt <= now) &&
          (!lineItem.endsAt || lineItem.endsAt > now) &&
          overlaps(lineItem.categories, categories) &&
          overlaps(lineItem.keywords, keywords)
        )
      })
      .map(
        ({ lineItem, creative }): AdTemplate => ({
          creativeId: creative.id,
          lineItemId: lineItem.id,
          targetId: slot.id,
          kind: slot.kind,
          headline: creative.headline,
          text: creative.text,
          linkUrl: creative.linkUrl,
          linkLabel: creative.linkLabel,
          imageUrl: creative.imageUrl,
          imageAlt: creative.imageAlt,
          theme: creative.theme,
        }),
      )
    // A slider shows all its ads; a banner takes turns only with rotation; a skin shows one.
    const showsAll = slot.kind === 'slider' || (slot.kind === 'banner' && slot.rotationIsActive)
    templates[slot.id] = showsAll ? ads : ads.slice(0, 1)
  }
  const unknown = targets.filter((target) => !known.has(target))
  return {
    templates,
    rotationIsActive: fitting.some((slot) => slot.rotationIsActive),
    error: unknown.length > 0 ? `unknown_targets: ${unknown.join(',')}` : null,
  }
}

// --- Recommendations --------------------------------------------------------------------------

export async function getRecommendations(
  db: DbOrTx,
  query: RecommendationQuery,
  source: RecommendationSource = recommendationSource,
): Promise<RecommendationProduct[]> {
  if (query.type === 'bought_together') {
    return source.boughtTogether(db, query.productId, query.limit)
  }
  return source.popularInCategory(db, query.categoryId, {
    excludeProductId: query.productId,
    limit: query.limit,
  })
}

// --- Content ---------------------------------------------------------------------------------

export async function getContent(db: DbOrTx, id: string): Promise<ContentSnippet | null> {
  const row = await repo.findContent(db, id)
  if (!row) return null
  return {
    id: row.id,
    title: row.title,
    isPlaceholder: row.isPlaceholder,
    blocks: row.blocks,
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Creates or replaces a content block (seeds, and the back office later). */
export function saveContentBlock(
  db: DbOrTx,
  input: { id: string; title: string; blocks: StoredContentBlock[]; isPlaceholder?: boolean },
  now: Date,
): Promise<void> {
  return repo.upsertContent(db, { ...input, isPlaceholder: input.isPlaceholder ?? false, now })
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

function inlineHtml(text: string): string {
  return parseInline(text)
    .map((part) =>
      part.href
        ? `<a href="${escapeHtml(part.href)}">${escapeHtml(part.text)}</a>`
        : escapeHtml(part.text),
    )
    .join('')
}

/** A snippet as an HTML fragment: every text escaped, only our own tags. */
export function renderContentHtml(snippet: ContentSnippet): string {
  const blocks = snippet.blocks.map((block) => {
    if (block.type === 'heading') return `<h3>${escapeHtml(block.text)}</h3>`
    if (block.type === 'paragraph') return `<p>${inlineHtml(block.text)}</p>`
    if (block.type === 'list')
      return `<ul>${block.items.map((item) => `<li>${inlineHtml(item)}</li>`).join('')}</ul>`
    // Videos need consent; the fragment only names them.
    return `<p>Video: ${escapeHtml(block.title)}</p>`
  })
  const note = snippet.isPlaceholder
    ? '<p class="content-placeholder" role="note">Platzhalter: Dieser Text ist ein Muster für den Demo-Shop und kein rechtsverbindlicher Inhalt.</p>'
    : ''
  return `<section class="content-snippet" data-content-id="${escapeHtml(snippet.id)}"><h2>${escapeHtml(snippet.title)}</h2>${note}${blocks.join('')}</section>`
}

// --- Support chat ----------------------------------------------------------------------------

export function newConversationId(): string {
  return randomBytes(16).toString('base64url')
}

function toMessage(row: Awaited<ReturnType<typeof repo.findChatMessages>>[number]): ChatMessage {
  return { id: row.id, sender: row.sender, text: row.text, createdAt: row.createdAt.toISOString() }
}

export async function getChatMessages(
  db: DbOrTx,
  conversationId: string | null,
): Promise<ChatMessage[]> {
  if (!conversationId) return []
  return (await repo.findChatMessages(db, conversationId)).map(toMessage)
}

/** Stores the visitor's message; the first one of a conversation gets the automatic reply. */
export async function sendChatMessage(
  ctx: AppContext,
  conversationId: string,
  text: string,
): Promise<ChatMessage[]> {
  const now = ctx.clock.now()
  return ctx.db.transaction(async (tx) => {
    const before = await repo.findChatMessages(tx, conversationId, 1)
    const rows: Parameters<typeof repo.insertChatMessages>[1] = [
      { chatId: SUPPORT_CHAT_ID, conversationId, sender: 'visitor', text, createdAt: now },
    ]
    if (before.length === 0) {
      rows.push({
        chatId: SUPPORT_CHAT_ID,
        conversationId,
        sender: 'service',
        text: translate('chat_auto_reply'),
        createdAt: new Date(now.getTime() + 1),
      })
    }
    await repo.insertChatMessages(tx, rows)
    return (await repo.findChatMessages(tx, conversationId)).map(toMessage)
  })
}
