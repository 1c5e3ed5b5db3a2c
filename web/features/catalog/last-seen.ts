// "Zuletzt angesehene Produkte": viewing a product is a read and creates no session, so the
// product page remembers the id in a first-party cookie (ids, newest first, at most 12, 30 days);
// GET /api/last-seen-products reads it. See docs/decisions.md.
import { LAST_SEEN_COOKIE, LAST_SEEN_MAX } from './constants.ts'

const MAX_AGE_SECONDS = 30 * 24 * 60 * 60

export function readLastSeen(cookie: string): number[] {
  const match = new RegExp(`(?:^|;\\s*)${LAST_SEEN_COOKIE}=([^;]*)`).exec(cookie)
  if (!match?.[1]) return []
  return match[1]
    .split('.')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0)
}

/** The cookie value after viewing `productId`. */
export function nextLastSeen(cookie: string, productId: number): string {
  return [productId, ...readLastSeen(cookie).filter((id) => id !== productId)]
    .slice(0, LAST_SEEN_MAX)
    .join('.')
}

export function rememberProduct(productId: number): void {
  if (typeof document === 'undefined') return
  const value = nextLastSeen(document.cookie, productId)
  const secure = window.location.protocol === 'https:' ? '; Secure' : ''
  // biome-ignore lint/suspicious/noDocumentCookie: a small functional cookie; Cookie Store API is not in every browser
  document.cookie = `${LAST_SEEN_COOKIE}=${value}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax${secure}`
}
