// Housekeeping of the sandbox: its stale card forms, sessions and payments.
import type { Clock } from '#server/platform/clock.ts'
import type { Job } from '#server/platform/jobs.ts'
import { cleanUpSimulator } from './housekeeping.ts'

export function paymentSandboxJobs(clock: Clock): Job[] {
  return [
    {
      name: 'clean-payment-simulator',
      everyMs: 60 * 60 * 1000,
      run: (tx) => cleanUpSimulator(tx, clock.now()),
    },
  ]
}
