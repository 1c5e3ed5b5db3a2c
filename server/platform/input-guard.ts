// Hostile input stops here, before any route sees it (issue 16):
// - bodies: a declared Content-Length above the route's limit is refused with 413 before a byte
//   is read, and the connection is closed so the rest is never read either; a body without a
//   declared length is cut off by the parser's own limit (413, connection closed);
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
import { errorJson } from './http.ts'

/** JSON bodies of most routes are a few hundred bytes; the largest legitimate ones are ~10 kB. */
export const DEFAULT_BODY_LIMIT_BYTES = 32 * 1024
/** Deeper JSON is never legitimate here: the deepest request body has 3 levels. */
export const MAX_JSON_DEPTH = 32

export type BodyLimits = {
  /** The limit of every route not listed. */
  defaultBytes: number
  /** Larger (or smaller) limits by exact request path. */
  byPath?: Record<string, number>
}

export function bodyLimitOf(limits: BodyLimits, path: string): number {
  return limits.byPath?.[path] ?? limits.defaultBytes
}

/** 413 `payload_too_large`, and the connection closes after it: the body is never read. */
export function refusePayloadTooLarge(res: Response): void {
  res.setHeader('Connection', 'close')
  res.status(413).json(errorJson('payload_too_large'))
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

/**
 * express.json with the route's limit. A body above it (declared or streamed) is refused with
 * 413 and the connection closed; parse errors go on to the error handler (400).
 */
export function jsonBodies(limits: BodyLimits): RequestHandler {
  const parsers = new Map<number, RequestHandler>()
  const parserFor = (bytes: number) => {
    let parser = parsers.get(bytes)
    if (!parser) {
      parser = express.json({ limit: bytes })
      parsers.set(bytes, parser)
    }
    return parser
  }
  return (req, res, next) => {
    parserFor(bodyLimitOf(limits, req.path))(req, res, (error?: unknown) => {
      if ((error as { type?: string } | undefined)?.type === 'entity.too.large') {
        return refusePayloadTooLarge(res)
      }
      next(error)
    })
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
