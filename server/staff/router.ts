import { contract } from '#contract/index.ts'
import { s } from '#server/platform/http.ts'

// TODO: the staff slice's issue implements its routes here.
export const staffRouter = s.router(contract.staff, {})
