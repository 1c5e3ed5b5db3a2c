import { contract } from '#contract/index.ts'
import { s } from '#server/platform/http.ts'

// TODO: the wishlist slice's issue implements its routes here.
export const wishlistRouter = s.router(contract.wishlist, {})
