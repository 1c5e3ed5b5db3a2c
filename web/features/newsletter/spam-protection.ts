// Spam protection in the browser (storefront sections 4 and 9): after a submit, the same form
// type is blocked for its minutes, remembered in session storage. The server enforces the same.
import { SPAM_PROTECTION_MINUTES, type SpamFormType } from '#contract/spam-protection.ts'

const STORAGE_KEY = 'bw_spam_protection'

function readAll(): Partial<Record<SpamFormType, number>> {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY)
    return raw ? (JSON.parse(raw) as Partial<Record<SpamFormType, number>>) : {}
  } catch {
    return {}
  }
}

/** Minutes until `formType` may be sent again; 0 when it may be sent now. */
export function spamBlockedMinutes(formType: SpamFormType, now = Date.now()): number {
  const sentAt = readAll()[formType]
  if (sentAt === undefined) return 0
  const until = sentAt + SPAM_PROTECTION_MINUTES[formType] * 60_000
  return until > now ? Math.ceil((until - now) / 60_000) : 0
}

/** Remembers a successful submit of `formType`. */
export function markFormSubmitted(formType: SpamFormType, now = Date.now()): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ...readAll(), [formType]: now }))
  } catch {
    // Storage blocked: the server still refuses repeats.
  }
}
