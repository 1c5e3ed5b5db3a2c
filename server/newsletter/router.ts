import { contract } from '#contract/index.ts'
import { translate } from '#contract/messages.de.ts'
import { NEWSLETTER_UNSUBSCRIBE_PATH, UNSUBSCRIBE_RESULTS } from '#contract/newsletter.ts'
import { respond } from '#server/platform/errors.ts'
import { s, seeOther } from '#server/platform/http.ts'
import { hitRateLimit } from '#server/platform/rate-limit.ts'
import { activate, subscribe, unsubscribe } from './service.ts'

/** Sign-ups per IP address and hour: stops mail bombing without blocking a shared network. */
const SIGNUPS_PER_IP_AND_HOUR = 20

export const newsletterRouter = s.router(contract.newsletter, {
  subscribe: async ({ req, body }) => {
    const limit = await hitRateLimit(req.ctx.db, `newsletter-ip:${req.ip ?? 'unknown'}`, {
      limit: SIGNUPS_PER_IP_AND_HOUR,
      windowSeconds: 3600,
      now: req.ctx.clock.now(),
    })
    if (!limit.allowed) return respond('rate_limited')
    const session = await req.session.ensure()
    const result = await subscribe(req.ctx, {
      email: body.email,
      type: body.type,
      formType: body.formType,
      sessionId: session.id,
    })
    if (!result.ok) {
      const minutes = result.data?.minutes ?? 1
      return {
        status: 422,
        body: { code: result.code, message: translate(result.code, { minutes }), minutes },
      }
    }
    return {
      status: 200,
      body: { successful: true, error: null, message: translate('newsletter_subscribed') },
    }
  },
  activate: async ({ req, body }) => {
    const result = await activate(req.ctx, body.token)
    if (!result.ok) return respond(result.code)
    return { status: 200, body: { successful: true, message: translate('newsletter_activated') } }
  },
  unsubscribeForm: async ({ req, res, body }) => {
    const result = await unsubscribe(req.ctx, body.token)
    const query = result.ok
      ? new URLSearchParams({ ergebnis: UNSUBSCRIBE_RESULTS.done })
      : new URLSearchParams({ token: body.token, ergebnis: UNSUBSCRIBE_RESULTS.failed })
    return seeOther(res, `${NEWSLETTER_UNSUBSCRIBE_PATH}?${query}`)
  },
  unsubscribe: async ({ req, body }) => {
    const result = await unsubscribe(req.ctx, body.token)
    if (!result.ok) return respond(result.code)
    return {
      status: 200,
      body: { successful: true, message: translate('newsletter_unsubscribed') },
    }
  },
})
