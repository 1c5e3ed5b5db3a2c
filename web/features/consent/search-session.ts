// The search suggestions' session id (storefront section 7): read from storage only with
// consent to personalised suggestions, otherwise the neutral '2'.
import { hasConsent } from './consent-store.ts'

const STORAGE_KEY = 'bw_search_session'
export const ANONYMOUS_SEARCH_SESSION = '2'

export function getSuggestionSessionId(): string {
  if (typeof window === 'undefined' || !hasConsent('search')) return ANONYMOUS_SEARCH_SESSION
  try {
    let id = window.localStorage.getItem(STORAGE_KEY)
    if (!id) {
      id = randomId()
      window.localStorage.setItem(STORAGE_KEY, id)
    }
    return id
  } catch {
    return ANONYMOUS_SEARCH_SESSION
  }
}

/** Removes the stored id (consent withdrawn or never given). */
export function forgetSuggestionSession(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEY)
  } catch {
    // Storage blocked: nothing was stored.
  }
}

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
