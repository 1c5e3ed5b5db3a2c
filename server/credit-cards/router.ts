import { contract } from '#contract/index.ts'
import { s } from '#server/platform/http.ts'

// TODO: the credit-cards slice's issue implements its routes here.
export const creditCardsRouter = s.router(contract.creditCards, {})
