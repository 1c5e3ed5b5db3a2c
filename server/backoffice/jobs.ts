// Housekeeping of the back office's access: ended staff sessions are deleted.
import type { Clock } from '#server/platform/clock.ts'
import type { Job } from '#server/platform/jobs.ts'
import { deleteExpiredSessions } from './access-repo.ts'

export function staffJobs(clock: Clock): Job[] {
  return [
    {
      name: 'clean-staff-sessions',
      everyMs: 15 * 60 * 1000,
      run: (tx) => deleteExpiredSessions(tx, clock.now()),
    },
  ]
}
