// credit-cards slice: see docs/decisions.md for what it owns.
export { creditCardsRouter } from './router.ts'
