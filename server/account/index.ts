// account slice: see docs/decisions.md for what it owns.
export { accountRouter } from './router.ts'
