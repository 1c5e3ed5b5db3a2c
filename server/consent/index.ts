// consent slice: the visitor's consent records and first-party tracking (events, scroll depth,
// recommendation events, conversions), each stored only with consent. See docs/decisions.md.
export { consentCookieOf, consentRouter } from './router.ts'
export {
  type ConversionInput,
  consentIdFor,
  consentJobs,
  countTrackingEvents,
  loadVisitorConsent,
  marketingPartnersOf,
  type RecommendationEventInput,
  recordConversion,
  recordRecommendationEvent,
} from './service.ts'
