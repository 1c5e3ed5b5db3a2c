import { contract } from '#contract/index.ts'
import { preferencesOf, savePreferences } from '#server/invoices/index.ts'
import { respond } from '#server/platform/errors.ts'
import { noStore, s, sendFile } from '#server/platform/http.ts'
import { requireLogin } from '#server/platform/session.ts'
import { orderInvoiceFile, orderInvoiceList } from './invoice-documents.ts'
import { customerTypeOf } from './repo.ts'
import { ownOrder } from './withdrawal-router.ts'

const guarded = { middleware: [requireLogin('full')] }

export const invoicesRouter = s.router(contract.invoices, {
  getOrderInvoices: {
    ...guarded,
    handler: async ({ req, res, params }) => {
      noStore(res)
      const own = await ownOrder(req, params.orderNumber)
      if (!own) return respond('not_found')
      return { status: 200, body: { invoices: await orderInvoiceList(req.ctx.db, own.order.id) } }
    },
  },
  getInvoiceFile: {
    ...guarded,
    handler: async ({ req, res, params }) => {
      const own = await ownOrder(req, params.orderNumber)
      if (!own) return respond('not_found')
      const file = await orderInvoiceFile(req.ctx.db, own.order.id, params.number, params.format)
      if (!file) return respond('not_found')
      return sendFile(res, file)
    },
  },
  getInvoicePreferences: {
    ...guarded,
    handler: async ({ req, res }) => {
      noStore(res)
      const customerId = await req.session.customerId()
      if (!customerId || (await customerTypeOf(req.ctx.db, customerId)) !== 'business')
        return respond('forbidden')
      return { status: 200, body: await preferencesOf(req.ctx.db, customerId) }
    },
  },
  setInvoicePreferences: {
    ...guarded,
    handler: async ({ req, body }) => {
      const customerId = await req.session.customerId()
      if (!customerId || (await customerTypeOf(req.ctx.db, customerId)) !== 'business')
        return respond('forbidden')
      await savePreferences(req.ctx.db, {
        customerId,
        format: body.format,
        buyerReference: body.buyerReference ?? null,
        at: req.ctx.clock.now(),
      })
      return { status: 200, body: await preferencesOf(req.ctx.db, customerId) }
    },
  },
})
