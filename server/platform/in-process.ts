// Calls into the shop's own Express app without a socket. Server rendering's route loaders reach
// the API through this: the same middleware (session, guards) and ts-rest handlers as a browser's
// call, with the visitor's cookies, but no TCP connection, no HTTP parsing and no second request
// over loopback.
import { EventEmitter } from 'node:events'
import { IncomingMessage, ServerResponse } from 'node:http'
import { Writable } from 'node:stream'
import type { Request } from 'express'

/** An Express app (or any Node request listener) to dispatch into. */
export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void

export type InProcessRequest = {
  method: string
  /** Path and query, e.g. `/api/catalog/listing?path=monitore`. */
  path: string
  headers?: Record<string, string>
  body?: string | null
}

export type InProcessResponse = { status: number; headers: Headers; text: string }

/** What the ts-rest client hands its `api` function (the fields used here). */
export type FetcherArgs = {
  path: string
  method: string
  headers: Record<string, string>
  body: unknown
}

/** The ts-rest client's `api` shape: a per-render fetcher for the route loaders. */
export type InProcessFetcher = (
  args: FetcherArgs,
) => Promise<{ status: number; body: unknown; headers: Headers }>

/**
 * The visitor's headers that an API call made on their behalf carries: the session cookie, the
 * host and the proxy's headers (so protocol and client address are the visitor's), the request
 * id (so the calls' log lines carry the page's id).
 */
const FORWARDED_HEADERS = ['cookie', 'host', 'x-forwarded-for', 'x-forwarded-proto', 'user-agent']

/**
 * Stands in for the connection: Express reads the client address and TLS flag from it; body
 * parsers take a request whose socket is no longer readable for one that has ended.
 */
class DetachedSocket extends EventEmitter {
  readonly readable = true
  readonly writable = false
  constructor(
    readonly remoteAddress: string | undefined,
    readonly encrypted: boolean,
  ) {
    super()
  }
  destroy() {
    return this
  }
  resume() {
    return this
  }
  pause() {
    return this
  }
  setTimeout() {
    return this
  }
}

/** Receives what ServerResponse would send to a socket (status line, headers): ignored. */
function nullSink(): Writable {
  return new Writable({
    write(_chunk, _encoding, callback) {
      callback()
    },
  })
}

/** Express's JSON settings; with any of them set, its own `res.json` answers. */
type JsonSettings = { get(name: 'json replacer' | 'json spaces' | 'json escape'): unknown }

/**
 * A response that keeps what is written to it. Express swaps the prototype of the objects it
 * handles (to its own request and response), so the capture is set as own properties.
 *
 * `json` keeps the JSON text itself (issue 23): Express's `res.json` would hash the text for an
 * ETag nobody asks for (no If-None-Match in here) and turn it into bytes that the fetcher turns
 * back into text. Status, Content-Type (`application/json; charset=utf-8` as Express sets it),
 * Set-Cookie and the response's events are those of the real `end`. An answer with its own type,
 * without a body (HEAD, 204, 304) or from an app with JSON settings goes through Express's
 * `res.json`.
 */
function capturingResponse(req: IncomingMessage): {
  res: ServerResponse
  text: () => string
} {
  const res = new ServerResponse(req)
  res.assignSocket(nullSink() as never)
  const chunks: Buffer[] = []
  let jsonText: string | undefined
  const keep = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return
    chunks.push(
      Buffer.isBuffer(chunk)
        ? chunk
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk)
          : Buffer.from(
              String(chunk),
              typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
            ),
    )
  }
  const write = ServerResponse.prototype.write as (...args: unknown[]) => boolean
  const end = ServerResponse.prototype.end as (...args: unknown[]) => ServerResponse
  Object.assign(res, {
    write(chunk: unknown, encoding?: unknown, callback?: unknown) {
      keep(chunk, encoding)
      return write.call(res, chunk, encoding, callback)
    },
    end(chunk?: unknown, encoding?: unknown, callback?: unknown) {
      keep(chunk, encoding)
      return end.call(res, chunk, encoding, callback)
    },
    json(value: unknown) {
      const express = res as unknown as {
        app?: JsonSettings
        json(value: unknown): ServerResponse
      }
      const app = express.app
      if (
        !app ||
        res.hasHeader('content-type') ||
        req.method === 'HEAD' ||
        res.statusCode === 204 ||
        res.statusCode === 304 ||
        app.get('json replacer') !== undefined ||
        app.get('json spaces') !== undefined ||
        app.get('json escape')
      ) {
        return (Object.getPrototypeOf(res) as typeof express).json.call(res, value)
      }
      res.setHeader('Content-Type', 'application/json; charset=utf-8')
      jsonText = JSON.stringify(value) ?? ''
      return end.call(res)
    },
  })
  return {
    res,
    text: () => jsonText ?? Buffer.concat(chunks).toString('utf8'),
  }
}

function toHeaders(res: ServerResponse): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item))
  }
  return headers
}

/**
 * Runs one request through `app` in this process and collects the answer. The request carries
 * the visitor's cookies and client address (see FORWARDED_HEADERS), never a socket.
 */
export function dispatchInProcess(
  app: RequestListener,
  visitor: Request,
  request: InProcessRequest,
): Promise<InProcessResponse> {
  return new Promise((resolve, reject) => {
    const socket = new DetachedSocket(
      visitor.socket?.remoteAddress,
      Boolean((visitor.socket as { encrypted?: boolean } | undefined)?.encrypted),
    )
    const req = new IncomingMessage(socket as never)
    req.method = request.method.toUpperCase()
    req.url = request.path
    req.httpVersion = '1.1'
    req.httpVersionMajor = 1
    req.httpVersionMinor = 1
    const headers: Record<string, string> = {}
    for (const name of FORWARDED_HEADERS) {
      const value = visitor.headers[name]
      if (typeof value === 'string') headers[name] = value
    }
    const requestId = (visitor as { id?: unknown }).id
    if (typeof requestId === 'string') headers['x-request-id'] = requestId
    for (const [name, value] of Object.entries(request.headers ?? {}))
      headers[name.toLowerCase()] = value
    const body = request.body == null ? null : Buffer.from(request.body)
    if (body) headers['content-length'] = String(body.length)
    req.headers = headers
    req.rawHeaders = Object.entries(headers).flat()
    if (body) req.push(body)
    req.push(null)
    req.complete = true

    const { res, text } = capturingResponse(req)
    res.once('finish', () =>
      resolve({
        status: res.statusCode,
        headers: toHeaders(res),
        text: text(),
      }),
    )
    res.once('error', reject)
    try {
      app(req, res)
    } catch (error) {
      reject(error)
    }
  })
}

/**
 * The fetcher one page render gives its ts-rest client (`api`): each call runs through `app` as
 * the visitor. Bodies are decoded as ts-rest's own fetcher decodes them (JSON by content type,
 * else text). The answers' Set-Cookie headers stay in the answer, as the loopback calls' did.
 */
export function inProcessFetcher(app: RequestListener, visitor: Request): InProcessFetcher {
  return async (args) => {
    if (args.body !== undefined && args.body !== null && typeof args.body !== 'string')
      throw new Error(`in-process API calls take JSON bodies only (${args.method} ${args.path})`)
    const response = await dispatchInProcess(app, visitor, {
      method: args.method,
      path: args.path,
      headers: args.headers,
      body: args.body ?? null,
    })
    const contentType = response.headers.get('content-type') ?? ''
    const body =
      contentType.includes('json') && response.text !== ''
        ? (JSON.parse(response.text) as unknown)
        : response.text
    return { status: response.status, body, headers: response.headers }
  }
}

/** True for a call made through this module (a page's loader), not by a browser. */
export function isInProcess(req: IncomingMessage): boolean {
  return req.socket instanceof DetachedSocket
}
