// ads slice: see docs/decisions.md for what it owns.
export { adsRouter } from './router.ts'
