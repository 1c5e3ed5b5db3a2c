// The idempotency key of an order attempt, kept until the shop's answer arrives (issue 16).
// A lost answer (network error, 5xx, 503 while the database is away, 408/429) keeps the key, so
// the retry is the same attempt: the server answers with the order the first try placed, or
// finishes it with the same authorization. An answer (success or a domain error) ends the
// attempt; a changed order (cart, address, payment, shipping, vouchers: the fingerprint) gets a
// new key. Kept in sessionStorage per tab, so a reload of the page keeps it too.

export type KeyStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

const PREFIX = 'bitwerk:checkout-attempt:'

/** Where sessionStorage is missing or refuses (private modes), the page's memory keeps the key. */
const memory = new Map<string, string>()
const memoryStore: KeyStore = {
  getItem: (name) => memory.get(name) ?? null,
  setItem: (name, value) => void memory.set(name, value),
  removeItem: (name) => void memory.delete(name),
}

function defaultStore(): KeyStore {
  try {
    const store = window.sessionStorage
    store.setItem(`${PREFIX}probe`, '1')
    store.removeItem(`${PREFIX}probe`)
    return store
  } catch {
    return memoryStore
  }
}

type Saved = { fingerprint: string; key: string }

function read(store: KeyStore, scope: string): Saved | null {
  try {
    const raw = store.getItem(PREFIX + scope)
    const parsed = raw ? (JSON.parse(raw) as Partial<Saved>) : null
    return typeof parsed?.key === 'string' && typeof parsed.fingerprint === 'string'
      ? { key: parsed.key, fingerprint: parsed.fingerprint }
      : null
  } catch {
    return null
  }
}

/** A short stable digest of what the order is (FNV-1a), so the stored entry stays small. */
export function fingerprintOf(value: unknown): string {
  const text = JSON.stringify(value) ?? ''
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return `${(hash >>> 0).toString(16)}-${text.length}`
}

/** The attempt's key: the kept one while the order is the same, else a new one (kept). */
export function attemptKey(scope: string, fingerprint: string, store = defaultStore()): string {
  const saved = read(store, scope)
  if (saved && saved.fingerprint === fingerprint) return saved.key
  const key = crypto.randomUUID()
  try {
    store.setItem(PREFIX + scope, JSON.stringify({ fingerprint, key } satisfies Saved))
  } catch {
    memoryStore.setItem(PREFIX + scope, JSON.stringify({ fingerprint, key } satisfies Saved))
  }
  return key
}

/** A key kept from an attempt whose answer never came (e.g. to look for its order after a reload). */
export function unansweredKey(scope: string, store = defaultStore()): string | null {
  return read(store, scope)?.key ?? null
}

/** True when the status is the shop's answer about the attempt (not a lost or refused request). */
export function isAnswer(status: number): boolean {
  return status < 500 && status !== 408 && status !== 429
}

export function forgetAttempt(scope: string, store = defaultStore()): void {
  try {
    store.removeItem(PREFIX + scope)
  } catch {
    memoryStore.removeItem(PREFIX + scope)
  }
}

/**
 * Sends one attempt with its kept key. The key is forgotten once an answer arrives; a thrown
 * network error or a 5xx/408/429 keeps it for the retry.
 */
export async function sendAttempt<A extends { status: number }>(
  scope: string,
  fingerprint: string,
  call: (idempotencyKey: string) => Promise<A>,
  store = defaultStore(),
): Promise<A> {
  const answer = await call(attemptKey(scope, fingerprint, store))
  if (isAnswer(answer.status)) forgetAttempt(scope, store)
  return answer
}
