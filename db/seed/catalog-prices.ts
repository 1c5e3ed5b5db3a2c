// A believable price history per seeded product (issue 20, § 11 PAngV), so the demo shows the
// 30-day rule: real reductions (badge against the former price), gradual reductions (badge
// against the price before the first step), a "reduction" right after a raise (the 30-day low is
// the current price: no badge) and a price raised again after a reduction (no badge). The rule
// itself is the SQL function catalog_reference_price (migration 0017); this file only writes
// history rows, as the catalog's recordPriceChange does at run time.
import { inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../client.ts'
import { productPriceHistory, products } from '../schema/catalog.ts'
import { createRng, hashString } from './catalog-random.ts'

const DAY = 86_400_000

type Offer = { priceCents: number; strikeThroughPriceCents?: number | null }
type Step = { priceCents: number; announced: boolean; daysAgo: number }

/** Rounds to a shop price ending in ,99 (at least 0,99 €). */
function shopCents(cents: number): number {
  return Math.max(99, Math.round(cents / 100) * 100 - 1)
}

/** The steps of one product, oldest first; the last is its current price. */
export function seededPriceSteps(articleNumber: string, offer: Offer): Step[] {
  const rng = createRng(hashString(`price-history-${articleNumber}`))
  const price = offer.priceCents
  const since = rng.int(60, 400)
  const strike = offer.strikeThroughPriceCents
  if (strike === null || strike === undefined || strike <= price) {
    // No reduction announced; some products had a different price a few months ago.
    if (rng.chance(0.3)) {
      const before = shopCents(price * (rng.chance(0.5) ? 1.06 : 0.95))
      return [
        { priceCents: before, announced: false, daysAgo: since + 60 },
        { priceCents: price, announced: false, daysAgo: rng.int(35, 59) },
      ]
    }
    return [{ priceCents: price, announced: false, daysAgo: since }]
  }
  const kind = rng.weighted([
    ['reduction', 55],
    ['gradual', 20],
    ['after-raise', 15],
    ['raised-again', 10],
  ] as const)
  const mid = shopCents((strike + price) / 2)
  if (kind === 'gradual' && mid > price && mid < strike) {
    return [
      { priceCents: strike, announced: false, daysAgo: since },
      { priceCents: mid, announced: true, daysAgo: rng.int(12, 25) },
      { priceCents: price, announced: true, daysAgo: rng.int(1, 10) },
    ]
  }
  if (kind === 'after-raise') {
    // The Aldi case: the price was as low three weeks ago, was raised, and is "reduced" again.
    return [
      { priceCents: strike, announced: false, daysAgo: since },
      { priceCents: price, announced: false, daysAgo: rng.int(20, 28) },
      { priceCents: strike, announced: false, daysAgo: rng.int(10, 15) },
      { priceCents: price, announced: true, daysAgo: rng.int(1, 5) },
    ]
  }
  const lower = shopCents(price * 0.9)
  if (kind === 'raised-again' && lower < price) {
    return [
      { priceCents: strike, announced: false, daysAgo: since },
      { priceCents: lower, announced: true, daysAgo: rng.int(15, 25) },
      { priceCents: price, announced: true, daysAgo: rng.int(2, 8) },
    ]
  }
  return [
    { priceCents: strike, announced: false, daysAgo: since },
    { priceCents: price, announced: true, daysAgo: rng.int(2, 25) },
  ]
}

/** Writes the seeded history of the given products and stores their reference prices. */
export async function seedPriceHistory(
  db: DbOrTx,
  rows: readonly (Offer & { id: number; articleNumber: string })[],
  now: Date,
): Promise<void> {
  const history = rows.flatMap((row) =>
    seededPriceSteps(row.articleNumber, row).map((step) => ({
      productId: row.id,
      priceCents: step.priceCents,
      announced: step.announced,
      validFrom: new Date(now.getTime() - step.daysAgo * DAY),
      source: 'seed' as const,
    })),
  )
  for (let i = 0; i < history.length; i += 1000) {
    await db.insert(productPriceHistory).values(history.slice(i, i + 1000))
  }
  await db
    .update(products)
    .set({ referencePriceCents: sql`catalog_reference_price(${products.id})` })
    .where(
      inArray(
        products.id,
        rows.map((row) => row.id),
      ),
    )
}
