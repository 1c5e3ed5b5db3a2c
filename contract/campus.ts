// Contract of the campus slice. TODO: routes are added by the slice's issue.
import { c } from './errors.ts'

export const campusContract = c.router({})
