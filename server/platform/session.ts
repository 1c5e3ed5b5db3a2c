// Sessions in Postgres. The cookie holds a random token; the row is keyed by its SHA-256.
// A visitor gets a session on the first write (cart, wishlist, login), never on a read.

import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, ne, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { type Db, type DbOrTx, preparedPerDb } from '#db/client.ts'
import { sessions } from '#db/schema/platform.ts'
import { sendError } from './errors.ts'
import type { AppContext } from './http.ts'
import type { Logger } from './log.ts'
import { SessionCache } from './session-cache.ts'

export const SESSION_COOKIE = 'sid'
const TOUCH_AFTER_MS = 10 * 60 * 1000

export type SessionRow = typeof sessions.$inferSelect
export type LoginLevel = 'none' | 'soft' | 'full'

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export function loginLevelOf(row: SessionRow | null, now: Date): LoginLevel {
  if (!row?.customerId) return 'none'
  return row.fullLoginExpiresAt && row.fullLoginExpiresAt > now ? 'full' : 'soft'
}

export type SessionHandle = {
  /** The visitor's session, or null when there is none (or it expired). */
  load: () => Promise<SessionRow | null>
  /** The session, created (and the cookie set) if the visitor has none. */
  ensure: () => Promise<SessionRow>
  /**
   * The id (the cookie's hash) of the session this request names, while it has not been looked
   * up yet; else null. For a write that looks the session up in its own statement (the cart's
   * add, issue 23), which then hands the row it read (or null: none) to `adopt`.
   */
  unreadId: () => string | null
  /** The session row a statement looked up by `unreadId()` (null: no such session). */
  adopt: (row: SessionRow | null) => SessionRow | null
  level: () => Promise<LoginLevel>
  /** The logged-in account (soft or full), or null. */
  customerId: () => Promise<number | null>
  /** Merges keys into the session's data (creating the session if needed). */
  patchData: (patch: Record<string, unknown>) => Promise<SessionRow>
  /**
   * Logs an account in under a new session id (no fixation). The previous session's id is
   * returned so that slices can move its cart and wishlist over.
   */
  login: (
    customerId: number,
    fullLoginExpiresAt: Date | null,
    db?: DbOrTx,
  ) => Promise<{ previousId: string | null; session: SessionRow }>
  /** Destroys the session and clears the cookie. */
  destroy: () => Promise<void>
}

function cookieOptions(req: Request, maxAgeMs: number) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: req.secure,
    path: '/',
    maxAge: maxAgeMs,
  }
}

function readToken(req: Request): string | undefined {
  const token: unknown = req.cookies?.[SESSION_COOKIE]
  return typeof token === 'string' && /^[\w-]{43}$/.test(token) ? token : undefined
}

/** The session lookup of every request, built once per database (the query builder is not free). */
const sessionLookup = preparedPerDb((db) =>
  db
    .select()
    .from(sessions)
    .where(
      and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))),
    )
    .prepare('session_lookup'),
)

/**
 * For a statement of another slice that looks the session up itself (the cart's add, issue 23:
 * one round trip): the live session with this id, as a CTE body whose columns `sessionRowOf`
 * reads back (selected through `sessionColumnsAs`). The sessions table's
 * shape stays here.
 */
export function liveSessionSelect(id: SQL | Placeholder, now: SQL): SQL {
  return sql`select id, customer_id, full_login_expires_at, expires_at, created_at, last_seen_at, data
    from sessions where id = ${id} and expires_at > ${now}`
}

/** The columns of `liveSessionSelect` from the CTE named `alias`, as `sessionRowOf` reads them. */
export function sessionColumnsAs(alias: string): SQL {
  const a = sql.raw(alias)
  return sql`${a}.id as "sId", ${a}.customer_id as "sCustomerId",
      ${a}.full_login_expires_at as "sFullLoginExpiresAt", ${a}.expires_at as "sExpiresAt",
      ${a}.created_at as "sCreatedAt", ${a}.last_seen_at as "sLastSeenAt", ${a}.data as "sData"`
}

/** A row's session columns (`sessionColumnsAs`; timestamps as Postgres text). */
export type SessionColumns = {
  sId: string
  sCustomerId: number | null
  sFullLoginExpiresAt: string | null
  sExpiresAt: string
  sCreatedAt: string
  sLastSeenAt: string
  sData: Record<string, unknown>
}

/** The session row of `sessionColumnsAs`'s columns, as drizzle maps the table's row. */
export function sessionRowOf(row: SessionColumns): SessionRow {
  return {
    id: row.sId,
    customerId: row.sCustomerId,
    fullLoginExpiresAt: row.sFullLoginExpiresAt === null ? null : new Date(row.sFullLoginExpiresAt),
    expiresAt: new Date(row.sExpiresAt),
    createdAt: new Date(row.sCreatedAt),
    lastSeenAt: new Date(row.sLastSeenAt),
    data: row.sData,
  } as SessionRow
}

/** Each database's session cache (session-cache.ts); all of them for this process's own writes. */
const caches = new WeakMap<Db, SessionCache<SessionRow>>()
const allCaches = new Set<WeakRef<SessionCache<SessionRow>>>()

function sessionCache(db: Db, log: Logger): SessionCache<SessionRow> {
  let cache = caches.get(db)
  if (!cache) {
    cache = new SessionCache<SessionRow>(db, log)
    caches.set(db, cache)
    allCaches.add(new WeakRef(cache))
  }
  return cache
}

/** A write of this process to sessions (its NOTIFY follows): every cache here follows at once. */
function forEachCache(apply: (cache: SessionCache<SessionRow>) => void): void {
  for (const ref of allCaches) {
    const cache = ref.deref()
    if (cache) apply(cache)
    else allCaches.delete(ref)
  }
}

/** Reads may take a cached session row; writes always read it from the database. */
function isRead(req: Request): boolean {
  return req.method === 'GET' || req.method === 'HEAD'
}

/** Resolved once: the lookup of a request without a session cookie. */
const NO_SESSION: Promise<SessionRow | null> = Promise.resolve(null)

/**
 * A request's session handle: one object per request with its methods on the prototype (the
 * closures it had before were a dozen allocations for every request, issue 23).
 */
class RequestSession implements SessionHandle {
  private loaded: Promise<SessionRow | null> | undefined
  /** The cookie's token and id handed out by unreadId(), for adopt(). */
  private unread: { token: string; id: string } | undefined

  /** The context as the middleware found it (as the handle's closures captured it before). */
  private readonly ctx: AppContext

  constructor(
    private readonly req: Request,
    private readonly res: Response,
  ) {
    this.ctx = req.ctx
  }

  private get lifetimeMs(): number {
    return this.ctx.config.sessionDays * 24 * 60 * 60 * 1000
  }

  private setCookie(token: string): void {
    this.res.cookie(SESSION_COOKIE, token, cookieOptions(this.req, this.lifetimeMs))
  }

  private async create(values: Partial<SessionRow>, client: DbOrTx = this.ctx.db) {
    const token = randomBytes(32).toString('base64url')
    const now = this.ctx.clock.now()
    const [row] = await client
      .insert(sessions)
      .values({
        id: hashToken(token),
        expiresAt: new Date(now.getTime() + this.lifetimeMs),
        createdAt: now,
        lastSeenAt: now,
        data: {},
        ...values,
      })
      .returning()
    if (!row) throw new Error('session insert returned nothing')
    // Cached only once committed: inside a transaction (a login) the next read loads it.
    if (client === this.ctx.db) forEachCache((cache) => cache.put(row))
    this.setCookie(token)
    this.loaded = Promise.resolve(row)
    return row
  }

  /** Sliding expiry of a session row just read; a lost update only costs minutes of lifetime. */
  private touch(row: SessionRow, token: string, now: Date): void {
    if (now.getTime() - row.lastSeenAt.getTime() <= TOUCH_AFTER_MS) return
    const expiresAt = new Date(now.getTime() + this.lifetimeMs)
    const { db, log } = this.ctx
    db.update(sessions)
      .set({ lastSeenAt: now, expiresAt })
      .where(eq(sessions.id, row.id))
      .catch((error: unknown) => log.warn({ err: error }, 'session touch failed'))
    forEachCache((cache) => cache.put({ ...row, lastSeenAt: now, expiresAt }))
    this.setCookie(token)
  }

  private async lookup(token: string): Promise<SessionRow | null> {
    const { db, clock, log } = this.ctx
    const now = clock.now()
    const id = hashToken(token)
    const read = async () =>
      (await sessionLookup(db).execute({ id, now: now.toISOString() }))[0] ?? null
    const row = isRead(this.req) ? await sessionCache(db, log).lookup(id, now, read) : await read()
    if (row) this.touch(row, token, now)
    return row
  }

  load(): Promise<SessionRow | null> {
    if (!this.loaded) {
      const token = readToken(this.req)
      this.loaded = token ? this.lookup(token) : NO_SESSION
    }
    return this.loaded
  }

  async ensure(): Promise<SessionRow> {
    return (await this.load()) ?? this.create({})
  }

  unreadId(): string | null {
    if (this.loaded) return null
    const token = readToken(this.req)
    this.unread = token ? { token, id: hashToken(token) } : undefined
    return this.unread?.id ?? null
  }

  adopt(row: SessionRow | null): SessionRow | null {
    const unread = this.unread
    if (this.loaded || !unread || (row && row.id !== unread.id))
      throw new Error('session: adopt without a pending lookup of this session')
    this.loaded = Promise.resolve(row)
    if (row) this.touch(row, unread.token, this.ctx.clock.now())
    return row
  }

  async level(): Promise<LoginLevel> {
    return loginLevelOf(await this.load(), this.ctx.clock.now())
  }

  async customerId(): Promise<number | null> {
    return (await this.load())?.customerId ?? null
  }

  async patchData(patch: Record<string, unknown>): Promise<SessionRow> {
    const row = await this.ensure()
    const data = { ...row.data, ...patch }
    const [updated] = await this.ctx.db
      .update(sessions)
      .set({ data })
      .where(eq(sessions.id, row.id))
      .returning()
    const next = updated ?? { ...row, data }
    forEachCache((cache) => (updated ? cache.put(updated) : cache.drop([row.id])))
    this.loaded = Promise.resolve(next)
    return next
  }

  async login(
    customerId: number,
    fullLoginExpiresAt: Date | null,
    client: DbOrTx = this.ctx.db,
  ): Promise<{ previousId: string | null; session: SessionRow }> {
    const previous = await this.load()
    if (previous) {
      await client.delete(sessions).where(eq(sessions.id, previous.id))
      forEachCache((cache) => cache.drop([previous.id]))
    }
    const session = await this.create(
      { customerId, fullLoginExpiresAt, data: previous?.data ?? {} },
      client,
    )
    return { previousId: previous?.id ?? null, session }
  }

  async destroy(): Promise<void> {
    const row = await this.load()
    if (row) {
      await this.ctx.db.delete(sessions).where(eq(sessions.id, row.id))
      forEachCache((cache) => cache.drop([row.id]))
    }
    this.res.clearCookie(SESSION_COOKIE, { path: '/' })
    this.loaded = Promise.resolve(null)
  }
}

export function sessionMiddleware(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    req.session = new RequestSession(req, res)
    next()
  }
}

/**
 * Ends every session of an account (after a password reset or change), except `keepSessionId`.
 */
export async function endCustomerSessions(
  db: DbOrTx,
  customerId: number,
  keepSessionId?: string,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.customerId, customerId), ne(sessions.id, keepSessionId))
        : eq(sessions.customerId, customerId),
    )
  forEachCache((cache) =>
    cache.dropWhere((row) => row.customerId === customerId && row.id !== keepSessionId),
  )
}

/** Ends the full login of a session now: it becomes soft (the dev router's test hook). */
export async function expireFullLogin(db: DbOrTx, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ fullLoginExpiresAt: now }).where(eq(sessions.id, sessionId))
  forEachCache((cache) => cache.drop([sessionId]))
}

/**
 * Guards a route by login level: 401 `unauthorized` without a login; with `full`, 401
 * `soft_login_required` while the login is only soft (the client opens the login popup).
 */
export function requireLogin(level: 'soft' | 'full' = 'full'): RequestHandler {
  return async (req, res, next) => {
    try {
      const current = await req.session.level()
      if (current === 'none') {
        sendError(res, 'unauthorized')
        return
      }
      if (level === 'full' && current !== 'full') {
        sendError(res, 'soft_login_required')
        return
      }
      next()
    } catch (error) {
      next(error)
    }
  }
}
