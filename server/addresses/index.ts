// addresses slice: see docs/decisions.md for what it owns.
export { addressesRouter } from './router.ts'
