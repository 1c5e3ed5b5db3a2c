// Consent and tracking rules. The consent record in Postgres is the truth; the bw_consent cookie
// mirrors it for the browser. Every event is refused unless the record grants its service.
import { randomBytes } from 'node:crypto'
import type {
  ConsentAnswer,
  SaveConsentBody,
  ScrollTrackingBody,
  TrackingEventBody,
} from '#contract/consent.ts'
import {
  CONSENT_SERVICE_IDS,
  CONSENT_SERVICE_NAMES,
  CONSENT_VERSION,
  type ConsentFlags,
  type ConsentServiceId,
  type ConsentState,
  noConsent,
  parseConsentCookie,
} from '#contract/consent-services.ts'
import type { DbOrTx, Tx } from '#db/client.ts'
import type { ConsentHistoryEntry } from '#db/schema/consent.ts'
import type { Clock } from '#server/platform/clock.ts'
import type { AppContext } from '#server/platform/http.ts'
import type { Job } from '#server/platform/jobs.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import * as repo from './repo.ts'

/** Older entries beyond this many per service are dropped from the history. */
const HISTORY_LIMIT = 50

function newConsentId(): string {
  return randomBytes(16).toString('base64url')
}

/** The shop page without query string and fragment (tokens in links must not be stored). */
export function cleanReferrer(referrer: string): string {
  try {
    const url = new URL(referrer)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return ''
    return `${url.origin}${url.pathname}`.slice(0, 500)
  } catch {
    return ''
  }
}

function toAnswer(consentId: string, rows: repo.ConsentRow[]): ConsentAnswer {
  const byId = new Map(rows.map((row) => [row.templateId, row]))
  return {
    successful: true,
    consentId,
    version: CONSENT_VERSION,
    services: CONSENT_SERVICE_IDS.flatMap((templateId) => {
      const row = byId.get(templateId)
      if (!row) return []
      return [
        {
          serviceName: CONSENT_SERVICE_NAMES[templateId],
          templateId,
          consentStatus: row.consentStatus,
          consentHistory: row.consentHistory,
        },
      ]
    }),
  }
}

export function flagsOf(rows: repo.ConsentRow[]): ConsentFlags {
  const granted = noConsent()
  for (const row of rows) {
    if (row.templateId in granted) granted[row.templateId as ConsentServiceId] = row.consentStatus
  }
  return granted
}

/**
 * Saves a decision: one record per service, each with its history. Withdrawing statistics or
 * recommendations deletes what was stored under this consent id.
 */
export async function saveConsent(
  ctx: AppContext,
  cookieValue: string | undefined,
  body: SaveConsentBody,
): Promise<{ answer: ConsentAnswer; state: ConsentState }> {
  const now = ctx.clock.now()
  const referrer = cleanReferrer(body.referrer)
  const sent = new Map(body.consentData.map((entry) => [entry.templateId, entry.consentStatus]))
  return ctx.db.transaction(async (tx) => {
    const previousId = parseConsentCookie(cookieValue)?.consentId
    const existing = previousId ? await repo.findRecords(tx, previousId, { lock: true }) : []
    // A cookie id without a record (wiped database, hand-made cookie) is not reused.
    const consentId = existing.length > 0 && previousId ? previousId : newConsentId()
    const before = flagsOf(existing)
    const byId = new Map(existing.map((row) => [row.templateId, row]))
    for (const templateId of CONSENT_SERVICE_IDS) {
      const status = sent.get(templateId) ?? false
      const entry: ConsentHistoryEntry = {
        action: body.action,
        consentStatus: status,
        timestamp: now.toISOString(),
        referrer,
        version: CONSENT_VERSION,
      }
      const history = [...(byId.get(templateId)?.consentHistory ?? []), entry]
      await repo.upsertRecord(tx, {
        consentId,
        templateId,
        serviceName: CONSENT_SERVICE_NAMES[templateId],
        consentStatus: status,
        consentHistory: history.slice(-HISTORY_LIMIT),
        now,
      })
    }
    const granted = noConsent()
    for (const templateId of CONSENT_SERVICE_IDS)
      granted[templateId] = sent.get(templateId) ?? false
    if (before.statistics && !granted.statistics) await repo.deleteTrackingEvents(tx, consentId)
    if (before.recommendations && !granted.recommendations)
      await repo.deleteRecommendationEvents(tx, consentId)
    const rows = await repo.findRecords(tx, consentId)
    return { answer: toAnswer(consentId, rows), state: { consentId, granted } }
  })
}

export async function getConsent(
  db: DbOrTx,
  cookieValue: string | undefined,
): Promise<ConsentAnswer | null> {
  const consentId = parseConsentCookie(cookieValue)?.consentId
  if (!consentId) return null
  const rows = await repo.findRecords(db, consentId)
  return rows.length > 0 ? toAnswer(consentId, rows) : null
}

/** The visitor's decision as stored (not as the cookie claims); null without a record. */
export async function loadVisitorConsent(
  db: DbOrTx,
  cookieValue: string | undefined,
): Promise<ConsentState | null> {
  const consentId = parseConsentCookie(cookieValue)?.consentId
  if (!consentId) return null
  const rows = await repo.findRecords(db, consentId)
  return rows.length > 0 ? { consentId, granted: flagsOf(rows) } : null
}

/** The consent id when the stored record grants `service`, else null. */
export async function consentIdFor(
  db: DbOrTx,
  cookieValue: string | undefined,
  service: ConsentServiceId,
): Promise<string | null> {
  const consentId = parseConsentCookie(cookieValue)?.consentId
  if (!consentId) return null
  return (await repo.hasGranted(db, consentId, service)) ? consentId : null
}

export async function trackEvent(
  ctx: AppContext,
  cookieValue: string | undefined,
  body: TrackingEventBody,
): Promise<Result<void, 'consent_required'>> {
  const consentId = await consentIdFor(ctx.db, cookieValue, 'statistics')
  if (!consentId) return err('consent_required')
  const data: Record<string, unknown> = {}
  if (body.products) data.products = body.products
  if (body.productIds) data.productIds = body.productIds
  if (body.clickElementName) data.clickElementName = body.clickElementName
  if (body.label) data.label = body.label
  await repo.insertTrackingEvents(ctx.db, [
    {
      eventType: body.eventType,
      eventTime: new Date(body.eventTime),
      receivedAt: ctx.clock.now(),
      tid: body.tid,
      url: body.url,
      consentId,
      data,
    },
  ])
  return ok(undefined)
}

export async function trackScrolling(
  ctx: AppContext,
  cookieValue: string | undefined,
  body: ScrollTrackingBody,
): Promise<Result<void, 'consent_required'>> {
  const consentId = await consentIdFor(ctx.db, cookieValue, 'statistics')
  if (!consentId) return err('consent_required')
  const now = ctx.clock.now()
  const referrer = cleanReferrer(body.referrer)
  await repo.insertTrackingEvents(
    ctx.db,
    body.scrollings.map((entry) => ({
      eventType: 'scroll',
      eventTime: now,
      receivedAt: now,
      tid: null,
      url: entry.dynamicUrl,
      consentId,
      data: {
        scrollDepth: entry.scrollDepth,
        maxScrollDepth: entry.maxScrollDepth,
        scrollTime: entry.scrollTime,
        eventId: entry.eventId,
        eventTrigger: entry.eventTrigger,
        referrer,
      },
    })),
  )
  return ok(undefined)
}

export type RecommendationEventInput =
  | {
      kind: 'push'
      event: string
      productIds: number[]
      categoryId?: number
      url: string
    }
  | {
      kind: 'click'
      event: string
      productId: number
      position: number
      sourceProductId?: number
      url: string
    }

/** Stores a recommendation event or click; refused without consent to recommendations. */
export async function recordRecommendationEvent(
  ctx: AppContext,
  cookieValue: string | undefined,
  input: RecommendationEventInput,
): Promise<Result<void, 'consent_required'>> {
  const consentId = await consentIdFor(ctx.db, cookieValue, 'recommendations')
  if (!consentId) return err('consent_required')
  const now = ctx.clock.now()
  await repo.insertRecommendationEvent(
    ctx.db,
    input.kind === 'push'
      ? {
          kind: 'push',
          event: input.event,
          productIds: input.productIds,
          categoryId: input.categoryId ?? null,
          url: input.url,
          consentId,
          createdAt: now,
        }
      : {
          kind: 'click',
          event: input.event,
          productIds: [input.productId],
          position: input.position,
          sourceProductId: input.sourceProductId ?? null,
          url: input.url,
          consentId,
          createdAt: now,
        },
  )
  return ok(undefined)
}

export type ConversionInput = {
  orderId: string | number
  /** Affiliate id of the partner site (e.g. from the landing URL); kept only with Awin consent. */
  affiliate: string | null
  /** Consent flags of the three marketing partners, e.g. from loadVisitorConsent(). */
  partners: { google: boolean; microsoft: boolean; awin: boolean }
}

/**
 * Conversion tracking of a placed order, written in the order's transaction. A second call for
 * the same order is ignored (returns false).
 */
export async function recordConversion(tx: Tx | DbOrTx, input: ConversionInput): Promise<boolean> {
  return repo.insertConversion(tx, {
    orderId: String(input.orderId),
    affiliate: input.partners.awin ? (input.affiliate?.slice(0, 100) ?? null) : null,
    googleAdsConsent: input.partners.google,
    microsoftAdsConsent: input.partners.microsoft,
    awinConsent: input.partners.awin,
  })
}

/** The three partner flags of a stored decision (all false without one). */
export function marketingPartnersOf(consent: ConsentState | null): ConversionInput['partners'] {
  return {
    google: consent?.granted.marketing_google ?? false,
    microsoft: consent?.granted.marketing_microsoft ?? false,
    awin: consent?.granted.marketing_awin ?? false,
  }
}

/** Staff report: tracking events per type and day (Europe/Berlin), in [from, to). */
export function countTrackingEvents(
  db: DbOrTx,
  range: { from: Date; to: Date; eventTypes?: string[] },
) {
  return repo.countEventsByDay(db, range)
}

/** Tracking data is kept 13 months (a year-on-year comparison), then deleted. */
export const TRACKING_RETENTION_DAYS = 395

/** Housekeeping of the slice, for the app's job runner (main.ts). */
export function consentJobs(clock: Clock): Job[] {
  return [
    {
      name: 'purge-tracking-events',
      everyMs: 6 * 60 * 60 * 1000,
      run: (tx) =>
        repo.deleteEventsBefore(
          tx,
          new Date(clock.now().getTime() - TRACKING_RETENTION_DAYS * 86_400_000),
        ),
    },
  ]
}
