// orders slice: see docs/decisions.md for what it owns.
export { ordersRouter } from './router.ts'
