// Contract of the wishlist slice. TODO: routes are added by the slice's issue.
import { c } from './errors.ts'

export const wishlistContract = c.router({})
