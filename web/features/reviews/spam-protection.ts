// Spam protection in the browser (storefront section 9): after a submit, the review form of the
// same product is blocked for 60 minutes and the comment form for 10, remembered in session
// storage. The server counts the same in Postgres and answers 429 otherwise.
import { SPAM_PROTECTION_MINUTES } from '#contract/spam-protection.ts'

const STORAGE_KEY = 'bw_review_spam_protection'

type Form = { formType: 'product_review'; productId: number } | { formType: 'review_comment' }

function keyOf(form: Form) {
  return form.formType === 'product_review' ? `product_review:${form.productId}` : form.formType
}

function readAll(): Record<string, number> {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY)
    return raw ? (JSON.parse(raw) as Record<string, number>) : {}
  } catch {
    return {}
  }
}

/** Minutes until the form may be sent again; 0 when it may be sent now. */
export function reviewBlockedMinutes(form: Form, now = Date.now()): number {
  const sentAt = readAll()[keyOf(form)]
  if (sentAt === undefined) return 0
  const until = sentAt + SPAM_PROTECTION_MINUTES[form.formType] * 60_000
  return until > now ? Math.ceil((until - now) / 60_000) : 0
}

export function markReviewSubmitted(form: Form, now = Date.now()): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ...readAll(), [keyOf(form)]: now }))
  } catch {
    // Storage blocked: the server still refuses repeats.
  }
}
