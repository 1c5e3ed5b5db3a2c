// A real server process for fault tests: the production bundle (scripts/build-server.ts) run by
// plain `node`, as in the container, against a database URL. Its JSON log lines are collected, so
// a test can see what the server received and answered; signals go to the process itself.
// `npm test` runs vitest before `npm run build`, so the test builds its own bundle (esbuild, ~1 s)
// into node_modules/.cache (inside the project: the bundle's package imports resolve from there).
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdir, rm } from 'node:fs/promises'
import { resolve } from 'node:path'
import { buildServer, SERVER_ENV, SERVER_NODE_FLAGS } from '../../scripts/build-server.ts'

const ROOT = resolve(import.meta.dirname, '../..')

export type LogLine = { level: number; msg: string; [field: string]: unknown }
export type Exit = { code: number | null; signal: NodeJS.Signals | null; at: number }

export type ServerProcess = {
  url: string
  port: number
  pid: number
  /** Every JSON line the server logged so far. */
  logs: () => LogLine[]
  /** What the server wrote that is not JSON (stderr, crashes). */
  output: () => string
  /** Resolves when the process has exited. */
  exited: Promise<Exit>
  signal: (signal: NodeJS.Signals) => void
  /** Kills the process (SIGKILL) if it still runs. */
  close: () => Promise<void>
}

/** Builds the server bundle into a folder of its own; returns its path and how to remove it. */
export async function buildServerBundle(): Promise<{ file: string; remove: () => Promise<void> }> {
  const folder = resolve(
    ROOT,
    'node_modules/.cache/bitwerk-server',
    `${process.pid}-${Date.now().toString(36)}`,
  )
  await mkdir(folder, { recursive: true })
  const file = await buildServer({ outfile: resolve(folder, 'main.js') })
  return { file, remove: () => rm(folder, { recursive: true, force: true }) }
}

export async function startServerProcess(options: {
  bundle: string
  databaseUrl: string
  env?: Record<string, string>
  startTimeoutMs?: number
}): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, options.bundle], {
    cwd: ROOT,
    env: {
      ...SERVER_ENV,
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: options.databaseUrl,
      LOG_LEVEL: 'debug',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: LogLine[] = []
  let other = ''
  let pending = ''
  child.stdout?.setEncoding('utf8')
  child.stdout?.on('data', (chunk: string) => {
    pending += chunk
    const complete = pending.split('\n')
    pending = complete.pop() ?? ''
    for (const line of complete) {
      if (line.trim() === '') continue
      try {
        lines.push(JSON.parse(line) as LogLine)
      } catch {
        other += `${line}\n`
      }
    }
  })
  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (chunk: string) => {
    other += chunk
  })
  const exited = new Promise<Exit>((resolveExit) => {
    child.once('exit', (code, signal) => resolveExit({ code, signal, at: Date.now() }))
  })

  const deadline = Date.now() + (options.startTimeoutMs ?? 30_000)
  let port = 0
  let gone = false
  void exited.then(() => {
    gone = true
  })
  while (!port) {
    const started = lines.find((line) => typeof line.port === 'number' && line.port > 0)
    if (started) port = started.port as number
    else if (gone) throw new Error(`the server process ended while starting:\n${other}`)
    else if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`the server process did not start in time:\n${other}`)
    } else await new Promise((wait) => setTimeout(wait, 50))
  }

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid ?? 0,
    logs: () => lines,
    output: () => other,
    exited,
    signal: (signal) => {
      child.kill(signal)
    },
    close: async () => {
      if (!gone) {
        child.kill('SIGKILL')
        await exited
      }
    },
  }
}
