// Consent and tracking: the visitor's consent record (one per service) and first-party tracking
// events, stored only with consent (storefront sections 3, 4 and 7).
import { z } from 'zod'
import { CONSENT_SERVICE_IDS } from './consent-services.ts'
import { c, errorBody } from './errors.ts'
import { id, int } from './fields.ts'

export const ConsentServiceIdSchema = z.enum(CONSENT_SERVICE_IDS)

/** How the visitor decided: the banner's two buttons or the settings dialog. */
export const ConsentActionSchema = z.enum(['accept_all', 'deny_all', 'save'])
export type ConsentAction = z.infer<typeof ConsentActionSchema>

export const ConsentHistoryEntrySchema = z.object({
  action: ConsentActionSchema,
  consentStatus: z.boolean(),
  /** ISO time of the decision (server clock). */
  timestamp: z.string(),
  /** The shop page (without query string) on which the decision was made. */
  referrer: z.string(),
  /** Version of the consent texts the visitor saw. */
  version: z.number().int(),
})

/** The spec's consent record: serviceName, templateId, consentStatus, consentHistory. */
export const ConsentRecordSchema = z.object({
  serviceName: z.string(),
  templateId: ConsentServiceIdSchema,
  consentStatus: z.boolean(),
  consentHistory: z.array(ConsentHistoryEntrySchema),
})
export type ConsentRecord = z.infer<typeof ConsentRecordSchema>

export const ConsentAnswerSchema = z.object({
  successful: z.literal(true),
  consentId: z.string(),
  version: z.number().int(),
  services: z.array(ConsentRecordSchema),
})
export type ConsentAnswer = z.infer<typeof ConsentAnswerSchema>

export const SaveConsentBodySchema = z.object({
  referrer: z.string().max(2000),
  action: ConsentActionSchema,
  consentData: z
    .array(
      z.object({
        serviceName: z.string().max(100),
        templateId: ConsentServiceIdSchema,
        consentStatus: z.boolean(),
      }),
    )
    .max(CONSENT_SERVICE_IDS.length),
})
export type SaveConsentBody = z.infer<typeof SaveConsentBodySchema>

// --- Tracking --------------------------------------------------------------------------------

export const CHECKOUT_STEPS = [
  'start',
  'address',
  'payment',
  'delivery',
  'summary',
  'success',
] as const
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number]

export const TRACKING_EVENT_TYPES = [
  'page_view',
  'checkout_start',
  'checkout_address',
  'checkout_payment',
  'checkout_delivery',
  'checkout_summary',
  'checkout_success',
  'add_to_cart_warranty',
  'tag',
] as const
export type TrackingEventType = (typeof TRACKING_EVENT_TYPES)[number]

/** Tracking product (storefront section 3). */
export const TrackingProductSchema = z.object({
  productId: id(),
  articleNumber: z.string().max(40),
  productPrice: z.number().nonnegative().max(100_000_000),
  productQuantity: int(1, 1_000_000),
  productName: z.string().max(200),
})
export type TrackingProduct = z.infer<typeof TrackingProductSchema>

export const TrackingEventBodySchema = z.object({
  eventType: z.enum(TRACKING_EVENT_TYPES),
  eventTime: z.string().datetime({ offset: true }),
  /** The visitor's tracking id; the server stores the consent id of the cookie beside it. */
  tid: z.string().max(64).nullable(),
  url: z.string().max(2000),
  products: z.array(TrackingProductSchema).max(100).optional(),
  /** Add-to-cart warranty event: the warranty products and the clicked element's name. */
  productIds: z.array(id()).max(100).optional(),
  clickElementName: z.string().max(100).optional(),
  /** Tag logging and other small details. */
  label: z.string().max(200).optional(),
})
export type TrackingEventBody = z.infer<typeof TrackingEventBodySchema>

export const ScrollTriggerSchema = z.enum(['init', 'timer', 'unload'])

export const ScrollingSchema = z.object({
  scrollDepth: z.number().int().min(0).max(100),
  maxScrollDepth: z.number().int().min(0).max(100),
  /** Seconds since the page was opened. */
  scrollTime: z.number().int().min(0).max(86_400),
  dynamicUrl: z.string().max(2000),
  eventId: z.string().max(64),
  eventTrigger: ScrollTriggerSchema,
})
export type Scrolling = z.infer<typeof ScrollingSchema>

export const ScrollTrackingBodySchema = z.object({
  action: z.literal('nbb.scrolling'),
  referrer: z.string().max(2000),
  scrollings: z.array(ScrollingSchema).min(1).max(50),
})
export type ScrollTrackingBody = z.infer<typeof ScrollTrackingBodySchema>

const ConsentRequiredSchema = errorBody(z.enum(['consent_required']))
const NotFoundSchema = errorBody(z.enum(['not_found']))

export const consentContract = c.router({
  saveConsent: {
    method: 'POST',
    path: '/api/consent',
    body: SaveConsentBodySchema,
    responses: { 200: ConsentAnswerSchema },
    summary:
      'Saves the visitor\'s consent (accept all, deny all or the settings dialog) with the referrer; sets the first-party cookie bw_consent (storefront section 7 "user consent tracking")',
  },
  getConsent: {
    method: 'GET',
    path: '/api/consent',
    responses: { 200: ConsentAnswerSchema, 404: NotFoundSchema },
    summary: "The visitor's consent record with its history (from the bw_consent cookie)",
  },
  trackEvent: {
    method: 'POST',
    path: '/api/tracking/add',
    body: TrackingEventBodySchema,
    responses: { 200: z.object({ successful: z.literal(true) }), 422: ConsentRequiredSchema },
    summary:
      'Stores a tracking event (eventType, eventTime, tid, url) only with consent to statistics (storefront section 7 "POST {endpoint}/add")',
  },
  trackScrolling: {
    method: 'POST',
    path: '/api/tracking/scroll',
    body: ScrollTrackingBodySchema,
    responses: { 200: z.object({ successful: z.literal(true) }), 422: ConsentRequiredSchema },
    summary:
      'Scroll tracking (action nbb.scrolling): depth entries logged at every 25 %, sent every 60 s and on unload; only with consent (storefront sections 4 and 7)',
  },
})
