import { contract } from '#contract/index.ts'
import { s } from '#server/platform/http.ts'

// TODO: the account slice's issue implements its routes here.
export const accountRouter = s.router(contract.account, {})
