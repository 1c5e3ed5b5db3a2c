// credit-cards slice: see docs/decisions.md for what it owns.
export { creditCardsRouter } from './router.ts'
export { type CardToStore, listStoredCards, storeCard } from './store.ts'
