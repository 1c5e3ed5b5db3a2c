// Tables of the consent slice: consent records (one row per visitor and service), first-party
// tracking events, recommendation events and clicks, and conversion records of orders.
import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'

const at = () => timestamp({ withTimezone: true, mode: 'date' })

export type ConsentHistoryEntry = {
  action: 'accept_all' | 'deny_all' | 'save'
  consentStatus: boolean
  timestamp: string
  referrer: string
  version: number
}

/**
 * The spec's consent record (serviceName, templateId, consentStatus, consentHistory) per visitor
 * and service. `consentId` is the random id in the visitor's bw_consent cookie: it identifies the
 * browser's decision, not a person.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    consentId: text().notNull(),
    templateId: text().notNull(),
    serviceName: text().notNull(),
    consentStatus: boolean().notNull(),
    consentHistory: jsonb().$type<ConsentHistoryEntry[]>().notNull().default([]),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.consentId, t.templateId] })],
)

/** Tracking events (eventType, eventTime, tid, url), stored only with consent to statistics. */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    eventType: text().notNull(),
    /** The browser's time of the event. */
    eventTime: at().notNull(),
    /** Server time of arrival: reports count by it. */
    receivedAt: at().notNull().defaultNow(),
    tid: text(),
    url: text().notNull(),
    consentId: text().notNull(),
    /** Products, warranty click details, scroll depths. */
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('tracking_events_received_idx').on(t.receivedAt),
    index('tracking_events_consent_idx').on(t.consentId),
  ],
)

/** Recommendation events (criteo/push) and clicks (epoq/click), only with consent. */
export const recommendationEvents = pgTable(
  'recommendation_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    kind: text().$type<'push' | 'click'>().notNull(),
    /** view_item, view_list, add_to_cart, purchase; or the clicked list's type. */
    event: text().notNull(),
    productIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    categoryId: integer(),
    position: integer(),
    sourceProductId: integer(),
    url: text().notNull(),
    consentId: text().notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [
    index('recommendation_events_consent_idx').on(t.consentId),
    index('recommendation_events_products_idx').using('gin', t.productIds),
  ],
)

/**
 * Conversion tracking of an order: orderId, affiliate and the consent flags of the three
 * marketing partners (storefront section 3). Written by checkout in the order's transaction.
 */
export const conversions = pgTable('conversions', {
  id: serial().primaryKey(),
  orderId: text().notNull().unique(),
  /** Affiliate id of the partner site the visitor came from; only kept with Awin consent. */
  affiliate: text(),
  googleAdsConsent: boolean().notNull(),
  microsoftAdsConsent: boolean().notNull(),
  awinConsent: boolean().notNull(),
  createdAt: at().notNull().defaultNow(),
})
