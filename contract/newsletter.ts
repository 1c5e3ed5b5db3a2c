// Newsletter: sign-up with e-mail and type (age 16), double opt-in by mail, activation and
// unsubscribe links; spam protection per form type (storefront sections 2, 5, 7, 8 and 9).
import { z } from 'zod'
import { c, errorBody } from './errors.ts'
import { EmailSchema } from './fields.ts'
import { m } from './messages.de.ts'

export const NEWSLETTER_TYPES = [
  { value: 'offers', label: 'Angebote & Deals', hint: 'Wöchentliche Angebote und Aktionen' },
  {
    value: 'campus',
    label: 'Campus',
    hint: 'Deals für Studierende, Schüler, Auszubildende und Lehrkräfte',
  },
  {
    value: 'business',
    label: 'Geschäftskunden',
    hint: 'Angebote und Neuheiten für Unternehmen',
  },
] as const
/** The consent the sign-up form shows; stored with the subscription as proof. */
export function newsletterConsentText(type: NewsletterType): string {
  const label = NEWSLETTER_TYPES.find((entry) => entry.value === type)?.label ?? type
  return `Ja, ich möchte den Bitwerk-Newsletter „${label}“ per E-Mail erhalten und bin mindestens 16 Jahre alt. Meine Einwilligung kann ich jederzeit über den Abmeldelink in jeder E-Mail widerrufen.`
}

/** Days an activation link of the double opt-in mail stays valid. */
export const NEWSLETTER_ACTIVATION_DAYS = 7

export const NewsletterTypeSchema = z.enum(['offers', 'campus', 'business'])
export type NewsletterType = z.infer<typeof NewsletterTypeSchema>

export const SubscribeBodySchema = z.object({
  email: EmailSchema,
  type: NewsletterTypeSchema,
  /** Newsletter age 16 (storefront section 5): the visitor confirms it. */
  ageConfirmed: z.boolean().refine((value) => value, { message: m('min_age_16') }),
  /** Which form was sent: the newsletter page or the checkout's box (own spam windows). */
  formType: z.enum(['newsletter', 'checkout_newsletter']).default('newsletter'),
})
export type SubscribeBody = z.input<typeof SubscribeBodySchema>

export const NewsletterTokenBodySchema = z.object({
  token: z.string().regex(/^[\w-]{20,100}$/, m('invalid_link')),
})

/** The unsubscribe page (the mails' link, `?token=`), also the action of its form. */
export const NEWSLETTER_UNSUBSCRIBE_PATH = '/newsletter/abmelden'
/** `?ergebnis=` of the page after the form was sent without the page's script. */
export const UNSUBSCRIBE_RESULTS = { done: 'abgemeldet', failed: 'fehler' } as const

export const SpamProtectionErrorSchema = errorBody(z.enum(['spam_protection'])).extend({
  /** Minutes until the form may be sent again. */
  minutes: z.number().int().positive(),
})

export const newsletterContract = c.router({
  subscribe: {
    method: 'POST',
    path: '/api/newsletter/subscribe',
    body: SubscribeBodySchema,
    responses: {
      200: z.object({ successful: z.literal(true), error: z.null(), message: z.string() }),
      422: SpamProtectionErrorSchema,
    },
    summary:
      'Newsletter sign-up with e-mail and type; sends the double opt-in mail. The same answer whether the address is new or known (storefront sections 7 and 8)',
  },
  activate: {
    method: 'POST',
    path: '/api/newsletter/activate',
    body: NewsletterTokenBodySchema,
    responses: {
      200: z.object({ successful: z.literal(true), message: z.string() }),
      422: errorBody(z.enum(['newsletter_activation_failed'])),
    },
    summary: 'Activates a sign-up from the link of the double opt-in mail (storefront section 8)',
  },
  unsubscribe: {
    method: 'POST',
    path: '/api/newsletter/unsubscribe',
    body: NewsletterTokenBodySchema,
    responses: {
      200: z.object({ successful: z.literal(true), message: z.string() }),
      422: errorBody(z.enum(['newsletter_unsubscribe_failed'])),
    },
    summary: 'Ends a subscription from the link in the newsletter mails',
  },
  unsubscribeForm: {
    method: 'POST',
    path: NEWSLETTER_UNSUBSCRIBE_PATH,
    contentType: 'application/x-www-form-urlencoded',
    body: NewsletterTokenBodySchema,
    responses: { 303: c.noBody() },
    summary:
      "The unsubscribe page's form as the browser sends it (before the page's script runs, or without it): ends the subscription like /api/newsletter/unsubscribe and answers 303 to the page with ?ergebnis=abgemeldet (or =fehler and the token, to try again)",
  },
})
