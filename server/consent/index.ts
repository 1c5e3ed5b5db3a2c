// consent slice: see docs/decisions.md for what it owns.
export { consentRouter } from './router.ts'
