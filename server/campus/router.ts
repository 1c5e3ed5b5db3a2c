import { contract } from '#contract/index.ts'
import { s } from '#server/platform/http.ts'

// TODO: the campus slice's issue implements its routes here.
export const campusRouter = s.router(contract.campus, {})
