// Housekeeping jobs of the platform: expired sessions and rate-limit windows.
import { lt } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { sessions } from '#db/schema/platform.ts'
import type { Clock } from './clock.ts'
import type { Job } from './jobs.ts'
import { deleteExpiredRateLimits } from './rate-limit.ts'

export function platformJobs(_db: Db, clock: Clock): Job[] {
  return [
    {
      name: 'clean-sessions',
      everyMs: 15 * 60 * 1000,
      run: (tx) => tx.delete(sessions).where(lt(sessions.expiresAt, clock.now())),
    },
    {
      name: 'clean-rate-limits',
      everyMs: 5 * 60 * 1000,
      run: (tx) => deleteExpiredRateLimits(tx, clock.now()),
    },
  ]
}
