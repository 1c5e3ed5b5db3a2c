// Contract of the catalog slice. TODO: routes are added by the slice's issue.
import { c } from './errors.ts'

export const catalogContract = c.router({})
