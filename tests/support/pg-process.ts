// A Postgres of its own that a fault test may stop and start again on the same port and data
// directory (the shared test server of global-setup.ts is never touched). Embedded binaries from
// npm, data in a temporary folder, deleted by remove().
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, type RunningPostgres, startEmbeddedPostgres } from '#db/embedded.ts'

export type StoppablePostgres = {
  adminUrl: string
  port: number
  /** Whether the server is running (between start() and stop()). */
  running: () => boolean
  /** Stops the server (fast shutdown: open connections are terminated). */
  stop: () => Promise<void>
  /** Starts it again on the same port and data. */
  start: () => Promise<void>
  /** Stops it if running and deletes its data. */
  remove: () => Promise<void>
}

export async function startStoppablePostgres(
  options: { port?: number } = {},
): Promise<StoppablePostgres> {
  const folder = await mkdtemp(join(tmpdir(), 'shop-fault-pg-'))
  const port = options.port ?? (await freePort())
  const open = () =>
    startEmbeddedPostgres({
      dataDir: join(folder, 'data'),
      persistent: true,
      unsafeFast: true,
      port,
    })
  let server: RunningPostgres | null = await open()
  const adminUrl = server.adminUrl
  const stop = async () => {
    const current = server
    server = null
    await current?.stop()
  }
  return {
    adminUrl,
    port,
    running: () => server !== null,
    stop,
    start: async () => {
      if (server) return
      server = await open()
    },
    remove: async () => {
      await stop()
      await rm(folder, { recursive: true, force: true })
    },
  }
}
