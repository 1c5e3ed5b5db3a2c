// cart slice: see docs/decisions.md for what it owns.
export { cartRouter } from './router.ts'
