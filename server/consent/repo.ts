// Queries of the consent slice.
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import {
  type ConsentHistoryEntry,
  consentRecords,
  conversions,
  recommendationEvents,
  trackingEvents,
} from '#db/schema/consent.ts'

export type ConsentRow = typeof consentRecords.$inferSelect
export type NewTrackingEvent = typeof trackingEvents.$inferInsert
export type NewRecommendationEvent = typeof recommendationEvents.$inferInsert
export type NewConversion = typeof conversions.$inferInsert

export function findRecords(db: DbOrTx, consentId: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(consentRecords).where(eq(consentRecords.consentId, consentId))
  return options.lock ? query.for('update') : query
}

export async function hasGranted(
  db: DbOrTx,
  consentId: string,
  templateId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ status: consentRecords.consentStatus })
    .from(consentRecords)
    .where(and(eq(consentRecords.consentId, consentId), eq(consentRecords.templateId, templateId)))
  return row?.status === true
}

export async function upsertRecord(
  db: DbOrTx,
  row: {
    consentId: string
    templateId: string
    serviceName: string
    consentStatus: boolean
    consentHistory: ConsentHistoryEntry[]
    now: Date
  },
): Promise<void> {
  await db
    .insert(consentRecords)
    .values({ ...row, createdAt: row.now, updatedAt: row.now })
    .onConflictDoUpdate({
      target: [consentRecords.consentId, consentRecords.templateId],
      set: {
        serviceName: row.serviceName,
        consentStatus: row.consentStatus,
        consentHistory: row.consentHistory,
        updatedAt: row.now,
      },
    })
}

export async function insertTrackingEvents(db: DbOrTx, rows: NewTrackingEvent[]): Promise<void> {
  if (rows.length > 0) await db.insert(trackingEvents).values(rows)
}

export async function deleteTrackingEvents(db: DbOrTx, consentId: string): Promise<void> {
  await db.delete(trackingEvents).where(eq(trackingEvents.consentId, consentId))
}

export async function insertRecommendationEvent(
  db: DbOrTx,
  row: NewRecommendationEvent,
): Promise<void> {
  await db.insert(recommendationEvents).values(row)
}

export async function deleteRecommendationEvents(db: DbOrTx, consentId: string): Promise<void> {
  await db.delete(recommendationEvents).where(eq(recommendationEvents.consentId, consentId))
}

export async function insertConversion(db: DbOrTx, row: NewConversion): Promise<boolean> {
  const inserted = await db
    .insert(conversions)
    .values(row)
    .onConflictDoNothing({ target: conversions.orderId })
    .returning({ id: conversions.id })
  return inserted.length > 0
}

/** Events per type and day (Europe/Berlin) of arrival, in [from, to). */
export async function countEventsByDay(
  db: DbOrTx,
  range: { from: Date; to: Date; eventTypes?: string[] },
): Promise<{ day: string; eventType: string; count: number }[]> {
  const day = sql<string>`to_char(${trackingEvents.receivedAt} at time zone 'Europe/Berlin', 'YYYY-MM-DD')`
  return db
    .select({ day, eventType: trackingEvents.eventType, count: sql<number>`count(*)::int` })
    .from(trackingEvents)
    .where(
      and(
        gte(trackingEvents.receivedAt, range.from),
        lt(trackingEvents.receivedAt, range.to),
        range.eventTypes?.length ? inArray(trackingEvents.eventType, range.eventTypes) : undefined,
      ),
    )
    .groupBy(day, trackingEvents.eventType)
    .orderBy(day, trackingEvents.eventType)
}

/** Deletes tracking events and recommendation events that arrived before `cutoff`. */
export async function deleteEventsBefore(db: DbOrTx, cutoff: Date): Promise<number> {
  const tracking = await db
    .delete(trackingEvents)
    .where(lt(trackingEvents.receivedAt, cutoff))
    .returning({ id: trackingEvents.id })
  const recommendations = await db
    .delete(recommendationEvents)
    .where(lt(recommendationEvents.createdAt, cutoff))
    .returning({ id: recommendationEvents.id })
  return tracking.length + recommendations.length
}
