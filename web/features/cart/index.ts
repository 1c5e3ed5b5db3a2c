// Cart slice (web): the /warenkorb page, "In den Warenkorb" for tiles and the buy box, the
// header's cart popup, and the cart's query keys for slices that change the cart.
export { cartKeys, refreshAfterCartChange, useAddToCart } from './api.ts'
export { AddToCartButton } from './components/add-to-cart-button.tsx'
export { CartPopup, HEADER_NAME_LIMIT, HeaderProductItem } from './components/cart-popup.tsx'
export { createCartRoutes } from './routes.tsx'
