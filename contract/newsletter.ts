// Contract of the newsletter slice. TODO: routes are added by the slice's issue.
import { c } from './errors.ts'

export const newsletterContract = c.router({})
