// Contract of the consent slice. TODO: routes are added by the slice's issue.
import { c } from './errors.ts'

export const consentContract = c.router({})
