// Contract of the staff slice. TODO: routes are added by the slice's issue.
import { c } from './errors.ts'

export const staffContract = c.router({})
