// The offer of a product that the back office changes: prices, stock and whether it is shown
// (issue 18: the catalog slice owns the products table). Takes the caller's audited transaction;
// the caller invalidates the catalog cache after the commit.
import { and, asc, count, eq, ilike, or } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { type PriceSource, products } from '#db/schema/catalog.ts'
import { recordPriceChange } from './price-history.ts'
import { bestSellersFirst } from './repo.ts'

/** The columns the back office shows of a product, for its lists and its changes. */
const productOfferColumns = {
  id: products.id,
  articleNumber: products.articleNumber,
  name: products.name,
  brand: products.brand,
  slug: products.slug,
  priceCents: products.priceCents,
  strikeThroughPriceCents: products.strikeThroughPriceCents,
  referencePriceCents: products.referencePriceCents,
  campusPriceCents: products.campusPriceCents,
  stock: products.stock,
  active: products.active,
  retiredAt: products.retiredAt,
  version: products.version,
}

export type ProductOffer = {
  id: number
  articleNumber: string
  name: string
  brand: string
  slug: string
  priceCents: number
  strikeThroughPriceCents: number | null
  /** The comparison price the shop shows (§ 11 PAngV); null: none. */
  referencePriceCents: number | null
  campusPriceCents: number | null
  stock: number
  active: boolean
  retiredAt: Date | null
  version: number
}

export type ProductOfferChange = Pick<
  ProductOffer,
  'priceCents' | 'strikeThroughPriceCents' | 'campusPriceCents' | 'stock' | 'active'
> & {
  /** The version the change started from (issue 21); a newer one refuses it. Absent: no check. */
  version?: number | undefined
}

/**
 * Locks the product, writes the new offer and its price history (§ 11 PAngV) and answers the
 * offer as it was before and as it is now; null when there is no such product, 'changed' when
 * `change.version` is stale. `source` names the writer in the history ('backoffice'; a bulk
 * import passes 'import'). Bumps the product's version.
 */
export async function changeProductOffer(
  tx: DbOrTx,
  id: number,
  change: ProductOfferChange,
  now: Date,
  source: Extract<PriceSource, 'backoffice' | 'import'> = 'backoffice',
): Promise<{ before: ProductOffer; after: ProductOffer } | 'changed' | null> {
  const [before] = await tx
    .select(productOfferColumns)
    .from(products)
    .where(eq(products.id, id))
    .for('update')
  if (!before) return null
  const { version, ...offer } = change
  if (version !== undefined && version !== before.version) return 'changed'
  await tx
    .update(products)
    .set({
      ...offer,
      // Switching a retired product on takes it back into the assortment.
      ...(offer.active ? { retiredAt: null } : {}),
      version: before.version + 1,
      updatedAt: now,
    })
    .where(eq(products.id, id))
  await recordPriceChange(
    tx,
    id,
    { priceCents: change.priceCents, announced: change.strikeThroughPriceCents !== null },
    source,
    now,
  )
  const [after] = await tx.select(productOfferColumns).from(products).where(eq(products.id, id))
  return after ? { before, after } : null
}

/** One product's offer as the back office shows it; null when there is no such product. */
export async function findProductOffer(db: DbOrTx, id: number): Promise<ProductOffer | null> {
  const [row] = await db.select(productOfferColumns).from(products).where(eq(products.id, id))
  return row ?? null
}

/** Escapes LIKE wildcards of a search term. */
function like(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** The back office's product list: by name, brand, article number or EAN, best sellers first. */
export async function listProductOffers(
  db: DbOrTx,
  options: { term: string; onlyInactive: boolean; limit: number; offset: number },
): Promise<{ rows: ProductOffer[]; total: number }> {
  const term = options.term.trim()
  const where = and(
    options.onlyInactive ? eq(products.active, false) : undefined,
    term
      ? or(
          ilike(products.name, like(term)),
          ilike(products.brand, like(term)),
          ilike(products.articleNumber, like(term)),
          ilike(products.ean, like(term)),
        )
      : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select(productOfferColumns)
      .from(products)
      .where(where)
      .orderBy(bestSellersFirst(products.soldCount), asc(products.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(products).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}
