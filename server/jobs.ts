// Every periodic job of the shop: the platform's and the payment sandbox's housekeeping and the
// slices' own jobs.
import type { Db } from '#db/client.ts'
import { staffJobs } from './backoffice/index.ts'
import { campusJobs } from './campus/index.ts'
import { checkoutJobs } from './checkout/index.ts'
import { consentJobs } from './consent/index.ts'
import { newsletterJobs } from './newsletter/index.ts'
import { ordersJobs } from './orders/index.ts'
import { createPaymentProvider, paymentSandboxJobs } from './payment-sandbox/index.ts'
import type { Clock } from './platform/clock.ts'
import { type Config, loadConfig } from './platform/config.ts'
import type { Job } from './platform/jobs.ts'
import { createFileSystemStorage } from './platform/storage.ts'
import { platformJobs } from './platform/tasks.ts'

export function allJobs(db: Db, clock: Clock, config: Config = loadConfig()): Job[] {
  return [
    ...platformJobs(db, clock),
    ...paymentSandboxJobs(clock),
    ...consentJobs(clock),
    ...newsletterJobs(clock),
    ...campusJobs(clock, {
      publicUrl: config.publicUrl,
      storage: createFileSystemStorage(config.uploadDir),
    }),
    ...staffJobs(clock),
    ...ordersJobs(clock),
    ...checkoutJobs(db, clock, createPaymentProvider({ db, config, clock }).provider),
  ]
}
