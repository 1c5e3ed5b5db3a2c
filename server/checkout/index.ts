// checkout slice: see docs/decisions.md for what it owns.
export { checkoutRouter } from './router.ts'
