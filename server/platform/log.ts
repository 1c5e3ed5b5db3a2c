// Structured logging with pino; every request gets an id that appears in its log lines.
import { randomUUID } from 'node:crypto'
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
  return (req, res, next) => {
    const incoming = req.headers['x-request-id']
    req.id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID()
    let child: Logger | undefined
    const requestLog = () => {
      child ??= base.child({ req })
      return child
    }
    Object.defineProperty(req, 'log', {
      configurable: true,
      enumerable: true,
      get: requestLog,
      set: (value: Logger) => {
        child = value
      },
    })
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
