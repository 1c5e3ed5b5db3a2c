// Wishlist slice (web): the heart for tiles and the buy box, /merkzettel (also /wishlist), the
// header's wishlist popup, and the wishlist's query keys.
export { useWishlistToggle, wishlistKeys } from './api.ts'
export { WishlistHeart } from './components/wishlist-heart.tsx'
export { WishlistPopup } from './components/wishlist-popup.tsx'
export { createWishlistRoutes } from './routes.tsx'
