// Benchmark harness: load generation with autocannon (in the bench process, apart from the
// processes it measures, scripts/bench/processes.ts). Absolute numbers drift on shared machines;
// the ratio to the unit measured in the same run holds.
import type { AddressInfo } from 'node:net'
import autocannon from 'autocannon'
import type express from 'express'
import type { Db } from '#db/client.ts'

export type BenchResult = {
  requestsPerSecond: number
  p50: number
  p99: number
  /** Connection errors and timeouts. */
  errors: number
  non2xx: number
  /** Answers by status code other than 2xx ("400×12"), for the verdict. */
  statuses: string
}

export type Scenario = {
  name: string
  /**
   * Target: throughput as a ratio of the unit; p50 and p99 limits in ms at 10 connections; the
   * p99 at 50 connections at most `p99Spread` times the p99 at 10.
   */
  target?: { ratio?: number; p50?: number; p99?: number; p99Spread?: number }
  /** Builds the request(s); `appUrl` is the shop process that requests may be prepared on. */
  requests: (ctx: {
    appUrl: string
    unitUrl: string
    db: Db
  }) => Promise<autocannon.Request[]> | autocannon.Request[]
  /** A path of the unit process to compare with instead of the plain SELECT (e.g. cart add). */
  unitPath?: string
  /** Load spread over this many shop processes on the same database (default 1). */
  processes?: 1 | 2
}

/** Used by the page-speed measurement, which serves the app in-process. */
export async function listen(
  app: express.Express,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = app.listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * Measures `seconds` of load with `connections` connections. Several URLs: the connections are
 * spread over them round-robin (autocannon), one histogram for all.
 */
export async function measure(
  urls: string[],
  requests: autocannon.Request[],
  seconds: number,
  connections: number,
): Promise<BenchResult> {
  const result = await autocannon({
    // autocannon spreads connections over several URLs; its types know only one.
    url: (urls.length === 1 ? (urls[0] ?? '') : urls) as string,
    connections,
    duration: seconds,
    pipelining: 1,
    timeout: 20,
    ...(requests.length ? { requests } : {}),
  })
  const stats = (result as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats
  const statuses = Object.entries(stats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${code}×${count}`)
    .join(' ')
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statuses,
  }
}
