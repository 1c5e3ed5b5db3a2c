// Keeping a card for later: the one write other slices make into stored_cards (checkout, when the
// customer ticks "Karte für spätere Einkäufe speichern"), and the list checkout offers to pay with. Only the provider's alias and the safe
// fields arrive here; the same alias twice for one customer is one card.
import { asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { storedCards } from '#db/schema/credit-cards.ts'

export type CardToStore = {
  customerId: number
  alias: string
  brand: string
  maskedNumber: string
  expiryMonth: number
  expiryYear: number
  holder: string
}

export async function storeCard(db: DbOrTx, card: CardToStore): Promise<void> {
  await db
    .insert(storedCards)
    .values(card)
    .onConflictDoNothing({ target: [storedCards.customerId, storedCards.alias] })
}

/** The customer's stored cards in the order they were stored (checkout's payment choice). */
export function listStoredCards(db: DbOrTx, customerId: number) {
  return db
    .select()
    .from(storedCards)
    .where(eq(storedCards.customerId, customerId))
    .orderBy(asc(storedCards.id))
}
