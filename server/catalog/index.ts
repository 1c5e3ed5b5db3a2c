// catalog slice: see docs/decisions.md for what it owns.
export { catalogRouter } from './router.ts'
