// The comparison's page paths, apart from the comparison contract so that the first page load
// (the "Vergleichen" forms) takes them without zod (150 KB budget, scripts/bundle-size.ts).

/** The comparison page; the toggles' forms send the browser here (303 See Other). */
export const COMPARISON_PAGE_PATH = '/vergleich'
/** "Vergleichen" while the product is not compared, and "Vergleich neu beginnen". */
export const COMPARISON_ADD_FORM_PATH = `${COMPARISON_PAGE_PATH}/hinzufuegen`
/** "Vergleichen" while the product is compared, and the comparison page's "Entfernen". */
export const COMPARISON_REMOVE_FORM_PATH = `${COMPARISON_PAGE_PATH}/entfernen`

/**
 * The outcome of a form, as `?ergebnis=` of the comparison page (with `&produkt=` when the
 * product was refused, so that the page can offer "Vergleich neu beginnen" for it).
 */
export const COMPARISON_FORM_RESULTS = {
  hinzugefuegt: 'comparison_added',
  entfernt: 'comparison_removed',
  voll: 'comparison_full',
  'andere-kategorie': 'comparison_category_mismatch',
  fehler: 'comparison_failed',
} as const
export type ComparisonFormResult = keyof typeof COMPARISON_FORM_RESULTS
