// Contract of the account slice. TODO: routes are added by the slice's issue.
import { c } from './errors.ts'

export const accountContract = c.router({})
