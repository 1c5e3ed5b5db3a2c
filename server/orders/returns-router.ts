// Thin handlers of returns (issue 19): a customer's own order from "Bestelldetails", or the
// order identified on /widerruf (the withdrawal page's token bound to the session).
import type { Response } from 'express'
import { contract } from '#contract/index.ts'
import { respond } from '#server/platform/errors.ts'
import { noStore, s, sendFile } from '#server/platform/http.ts'
import { requireLogin } from '#server/platform/session.ts'
import { createReturn, returnLabel, returnOptions } from './returns.ts'
import { boundOrder, ownOrder } from './withdrawal-router.ts'

function sendLabel(res: Response, label: { returnNumber: string; labelPdf: Buffer }) {
  return sendFile(res, {
    filename: `Retourenschein-${label.returnNumber}.pdf`,
    contentType: 'application/pdf',
    content: label.labelPdf,
  })
}

const guarded = { middleware: [requireLogin('full')] }

export const returnsRouter = s.router(contract.returns, {
  getReturns: {
    ...guarded,
    handler: async ({ req, res, params }) => {
      noStore(res)
      const own = await ownOrder(req, params.orderNumber)
      if (!own) return respond('not_found')
      return { status: 200, body: await returnOptions(req.ctx, own.order) }
    },
  },
  createReturn: {
    ...guarded,
    handler: async ({ req, params, body }) => {
      const own = await ownOrder(req, params.orderNumber)
      if (!own) return respond('not_found')
      const result = await createReturn(req.ctx, own.order.id, body, {
        channel: 'account',
        customerId: own.customerId,
      })
      if (!result.ok) {
        if (result.code === 'not_found') return respond('not_found')
        return respond(result.code)
      }
      return { status: 200, body: { return: result.value } }
    },
  },
  getLabel: {
    ...guarded,
    handler: async ({ req, res, params }) => {
      const own = await ownOrder(req, params.orderNumber)
      if (!own) return respond('not_found')
      const label = await returnLabel(req.ctx.db, own.order.id, params.returnNumber)
      if (!label) return respond('not_found')
      return sendLabel(res, label)
    },
  },
  getGuestReturns: {
    handler: async ({ req, res, params }) => {
      noStore(res)
      const order = await boundOrder(req, params.token)
      if (!order) return respond('withdrawal_order_not_found')
      return { status: 200, body: await returnOptions(req.ctx, order) }
    },
  },
  createGuestReturn: {
    handler: async ({ req, params, body }) => {
      const order = await boundOrder(req, params.token)
      if (!order) return respond('withdrawal_order_not_found')
      const result = await createReturn(req.ctx, order.id, body, { channel: 'guest' })
      if (!result.ok) {
        if (result.code === 'not_found') return respond('withdrawal_order_not_found')
        return respond(result.code)
      }
      return { status: 200, body: { return: result.value } }
    },
  },
  getGuestLabel: {
    handler: async ({ req, res, params }) => {
      const order = await boundOrder(req, params.token)
      if (!order) return respond('withdrawal_order_not_found')
      const label = await returnLabel(req.ctx.db, order.id, params.returnNumber)
      if (!label) return respond('not_found')
      return sendLabel(res, label)
    },
  },
})
