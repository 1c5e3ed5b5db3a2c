// The guests' page cache (issue 23): server-rendered catalog pages (home, category listings,
// product pages, search results) kept as finished HTML per URL, for visitors who carry nothing
// personal. A visitor with a session (cart, wishlist, comparison, login) or any cookie the shop
// does not know gets a fresh render, answered `private, no-store`. The cache is bounded by bytes
// (two-queue.ts: pages asked for once hold at most a quarter of them), dropped on every catalog change (the owner wires `invalidate()` to the catalog cache's
// NOTIFY listener, so every process drops it), and entries expire after a short TTL, which
// bounds what no NOTIFY covers (best sellers, reviews). The production CSP has no nonces
// (`script-src 'self'`, the state is a JSON data block), so a cached document is byte-identical
// for everyone with the same key; a nonce in the HTML would have to be substituted per response.
import { createHash } from 'node:crypto'
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { CONSENT_COOKIE, parseConsentCookie } from '#contract/consent-services.ts'
import { type PersonalSlots, personalPage, personalSlots } from './personal-page.ts'
import type { PageRenderer, PersonalParts } from './render.ts'
import { TwoQueueCache } from './two-queue.ts'

/**
 * Cookies a cached page may ignore: the consent decision (only "decided or not" changes the
 * HTML: the banner; it is part of the key), the trusted-device cookie (read only by the login)
 * and the last-seen list (read by the browser after hydration, never by a server render).
 * Every other cookie makes the request personal: the session (`sid`), the staff session, and
 * anything unknown.
 */
const IGNORABLE_COOKIES = new Set([CONSENT_COOKIE, 'did', 'last_seen'])

/** The catalog pages whose HTML is the same for every guest. */
const CACHEABLE_PATH = /^\/(?:$|kategorie\/|artikel\/|produkte\/)/

/** Longer URLs are rendered but never stored (a bound on key size and cache pollution). */
const MAX_URL_LENGTH = 1024

export const PAGE_CACHE_HEADER = 'X-Page-Cache'

/** What guests' pages say to browsers and shared caches (a CDN in front keys on the cookie). */
export const PUBLIC_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=30'
/** Pages rendered for a visitor with a session or other personal cookies. */
export const PERSONAL_PAGE_CACHE_CONTROL = 'private, no-store'

/**
 * The page as UTF-8 bytes: sent as is, no encoding per response; where its personal parts are
 * (null: not to be reused for customers).
 */
type Entry = {
  body: Buffer
  etag: string
  bytes: number
  at: number
  personal: PersonalSlots | null
}

/**
 * Per request, between the lookup (early) and the render (last handler). A personal request
 * keeps the guest key of its URL and consent decision: its page may be made from that entry.
 */
export type PageCacheState = {
  kind: 'guest' | 'personal'
  key: string | null
  generation: number
  consentCookie: string | null
}

export type PageCacheOptions = {
  maxBytes: number
  ttlMs?: number
  /** False until the catalog's change listener is confirmed: nothing is served or stored then. */
  ready?: () => boolean
  now?: () => number
}

function parseCookieNames(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>()
  if (!header) return cookies
  for (const part of header.split(';')) {
    const at = part.indexOf('=')
    const name = (at < 0 ? part : part.slice(0, at)).trim()
    if (name === '') continue
    cookies.set(name, at < 0 ? '' : part.slice(at + 1).trim())
  }
  return cookies
}

export function strongEtag(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`
}

/** A page for sending: its bytes and their entity tag. */
export function guestPage(html: string): { body: Buffer; etag: string } {
  const body = Buffer.from(html, 'utf8')
  return { body, etag: strongEtag(body) }
}

/** If-None-Match lists the entity tag (weak comparison allowed for GET, RFC 9110 13.1.2). */
function matchesEtag(req: Request, etag: string): boolean {
  const header = req.headers['if-none-match']
  if (!header) return false
  if (header.trim() === '*') return true
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

/** Pages in all (the bound that matters is the bytes; this one bounds the keys remembered). */
const MAX_PAGES = 2000

export class PageCache {
  private readonly entries: TwoQueueCache<Entry>
  private generationValue = 0
  private readonly ttlMs: number
  private readonly ready: () => boolean
  private readonly now: () => number
  readonly maxBytes: number

  constructor(options: PageCacheOptions) {
    this.maxBytes = options.maxBytes
    this.entries = new TwoQueueCache({ maxEntries: MAX_PAGES, maxBytes: options.maxBytes })
    this.ttlMs = options.ttlMs ?? 60_000
    this.ready = options.ready ?? (() => true)
    this.now = options.now ?? Date.now
  }

  /** Bumped by every invalidation: a render that started before it is not stored. */
  get generation(): number {
    return this.generationValue
  }

  get size(): { entries: number; bytes: number } {
    return this.entries.size
  }

  invalidate(): void {
    this.generationValue += 1
    this.entries.clear()
  }

  get(key: string): Entry | undefined {
    if (!this.ready()) return undefined
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (this.now() - entry.at >= this.ttlMs) {
      this.entries.delete(key, entry)
      return undefined
    }
    return entry
  }

  /**
   * Stores a render unless the catalog changed while it ran; returns the stored entry. `personal`:
   * the render's personal parts (the entry is then reused for customers where they are found).
   */
  set(
    key: string,
    html: string,
    generation: number,
    personal?: PersonalParts | null,
  ): Entry | undefined {
    if (!this.ready() || generation !== this.generationValue) return undefined
    const page = guestPage(html)
    const bytes = page.body.length + key.length * 2 + 200
    if (bytes > this.maxBytes / 4) return undefined
    const entry: Entry = {
      ...page,
      bytes,
      at: this.now(),
      personal: personal ? personalSlots(page.body, personal) : null,
    }
    this.entries.set(key, entry, bytes)
    return entry
  }
}

/** Sends a guest's page (cached or just rendered) with validators; 304 when the tag matches. */
export function sendGuestPage(
  req: Request,
  res: Response,
  entry: { body: Buffer; etag: string },
  source: 'hit' | 'miss',
): void {
  res.setHeader('Cache-Control', PUBLIC_PAGE_CACHE_CONTROL)
  res.setHeader('Vary', 'Cookie')
  res.setHeader('ETag', entry.etag)
  res.setHeader(PAGE_CACHE_HEADER, source)
  if (matchesEtag(req, entry.etag)) {
    res.status(304).end()
    return
  }
  res.status(200).type('html').send(entry.body)
}

/**
 * Early in the stack (after the security headers, before body parsing, cookies and sessions):
 * answers a guest's catalog page from the cache, or notes what the page handler needs to store
 * the render (`pageCacheState`).
 */
export function pageCacheLookup(cache: PageCache): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !CACHEABLE_PATH.test(req.path))
      return next()
    const cookies = parseCookieNames(req.headers.cookie)
    let personal = false
    for (const name of cookies.keys()) if (!IGNORABLE_COOKIES.has(name)) personal = true
    const consentCookie = cookies.get(CONSENT_COOKIE) ?? null
    const decided = parseConsentCookie(consentCookie) !== null
    const url = req.originalUrl
    const key =
      url.length > MAX_URL_LENGTH
        ? null
        : `${decided ? 'c1' : 'c0'} ${req.protocol}://${(req.get('host') ?? '').toLowerCase()}${url}`
    const state: PageCacheState = {
      kind: personal ? 'personal' : 'guest',
      key,
      generation: cache.generation,
      consentCookie: decided ? consentCookie : null,
    }
    res.locals.pageCache = state
    if (personal) return next()
    const entry = key === null ? undefined : cache.get(key)
    if (!entry) return next()
    sendGuestPage(req, res, entry, 'hit')
  }
}

export function pageCacheStateOf(res: Response): PageCacheState | undefined {
  return res.locals.pageCache as PageCacheState | undefined
}

/**
 * Before a guest's render: only the consent decision stays in the Cookie header, so nothing the
 * key ignores (trusted device, last seen) can reach the render or its API calls. For a personal
 * request's guest render (`force`), the caller puts the header back afterwards.
 */
export function reduceCookiesForGuestRender(
  req: Request,
  state: PageCacheState,
  force = false,
): void {
  if (state.kind !== 'guest' && !force) return
  if (state.consentCookie === null) delete req.headers.cookie
  else req.headers.cookie = `${CONSENT_COOKIE}=${state.consentCookie}`
}

/**
 * A personal request's catalog page made from the guest's entry for its URL and consent decision
 * (rendered as a guest and stored first when missing), with the visitor's parts put in. Null when
 * it cannot be: the visitor sees other prices (`seesGuestPrices`), a product on the page shows
 * the visitor's wishlist or comparison, the renderer cannot render the parts alone, or the parts
 * were not found in the guest's page. The caller then renders the page in full.
 */
export async function personalPageFromGuest(
  req: Request,
  res: Response,
  cache: PageCache,
  state: PageCacheState,
  renderer: PageRenderer,
  seesGuestPrices: () => Promise<boolean>,
): Promise<Buffer | null> {
  if (state.kind !== 'personal' || state.key === null || !renderer.renderPersonal) return null
  if (!(await seesGuestPrices())) return null
  let body: Buffer
  let slots: PersonalSlots | null
  const entry = cache.get(state.key)
  if (entry) {
    body = entry.body
    slots = entry.personal
  } else {
    // The guest's render, with the guest's cookies only (put back for the visitor's parts).
    const cookie = req.headers.cookie
    let result: Awaited<ReturnType<PageRenderer['render']>>
    try {
      reduceCookiesForGuestRender(req, state, true)
      result = await renderer.render(req, { notePersonal: true })
    } finally {
      if (cookie === undefined) delete req.headers.cookie
      else req.headers.cookie = cookie
    }
    if (result.type !== 'html' || result.status !== 200 || res.locals.renderSetCookie) return null
    const stored = cache.set(state.key, result.html, state.generation, result.personal)
    body = stored?.body ?? Buffer.from(result.html, 'utf8')
    slots = stored ? stored.personal : result.personal ? personalSlots(body, result.personal) : null
  }
  if (!slots) return null
  const mine = await renderer.renderPersonal(req)
  return mine ? personalPage(body, slots, mine) : null
}
