import { contract } from '#contract/index.ts'
import { s } from '#server/platform/http.ts'

// TODO: the orders slice's issue implements its routes here.
export const ordersRouter = s.router(contract.orders, {})
