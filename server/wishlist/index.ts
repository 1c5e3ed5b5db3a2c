// wishlist slice ("Merkzettel"): lists of customers and guest sessions, merged at login, moved
// into the cart; hidden (404) in the white-label variant.
export { wishlistRouter } from './router.ts'
export {
  countCustomerWishlist,
  getWishlistHeaderContent,
  mergeGuestWishlist,
} from './service.ts'
