// Contract of the ads slice. TODO: routes are added by the slice's issue.
import { c } from './errors.ts'

export const adsContract = c.router({})
