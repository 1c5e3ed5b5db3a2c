import { contract } from '#contract/index.ts'
import { s } from '#server/platform/http.ts'

// TODO: the catalog slice's issue implements its routes here.
export const catalogRouter = s.router(contract.catalog, {})
