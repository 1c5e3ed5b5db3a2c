import { contract } from '#contract/index.ts'
import { s } from '#server/platform/http.ts'
import { getHeaderData } from './service.ts'

export const headerRouter = s.router(contract.header, {
  getHeaderData: async ({ req, res }) => {
    res.setHeader('Cache-Control', 'private, no-store')
    return { status: 200, body: await getHeaderData(req.ctx, await req.session.load()) }
  },
})
