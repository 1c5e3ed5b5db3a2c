// wishlist slice: see docs/decisions.md for what it owns.
export { wishlistRouter } from './router.ts'
