// The back office's sessions: own table, own cookie (`staff_sid`: httpOnly, SameSite=Strict,
// path /api/staff, ends with the browser), never the shop's customer session. A session starts
// unverified when the password was right and becomes verified, under a new id, with the
// e-mailed code. Verified sessions end after 30 idle minutes and at the latest after 10 hours.
import { createHash, randomBytes } from 'node:crypto'
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { STAFF_SESSION_COOKIE } from '#contract/backoffice-access.ts'
import type { DbOrTx } from '#db/client.ts'
import * as repo from './access-repo.ts'

export const STAFF_COOKIE_PATH = '/api/staff'
export const STAFF_SESSION_HOURS = 10
export const STAFF_IDLE_MINUTES = 30
/** The code step must be finished within this time. */
export const STAFF_PENDING_MINUTES = 15
const TOUCH_AFTER_MS = 60 * 1000

export type StaffPrincipal = {
  sessionId: string
  staffId: number
  email: string
  name: string
  role: string
}

/** What the back office's access reads of a request (a ts-rest request with typed params fits too). */
export type StaffRequest = Pick<Request, 'ctx' | 'staff' | 'ip'>

type Loaded = { session: repo.StaffSessionRow; account: repo.StaffAccountRow } | null

export type StaffSessionHandle = {
  /** The session (verified or not) and its account; null when missing, ended or disabled. */
  load: () => Promise<Loaded>
  /** The verified member of staff, or null. */
  principal: () => Promise<StaffPrincipal | null>
  /** Starts an unverified session (password given, code mailed) and sets the cookie. */
  start: (staffId: number, code: { hash: string; expiresAt: Date }, db?: DbOrTx) => Promise<void>
  /** The code was right: the same session continues verified under a new id. */
  verify: (db?: DbOrTx) => Promise<void>
  /** Ends the session and clears the cookie. */
  destroy: () => Promise<void>
}

declare global {
  namespace Express {
    interface Request {
      /** The back office session; present on /api/staff requests only. */
      staff: StaffSessionHandle
    }
  }
}

export function hashStaffToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

function readToken(req: Request): string | undefined {
  const token: unknown = req.cookies?.[STAFF_SESSION_COOKIE]
  return typeof token === 'string' && /^[\w-]{43}$/.test(token) ? token : undefined
}

function setCookie(req: Request, res: Response, token: string) {
  res.cookie(STAFF_SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: req.secure,
    path: STAFF_COOKIE_PATH,
  })
}

/** Whether a loaded session may act at `now`. */
function isAlive(loaded: NonNullable<Loaded>, now: Date): boolean {
  const { session, account } = loaded
  if (account.disabledAt) return false
  if (session.expiresAt <= now) return false
  if (session.verifiedAt) {
    return now.getTime() - session.lastSeenAt.getTime() < STAFF_IDLE_MINUTES * 60 * 1000
  }
  return true
}

export function staffSessionMiddleware(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const { db, clock, log } = req.ctx
    let loaded: Promise<Loaded> | undefined

    const load = () => {
      loaded ??= (async () => {
        const token = readToken(req)
        if (!token) return null
        const row = await repo.findSession(db, hashStaffToken(token))
        const now = clock.now()
        if (!row || !isAlive(row, now)) return null
        if (
          row.session.verifiedAt &&
          now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_AFTER_MS
        ) {
          repo
            .updateSession(db, row.session.id, { lastSeenAt: now })
            .catch((error: unknown) => log.warn({ err: error }, 'staff session touch failed'))
        }
        return row
      })()
      return loaded
    }

    const handle: StaffSessionHandle = {
      load,
      principal: async () => {
        const row = await load()
        if (!row?.session.verifiedAt) return null
        return {
          sessionId: row.session.id,
          staffId: row.account.id,
          email: row.account.email,
          name: row.account.name,
          role: row.account.role,
        }
      },
      start: async (staffId, code, client = db) => {
        const previous = readToken(req)
        if (previous) await repo.deleteSession(client, hashStaffToken(previous))
        const token = randomBytes(32).toString('base64url')
        const now = clock.now()
        await repo.insertSession(client, {
          id: hashStaffToken(token),
          staffId,
          codeHash: code.hash,
          codeExpiresAt: code.expiresAt,
          expiresAt: new Date(now.getTime() + STAFF_PENDING_MINUTES * 60 * 1000),
          lastSeenAt: now,
          createdAt: now,
        })
        setCookie(req, res, token)
        loaded = undefined
      },
      verify: async (client = db) => {
        const row = await load()
        if (!row) throw new Error('verify without a staff session')
        const token = randomBytes(32).toString('base64url')
        const now = clock.now()
        await repo.deleteSession(client, row.session.id)
        await repo.insertSession(client, {
          id: hashStaffToken(token),
          staffId: row.account.id,
          verifiedAt: now,
          expiresAt: new Date(now.getTime() + STAFF_SESSION_HOURS * 60 * 60 * 1000),
          lastSeenAt: now,
          createdAt: now,
        })
        setCookie(req, res, token)
        loaded = repo.findSession(client, hashStaffToken(token))
      },
      destroy: async () => {
        const token = readToken(req)
        if (token) await repo.deleteSession(db, hashStaffToken(token))
        res.clearCookie(STAFF_SESSION_COOKIE, { path: STAFF_COOKIE_PATH })
        loaded = Promise.resolve(null)
      },
    }
    req.staff = handle
    next()
  }
}
