// Thin handlers of the customer's invoices (issue 20): own orders only (404 otherwise), files
// never cached; the e-invoice choice for business customers.
import type { Response } from 'express'
import { contract } from '#contract/index.ts'
import { preferencesOf, savePreferences } from '#server/invoices/index.ts'
import { respond } from '#server/platform/errors.ts'
import { s } from '#server/platform/http.ts'
import { requireLogin } from '#server/platform/session.ts'
import { orderInvoiceFile, orderInvoiceList } from './invoice-documents.ts'
import { customerTypeOf } from './repo.ts'
import { ownOrder } from './withdrawal-router.ts'

function noStore(res: Response) {
  res.setHeader('Cache-Control', 'private, no-store')
}

/** Sends a document as a download. */
export function sendFile(
  res: Response,
  file: { filename: string; contentType: string; content: Buffer },
) {
  noStore(res)
  res.setHeader('Content-Type', file.contentType)
  res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`)
  return { status: 200 as const, body: file.content }
}

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
