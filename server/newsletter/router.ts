import { contract } from '#contract/index.ts'
import { s } from '#server/platform/http.ts'

// TODO: the newsletter slice's issue implements its routes here.
export const newsletterRouter = s.router(contract.newsletter, {})
