// Queries of the ads slice: ad slots with their line items and creatives, content blocks and
// support chat messages.
import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import {
  adCreatives,
  adLineItems,
  adSlots,
  contentBlocks,
  type StoredContentBlock,
  supportChatMessages,
} from '#db/schema/ads.ts'

export type AdSlotRow = typeof adSlots.$inferSelect
export type ContentBlockRow = typeof contentBlocks.$inferSelect

export function findSlots(db: DbOrTx, ids: string[]) {
  return db
    .select()
    .from(adSlots)
    .where(and(inArray(adSlots.id, ids), eq(adSlots.isActive, true)))
}

/** Every active creative of the slots with its line item, most important first. */
export function findAds(db: DbOrTx, slotIds: string[]) {
  return db
    .select({ lineItem: adLineItems, creative: adCreatives })
    .from(adCreatives)
    .innerJoin(adLineItems, eq(adCreatives.lineItemId, adLineItems.id))
    .where(and(inArray(adLineItems.slotId, slotIds), eq(adCreatives.isActive, true)))
    .orderBy(desc(adLineItems.priority), asc(adCreatives.sortOrder), asc(adCreatives.id))
}

export async function findContent(db: DbOrTx, id: string): Promise<ContentBlockRow | undefined> {
  const [row] = await db.select().from(contentBlocks).where(eq(contentBlocks.id, id))
  return row
}

export async function upsertContent(
  db: DbOrTx,
  row: {
    id: string
    title: string
    blocks: StoredContentBlock[]
    isPlaceholder: boolean
    now: Date
  },
): Promise<void> {
  await db
    .insert(contentBlocks)
    .values({ ...row, updatedAt: row.now })
    .onConflictDoUpdate({
      target: contentBlocks.id,
      set: {
        title: row.title,
        blocks: row.blocks,
        isPlaceholder: row.isPlaceholder,
        updatedAt: row.now,
      },
    })
}

export function findChatMessages(db: DbOrTx, conversationId: string, limit = 100) {
  return db
    .select()
    .from(supportChatMessages)
    .where(eq(supportChatMessages.conversationId, conversationId))
    .orderBy(asc(supportChatMessages.id))
    .limit(limit)
}

export async function insertChatMessages(
  db: DbOrTx,
  rows: (typeof supportChatMessages.$inferInsert)[],
): Promise<void> {
  await db.insert(supportChatMessages).values(rows)
}
