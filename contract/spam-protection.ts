// Spam protection per form type (storefront section 9): after a submit, the same form is refused
// for this many minutes. Kept in session storage by the browser and enforced by the server.
// Zod-free, so the browser's first bundle may import it.

export const SPAM_PROTECTION_MINUTES = {
  newsletter: 60,
  checkout_newsletter: 60,
  product_review: 60,
  review_comment: 10,
} as const

export type SpamFormType = keyof typeof SPAM_PROTECTION_MINUTES

export const SPAM_FORM_TYPES = Object.keys(SPAM_PROTECTION_MINUTES) as [
  SpamFormType,
  ...SpamFormType[],
]
