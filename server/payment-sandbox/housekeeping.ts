// The sandbox provider's own housekeeping, as a real provider does it on its side: hosted card
// forms and Apple Pay merchant sessions end a day after they expired (aliases stay: stored cards
// name them), and payments the buyer left alone past their lifetime turn `expired`.
import { and, inArray, isNotNull, lt } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { pspApplePaySessions, pspCardSessions, pspPayments } from '#db/schema/payments.ts'

const DAY_MS = 24 * 60 * 60 * 1000

export async function cleanUpSimulator(db: DbOrTx, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - DAY_MS)
  await db.delete(pspCardSessions).where(lt(pspCardSessions.expiresAt, dayAgo))
  await db.delete(pspApplePaySessions).where(lt(pspApplePaySessions.expiresAt, dayAgo))
  await db
    .update(pspPayments)
    .set({ status: 'expired', declineCode: 'payment_expired', updatedAt: now })
    .where(
      and(
        inArray(pspPayments.status, ['created', 'challenge', 'approved']),
        isNotNull(pspPayments.expiresAt),
        lt(pspPayments.expiresAt, now),
      ),
    )
}
