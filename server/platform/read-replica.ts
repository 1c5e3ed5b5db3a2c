// Catalog reads from a Postgres streaming replica (DATABASE_READ_URL, issue 23). Only reads that
// tolerate lag come here (the catalog's listings, product pages, search, suggestions, category
// tree, and the page cache through them); everything else, every transaction and everything a
// visitor just changed reads the primary. A read goes to the replica only when the replica has
// replayed the primary's WAL at least up to a given LSN (the catalog cache passes the primary's
// LSN at its last invalidation), otherwise to the primary; a replica that does not answer sends
// the reads to the primary for a while. See docs/decisions.md "Read replica".
import type { RequestHandler } from 'express'
import { STAFF_SESSION_COOKIE } from '#contract/backoffice-access.ts'
import type { Db } from '#db/client.ts'
import { isDatabaseUnavailable } from './db-errors.ts'
import type { AppContext } from './http.ts'
import { isInProcess } from './in-process.ts'
import type { Logger } from './log.ts'
import { SESSION_COOKIE } from './session.ts'

/** A WAL position ("16/B374D848") as a number that compares. */
export function parseLsn(text: string): bigint {
  const [high = '0', low = '0'] = text.split('/')
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`)
}

/** How long reads stay on the primary after the replica failed to answer. */
const REPLICA_PAUSE_MS = 2000

export class ReadReplica {
  /** The highest replay position the replica reported (or "no standby": always current). */
  private replayed = -1n
  private asking: Promise<bigint> | null = null
  private downUntil = 0

  constructor(
    readonly primary: Db,
    readonly replica: Db,
    private readonly log: Logger,
  ) {}

  /** The primary's current WAL position: everything committed before this call is below it. */
  async primaryLsn(): Promise<bigint> {
    const [row] = await this.primary.$client<{ lsn: string }[]>`select pg_current_wal_lsn() as lsn`
    return parseLsn(row?.lsn ?? '0/0')
  }

  /** Whether the replica is known to be away (reads go to the primary until the pause ends). */
  get isDown(): boolean {
    return Date.now() < this.downUntil
  }

  /** Called when a read on the replica failed for want of a connection. */
  markDown(error: unknown): void {
    if (!this.isDown) this.log.warn({ err: error }, 'read replica unavailable: reading the primary')
    this.downUntil = Date.now() + REPLICA_PAUSE_MS
  }

  /** Asks the replica how far it has replayed (one question at a time, shared). */
  private askReplayed(): Promise<bigint> {
    this.asking ??= (async () => {
      try {
        const [row] = await this.replica.$client<{ recovery: boolean; lsn: string | null }[]>`
          select pg_is_in_recovery() as recovery, pg_last_wal_replay_lsn()::text as lsn`
        // Not a standby (DATABASE_READ_URL names a primary): always current.
        const replayed = row?.recovery === false ? 2n ** 64n : parseLsn(row?.lsn ?? '0/0')
        if (replayed > this.replayed) this.replayed = replayed
        return this.replayed
      } finally {
        this.asking = null
      }
    })()
    return this.asking
  }

  /**
   * The database for a read that must see every change up to `floor` (null: unknown, so the
   * primary): the replica when it has replayed that far, else the primary (no waiting: a fill
   * right after a change costs one primary read instead of a delay).
   */
  async pick(floor: bigint | null): Promise<Db> {
    if (floor === null || this.isDown) return this.primary
    if (this.replayed >= floor) return this.replica
    try {
      return (await this.askReplayed()) >= floor ? this.replica : this.primary
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error
      this.markDown(error)
      return this.primary
    }
  }

  /**
   * Runs `read` on the database `pick(floor)` chooses; when the replica fails to answer, the same
   * read runs on the primary (the shop keeps answering while the replica is away).
   */
  async read<T>(floor: bigint | null, read: (db: Db) => Promise<T>): Promise<T> {
    const db = await this.pick(floor)
    if (db === this.primary) return read(db)
    try {
      return await read(db)
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error
      this.markDown(error)
      return read(this.primary)
    }
  }
}

/**
 * Read-your-writes for a visitor: a write (a non-GET request that answered below 400) by a
 * visitor with a session (shop or back office) sets this cookie for a few seconds, and while it
 * is there, the visitor's catalog reads go to the primary. A guest's filter panel (POST for read,
 * no session) does not set it.
 */
export const RECENT_WRITE_COOKIE = 'rw'
export const RECENT_WRITE_SECONDS = 5
const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

function hasSessionCookie(cookies: unknown, setCookie: unknown): boolean {
  const jar = (cookies ?? {}) as Record<string, unknown>
  if (jar[SESSION_COOKIE] || jar[STAFF_SESSION_COOKIE]) return true
  const set = Array.isArray(setCookie) ? setCookie : [setCookie]
  return set.some(
    (line) =>
      typeof line === 'string' &&
      (line.startsWith(`${SESSION_COOKIE}=`) || line.startsWith(`${STAFF_SESSION_COOKIE}=`)),
  )
}

/** Mounted after cookie parsing when a replica is configured (app.ts). */
export function readYourWrites(base: AppContext): RequestHandler {
  const primaryOnly: AppContext = { ...base, readPrimary: true }
  return (req, res, next) => {
    if (req.cookies?.[RECENT_WRITE_COOKIE]) req.ctx = primaryOnly
    if (!READS.has(req.method) && !isInProcess(req)) {
      const writeHead = res.writeHead
      res.writeHead = function (this: typeof res, ...args: unknown[]) {
        const status = typeof args[0] === 'number' ? args[0] : res.statusCode
        if (status < 400 && hasSessionCookie(req.cookies, res.getHeader('set-cookie'))) {
          res.appendHeader(
            'Set-Cookie',
            `${RECENT_WRITE_COOKIE}=1; Max-Age=${RECENT_WRITE_SECONDS}; Path=/; HttpOnly; SameSite=Lax${req.secure ? '; Secure' : ''}`,
          )
        }
        return (writeHead as (...a: unknown[]) => typeof res).apply(this, args)
      } as typeof res.writeHead
    }
    next()
  }
}
