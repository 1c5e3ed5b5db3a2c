// The orders slice's periodic work: invoices for deliveries shipped without one (issue 20) –
// the demo orders and orders shipped before invoicing existed. Issued without a mail (the
// customer finds them in "Bestelldetails"); one process at a time (the job's advisory lock).
import type { Tx } from '#db/client.ts'
import type { Clock } from '#server/platform/clock.ts'
import type { Job } from '#server/platform/jobs.ts'
import { deliveriesWithoutInvoice, issueDeliveryInvoice } from './invoicing.ts'

export const INVOICE_BACKFILL_BATCH = 40

/** Issues the missing invoices of up to `batch` shipped deliveries; returns how many. */
export async function issueMissingInvoices(
  tx: Tx,
  now: Date,
  batch = INVOICE_BACKFILL_BATCH,
): Promise<number> {
  const missing = await deliveriesWithoutInvoice(tx, batch)
  for (const { orderId, deliveryId } of missing)
    await issueDeliveryInvoice(tx, orderId, deliveryId, now)
  return missing.length
}

export function ordersJobs(clock: Clock): Job[] {
  return [
    {
      name: 'issue-missing-invoices',
      everyMs: 20_000,
      run: (tx) => issueMissingInvoices(tx, clock.now()),
    },
  ]
}
