// Thin handler of the shop's legal texts: the newest version, for the info pages.
import { contract } from '#contract/index.ts'
import { respond } from '#server/platform/errors.ts'
import { s } from '#server/platform/http.ts'
import { currentLegalText } from './service.ts'

export const legalRouter = s.router(contract.legal, {
  current: async ({ req, params }) => {
    const text = await currentLegalText(req.ctx.db, params.section)
    if (!text) return respond('not_found')
    return { status: 200, body: text }
  },
})
