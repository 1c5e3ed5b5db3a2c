// Payments never orphaned (issue 16): every order attempt that asks the provider for money has a
// row in checkout_payment_attempts, committed before the call. This job looks at attempts that
// are unresolved and were not renewed for RECONCILE_GRACE_MS, asks the provider (through the
// port, by the attempt's key, which is the payments' reference) what it holds for them, and
// voids authorizations whose order never committed (a crash or lost connection between the
// provider's answer and the order's commit, or a failed inline void).
//
// Why void and never complete the order here: an order needs the shopper's current cart, prices,
// stock and choices, and a confirmation the shopper sees; the job has none of that. The shopper
// lost nothing: the order did not commit, so the cart is still full, and a retry with the same
// key within the grace period does complete the very order (same authorization).
//
// Safe with several processes: the job runs under its advisory lock, every state change is one
// guarded statement, voids are idempotent per payment, and the order's transaction claims the
// attempt (repo.claimAttemptForOrder) so an order and a void can never both win.
import type { Db } from '#db/client.ts'
import { findOrderByKey } from '#server/orders/index.ts'
import type { Clock } from '#server/platform/clock.ts'
import type { Job } from '#server/platform/jobs.ts'
import type { Payment, PaymentProvider } from '#server/platform/payments/index.ts'
import * as repo from './repo.ts'

export const RECONCILE_EVERY_MS = 60 * 1000
/** An authorization this long without an order (and without a retry) is voided. */
export const RECONCILE_GRACE_MS = 5 * 60 * 1000
/** An attempt for which the provider has no payment at all is closed after this long. */
export const RECONCILE_GIVE_UP_MS = 60 * 60 * 1000
const BATCH = 100

export type ReconcileSummary = {
  /** Attempts whose order exists (marked ordered). */
  ordered: number
  /** Attempts whose authorizations were voided. */
  voided: number
  /** Attempts for which the provider holds no money (declined, cancelled, expired, none). */
  closed: number
  /** Attempts left for a later run (a 3-D Secure page still open, a fresh authorization). */
  waiting: number
  /** Authorizations that were captured without an order: they need a refund by staff. */
  capturedWithoutOrder: string[]
}

type Deps = { db: Db; clock: Clock; payments: PaymentProvider }

/** A payment the buyer can still turn into an authorization without the shop (3-D Secure page). */
function stillOpen(payment: Payment): boolean {
  return payment.status === 'challenge'
}

export async function reconcilePayments(deps: Deps): Promise<ReconcileSummary> {
  const { db, clock, payments } = deps
  const now = clock.now()
  const cutoff = new Date(now.getTime() - RECONCILE_GRACE_MS)
  const giveUp = new Date(now.getTime() - RECONCILE_GIVE_UP_MS)
  const summary: ReconcileSummary = {
    ordered: 0,
    voided: 0,
    closed: 0,
    waiting: 0,
    capturedWithoutOrder: [],
  }
  const failures: unknown[] = []
  for (const attempt of await repo.unresolvedAttempts(db, cutoff, BATCH)) {
    const key = attempt.idempotencyKey
    try {
      if (await findOrderByKey(db, key)) {
        const moved = await repo.settleAttempt(db, key, {
          from: ['open', 'voiding'],
          to: 'ordered',
          cutoff,
          now,
        })
        if (moved) summary.ordered++
        continue
      }
      let state = attempt.state
      if (state === 'open') {
        const found = await payments.payments.findByReference(key)
        const stale = found.some((p) => p.status === 'authorized' && p.updatedAt <= cutoff)
        if (!stale) {
          const pending = found.some((p) => p.status === 'authorized' || stillOpen(p))
          const nothingYet = found.length === 0 && attempt.updatedAt > giveUp
          if (pending || nothingYet) {
            summary.waiting++
            continue
          }
          for (const p of found)
            if (p.status === 'captured') summary.capturedWithoutOrder.push(p.paymentId)
          if (await repo.settleAttempt(db, key, { from: ['open'], to: 'closed', cutoff, now }))
            summary.closed++
          continue
        }
        // From here on no order may use this key's money (the order's claim refuses).
        if (!(await repo.settleAttempt(db, key, { from: ['open'], to: 'voiding', cutoff, now })))
          continue
        state = 'voiding'
      }
      // Voiding: read again after the claim, so nothing authorized meanwhile is missed.
      const found = await payments.payments.findByReference(key)
      let done = true
      for (const payment of found) {
        if (payment.status === 'captured') summary.capturedWithoutOrder.push(payment.paymentId)
        if (stillOpen(payment)) done = false
        if (payment.status !== 'authorized') continue
        const voided = await payments.payments.void({
          paymentId: payment.paymentId,
          idempotencyKey: `reconcile-void-${payment.paymentId}`,
        })
        // payment_invalid_state: voided or captured meanwhile; the next run sees which.
        if (!voided.ok && voided.code !== 'payment_invalid_state') done = false
      }
      if (!done) {
        summary.waiting++
        continue
      }
      if (await repo.settleAttempt(db, key, { from: ['voiding'], to: 'voided', cutoff, now }))
        summary.voided++
    } catch (error) {
      // One provider or database failure must not stop the other attempts; the run fails after.
      failures.push(error)
    }
  }
  // One failure is thrown as it is (the job runner tells a lost database from a bug by it).
  if (failures.length === 1) throw failures[0]
  if (failures.length > 1)
    throw new AggregateError(failures, `payment reconciliation: ${failures.length} attempts failed`)
  return summary
}

/** The checkout's periodic jobs (server/jobs.ts, which hands in the payment provider). */
export function checkoutJobs(db: Db, clock: Clock, provider: PaymentProvider): Job[] {
  return [
    {
      name: 'reconcile-payments',
      everyMs: RECONCILE_EVERY_MS,
      // Runs on its own connections: each state change commits at once (the lock's transaction
      // only keeps two processes from running it at the same time).
      run: () => reconcilePayments({ db, clock, payments: provider }),
    },
  ]
}
