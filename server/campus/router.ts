// Thin handlers of the Campus calls: the session's customer, multipart parsing (after the login
// check), then the service's rules; failures in the spec's shape (successful, error, errorMsg).
import type { Request } from 'express'
import { contract } from '#contract/index.ts'
import { parseMessage, translate } from '#contract/messages.de.ts'
import { respond } from '#server/platform/errors.ts'
import { noStore, s } from '#server/platform/http.ts'
import { requireLogin } from '#server/platform/session.ts'
import { campusFailure } from './answers.ts'
import * as service from './service.ts'
import { parseDocumentUpload, parseEmailFields } from './upload.ts'

async function customerOf(req: Request): Promise<number> {
  const customerId = await req.session.customerId()
  // requireLogin() ran first: a login always names its customer.
  if (!customerId) throw new Error('campus call without a customer')
  return customerId
}

const forbiddenForBusiness = () => respond('campus_not_for_business')
const rateLimited = () => respond('rate_limited')

/** 400 with the studentData field codes, like every contract validation failure. */
function invalidFields(fields: Record<string, string>) {
  const errors = Object.entries(fields).map(([field, raw]) => {
    const { code, params } = parseMessage(raw)
    return { field, code, params, message: translate(raw) }
  })
  const codes = Object.fromEntries(errors.map((e) => [e.field, e.code]))
  return {
    status: 400 as const,
    body: {
      code: 'validation_failed' as const,
      message: translate('validation_failed'),
      fields: codes,
      errors,
    },
  }
}

export const campusRouter = s.router(contract.campus, {
  registerByDocument: {
    middleware: [requireLogin('full'), parseDocumentUpload],
    handler: async ({ req, res }) => {
      noStore(res)
      const body = (req.body ?? {}) as Record<string, unknown>
      const result = await service.registerByDocument(req.ctx, await customerOf(req), {
        file: req.file,
        studentData: body.studentData,
      })
      if (result.ok) {
        return {
          status: 200,
          body: {
            successful: true as const,
            message: translate('campus_document_submitted'),
            customerId: result.value.customerId,
          },
        }
      }
      switch (result.code) {
        case 'campus_not_for_business':
          return forbiddenForBusiness()
        case 'rate_limited':
          return rateLimited()
        case 'invalid':
          return invalidFields(result.data?.fields ?? {})
        default:
          return { status: 422, body: campusFailure(result.code, result.data) }
      }
    },
  },

  registerByEmail: {
    middleware: [requireLogin('full'), parseEmailFields],
    handler: async ({ req, res }) => {
      noStore(res)
      const fields = (req.body ?? {}) as Record<string, unknown>
      const customerId = await customerOf(req)
      let result: Awaited<ReturnType<typeof service.registerByEmail>>
      try {
        result = await service.registerByEmail(req.ctx, customerId, fields)
      } catch (error) {
        // account-area §8: anything unexpected is the internal-error text (retry in 10 minutes
        // or register with a document), in the spec's answer shape.
        req.ctx.log.error({ err: error, customerId }, 'campus e-mail registration failed')
        return { status: 422, body: campusFailure('campus_internal_error') }
      }
      if (result.ok) {
        return {
          status: 200,
          body: { successful: true as const, message: translate('campus_registered') },
        }
      }
      if (result.code === 'campus_not_for_business') return forbiddenForBusiness()
      if (result.code === 'rate_limited') return rateLimited()
      return { status: 422, body: campusFailure(result.code, result.data) }
    },
  },

  getStatus: {
    middleware: [requireLogin('full')],
    handler: async ({ req, res }) => {
      noStore(res)
      const result = await service.getStatus(req.ctx, await customerOf(req))
      if (!result.ok) return forbiddenForBusiness()
      return { status: 200, body: result.value }
    },
  },

  getUniversities: {
    middleware: [requireLogin('soft')],
    handler: async ({ req, res }) => {
      if (!(await service.mayJoin(req.ctx, await customerOf(req)))) return forbiddenForBusiness()
      res.setHeader('Cache-Control', 'private, max-age=300')
      return { status: 200, body: await service.listUniversities(req.ctx) }
    },
  },

  confirmEmail: async ({ req, body, res }) => {
    noStore(res)
    const result = await service.confirmEmail(req.ctx, body.token)
    if (!result.ok) return respond(result.code)
    return {
      status: 200,
      body: { successful: true as const, validUntil: result.value.validUntil.toISOString() },
    }
  },
})
