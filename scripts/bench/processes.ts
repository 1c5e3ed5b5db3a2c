// The processes a benchmark run measures: the shop (its production server bundle run by plain
// node, as in the container) and the unit (scripts/bench/unit.ts), each on its own port against
// the bench database. The load generator (autocannon in scripts/bench.ts) stays in the bench
// process, so neither side shares its CPU time with it.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, openSync } from 'node:fs'
import { mkdir, readFile, rm } from 'node:fs/promises'
import { resolve } from 'node:path'
import { freePort } from '#db/embedded.ts'
import { buildServer, SERVER_ENV, SERVER_NODE_FLAGS } from '../build-server.ts'

const ROOT = resolve(import.meta.dirname, '../..')

export type BenchProcess = {
  name: string
  url: string
  pid: number
  /** Resident memory of the process now, in MB (Linux /proc). */
  rssMb: () => Promise<number | null>
  /** What the process wrote to stderr (and stdout, for the unit). */
  output: () => string
  stop: () => Promise<void>
}

/** Builds the server bundle from the current source into a folder of its own (esbuild, ~1 s). */
export async function buildBenchBundle(): Promise<{ file: string; remove: () => Promise<void> }> {
  const folder = resolve(ROOT, 'node_modules/.cache/bitwerk-bench', String(process.pid))
  await mkdir(folder, { recursive: true })
  const file = await buildServer({ outfile: resolve(folder, 'main.js') })
  return { file, remove: () => rm(folder, { recursive: true, force: true }) }
}

/** The web bundles the page renderer needs; built once when missing (`npm run build`). */
export function webBuildPresent(): boolean {
  return existsSync(resolve(ROOT, 'dist/server/entry-server.js'))
}

/** Where a process's stdout goes: BENCH_SHOP_LOG's file (appended) for the shop, else nowhere. */
function logFile(name: string): 'ignore' | number {
  const file = process.env.BENCH_SHOP_LOG
  return file && name !== 'unit' ? openSync(resolve(file), 'a') : 'ignore'
}

async function start(
  name: string,
  args: string[],
  env: Record<string, string>,
  readyPath: string,
): Promise<BenchProcess> {
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), ...env },
    // The shop's request log goes nowhere (as to a log collector), but it is written;
    // BENCH_SHOP_LOG=<file> keeps the shop's log lines there (to see what a row makes it log).
    stdio: ['ignore', logFile(name), 'pipe'],
  })
  let output = ''
  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (chunk: string) => {
    output = (output + chunk).slice(-20_000)
  })
  let gone = false
  const exited = new Promise<void>((resolveExit) => {
    child.once('exit', () => {
      gone = true
      resolveExit()
    })
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 120_000
  for (;;) {
    if (gone) throw new Error(`${name} ended while starting:\n${output}`)
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`${name} did not start in time:\n${output}`)
    }
    const ok = await fetch(`${url}${readyPath}`).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) break
    await new Promise((wait) => setTimeout(wait, 200))
  }
  return {
    name,
    url,
    pid: child.pid ?? 0,
    output: () => output,
    rssMb: async () => {
      try {
        const status = await readFile(`/proc/${child.pid}/status`, 'utf8')
        const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1])
        return Number.isFinite(kb) ? Math.round(kb / 1024) : null
      } catch {
        return null
      }
    },
    stop: async () => {
      if (gone) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exited
      clearTimeout(timer)
    },
  }
}

/** The shop in production mode (page renderer included), as `npm start` runs it. */
export function startShop(
  name: string,
  bundle: string,
  databaseUrl: string,
  logLevel: string,
  nodeArgs: string[] = [],
): Promise<BenchProcess> {
  // BENCH_CPU_PROF=<folder>: the shop writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF
  // Experiments: BENCH_SHOP_NODE_ARGS="--max-semi-space-size=8" and BENCH_SHOP_ENV="A=1 B=2" add
  // node options and environment variables to the shop's start. The options come after
  // SERVER_NODE_FLAGS: V8 takes the last value of a flag given twice, so they override them
  // (`--heap-growing-percent=0` is V8's own default, i.e. the flag unset).
  const extraArgs = (process.env.BENCH_SHOP_NODE_ARGS ?? '').split(' ').filter(Boolean)
  const extraEnv = Object.fromEntries(
    (process.env.BENCH_SHOP_ENV ?? '')
      .split(' ')
      .filter((pair) => pair.includes('='))
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  )
  return start(
    name,
    [
      ...nodeArgs,
      ...SERVER_NODE_FLAGS,
      ...extraArgs,
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${resolve(profile)}`] : []),
      bundle,
    ],
    {
      ...SERVER_ENV,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: logLevel,
      PAYMENT_SIMULATOR_SECRET: 'bench-payment-simulator-secret-0123456789',
      ...extraEnv,
    },
    '/readyz',
  )
}

export function startUnit(databaseUrl: string): Promise<BenchProcess> {
  return start(
    'unit',
    ['--import', 'tsx', resolve(ROOT, 'scripts/bench/unit.ts')],
    { NODE_ENV: 'production', DATABASE_URL: databaseUrl },
    '/ready',
  )
}
