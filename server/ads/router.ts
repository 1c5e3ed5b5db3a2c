import { contract } from '#contract/index.ts'
import { s } from '#server/platform/http.ts'

// TODO: the ads slice's issue implements its routes here.
export const adsRouter = s.router(contract.ads, {})
