// Structured logging with pino; every request gets an id that appears in its log lines.
import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { RequestHandler } from 'express'
import { type Logger, pino, stdSerializers } from 'pino'

export type { Logger }

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  })
}

const REQUEST_ID = /^[\w-]{8,64}$/

declare module 'http' {
  interface IncomingMessage {
    /** The request's id (X-Request-Id when it looks like one, else a random UUID). */
    id: string
    /** The request's logger: lines carry `req: { id, method, url }`. */
    log: Logger
  }
}

type RequestFields = { id: string; method?: string; url?: string; originalUrl?: string }

/** What a request's log lines say about it (as before with pino-http: id, method, URL). */
function requestFields(req: RequestFields) {
  return { id: req.id, method: req.method, url: req.originalUrl ?? req.url }
}

/**
 * The request log (the lines pino-http wrote before, issue 23): every request gets an id, and
 * when its answer is finished (or the connection closed first) one line `request completed`
 * with `req`, `res: { statusCode }` and `responseTime` (ms) at debug for 2xx/3xx, info for 4xx;
 * 5xx (or a response error) is `request errored` at error with `err`. `/assets/` are not logged.
 * Cheaper than pino-http for a cached read: the request's child logger (`req.log`) is made only
 * when something logs with it, and a finished request whose line is below the log level makes
 * nothing at all.
 */
const BASE = Symbol('request log base')
const CHILD = Symbol('request log')
const ID = Symbol('request id')

type LoggedRequest = IncomingMessage & {
  [BASE]?: Logger
  [CHILD]?: Logger
  [ID]?: string
}

/**
 * `req.id` and `req.log` as accessors on the request prototype, made on first use: a request
 * that logs nothing gets neither a UUID nor a child logger nor a property of its own (issue 23).
 */
function installRequestAccessors(prototype: object): void {
  if (Object.hasOwn(prototype, ID)) return
  Object.defineProperty(prototype, ID, { value: undefined, writable: true })
  Object.defineProperties(prototype, {
    id: {
      configurable: true,
      get(this: LoggedRequest) {
        if (this[ID] === undefined) {
          const incoming = this.headers['x-request-id']
          this[ID] =
            typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID()
        }
        return this[ID]
      },
      set(this: LoggedRequest, value: string) {
        this[ID] = value
      },
    },
    log: {
      configurable: true,
      get(this: LoggedRequest) {
        const base = this[BASE]
        if (!base) return undefined
        this[CHILD] ??= base.child({ req: this })
        return this[CHILD]
      },
      set(this: LoggedRequest, value: Logger) {
        this[CHILD] = value
      },
    },
  })
}

export function requestLogger(log: Logger): RequestHandler {
  const base = log.child(
    {},
    {
      serializers: {
        req: requestFields,
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        err: stdSerializers.err,
      },
    },
  )
  let installedOn: object | null = null
  return (req, res, next) => {
    const prototype = Object.getPrototypeOf(req) as object
    if (prototype !== installedOn) {
      installRequestAccessors(prototype)
      installedOn = prototype
    }
    ;(req as LoggedRequest)[BASE] = base
    const requestLog = () => req.log
    if (!req.url.startsWith('/assets/')) {
      const started = Date.now()
      let logged = false
      // 'close' follows 'finish' on every response, and comes alone when the client went away.
      const complete = (error?: Error) => {
        if (logged) return
        logged = true
        res.off('close', complete)
        res.off('error', complete)
        const failed = error !== undefined || res.statusCode >= 500
        const level = failed ? 'error' : res.statusCode >= 400 ? 'info' : 'debug'
        if (!base.isLevelEnabled(level)) return
        const responseTime = Date.now() - started
        if (failed)
          requestLog()[level](
            {
              res,
              err: error ?? new Error(`failed with status code ${res.statusCode}`),
              responseTime,
            },
            'request errored',
          )
        else requestLog()[level]({ res, responseTime }, 'request completed')
      }
      res.on('close', complete)
      res.on('error', complete)
    }
    next()
  }
}
