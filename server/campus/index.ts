// campus slice: see docs/decisions.md for what it owns.
export { campusRouter } from './router.ts'
