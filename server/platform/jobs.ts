// Periodic background work on Postgres. Each run holds a transaction-scoped advisory lock named
// after the job, so with several app processes a job runs in one of them at a time.
import { sql } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { isDatabaseUnavailable } from './db-errors.ts'
import type { Logger } from './log.ts'

export type Job = {
  name: string
  everyMs: number
  /** Runs inside the lock's transaction; long outside work should use its own connections. */
  run: (tx: Tx) => Promise<unknown>
}

export async function runJobOnce(db: Db, job: Job): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(hashtext(${`job:${job.name}`})) as locked`,
    )
    if (!row?.locked) return false
    await job.run(tx)
    return true
  })
}

export function startJobs(db: Db, log: Logger, jobs: Job[]): () => Promise<void> {
  const running = new Set<Promise<unknown>>()
  const timers = jobs.map((job) =>
    setInterval(() => {
      const run = runJobOnce(db, job)
        .catch((error: unknown) => {
          // While the database is away every run fails; the next run after it is back succeeds.
          if (isDatabaseUnavailable(error))
            log.warn({ job: job.name, err: error }, 'job skipped: database unavailable')
          else log.error({ err: error, job: job.name }, 'job failed')
        })
        .finally(() => running.delete(run))
      running.add(run)
    }, job.everyMs),
  )
  return async () => {
    for (const timer of timers) clearInterval(timer)
    await Promise.allSettled([...running])
  }
}
