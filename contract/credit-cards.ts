// Contract of the credit-cards slice: "Meine Kreditkartendaten" (account-area §2, §3, §7, §8, §9).
// The card number never reaches the shop: get-form-data hands out the provider's hosted form,
// the browser gets an alias from it, and save stores only the alias and the safe fields.
import { z } from 'zod'
import { c, errorBody, SoftLoginRequiredSchema } from './errors.ts'
import { id } from './fields.ts'
import { m } from './messages.de.ts'

/** Cards one customer may keep. */
export const MAX_STORED_CARDS = 10

export const CreditCardSchema = z.object({
  id: z.number().int(),
  /** visa | mastercard | amex | diners | discover */
  brand: z.string(),
  /** Masked except the last group: "**** **** **** 1111". */
  number: z.string(),
  expired: z.boolean(),
  /** MMYY (account-area §3). */
  expiration: z.object({ date: z.string().regex(/^\d{4}$/) }),
  alias: z.string(),
  holder: z.string(),
})
export type CreditCard = z.infer<typeof CreditCardSchema>

export const CARD_BRAND_LABELS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
}

/** "1228" → "12 / 2028" (account-area §9: 'MM / 20YY'). */
export function formatCardExpiry(date: string): string {
  return `${date.slice(0, 2)} / 20${date.slice(2, 4)}`
}

const CardIdSchema = id()

const auth = { 401: SoftLoginRequiredSchema } as const
/** Light accounts have no credit cards page (account-area §6). */
const forbidden = { 403: errorBody(z.enum(['forbidden'])) } as const

export const creditCardsContract = c.router({
  getCreditCards: {
    method: 'POST',
    path: '/api/account/creditcards/get',
    body: c.noBody(),
    responses: { 200: z.object({ creditCards: z.array(CreditCardSchema) }), ...auth, ...forbidden },
    summary: 'Stored cards of the customer, newest first (account-area §2, §3)',
  },
  getCreditCardFormData: {
    method: 'POST',
    path: '/api/account/creditcards/get-form-data',
    body: c.noBody(),
    responses: {
      200: z.object({
        /** The provider's hosted card form, for an iframe. */
        formUrl: z.string(),
        /** Where that form posts the card (multipart); the shop never posts to it. */
        checkUrl: z.string(),
        expiresAt: z.string(),
      }),
      ...auth,
      ...forbidden,
    },
    summary: 'A hosted card form of the payment provider for adding a card (account-area §7)',
  },
  saveCreditCard: {
    method: 'POST',
    path: '/api/account/creditcards/save',
    body: z.object({
      alias: z.string().trim().min(1, m('required')).max(100, m('invalid')),
      save: z.boolean().default(true),
    }),
    responses: {
      200: z.object({
        successful: z.literal(true),
        alias: z.string(),
        creditCard: CreditCardSchema.nullable(),
      }),
      ...auth,
      ...forbidden,
      422: errorBody(z.enum(['card_alias_unknown', 'card_expired', 'credit_card_limit_reached'])),
    },
    summary:
      'Keep a card the provider checked, by its alias; the same card twice is one card (account-area §7)',
  },
  removeCreditCards: {
    method: 'POST',
    path: '/api/account/creditcards/remove',
    body: z.object({
      ids: z
        .array(CardIdSchema)
        .min(1, m('required'))
        .max(MAX_STORED_CARDS * 5, m('invalid')),
    }),
    responses: {
      200: z.object({ successful: z.literal(true), removed: z.number().int() }),
      ...auth,
      ...forbidden,
      // §8: a failed removal shows the general error (not "page not found").
      404: errorBody(z.enum(['general_error'])),
    },
    summary:
      'Remove the selected cards; all or nothing, 404 general_error if any id is not the customer’s (account-area §7, §8)',
  },
})
