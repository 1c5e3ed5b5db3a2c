// Thin handlers of the address book: the session's customer, then the service's rules.
import type { Request, Response } from 'express'
import { contract } from '#contract/index.ts'
import { respond } from '#server/platform/errors.ts'
import { noStore, s } from '#server/platform/http.ts'
import { requireLogin } from '#server/platform/session.ts'
import * as service from './service.ts'

async function customerOf(req: Request): Promise<number> {
  const customerId = await req.session.customerId()
  // requireLogin() ran first: a full login always names its customer.
  if (!customerId) throw new Error('address call without a customer')
  return customerId
}

const guarded = { middleware: [requireLogin('full')] }

function countries(kind: 'billing' | 'delivery', type: 'private' | 'business') {
  return async ({ req, res }: { req: Request; res: Response }) => {
    res.setHeader('Cache-Control', 'public, max-age=300')
    return { status: 200 as const, body: await service.listCountries(req.ctx, kind, type) }
  }
}

export const addressesRouter = s.router(contract.addresses, {
  getAddresses: {
    ...guarded,
    handler: async ({ req, res }) => {
      noStore(res)
      return { status: 200, body: await service.listAddresses(req.ctx, await customerOf(req)) }
    },
  },
  getAddress: {
    ...guarded,
    handler: async ({ req, res, body }) => {
      noStore(res)
      const result = await service.getAddress(req.ctx, await customerOf(req), body.addressId)
      if (!result.ok) return respond('not_found')
      return { status: 200, body: result.value }
    },
  },
  addAddress: {
    ...guarded,
    handler: async ({ req, body }) => {
      const result = await service.addAddress(req.ctx, await customerOf(req), body)
      if (result.ok) return { status: 200, body: result.value }
      return respond(result.code, { errorFields: result.data?.errorFields ?? {} })
    },
  },
  updateAddress: {
    ...guarded,
    handler: async ({ req, body }) => {
      const { addressId, ...input } = body
      const result = await service.updateAddress(req.ctx, await customerOf(req), addressId, input)
      if (result.ok) return { status: 200, body: result.value }
      if (result.code === 'not_found') return respond('not_found')
      return respond(result.code, { errorFields: result.data?.errorFields ?? {} })
    },
  },
  deleteAddress: {
    ...guarded,
    handler: async ({ req, body }) => {
      const result = await service.deleteAddress(req.ctx, await customerOf(req), body.addressId)
      if (result.ok) return { status: 200, body: result.value }
      if (result.code === 'not_found') return respond('not_found')
      return respond(result.code, { errorFields: {} })
    },
  },
  getBillingPrivateCountries: countries('billing', 'private'),
  getBillingBusinessCountries: countries('billing', 'business'),
  getDeliveryPrivateCountries: countries('delivery', 'private'),
  getDeliveryBusinessCountries: countries('delivery', 'business'),
})
