// Consent slice: our own consent manager (banner, settings, footer link), the consent hook and
// store, consent-gated video, tracking calls (checkout steps, warranty) and the search session id.
export { saveConsentDecision } from './api.ts'
export {
  ConsentRoot,
  ConsentSettingsButton,
  preloadConsentBanner,
} from './components/consent-root.tsx'
export { VideoEmbed } from './components/video-embed.tsx'
export {
  type ConsentView,
  hasConsent,
  onConsentWithdrawn,
  openConsentSettings,
  readConsent,
} from './consent-store.ts'
export { ConsentRequestProvider, needsConsentBanner } from './first-visit.tsx'
export { ANONYMOUS_SEARCH_SESSION, getSuggestionSessionId } from './search-session.ts'
export { type TrackDetails, track, trackCheckoutStep, trackWarrantyAddToCart } from './tracking.ts'
export { useConsent } from './use-consent.ts'
