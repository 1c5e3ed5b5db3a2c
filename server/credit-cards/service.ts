// Rules of "Meine Kreditkartendaten" (account-area §2, §3, §6-§9): full accounts only; cards
// come from the payment provider's hosted form as an alias, and only alias, brand, masked
// number, expiry and holder are kept.
import { and, eq, inArray } from 'drizzle-orm'
import { type CreditCard, MAX_STORED_CARDS } from '#contract/credit-cards.ts'
import { storedCards } from '#db/schema/credit-cards.ts'
import type { AppContext } from '#server/platform/http.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import * as repo from './repo.ts'
import { storeCard } from './store.ts'

type Ctx = Pick<AppContext, 'db' | 'clock' | 'payments'>

/** Every digit but the last group masked, grouped as printed: "**** **** **** 1111". */
export function displayNumber(masked: string): string {
  const groups = masked.trim().split(/\s+/)
  if (groups.length > 1) {
    const last = groups.pop() ?? ''
    return [...groups.map((group) => '*'.repeat(group.length)), last].join(' ')
  }
  const last = masked.slice(-4)
  const hidden = '*'.repeat(Math.max(0, masked.length - 4))
  return [...(hidden.match(/.{1,4}/g) ?? []), last].join(' ')
}

/** A card is valid through the last day of its expiry month (UTC, as the provider checks). */
export function isExpired(month: number, year: number, now: Date): boolean {
  return now.getTime() >= Date.UTC(year, month, 1)
}

function wireCard(row: repo.CardRow, now: Date): CreditCard {
  const mm = String(row.expiryMonth).padStart(2, '0')
  const yy = String(row.expiryYear % 100).padStart(2, '0')
  return {
    id: row.id,
    brand: row.brand,
    number: displayNumber(row.maskedNumber),
    expired: isExpired(row.expiryMonth, row.expiryYear, now),
    expiration: { date: `${mm}${yy}` },
    alias: row.alias,
    holder: row.holder,
  }
}

export async function listCards(
  ctx: Ctx,
  customerId: number,
): Promise<Result<CreditCard[], 'forbidden'>> {
  if (await repo.isLightAccount(ctx.db, customerId)) return err('forbidden')
  const now = ctx.clock.now()
  return ok((await repo.listCards(ctx.db, customerId)).map((row) => wireCard(row, now)))
}

/** A hosted card form of the provider, framed by the shop's page at `parentOrigin`. */
export async function formData(ctx: Ctx, customerId: number, parentOrigin: string) {
  if (await repo.isLightAccount(ctx.db, customerId)) return err('forbidden')
  const session = await ctx.payments.card.createCheckSession({
    reference: `account-cards-${customerId}`,
    parentOrigin,
  })
  return ok({
    formUrl: session.fieldsUrl,
    checkUrl: session.checkUrl,
    expiresAt: session.expiresAt.toISOString(),
  })
}

export type SaveError =
  | 'forbidden'
  | 'card_alias_unknown'
  | 'card_expired'
  | 'credit_card_limit_reached'

/**
 * Keeps the card behind an alias the provider issued. The same card (brand, masked number,
 * expiry, holder) saved again is the card already kept. With `save: false` nothing is stored.
 */
export async function saveCard(
  ctx: Ctx,
  customerId: number,
  input: { alias: string; save: boolean },
): Promise<Result<{ alias: string; creditCard: CreditCard | null }, SaveError>> {
  if (await repo.isLightAccount(ctx.db, customerId)) return err('forbidden')
  const info = await ctx.payments.card.getAlias(input.alias)
  if (!info) return err('card_alias_unknown')
  const now = ctx.clock.now()
  if (isExpired(info.expiryMonth, info.expiryYear, now)) return err('card_expired')
  if (!input.save) return ok({ alias: info.alias, creditCard: null })
  return ctx.db.transaction(async (tx) => {
    await repo.lockCustomer(tx, customerId)
    const cards = await repo.listCards(tx, customerId)
    const same = cards.find(
      (card) =>
        card.alias === info.alias ||
        (card.brand === info.brand &&
          displayNumber(card.maskedNumber) === displayNumber(info.maskedNumber) &&
          card.expiryMonth === info.expiryMonth &&
          card.expiryYear === info.expiryYear &&
          card.holder === info.holder),
    )
    if (same) return ok({ alias: same.alias, creditCard: wireCard(same, now) })
    if (cards.length >= MAX_STORED_CARDS) return err('credit_card_limit_reached')
    await storeCard(tx, {
      customerId,
      alias: info.alias,
      brand: info.brand,
      maskedNumber: info.maskedNumber,
      expiryMonth: info.expiryMonth,
      expiryYear: info.expiryYear,
      holder: info.holder,
    })
    const [row] = await tx
      .select()
      .from(storedCards)
      .where(and(eq(storedCards.customerId, customerId), eq(storedCards.alias, info.alias)))
    if (!row) throw new Error('stored card vanished')
    return ok({ alias: row.alias, creditCard: wireCard(row, now) })
  })
}

/** Removes the selected cards, all or nothing: an id that is not the customer's fails (§8: general error). */
export async function removeCards(
  ctx: Ctx,
  customerId: number,
  ids: number[],
): Promise<Result<{ removed: number }, 'forbidden' | 'general_error'>> {
  if (await repo.isLightAccount(ctx.db, customerId)) return err('forbidden')
  const unique = [...new Set(ids)]
  return ctx.db.transaction(async (tx) => {
    const owned = await tx
      .select({ id: storedCards.id })
      .from(storedCards)
      .where(and(eq(storedCards.customerId, customerId), inArray(storedCards.id, unique)))
      .for('update')
    if (owned.length !== unique.length) return err('general_error')
    return ok({ removed: await repo.removeCards(tx, customerId, unique) })
  })
}
