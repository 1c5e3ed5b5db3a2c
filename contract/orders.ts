// Contract of the orders slice. TODO: routes are added by the slice's issue.
import { c } from './errors.ts'

export const ordersContract = c.router({})
