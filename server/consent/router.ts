import type { Request } from 'express'
import {
  CONSENT_COOKIE,
  CONSENT_COOKIE_DAYS,
  formatConsentCookie,
} from '#contract/consent-services.ts'
import { contract } from '#contract/index.ts'
import { respond } from '#server/platform/errors.ts'
import { noStore, s } from '#server/platform/http.ts'
import { getConsent, saveConsent, trackEvent, trackScrolling } from './service.ts'

/** The bw_consent cookie's value on a request (undefined without one). */
export function consentCookieOf(req: Request): string | undefined {
  const value: unknown = req.cookies?.[CONSENT_COOKIE]
  return typeof value === 'string' ? value : undefined
}

export const consentRouter = s.router(contract.consent, {
  saveConsent: async ({ req, res, body }) => {
    const { answer, state } = await saveConsent(req.ctx, consentCookieOf(req), body)
    // Readable by the shop's scripts (not httpOnly): they must know the decision before any
    // tracking runs. The record in Postgres stays the truth the server checks.
    res.cookie(CONSENT_COOKIE, formatConsentCookie(state), {
      httpOnly: false,
      sameSite: 'lax',
      secure: req.secure,
      path: '/',
      maxAge: CONSENT_COOKIE_DAYS * 24 * 60 * 60 * 1000,
    })
    noStore(res)
    return { status: 200, body: answer }
  },
  getConsent: async ({ req, res }) => {
    noStore(res)
    const answer = await getConsent(req.ctx.db, consentCookieOf(req))
    return answer ? { status: 200, body: answer } : respond('not_found')
  },
  trackEvent: async ({ req, body }) => {
    const result = await trackEvent(req.ctx, consentCookieOf(req), body)
    if (!result.ok) return respond(result.code)
    return { status: 200, body: { successful: true } }
  },
  trackScrolling: async ({ req, body }) => {
    const result = await trackScrolling(req.ctx, consentCookieOf(req), body)
    if (!result.ok) return respond(result.code)
    return { status: 200, body: { successful: true } }
  },
})
