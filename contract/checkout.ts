// Contract of the checkout slice. TODO: routes are added by the slice's issue.
import { c } from './errors.ts'

export const checkoutContract = c.router({})
