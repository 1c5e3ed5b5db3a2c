import { contract } from '#contract/index.ts'
import { respond } from '#server/platform/errors.ts'
import { noStore, s } from '#server/platform/http.ts'
import { addToComparison, clearComparison, getComparison, removeFromComparison } from './service.ts'

export const comparisonRouter = s.router(contract.comparison, {
  getComparison: async ({ req, res }) => {
    noStore(res)
    return { status: 200, body: await getComparison(req.ctx, await req.session.load()) }
  },

  addToComparison: async ({ req, res, body }) => {
    noStore(res)
    const result = await addToComparison(req.ctx, req.session, body.productId, !!body.restart)
    if (result.ok) return { status: 200, body: result.value }
    if (result.code === 'not_found') return respond('not_found')
    const categoryName = result.data?.categoryName ?? ''
    return respond(result.code, { categoryName }, { categoryName })
  },

  removeFromComparison: async ({ req, res, params }) => {
    noStore(res)
    return {
      status: 200,
      body: await removeFromComparison(req.ctx, req.session, params.productId),
    }
  },

  clearComparison: async ({ req, res }) => {
    noStore(res)
    return { status: 200, body: await clearComparison(req.ctx, req.session) }
  },
})
