// Thin handlers of "Meine Kreditkartendaten": the session's customer, then the service's rules.
import type { Request } from 'express'
import { contract } from '#contract/index.ts'
import { respond, respondOn } from '#server/platform/errors.ts'
import { noStore, s } from '#server/platform/http.ts'
import { requireLogin } from '#server/platform/session.ts'
import * as service from './service.ts'

async function customerOf(req: Request): Promise<number> {
  const customerId = await req.session.customerId()
  // requireLogin() ran first: a full login always names its customer.
  if (!customerId) throw new Error('credit card call without a customer')
  return customerId
}

/** The page that frames the provider's form: this shop, as the browser reached it. */
function pageOrigin(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`
}

const guarded = { middleware: [requireLogin('full')] }

export const creditCardsRouter = s.router(contract.creditCards, {
  getCreditCards: {
    ...guarded,
    handler: async ({ req, res }) => {
      noStore(res)
      const result = await service.listCards(req.ctx, await customerOf(req))
      if (!result.ok) return respond(result.code)
      return { status: 200, body: { creditCards: result.value } }
    },
  },
  getCreditCardFormData: {
    ...guarded,
    handler: async ({ req, res }) => {
      noStore(res)
      const result = await service.formData(req.ctx, await customerOf(req), pageOrigin(req))
      if (!result.ok) return respond(result.code)
      return { status: 200, body: result.value }
    },
  },
  saveCreditCard: {
    ...guarded,
    handler: async ({ req, body }) => {
      const result = await service.saveCard(req.ctx, await customerOf(req), body)
      if (result.ok) return { status: 200, body: { successful: true as const, ...result.value } }
      return respond(result.code)
    },
  },
  removeCreditCards: {
    ...guarded,
    handler: async ({ req, body }) => {
      const result = await service.removeCards(req.ctx, await customerOf(req), body.ids)
      if (result.ok) return { status: 200, body: { successful: true as const, ...result.value } }
      return respondOn('creditCards.removeCreditCards', result.code)
    },
  },
})
