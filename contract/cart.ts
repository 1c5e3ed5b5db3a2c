// Contract of the cart slice. TODO: routes are added by the slice's issue.
import { c } from './errors.ts'

export const cartContract = c.router({})
