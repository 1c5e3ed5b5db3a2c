// Which database errors mean "the database is away" (answer 503, retry soon) and which mean
// "the value does not fit the column" (answer 400). Errors arrive from postgres-js directly or
// wrapped by Drizzle (DrizzleQueryError.cause), sometimes as an AggregateError of socket errors.

/** postgres-js's own connection errors and the socket errors of Node's net module. */
const CONNECTION_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  // Thrown by us when a page could not be rendered because the database is away.
  'DATABASE_UNAVAILABLE',
])

/**
 * SQLSTATEs of a server that is going away or not there yet: class 08 (connection exception),
 * 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting up, shutting
 * down, recovering), 53300 too many connections.
 */
function isUnavailableSqlState(code: string): boolean {
  return (
    /^08[0-9A-Z]{3}$/.test(code) ||
    code === '57P01' ||
    code === '57P02' ||
    code === '57P03' ||
    code === '53300'
  )
}

/** The error and what it wraps (cause, AggregateError's errors), a few levels deep. */
function* chain(error: unknown, depth = 0): Generator<Record<string, unknown>> {
  if (depth > 4 || typeof error !== 'object' || error === null) return
  const record = error as Record<string, unknown>
  yield record
  if ('cause' in record) yield* chain(record.cause, depth + 1)
  if (Array.isArray(record.errors))
    for (const inner of record.errors) yield* chain(inner, depth + 1)
}

function codeOf(record: Record<string, unknown>): string | undefined {
  return typeof record.code === 'string' ? record.code : undefined
}

/** True when the error means the database cannot be reached right now (503, retry later). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const record of chain(error)) {
    const code = codeOf(record)
    if (!code) continue
    if (CONNECTION_CODES.has(code)) return true
    if (record.name === 'PostgresError' && isUnavailableSqlState(code)) return true
  }
  return false
}

/**
 * True for Postgres data exceptions (SQLSTATE class 22: NUL in text, numeric out of range,
 * invalid text representation, ...): the request carried a value the column cannot hold.
 */
export function isDataException(error: unknown): boolean {
  for (const record of chain(error)) {
    const code = codeOf(record)
    if (code && record.name === 'PostgresError' && /^22[0-9A-Z]{3}$/.test(code)) return true
  }
  return false
}

/** Thrown where a failure is known to come from the missing database (a page's data). */
export class DatabaseUnavailableError extends Error {
  readonly code = 'DATABASE_UNAVAILABLE'
  constructor(cause?: unknown) {
    super('the database is unavailable', { cause })
    this.name = 'DatabaseUnavailableError'
  }
}

/** Seconds a client should wait before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = 2

type GuardLog = {
  warn: (details: object, message: string) => void
  fatal: (details: object, message: string) => void
}

/**
 * Defence in depth for the process (main.ts): a rejected promise or thrown error that nobody
 * handled and that is only a lost database connection is logged and the process keeps serving
 * (the database comes back; the request it belonged to has already failed). Anything else still
 * ends the process as Node does by default, after a fatal log line: a bug must not be hidden.
 * The real sources are handled where they arise (requests answer 503, jobs log and retry, the
 * catalog's LISTEN reconnects); this only catches what would slip through.
 */
export function guardProcessAgainstDatabaseErrors(log: GuardLog): void {
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      log.warn({ err: reason }, 'unhandled rejection: database unavailable (process keeps running)')
      return
    }
    log.fatal({ err: reason }, 'unhandled rejection')
    process.exit(1)
  })
  process.on('uncaughtException', (error) => {
    if (isDatabaseUnavailable(error)) {
      log.warn({ err: error }, 'uncaught exception: database unavailable (process keeps running)')
      return
    }
    log.fatal({ err: error }, 'uncaught exception')
    process.exit(1)
  })
}
