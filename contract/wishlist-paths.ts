// The wishlist's page paths, apart from the wishlist contract so that the first page load (the
// hearts' forms) takes them without zod (150 KB budget, scripts/bundle-size.ts).

/** The wishlist page; the hearts' forms send the browser here (303 See Other). */
export const WISHLIST_PAGE_PATH = '/merkzettel'
/** A heart's form action while the product is not on the wishlist. */
export const WISHLIST_ADD_FORM_PATH = `${WISHLIST_PAGE_PATH}/hinzufuegen`
/** A filled heart's and the wishlist page's "Entfernen" form action. */
export const WISHLIST_DELETE_FORM_PATH = `${WISHLIST_PAGE_PATH}/entfernen`

/** "Alle in den Warenkorb" on the wishlist page. */
export const WISHLIST_MOVE_ALL_FORM_PATH = `${WISHLIST_PAGE_PATH}/alle-in-den-warenkorb`

/**
 * The outcome of a form, as `?ergebnis=` of the wishlist page, and the message it shows.
 * (A message code the page translates; kept here so both sides spell the values alike.)
 */
export const WISHLIST_FORM_RESULTS = {
  gemerkt: 'wishlist_added',
  entfernt: 'wishlist_removed',
  voll: 'wishlist_full',
  fehler: 'wishlist_failed',
  verschoben: 'wishlist_moved_all',
  teilweise: 'wishlist_moved_some',
  leer: 'wishlist_empty',
  'nicht-verschoben': 'wishlist_move_failed',
} as const
export type WishlistFormResult = keyof typeof WISHLIST_FORM_RESULTS
