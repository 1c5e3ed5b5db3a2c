// Tables of the ads slice: ad slots, line items (campaigns) and creatives; editable content
// blocks (snippets, modal contents, info pages); support chat messages.
import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'

const at = () => timestamp({ withTimezone: true, mode: 'date' })

export type AdDevice = 'desktop' | 'mobile' | 'all'
export type AdSlotKind = 'banner' | 'slider' | 'skin'
export type AdTheme = 'navy' | 'accent' | 'campus' | 'light'

/** A place for ads on a page type and device; its id is the target id of the ad call. */
export const adSlots = pgTable('ad_slots', {
  id: text().primaryKey(),
  name: text().notNull(),
  /** home, category, product, search, cart, newsletter, all */
  page: text().notNull(),
  device: text().$type<AdDevice>().notNull(),
  kind: text().$type<AdSlotKind>().notNull(),
  /** Several ads take turns (at each refresh, or every 5 s in a slider). */
  rotationIsActive: boolean().notNull().default(false),
  isActive: boolean().notNull().default(true),
})

/** A line item: when, where (categories, keywords) and how important an ad is. */
export const adLineItems = pgTable(
  'ad_line_items',
  {
    id: serial().primaryKey(),
    slotId: text()
      .notNull()
      .references(() => adSlots.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** Higher first. */
    priority: integer().notNull().default(0),
    /** Lowercased category values; empty means every category. */
    categories: text().array().notNull().default(sql`'{}'::text[]`),
    /** Lowercased keywords or key:value pairs; empty means no keyword needed. */
    keywords: text().array().notNull().default(sql`'{}'::text[]`),
    startsAt: at(),
    endsAt: at(),
    isActive: boolean().notNull().default(true),
  },
  (t) => [index('ad_line_items_slot_idx').on(t.slotId)],
)

/** What is shown: a house ad from structured fields (no HTML from the database). */
export const adCreatives = pgTable(
  'ad_creatives',
  {
    id: serial().primaryKey(),
    lineItemId: integer()
      .notNull()
      .references(() => adLineItems.id, { onDelete: 'cascade' }),
    headline: text().notNull(),
    text: text().notNull(),
    linkUrl: text().notNull(),
    linkLabel: text().notNull(),
    imageUrl: text(),
    imageAlt: text().notNull().default(''),
    theme: text().$type<AdTheme>().notNull().default('navy'),
    sortOrder: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
  },
  (t) => [index('ad_creatives_line_item_idx').on(t.lineItemId)],
)

export type StoredContentBlock =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list'; items: string[] }
  | { type: 'video'; youtubeId: string; title: string }

/** Editable content: snippets by id (page path with underscores), modal contents, info pages. */
export const contentBlocks = pgTable('content_blocks', {
  id: text().primaryKey(),
  title: text().notNull(),
  blocks: jsonb().$type<StoredContentBlock[]>().notNull(),
  isPlaceholder: boolean().notNull().default(false),
  updatedAt: at().notNull().defaultNow(),
})

/** Support chat messages, kept for the back office (which answers later). */
export const supportChatMessages = pgTable(
  'support_chat_messages',
  {
    id: serial().primaryKey(),
    chatId: integer().notNull(),
    /** Random id kept in the visitor's session data; survives logins. */
    conversationId: text().notNull(),
    sender: text().$type<'visitor' | 'service'>().notNull(),
    text: text().notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [index('support_chat_conversation_idx').on(t.conversationId, t.id)],
)
