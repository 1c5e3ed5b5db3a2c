import { contract } from '#contract/index.ts'
import { s } from '#server/platform/http.ts'

// TODO: the addresses slice's issue implements its routes here.
export const addressesRouter = s.router(contract.addresses, {})
