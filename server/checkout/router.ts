import { contract } from '#contract/index.ts'
import { s } from '#server/platform/http.ts'

// TODO: the checkout slice's issue implements its routes here.
export const checkoutRouter = s.router(contract.checkout, {})
