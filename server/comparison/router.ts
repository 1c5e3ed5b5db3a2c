import { COMPARISON_PAGE_PATH, type ComparisonFormResult } from '#contract/comparison-paths.ts'
import { contract } from '#contract/index.ts'
import { respond } from '#server/platform/errors.ts'
import { noStore, s, seeOther } from '#server/platform/http.ts'
import { addToComparison, clearComparison, getComparison, removeFromComparison } from './service.ts'

/**
 * The toggles' forms answer with the comparison page, which shows the outcome; a refused product
 * goes along so that the page can offer "Vergleich neu beginnen" with it.
 */
function toComparisonPage(
  res: Parameters<typeof seeOther>[0],
  result: ComparisonFormResult,
  refusedId?: number,
) {
  const refused = refusedId === undefined ? '' : `&produkt=${refusedId}`
  return seeOther(res, `${COMPARISON_PAGE_PATH}?ergebnis=${result}${refused}`)
}

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

  // "Vergleichen" as its own form, sent by the browser when the page's script has not taken over.
  addToComparisonForm: async ({ req, res, body }) => {
    const { productId } = body
    const result = await addToComparison(req.ctx, req.session, productId, body.restart === '1')
    if (result.ok) return toComparisonPage(res, 'hinzugefuegt')
    if (result.code === 'not_found') return toComparisonPage(res, 'fehler')
    const refusal = result.code === 'comparison_full' ? 'voll' : 'andere-kategorie'
    return toComparisonPage(res, refusal, productId)
  },

  removeFromComparisonForm: async ({ req, res, body }) => {
    await removeFromComparison(req.ctx, req.session, body.productId)
    return toComparisonPage(res, 'entfernt')
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
