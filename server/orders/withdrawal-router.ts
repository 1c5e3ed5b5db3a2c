// Thin handlers of the withdrawal function (issue 19): a customer's own order from
// "Bestelldetails", or an order identified on the public page /widerruf by number and e-mail,
// bound to the browser's session by a random token.
import { randomBytes } from 'node:crypto'
import type { Request } from 'express'
import { contract } from '#contract/index.ts'
import { WITHDRAWAL_GUEST_MINUTES } from '#contract/withdrawal.ts'
import { respond } from '#server/platform/errors.ts'
import { noStore, s } from '#server/platform/http.ts'
import { hitRateLimit } from '#server/platform/rate-limit.ts'
import { requireLogin } from '#server/platform/session.ts'
import * as orders from './repo.ts'
import { declareWithdrawal, withdrawalOptions } from './withdrawal.ts'
import * as repo from './withdrawal-repo.ts'

/** Identification tries: per client address, and per order number (guessing its e-mail). */
const IDENTIFY_LIMITS = {
  ip: { limit: 10, windowSeconds: 10 * 60 },
  order: { limit: 10, windowSeconds: 60 * 60 },
}
const SESSION_KEY = 'withdrawal'

type GuestBinding = { token: string; orderId: number; expiresAt: string }

/** The logged-in customer's order by number (their own or their confirmed guest orders). */
export async function ownOrder(req: Request, orderNumber: string) {
  const customerId = await req.session.customerId()
  if (!customerId) throw new Error('withdrawal call without a customer')
  const viewer = await orders.findViewer(req.ctx.db, customerId)
  if (!viewer || viewer.isLight) return null
  const order = await orders.findOrder(req.ctx.db, viewer, orderNumber.toUpperCase())
  return order ? { order, customerId } : null
}

/** The order this session identified on the public page, while the token holds. */
export async function boundOrder(req: Request, token: string) {
  const session = await req.session.load()
  const binding = session?.data[SESSION_KEY] as GuestBinding | null | undefined
  if (!binding || binding.token !== token) return null
  if (new Date(binding.expiresAt) <= req.ctx.clock.now()) return null
  return repo.findOrderById(req.ctx.db, binding.orderId)
}

async function withinLimits(req: Request, orderNumber: string): Promise<boolean> {
  const now = req.ctx.clock.now()
  const [byIp, byOrder] = await Promise.all([
    hitRateLimit(req.ctx.db, `withdrawal-identify:ip:${req.ip ?? 'unknown'}`, {
      ...IDENTIFY_LIMITS.ip,
      now,
    }),
    hitRateLimit(req.ctx.db, `withdrawal-identify:order:${orderNumber.toUpperCase()}`, {
      ...IDENTIFY_LIMITS.order,
      now,
    }),
  ])
  return byIp.allowed && byOrder.allowed
}

const guarded = { middleware: [requireLogin('full')] }

export const withdrawalRouter = s.router(contract.withdrawal, {
  getOptions: {
    ...guarded,
    handler: async ({ req, res, params }) => {
      noStore(res)
      const own = await ownOrder(req, params.orderNumber)
      if (!own) return respond('not_found')
      return { status: 200, body: await withdrawalOptions(req.ctx, own.order) }
    },
  },
  declare: {
    ...guarded,
    handler: async ({ req, params, body }) => {
      const own = await ownOrder(req, params.orderNumber)
      if (!own) return respond('not_found')
      const result = await declareWithdrawal(req.ctx, own.order.id, body, {
        channel: 'account',
        customerId: own.customerId,
      })
      if (!result.ok) {
        if (result.code === 'not_found') return respond('not_found')
        return respond(result.code)
      }
      return { status: 200, body: { declaration: result.value } }
    },
  },
  identify: {
    handler: async ({ req, res, body }) => {
      noStore(res)
      if (!(await withinLimits(req, body.orderNumber))) return respond('rate_limited')
      const order = await repo.findOrderByNumberAndEmail(req.ctx.db, body.orderNumber, body.email)
      // One answer for a wrong number and a wrong e-mail: nobody learns which orders exist.
      if (!order) return respond('withdrawal_order_not_found')
      const token = randomBytes(24).toString('base64url')
      const expiresAt = new Date(req.ctx.clock.now().getTime() + WITHDRAWAL_GUEST_MINUTES * 60_000)
      const binding: GuestBinding = { token, orderId: order.id, expiresAt: expiresAt.toISOString() }
      await req.session.patchData({ [SESSION_KEY]: binding })
      return { status: 200, body: { token, options: await withdrawalOptions(req.ctx, order) } }
    },
  },
  getGuestOptions: {
    handler: async ({ req, res, params }) => {
      noStore(res)
      const order = await boundOrder(req, params.token)
      if (!order) return respond('withdrawal_order_not_found')
      return { status: 200, body: await withdrawalOptions(req.ctx, order) }
    },
  },
  declareGuest: {
    handler: async ({ req, params, body }) => {
      const order = await boundOrder(req, params.token)
      if (!order) return respond('withdrawal_order_not_found')
      const result = await declareWithdrawal(req.ctx, order.id, body, { channel: 'guest' })
      if (!result.ok) {
        if (result.code === 'not_found') return respond('withdrawal_order_not_found')
        return respond(result.code)
      }
      return { status: 200, body: { declaration: result.value } }
    },
  },
})
