// Keeping a card for later: the one write other slices make into stored_cards (checkout, when the
// customer ticks "Karte für spätere Einkäufe speichern"). Only the provider's alias and the safe
// fields arrive here; the same alias twice for one customer is one card.
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
