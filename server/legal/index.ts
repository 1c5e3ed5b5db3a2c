// legal slice (issue 20): the shop's legal texts as versioned content (Impressum, AGB,
// Widerrufsbelehrung, Datenschutz, Versand und Zahlung) and the versions an order was made under.
export { legalRouter } from './router.ts'
export {
  currentLegalTexts,
  legalTextsById,
  legalTextVersion,
  legalTextVersions,
  orderLegalTexts,
  saveLegalTextVersion,
} from './service.ts'
