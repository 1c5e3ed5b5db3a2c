// Contract of the credit-cards slice. TODO: routes are added by the slice's issue.
import { c } from './errors.ts'

export const creditCardsContract = c.router({})
