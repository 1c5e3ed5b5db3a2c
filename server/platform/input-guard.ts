// Hostile input stops here, before any route sees it (issue 16):
// - bodies: a declared Content-Length above the route's limit is refused with 413 before a byte
//   is read; a body without a declared length is refused with 413 as soon as it passes the
//   limit; either way the connection closes after a short bounded linger, so the rest is never
//   read;
// - JSON bodies, query and path: NUL characters (Postgres cannot store them in text) and lone
//   UTF-16 surrogates (not encodable as UTF-8) in any string or key, and JSON nested deeper than
//   MAX_JSON_DEPTH, answer 400 validation_failed with the field's code.
// The contract's schemas then check types and ranges; together nothing malformed reaches the
// database.

import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express'
import type { ValidationError } from '#contract/errors.ts'
import { hasUnsafeCharacters } from '#contract/fields.ts'
import { type MessageCode, translate } from '#contract/messages.de.ts'
import { sendError } from './errors.ts'

/** JSON bodies of most routes are a few hundred bytes; the largest legitimate ones are ~10 kB. */
export const DEFAULT_BODY_LIMIT_BYTES = 32 * 1024
/** Deeper JSON is never legitimate here: the deepest request body has 3 levels. */
export const MAX_JSON_DEPTH = 32

export type BodyLimits = {
  /** The limit of every route not listed. */
  defaultBytes: number
  /** Larger (or smaller) limits by exact request path. */
  byPath?: Record<string, number>
  /** Limits for paths with ids in them (the first match wins); `multipart`: uploads only. */
  byPattern?: { pattern: RegExp; bytes: number; multipart?: boolean }[]
}

export function bodyLimitOf(limits: BodyLimits, path: string, contentType = ''): number {
  const exact = limits.byPath?.[path]
  if (exact !== undefined) return exact
  const multipart = contentType.toLowerCase().startsWith('multipart/form-data')
  const entry = limits.byPattern?.find((e) => e.pattern.test(path) && (!e.multipart || multipart))
  return entry?.bytes ?? limits.defaultBytes
}

/** 413 `payload_too_large` (closeOnUnreadBody then closes the connection). */
export function refusePayloadTooLarge(res: Response): void {
  sendError(res, 'payload_too_large')
}

/** The declared Content-Length, or undefined (chunked or none). */
function declaredLength(req: Request): number | undefined {
  const header = req.headers['content-length']
  if (header === undefined || !/^\d+$/.test(header)) return undefined
  return Number(header)
}

/**
 * Refuses a request whose declared Content-Length is above `limit` (bytes, or a function of the
 * request) at once, before anything reads the body.
 */
export function declaredLengthLimit(limit: number | ((req: Request) => number)): RequestHandler {
  return (req, res, next) => {
    const length = declaredLength(req)
    const max = typeof limit === 'number' ? limit : limit(req)
    if (length !== undefined && length > max) return refusePayloadTooLarge(res)
    next()
  }
}

function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || (declaredLength(req) ?? 0) > 0
}

/**
 * After an answer given before the body arrived, the server reads on (and throws away) at most
 * this long and this much, so that the client, still sending, gets to read the answer; then it
 * closes. Closing at once would reset the connection under the client's feet (a "lingering
 * close", as web servers do it).
 */
const LINGER_MS = 1000
const LINGER_BYTES = 4 * 1024 * 1024

function lingerThenClose(req: Request): void {
  let drained = 0
  const close = () => {
    clearTimeout(timer)
    req.off('data', count)
    req.socket.destroy()
  }
  const count = (chunk: Buffer) => {
    drained += chunk.length
    if (drained > LINGER_BYTES) close()
  }
  const timer = setTimeout(close, LINGER_MS)
  timer.unref()
  req.on('data', count)
  req.once('end', () => {
    clearTimeout(timer)
    req.off('data', count)
  })
  req.resume()
}

/**
 * An answer given before the request's body has fully arrived (a declared or streamed body over
 * the limit, a 401 before an upload) ends the connection after a short linger. Otherwise Node
 * reads the unwanted rest of the body to its end to keep the connection alive.
 */
export function closeOnUnreadBody(): RequestHandler {
  return (req, res, next) => {
    if (hasBody(req)) {
      res.once('finish', () => {
        if (!req.complete) lingerThenClose(req)
      })
    }
    next()
  }
}

/**
 * Counts the body of a request without a declared length (chunked) while a parser reads it, and
 * past `limit` answers 413 at once: body-parser and multer would otherwise read the whole rest
 * before they report their limit. Call right after starting the parser; the returned function
 * tells the parser's callback that the request was refused.
 */
function watchUndeclaredBody(req: Request, res: Response, limit: number): () => boolean {
  let refused = false
  if (declaredLength(req) === undefined && req.listenerCount('data') > 0) {
    let received = 0
    const count = (chunk: Buffer) => {
      received += chunk.length
      if (received <= limit) return
      refused = true
      req.off('data', count)
      if (!res.headersSent) refusePayloadTooLarge(res)
    }
    req.on('data', count)
  }
  return () => refused
}

/** Any body parser's shape (express.json, express.urlencoded, multer); typed as it was. */
// biome-ignore lint/suspicious/noExplicitAny: parsers are typed for express or plain node
type Parser = (req: any, res: any, next: (error?: any) => void) => void

/**
 * A body parser (express.json, express.urlencoded, multer) bounded to `maxBytes`: a declared
 * length above it is refused before the parser runs, a stream without one as soon as it passes
 * it, a parser's own 413 is answered at once; all with 413 `payload_too_large` (the connection
 * then closes, see closeOnUnreadBody). Other parser errors go on to `next`.
 */
export function boundedParser<P extends Parser>(parser: P, maxBytes: number): P {
  const declared = declaredLengthLimit(maxBytes)
  const bounded: RequestHandler = (req, res, next) => {
    declared(req, res, () => {
      let refused = () => false
      parser(req, res, (error?: unknown) => {
        if (refused() || res.headersSent) return
        if ((error as { type?: string } | undefined)?.type === 'entity.too.large') {
          return refusePayloadTooLarge(res)
        }
        next(error)
      })
      refused = watchUndeclaredBody(req, res, maxBytes)
    })
  }
  return bounded as unknown as P
}

/**
 * express.json, and express.urlencoded for HTML forms (the add-to-cart button's form), bounded by
 * the route's limit (boundedParser). Parse errors answer 400. Other types stay unparsed.
 */
export function requestBodies(limits: BodyLimits): RequestHandler {
  const parsers = new Map<string, RequestHandler>()
  const parserFor = (bytes: number, form: boolean) => {
    const key = `${form ? 'form' : 'json'}:${bytes}`
    let parser = parsers.get(key)
    if (!parser) {
      parser = boundedParser(
        form
          ? express.urlencoded({ extended: false, limit: bytes, parameterLimit: 50 })
          : express.json({ limit: bytes }),
        bytes,
      )
      parsers.set(key, parser)
    }
    return parser
  }
  return (req, res, next) => {
    // Without Content-Length and Transfer-Encoding there is no body: the parser would only look
    // and call next (req.body stays undefined), so most GETs skip it (issue 23).
    if (
      req.headers['content-length'] === undefined &&
      req.headers['transfer-encoding'] === undefined
    )
      return next()
    const type = req.headers['content-type']
    const form = type?.toLowerCase().startsWith('application/x-www-form-urlencoded') ?? false
    parserFor(bodyLimitOf(limits, req.path, type), form)(req, res, next)
  }
}

// --- Strings and nesting -------------------------------------------------------------------

export type InputProblem = {
  path: (string | number)[]
  code: Extract<MessageCode, 'invalid_characters' | 'nesting_too_deep'>
}

/**
 * The first string or key with unsafe characters, or the first value nested deeper than
 * `maxDepth`, in a parsed JSON value (or query object). Iterative: deep input cannot overflow
 * the stack.
 */
export function findInputProblem(
  value: unknown,
  maxDepth = MAX_JSON_DEPTH,
): InputProblem | undefined {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }]
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value: current, path } = item
    if (typeof current === 'string') {
      if (hasUnsafeCharacters(current)) return { path, code: 'invalid_characters' }
      continue
    }
    if (current === null || typeof current !== 'object') continue
    if (path.length >= maxDepth) return { path, code: 'nesting_too_deep' }
    const entries: [string | number, unknown][] = Array.isArray(current)
      ? current.map((entry, index) => [index, entry])
      : Object.entries(current)
    for (const [key, entry] of entries) {
      if (typeof key === 'string' && hasUnsafeCharacters(key)) {
        return { path: [...path, key], code: 'invalid_characters' }
      }
      stack.push({ value: entry, path: [...path, key] })
    }
  }
  return undefined
}

/** The 400 answer of a problem, in the shape of every validation error. */
export function inputProblemBody(problem: InputProblem, prefix = ''): ValidationError {
  const field = [prefix, ...problem.path].filter((part) => part !== '').join('.') || '_'
  return {
    code: 'validation_failed',
    message: translate('validation_failed'),
    fields: { [field]: problem.code },
    errors: [{ field, code: problem.code, params: {}, message: translate(problem.code) }],
  }
}

function pathProblem(path: string): InputProblem | undefined {
  if (!path.includes('%')) return undefined
  let decoded: string
  try {
    decoded = decodeURIComponent(path)
  } catch {
    return undefined // malformed escapes: the router answers them with 400
  }
  return hasUnsafeCharacters(decoded) ? { path: [], code: 'invalid_characters' } : undefined
}

/**
 * Refuses NUL, lone surrogates and deep nesting in the parsed JSON body, the query and the path
 * with 400 validation_failed. Mount after the body parser, before any route.
 */
export function inputGuard(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const path = pathProblem(req.path)
    if (path) return void res.status(400).json(inputProblemBody(path, 'params'))
    const query = findInputProblem(req.query)
    if (query) return void res.status(400).json(inputProblemBody(query, 'query'))
    const body = findInputProblem(req.body)
    if (body) return void res.status(400).json(inputProblemBody(body))
    next()
  }
}
