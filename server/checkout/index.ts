// checkout slice: see docs/decisions.md for what it owns.
export { checkoutJobs } from './reconcile.ts'
export { checkoutRouter } from './router.ts'
