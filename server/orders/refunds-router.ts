// Thin handlers of cancellation and refunds for customers (issue 19): an own order from
// "Bestelldetails" (full login), or the order identified on /widerruf (token in the session,
// as for the withdrawal).
import type { Request } from 'express'
import { contract } from '#contract/index.ts'
import { respond } from '#server/platform/errors.ts'
import { noStore, s } from '#server/platform/http.ts'
import { requireLogin } from '#server/platform/session.ts'
import {
  cancelOrderDelivery,
  refundsOverview,
  setIbanOfRefund,
  wireRefund,
} from './cancellation.ts'
import type { RefundView } from './refunds.ts'
import type { OrderRow } from './repo.ts'
import { boundOrder, ownOrder } from './withdrawal-router.ts'

async function answer(req: Request, order: OrderRow, refund: RefundView | null) {
  return {
    status: 200 as const,
    body: {
      refund: refund ? wireRefund(refund) : null,
      overview: await refundsOverview(req.ctx.db, order),
    },
  }
}

const guarded = { middleware: [requireLogin('full')] }

export const refundsRouter = s.router(contract.refunds, {
  getRefunds: {
    ...guarded,
    handler: async ({ req, res, params }) => {
      noStore(res)
      const own = await ownOrder(req, params.orderNumber)
      if (!own) return respond('not_found')
      return { status: 200, body: await refundsOverview(req.ctx.db, own.order) }
    },
  },
  cancelDelivery: {
    ...guarded,
    handler: async ({ req, params, body }) => {
      const own = await ownOrder(req, params.orderNumber)
      if (!own) return respond('not_found')
      const result = await cancelOrderDelivery(req.ctx, {
        orderId: own.order.id,
        deliveryNumber: params.deliveryNumber,
        idempotencyKey: body.idempotencyKey,
        actor: `customer:${own.customerId}`,
      })
      if (!result.ok) return respond(result.code)
      return answer(req, own.order, result.value)
    },
  },
  setIban: {
    ...guarded,
    handler: async ({ req, params, body }) => {
      const own = await ownOrder(req, params.orderNumber)
      if (!own) return respond('not_found')
      const result = await setIbanOfRefund(req.ctx, {
        orderId: own.order.id,
        refundId: params.refundId,
        accountHolder: body.accountHolder,
        iban: body.iban,
      })
      if (!result.ok) return respond(result.code)
      return answer(req, own.order, result.value)
    },
  },
  getGuestRefunds: {
    handler: async ({ req, res, params }) => {
      noStore(res)
      const order = await boundOrder(req, params.token)
      if (!order) return respond('withdrawal_order_not_found')
      return { status: 200, body: await refundsOverview(req.ctx.db, order) }
    },
  },
  cancelGuestDelivery: {
    handler: async ({ req, params, body }) => {
      const order = await boundOrder(req, params.token)
      if (!order) return respond('withdrawal_order_not_found')
      const result = await cancelOrderDelivery(req.ctx, {
        orderId: order.id,
        deliveryNumber: params.deliveryNumber,
        idempotencyKey: body.idempotencyKey,
        actor: 'guest',
      })
      if (!result.ok)
        return result.code === 'not_found'
          ? respond('withdrawal_order_not_found')
          : respond(result.code)
      return answer(req, order, result.value)
    },
  },
  setGuestIban: {
    handler: async ({ req, params, body }) => {
      const order = await boundOrder(req, params.token)
      if (!order) return respond('withdrawal_order_not_found')
      const result = await setIbanOfRefund(req.ctx, {
        orderId: order.id,
        refundId: params.refundId,
        accountHolder: body.accountHolder,
        iban: body.iban,
      })
      if (!result.ok)
        return result.code === 'not_found'
          ? respond('withdrawal_order_not_found')
          : respond(result.code)
      return answer(req, order, result.value)
    },
  },
})
