import { contract } from '#contract/index.ts'
import { s } from '#server/platform/http.ts'

// TODO: the cart slice's issue implements its routes here.
export const cartRouter = s.router(contract.cart, {})
