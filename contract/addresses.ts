// Contract of the addresses slice. TODO: routes are added by the slice's issue.
import { c } from './errors.ts'

export const addressesContract = c.router({})
