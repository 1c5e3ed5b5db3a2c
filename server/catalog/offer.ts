// The offer of a product that the back office changes: prices, stock and whether it is shown
// (issue 18: the catalog slice owns the products table). Takes the caller's audited transaction;
// the caller invalidates the catalog cache after the commit.
import { and, asc, count, desc, eq, ilike, or } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { products } from '#db/schema/catalog.ts'

/** The columns the back office shows of a product, for its lists and its changes. */
const productOfferColumns = {
  id: products.id,
  articleNumber: products.articleNumber,
  name: products.name,
  brand: products.brand,
  slug: products.slug,
  priceCents: products.priceCents,
  strikeThroughPriceCents: products.strikeThroughPriceCents,
  campusPriceCents: products.campusPriceCents,
  stock: products.stock,
  active: products.active,
}

export type ProductOffer = {
  id: number
  articleNumber: string
  name: string
  brand: string
  slug: string
  priceCents: number
  strikeThroughPriceCents: number | null
  campusPriceCents: number | null
  stock: number
  active: boolean
}

export type ProductOfferChange = Pick<
  ProductOffer,
  'priceCents' | 'strikeThroughPriceCents' | 'campusPriceCents' | 'stock' | 'active'
>

/**
 * Locks the product, writes the new offer and answers the offer as it was before; null when
 * there is no such product.
 */
export async function changeProductOffer(
  tx: DbOrTx,
  id: number,
  change: ProductOfferChange,
  now: Date,
): Promise<ProductOffer | null> {
  const [before] = await tx
    .select(productOfferColumns)
    .from(products)
    .where(eq(products.id, id))
    .for('update')
  if (!before) return null
  await tx
    .update(products)
    .set({ ...change, updatedAt: now })
    .where(eq(products.id, id))
  return before
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
      .orderBy(desc(products.soldCount), asc(products.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(products).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}
