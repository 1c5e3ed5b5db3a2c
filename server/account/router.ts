// Thin handlers of the account slice: HTTP, cookies and sessions around the service's rules.
import type { Request, Response } from 'express'
import { contract } from '#contract/index.ts'
import { translate } from '#contract/messages.de.ts'
import { copyCartToSession } from '#server/cart/index.ts'
import { respond, respondOn } from '#server/platform/errors.ts'
import { noStore, s } from '#server/platform/http.ts'
import { requireLogin } from '#server/platform/session.ts'
import { type Client, DEVICE_TRUST_DAYS } from './common.ts'
import {
  changeCompanyName,
  changeEmail,
  changeNames,
  changeOwnerNames,
  changePassword,
  changeVatId,
  getCustomerData,
} from './customer-data.ts'
import { convertLightToFull } from './light-account.ts'
import { login, softLoginEmail } from './login.ts'
import { requestPasswordReset, resetPassword } from './password-reset.ts'
import { registerBusiness, registerGuest, registerPrivate } from './registration.ts'
import { resendTwoFaCode, submitTwoFaCode } from './two-factor.ts'

/** The long-lived cookie of a browser that passed the e-mailed code (see docs/decisions.md). */
export const DEVICE_COOKIE = 'did'

function clientOf(req: Request): Client {
  const token: unknown = req.cookies?.[DEVICE_COOKIE]
  return {
    ip: req.ip ?? 'unknown',
    deviceToken: typeof token === 'string' && /^[\w-]{43}$/.test(token) ? token : undefined,
  }
}

function setDeviceCookie(req: Request, res: Response, token: string) {
  res.cookie(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.secure,
    path: '/',
    maxAge: DEVICE_TRUST_DAYS * 24 * 60 * 60 * 1000,
  })
}

/** "Bitte warte m:ss Minuten": the countdown's start, as the client shows it. */
function blockedParams(until: Date, now: Date) {
  const left = Math.max(0, Math.ceil((until.getTime() - now.getTime()) / 1000))
  return { m: Math.floor(left / 60), s: String(left % 60).padStart(2, '0') }
}

export const accountRouter = s.router(contract.account, {
  login: async ({ req, res, body }) => {
    noStore(res)
    // A soft login's re-login sends the password alone: the e-mail is the session's customer's.
    const email = body.email || (await softLoginEmail(req.ctx, req.session))
    if (!email) {
      const required = {
        field: 'email',
        code: 'required',
        params: {},
        message: translate('required'),
      }
      return {
        status: 400,
        body: {
          code: 'validation_failed' as const,
          message: translate('validation_failed'),
          fields: { email: 'required' },
          errors: [required],
        },
      }
    }
    const result = await login(req.ctx, req.session, { ...body, email }, clientOf(req))
    if (result.ok) return { status: 200, body: result.value.result }
    if (result.code === 'rate_limited') return respond('rate_limited')
    if (result.code === 'login_blocked' && result.data) {
      const until = result.data.blockedUntil
      return respond(
        'login_blocked',
        { loginBlockedUntil: Math.ceil(until.getTime() / 1000) },
        blockedParams(until, req.ctx.clock.now()),
      )
    }
    return respond('login_failed', { successful: false as const })
  },

  submitTwoFaCode: async ({ req, res, body }) => {
    noStore(res)
    const result = await submitTwoFaCode(req.ctx, req.session, body.code, clientOf(req))
    if (result.ok) {
      setDeviceCookie(req, res, result.value.deviceToken)
      return { status: 200, body: result.value.result }
    }
    if (result.code === 'rate_limited') return respond('rate_limited')
    return respond('two_fa_code_invalid')
  },

  resendTwoFaCode: async ({ req }) => {
    const result = await resendTwoFaCode(req.ctx, req.session)
    if (result.ok) {
      return {
        status: 200,
        body: { successful: true as const, message: translate('two_fa_code_resent') },
      }
    }
    if (result.code === 'rate_limited') return respond('rate_limited')
    return respond('two_fa_resend_failed')
  },

  logout: async ({ req }) => {
    await req.session.destroy()
    return { status: 200, body: { successful: true as const } }
  },

  logoutAndTransfer: async ({ req }) => {
    const previous = await req.session.load()
    await req.session.destroy()
    const guest = await req.session.ensure()
    // The customer who leaves the account keeps shopping with a copy of the same cart; the
    // customer's own cart stays for the next login.
    const customerId = previous?.customerId
    if (customerId) {
      await req.ctx.db.transaction((tx) =>
        copyCartToSession(tx, customerId, guest.id, req.ctx.clock.now()),
      )
    }
    return { status: 200, body: { successful: true as const } }
  },

  register: async ({ req, res, body }) => {
    noStore(res)
    const result = await registerPrivate(req.ctx, req.session, body, clientOf(req))
    if (result.ok) return { status: 200, body: result.value }
    if (result.code === 'rate_limited') return respond('rate_limited')
    return respond(result.code, {
      data: { registered: false as const },
      errorFields: result.data?.errorFields ?? {},
    })
  },

  registerBusiness: async ({ req, res, body }) => {
    noStore(res)
    const result = await registerBusiness(req.ctx, req.session, body, clientOf(req))
    if (result.ok) return { status: 200, body: result.value }
    if (result.code === 'rate_limited') return respond('rate_limited')
    return respond(result.code, {
      data: { registered: false as const },
      errorFields: result.data?.errorFields ?? {},
    })
  },

  registerGuest: async ({ req, res, body }) => {
    noStore(res)
    const result = await registerGuest(req.ctx, req.session, body, clientOf(req))
    if (result.ok) return { status: 200, body: result.value }
    if (result.code === 'rate_limited') return respond('rate_limited')
    return respond(result.code, {
      data: { registered: false as const },
      errorFields: result.data?.errorFields ?? {},
    })
  },

  requestPasswordReset: async ({ req, body }) => {
    const result = await requestPasswordReset(req.ctx, body.email, clientOf(req))
    if (!result.ok) return respond('rate_limited')
    return {
      status: 200,
      body: {
        successful: true as const,
        message: translate('password_reset_sent', { email: body.email }),
      },
    }
  },

  processPasswordForgotten: async ({ req, body }) => {
    const result = await resetPassword(req.ctx, body, clientOf(req))
    if (result.ok) {
      return {
        status: 200,
        body: { successful: true as const, message: translate('password_reset_done') },
      }
    }
    return respond(result.code)
  },

  getCustomer: {
    middleware: [requireLogin('full')],
    handler: async ({ req, res }) => {
      noStore(res)
      const customerId = await req.session.customerId()
      const data = customerId ? await getCustomerData(req.ctx, customerId) : null
      if (!data) return respond('unauthorized')
      return { status: 200, body: data }
    },
  },

  changePassword: {
    middleware: [requireLogin('full')],
    handler: async ({ req, body }) => {
      const result = await changePassword(req.ctx, req.session, await customerOf(req), body)
      if (result.ok) return { status: 200, body: { successful: true as const } }
      return respond(result.code)
    },
  },

  changeNames: {
    middleware: [requireLogin('full')],
    handler: async ({ req, body }) => {
      const result = await changeNames(req.ctx, await customerOf(req), body)
      if (result.ok) return { status: 200, body: { successful: true as const } }
      return respond(result.code)
    },
  },

  changeOwnerNames: {
    middleware: [requireLogin('full')],
    handler: async ({ req, body }) => {
      const result = await changeOwnerNames(req.ctx, await customerOf(req), body)
      if (result.ok) return { status: 200, body: { successful: true as const } }
      return respond(result.code)
    },
  },

  changeCompanyName: {
    middleware: [requireLogin('full')],
    handler: async ({ req, body }) => {
      const result = await changeCompanyName(req.ctx, await customerOf(req), body.companyName)
      if (result.ok) return { status: 200, body: { successful: true as const } }
      return respond(result.code)
    },
  },

  changeVatId: {
    middleware: [requireLogin('full')],
    handler: async ({ req, body }) => {
      const result = await changeVatId(req.ctx, await customerOf(req), body.vatId)
      if (result.ok) return { status: 200, body: { data: { successful: true as const } } }
      return respondOn('account.changeVatId', result.code)
    },
  },

  changeEmail: {
    middleware: [requireLogin('full')],
    handler: async ({ req, body }) => {
      const result = await changeEmail(req.ctx, await customerOf(req), body)
      if (result.ok) return { status: 200, body: { successful: true as const } }
      return respond(result.code)
    },
  },

  convertLightToFullUser: {
    middleware: [requireLogin('full')],
    handler: async ({ req, res, body }) => {
      noStore(res)
      const result = await convertLightToFull(req.ctx, await customerOf(req), body)
      if (result.ok) return { status: 200, body: result.value }
      if (result.code === 'not_found') return respond('not_found')
      return respond('conversion_failed', { errorFields: result.data?.errorFields ?? {} })
    },
  },
})

async function customerOf(req: Request): Promise<number> {
  const customerId = await req.session.customerId()
  // requireLogin() ran first: a full login always names its customer.
  if (!customerId) throw new Error('account change without a customer')
  return customerId
}
