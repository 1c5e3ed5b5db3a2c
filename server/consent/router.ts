import { contract } from '#contract/index.ts'
import { s } from '#server/platform/http.ts'

// TODO: the consent slice's issue implements its routes here.
export const consentRouter = s.router(contract.consent, {})
