// newsletter slice: see docs/decisions.md for what it owns.
export { newsletterRouter } from './router.ts'
