// One Postgres server per test run: TEST_DATABASE_URL if set, else a testcontainers Postgres
// when a container runtime answers (the check fails within milliseconds without one), else the
// embedded Postgres in a temporary folder.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startEmbeddedPostgres } from '#db/embedded.ts'

export type TestServer = {
  adminUrl: string
  kind: 'url' | 'container' | 'embedded'
  stop: () => Promise<void>
}

async function containerRuntimeAvailable(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers')
    await getContainerRuntimeClient()
    return true
  } catch {
    return false
  }
}

export async function startTestServer(): Promise<TestServer> {
  const fromEnv = process.env.TEST_DATABASE_URL
  if (fromEnv) return { adminUrl: fromEnv, kind: 'url', stop: async () => {} }
  if (await containerRuntimeAvailable()) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql')
    const container = await new PostgreSqlContainer('postgres:18-alpine').start()
    return {
      adminUrl: container.getConnectionUri().replace(/\/[^/]+$/, '/postgres'),
      kind: 'container',
      stop: async () => {
        await container.stop()
      },
    }
  }
  const folder = await mkdtemp(join(tmpdir(), 'shop-test-pg-'))
  const server = await startEmbeddedPostgres({
    dataDir: join(folder, 'data'),
    persistent: false,
    unsafeFast: true,
  })
  return {
    adminUrl: server.adminUrl,
    kind: 'embedded',
    stop: async () => {
      await server.stop()
      await rm(folder, { recursive: true, force: true })
    },
  }
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}
