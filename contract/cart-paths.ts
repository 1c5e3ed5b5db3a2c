// The cart's page paths, apart from the cart contract so that the first page load (the
// add-to-cart button's form) takes them without zod (150 KB budget, scripts/bundle-size.ts).

/** The cart page; the add-to-cart form's answer sends the browser here (303 See Other). */
export const CART_PAGE_PATH = '/warenkorb'
/** The add-to-cart button's form action. */
export const ADD_TO_CART_FORM_PATH = `${CART_PAGE_PATH}/hinzufuegen`
