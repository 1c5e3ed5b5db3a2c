// staff slice: see docs/decisions.md for what it owns.
export { staffRouter } from './router.ts'
