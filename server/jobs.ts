// Every periodic job of the shop: the platform's housekeeping and the slices' own jobs.
import type { Db } from '#db/client.ts'
import { consentJobs } from './consent/index.ts'
import { newsletterJobs } from './newsletter/index.ts'
import type { Clock } from './platform/clock.ts'
import type { Job } from './platform/jobs.ts'
import { platformJobs } from './platform/tasks.ts'

export function allJobs(db: Db, clock: Clock): Job[] {
  return [...platformJobs(db, clock), ...consentJobs(clock), ...newsletterJobs(clock)]
}
