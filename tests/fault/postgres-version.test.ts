// The shop refuses an older PostgreSQL at start (issue 23): the production bundle, pointed at a
// real PostgreSQL 15 server (Debian's package, which .ci/run installs), exits with code 1 and a
// message naming the version it found, before touching the database (no migration ran).
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '#db/embedded.ts'
import { buildServerBundle, startServerProcess } from '#tests/support/server-process.ts'

const BIN = '/usr/lib/postgresql/15/bin'
const asRoot = process.getuid?.() === 0

/** Runs a PostgreSQL binary, as the postgres user when the test runs as root (initdb refuses root). */
function pg(command: string, args: string[]) {
  const file = join(BIN, command)
  if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { stdio: 'ignore' })
  else execFileSync(file, args, { stdio: 'ignore' })
}

describe.skipIf(!existsSync(join(BIN, 'initdb')))('on PostgreSQL 15', () => {
  let folder = ''
  let port = 0
  let bundle: Awaited<ReturnType<typeof buildServerBundle>> | null = null

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'shop-pg15-'))
    await chmod(folder, 0o777)
    port = await freePort()
    const data = join(folder, 'data')
    if (asRoot) execFileSync('chown', ['postgres', folder])
    pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8'])
    pg('pg_ctl', [
      '-D',
      data,
      '-o',
      `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1`,
      '-w',
      'start',
    ])
    bundle = await buildServerBundle()
  }, 120_000)

  afterAll(async () => {
    try {
      pg('pg_ctl', ['-D', join(folder, 'data'), '-m', 'immediate', 'stop'])
    } catch {}
    await bundle?.remove()
    await rm(folder, { recursive: true, force: true })
  })

  it('exits with a clear message naming the version, and migrates nothing', async () => {
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`
    const started = startServerProcess({ bundle: bundle?.file ?? '', databaseUrl: url })
    const error = await started.then(
      () => null,
      (e: Error) => e.message,
    )
    expect(error).toContain('PostgreSQL 18 or newer is required; the database server runs 15.')
    const client = postgres(url, { max: 1 })
    const [row] = await client`select to_regclass('public.orders') as orders`
    await client.end()
    expect(row?.orders).toBeNull()
  })
})
