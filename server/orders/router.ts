// Thin handlers of "Meine Bestellungen": the session's customer, then the service's rules.
import type { Request } from 'express'
import { contract } from '#contract/index.ts'
import { respond } from '#server/platform/errors.ts'
import { noStore, s } from '#server/platform/http.ts'
import { requireLogin } from '#server/platform/session.ts'
import * as service from './service.ts'

async function customerOf(req: Request): Promise<number> {
  const customerId = await req.session.customerId()
  // requireLogin() ran first: a full login always names its customer.
  if (!customerId) throw new Error('orders call without a customer')
  return customerId
}

const guarded = { middleware: [requireLogin('full')] }

export const ordersRouter = s.router(contract.orders, {
  getOrders: {
    ...guarded,
    handler: async ({ req, res, body }) => {
      noStore(res)
      return { status: 200, body: await service.listOrders(req.ctx, await customerOf(req), body) }
    },
  },
  getOrder: {
    ...guarded,
    handler: async ({ req, res, body }) => {
      noStore(res)
      const result = await service.getOrder(req.ctx, await customerOf(req), body.orderId)
      if (!result.ok) return respond(result.code)
      return { status: 200, body: { order: result.value } }
    },
  },
})
