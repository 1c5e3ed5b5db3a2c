// legal slice: the shop's legal texts (Impressum, AGB, Widerrufsbelehrung, Datenschutz, Versand
// und Zahlung), the newest version of each, rendered from their line markup.
export { legalKeys, prefetchLegalText, useLegalText } from './api.ts'
export { LegalTextView } from './components/legal-text-view.tsx'
