// Tax-free intra-community supplies (issue 20; § 4 Nr. 1 b with § 6a UStG): a business customer
// with a VAT id of another EU member state, whose goods go to an EU country other than Germany,
// pays net prices – once the VAT-id register has confirmed the id (§ 18e UStG). Without a
// positive answer (unknown id, register down) the order carries German VAT as every other.
import { desc, eq } from 'drizzle-orm'
import { normalizeVatId, PRIMARY_COUNTRY_ID, VAT_ID_PATTERNS } from '#contract/fields.ts'
import type { DbOrTx } from '#db/client.ts'
import { vatIdChecks } from '#db/schema/checkout.ts'
import { SELLER } from '#server/invoices/index.ts'
import type { AppContext } from '#server/platform/http.ts'

/** A positive answer of the register is reused for a day; a negative one for an hour. */
const VALID_ANSWER_MS = 24 * 60 * 60 * 1000
const INVALID_ANSWER_MS = 60 * 60 * 1000

export type VatStatus =
  /** German VAT: private customers, German ids or deliveries, customers without a VAT id. */
  | { kind: 'standard' }
  /** Net prices: the register confirmed the id. */
  | { kind: 'exempt'; vatId: string; requestId: string }
  /** A candidate whose id the register did not confirm (unknown, or the register is down). */
  | { kind: 'unconfirmed'; vatId: string; reason: 'unknown' | 'unavailable' }

/** The EU country a VAT id belongs to, by its format; null for ids of no EU format. */
export function vatIdCountry(vatId: string): number | null {
  const normalized = normalizeVatId(vatId)
  for (const [countryId, pattern] of Object.entries(VAT_ID_PATTERNS))
    if (pattern.test(normalized)) return Number(countryId)
  return null
}

/**
 * The VAT id that would make this order tax-free, or null: a business customer, an id of an EU
 * member state other than Germany, goods delivered to an EU country other than Germany.
 */
export function exemptionCandidate(input: {
  customerType: 'private' | 'business'
  vatId: string | null
  deliveryCountryId: number | null
}): string | null {
  if (input.customerType !== 'business' || !input.vatId || input.deliveryCountryId === null)
    return null
  const idCountry = vatIdCountry(input.vatId)
  if (idCountry === null || idCountry === PRIMARY_COUNTRY_ID) return null
  const delivery = input.deliveryCountryId
  if (delivery === PRIMARY_COUNTRY_ID || !VAT_ID_PATTERNS[delivery]) return null
  return normalizeVatId(input.vatId)
}

async function recentAnswer(db: DbOrTx, vatId: string, now: Date) {
  const [row] = await db
    .select()
    .from(vatIdChecks)
    .where(eq(vatIdChecks.vatId, vatId))
    .orderBy(desc(vatIdChecks.checkedAt))
    .limit(1)
  if (!row) return null
  const age = now.getTime() - row.checkedAt.getTime()
  return age <= (row.valid ? VALID_ANSWER_MS : INVALID_ANSWER_MS) ? row : null
}

/** Whether this checkout is priced net; asks the register when no recent answer is stored. */
export async function vatStatusOf(
  ctx: AppContext,
  input: Parameters<typeof exemptionCandidate>[0],
): Promise<VatStatus> {
  const vatId = exemptionCandidate(input)
  if (!vatId) return { kind: 'standard' }
  const now = ctx.clock.now()
  let answer = await recentAnswer(ctx.db, vatId, now)
  if (!answer) {
    const asked = await ctx.vatIds.verify(vatId, SELLER.vatId ?? '')
    if (!asked.ok) {
      ctx.log.warn({ vatId, error: asked.code }, 'VAT-id register not available')
      return { kind: 'unconfirmed', vatId, reason: 'unavailable' }
    }
    const [row] = await ctx.db
      .insert(vatIdChecks)
      .values({
        vatId,
        valid: asked.value.valid,
        name: asked.value.name,
        address: asked.value.address,
        requestId: asked.value.requestId,
        checkedAt: asked.value.checkedAt,
      })
      .returning()
    answer = row ?? null
  }
  if (!answer?.valid) return { kind: 'unconfirmed', vatId, reason: 'unknown' }
  return { kind: 'exempt', vatId, requestId: answer.requestId }
}
