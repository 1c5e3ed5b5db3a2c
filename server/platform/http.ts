// HTTP plumbing shared by every slice: the ts-rest server, error answers, request context.

import type { RequestValidationError } from '@ts-rest/express'
import { initServer } from '@ts-rest/express'
import type { ErrorRequestHandler, NextFunction, Request, Response } from 'express'
import type { z } from 'zod'
import type { ValidationError } from '#contract/errors.ts'
import { type MessageCode, parseMessage, translate } from '#contract/messages.de.ts'
import type { Db } from '#db/client.ts'
import type { Clock } from './clock.ts'
import type { Config } from './config.ts'
import { isDatabaseUnavailable, isDataException, RETRY_AFTER_SECONDS } from './db-errors.ts'
import type { Logger } from './log.ts'
import type { PaymentProvider } from './payments/port.ts'
import type { ReadReplica } from './read-replica.ts'
import type { SessionHandle } from './session.ts'
import type { ShippingProvider } from './shipping/port.ts'
import type { FileStorage } from './storage.ts'
import type { VatIdVerifier } from './vat-ids/port.ts'

export const s = initServer()

/**
 * What every handler can reach: the database, configuration, clock, logger, payment provider,
 * shipping provider (return labels), the VAT-id register and the storage port for uploads.
 */
export type AppContext = {
  db: Db
  config: Config
  clock: Clock
  log: Logger
  payments: PaymentProvider
  shipping: ShippingProvider
  vatIds: VatIdVerifier
  storage: FileStorage
  /** Catalog reads that tolerate lag go here when DATABASE_READ_URL is set (read-replica.ts). */
  replica?: ReadReplica
  /** This request's visitor wrote a moment ago: their catalog reads go to the primary too. */
  readPrimary?: boolean
}

declare global {
  namespace Express {
    interface Request {
      ctx: AppContext
      session: SessionHandle
    }
  }
}

/** The JSON body of an error answer outside the contract's routes. */
export function errorJson(code: MessageCode, params?: Record<string, string | number>) {
  return { code, message: translate(code, params) }
}

function fieldErrors(error: z.ZodError, prefix: string) {
  return error.issues.map((issue) => {
    const { code, params } = parseMessage(issue.message)
    const field = [prefix, ...issue.path].filter((p) => p !== '').join('.')
    return { field, code, params, message: translate(issue.message) }
  })
}

/** 400 with field codes for requests that fail the contract (ts-rest calls this). */
export function validationErrorBody(error: RequestValidationError): ValidationError {
  const errors = [
    ...(error.body ? fieldErrors(error.body, '') : []),
    ...(error.query ? fieldErrors(error.query, 'query') : []),
    ...(error.pathParams ? fieldErrors(error.pathParams, 'params') : []),
    ...(error.headers ? fieldErrors(error.headers, 'headers') : []),
  ]
  const fields: Record<string, string> = {}
  for (const e of errors) fields[e.field || '_'] ??= e.code
  return { code: 'validation_failed', message: translate('validation_failed'), fields, errors }
}

export function requestValidationErrorHandler(
  error: RequestValidationError,
  _req: Request,
  res: Response,
  _next: NextFunction,
) {
  res.status(400).json(validationErrorBody(error))
}

/** Whether the request is for a page (the browser wants a document), not for the API. */
function wantsPage(req: Request): boolean {
  const path = req.originalUrl ?? req.url ?? ''
  return !path.startsWith('/api/') && (req.accepts?.(['json', 'html']) ?? 'json') === 'html'
}

/** The whole page a browser gets while the database is away (no assets, no data needed). */
const UNAVAILABLE_PAGE = `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Gerade nicht erreichbar | Bitwerk</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}a{color:#0b57d0}</style>
</head>
<body>
<main>
<h1>Einen Moment bitte</h1>
<p role="alert">${translate('service_unavailable')}</p>
<p><a href="">Seite neu laden</a></p>
</main>
</body>
</html>
`

/**
 * 503 while the database is away: Retry-After, the German message as JSON, or a small HTML page
 * for a browser asking for a page.
 */
export function sendDatabaseUnavailable(req: Request, res: Response): void {
  res.status(503).setHeader('Retry-After', String(RETRY_AFTER_SECONDS))
  res.setHeader('Cache-Control', 'no-store')
  if (wantsPage(req)) res.type('html').send(UNAVAILABLE_PAGE)
  else res.json(errorJson('service_unavailable'))
}

/**
 * Last middleware: known client errors keep their status; a database that is away answers 503
 * (retry soon); a value the database cannot hold (Postgres data exception, SQLSTATE class 22) is
 * a 400, as a safety net behind the contract's field rules; everything else is a logged 500.
 */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const status =
    typeof error?.status === 'number'
      ? error.status
      : typeof error?.statusCode === 'number'
        ? error.statusCode
        : 500
  if (res.headersSent) {
    req.log?.error({ err: error }, 'error after headers were sent')
    res.end()
    return
  }
  if (status === 400 && error?.type === 'entity.parse.failed') {
    res
      .status(400)
      .json({ ...errorJson('validation_failed'), fields: { _: 'invalid' }, errors: [] })
    return
  }
  if (status === 413) {
    res.status(413).json(errorJson('payload_too_large'))
    return
  }
  if (status >= 400 && status < 500) {
    res.status(status).json(errorJson(status === 404 ? 'not_found' : 'validation_failed'))
    return
  }
  if (isDatabaseUnavailable(error)) {
    req.log?.warn({ err: error }, 'database unavailable')
    sendDatabaseUnavailable(req, res)
    return
  }
  if (isDataException(error)) {
    req.log?.warn({ err: error }, 'value refused by the database')
    res
      .status(400)
      .json({ ...errorJson('validation_failed'), fields: { _: 'invalid' }, errors: [] })
    return
  }
  req.log?.error({ err: error }, 'unhandled error')
  res.status(500).json(errorJson('general_error'))
}

/** Personal answers (account, cart, orders): never stored by a browser or a shared cache. */
export function noStore(res: { setHeader: (name: string, value: string) => unknown }) {
  res.setHeader('Cache-Control', 'private, no-store')
}

/**
 * The answer to a form the browser sent itself (before the page's script ran, or without it):
 * 303 See Other to the page that shows the outcome, never cached.
 */
export function seeOther(
  res: { setHeader: (name: string, value: string) => unknown },
  location: string,
) {
  noStore(res)
  res.setHeader('Location', location)
  return { status: 303 as const, body: undefined }
}

/** A personal file as a download (invoice, return label), never cached. */
export function sendFile(
  res: Response,
  file: { filename: string; contentType: string; content: Buffer },
) {
  noStore(res)
  res.setHeader('Content-Type', file.contentType)
  res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`)
  return { status: 200 as const, body: file.content }
}
