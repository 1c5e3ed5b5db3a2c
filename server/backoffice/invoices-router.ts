// Thin handlers of an order's invoices for customer service (issue 20): list, download in every
// format, and the audited re-send to the order's e-mail address.
import { contract } from '#contract/index.ts'
import {
  orderIdByNumber,
  orderInvoiceFile,
  orderInvoiceList,
  resendInvoice,
} from '#server/orders/index.ts'
import { respond } from '#server/platform/errors.ts'
import { s, sendFile } from '#server/platform/http.ts'
import { ok } from '#server/platform/result.ts'
import { auditedChange } from './audit.ts'

export const backofficeInvoicesRouter = s.router(contract.backofficeInvoices, {
  getOrderInvoices: async ({ req, params }) => {
    const orderId = await orderIdByNumber(req.ctx.db, params.orderNumber)
    if (orderId === null) return respond('not_found')
    return { status: 200, body: { invoices: await orderInvoiceList(req.ctx.db, orderId) } }
  },

  getInvoiceFile: async ({ req, res, params }) => {
    const orderId = await orderIdByNumber(req.ctx.db, params.orderNumber)
    if (orderId === null) return respond('not_found')
    const file = await orderInvoiceFile(req.ctx.db, orderId, params.number, params.format)
    if (!file) return respond('not_found')
    return sendFile(res, file)
  },

  resendInvoice: async ({ req, params }) => {
    const orderId = await orderIdByNumber(req.ctx.db, params.orderNumber)
    if (orderId === null) return respond('not_found')
    const result = await auditedChange(
      req,
      'order.invoice.resent',
      { type: 'invoice', id: params.number },
      async (tx) => {
        const sent = await resendInvoice(tx, req.ctx, { orderId, number: params.number })
        return sent.ok ? ok({ before: null, after: sent.value }) : sent
      },
    )
    if (!result.ok) return respond(result.code)
    return { status: 200, body: { sentTo: result.value.after.sentTo } }
  },
})
