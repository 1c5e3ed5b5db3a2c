// cart slice: carts of customers and guest sessions with their lines (warranty as a child line),
// the cart page's actions, merging at login, and the priced cart for the checkout's order.
export { cartRouter, redirectPagesTo } from './router.ts'
export {
  addProductsToCart,
  type CartMerge,
  type CartOwner,
  cartOwnerOf,
  copyCartToSession,
  countCustomerCart,
  emptyCart,
  flashCartMerge,
  getCartHeaderContent,
  type LockedCart,
  lockCartForOrder,
  mergeGuestCart,
  type Pricing,
  pricingOf,
  pricingOfCustomer,
} from './service.ts'
