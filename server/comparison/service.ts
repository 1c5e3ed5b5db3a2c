// Rules of the comparison: one list per customer or guest session, merged at login; at most
// COMPARISON_MAX_ITEMS products, all of one leaf category (the category of the list's oldest
// product). Products taken out of the shop drop out of the list.
import {
  COMPARISON_MAX_ITEMS,
  type Comparison,
  type ComparisonCount,
  type ComparisonProduct,
  type ComparisonRow,
} from '#contract/comparison.ts'
import type { Db, Tx } from '#db/client.ts'
import {
  availability,
  categoryUrl,
  energyEfficiency,
  isCampusMember,
  productImageUrl,
  productUrl,
} from '#server/catalog/index.ts'
import type { AppContext } from '#server/platform/http.ts'
import type { Owner } from '#server/platform/owner.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import type { SessionHandle, SessionRow } from '#server/platform/session.ts'
import * as repo from './repo.ts'

export function comparisonOwnerOf(session: SessionRow | null): Owner | null {
  if (!session) return null
  return session.customerId ? { customerId: session.customerId } : { sessionId: session.id }
}

function countOf(productIds: number[]): ComparisonCount {
  return { successful: true, itemCount: productIds.length, productIds }
}

export type AddError = 'not_found' | 'comparison_full' | 'comparison_category_mismatch'

export async function addToComparison(
  ctx: AppContext,
  session: SessionHandle,
  productId: number,
  restart: boolean,
): Promise<Result<ComparisonCount, AddError, { categoryName: string }>> {
  const product = await repo.productFacts(ctx.db, productId)
  // Unknown and switched-off products alike: the shop does not show them.
  if (!product?.active) return err('not_found')
  const owner = comparisonOwnerOf(await session.ensure())
  if (!owner) throw new Error('ensure() gave no session')
  const now = ctx.clock.now()
  const refusal = await ctx.db.transaction(async (tx) => {
    const listId = await repo.lockList(tx, owner)
    const all = await repo.selectListItems(tx, listId)
    const gone = all.filter((item) => !item.active).map((item) => item.productId)
    await repo.deleteItems(tx, listId, gone)
    if (restart) await repo.deleteItems(tx, listId)
    const items = restart ? [] : all.filter((item) => item.active)
    if (items.some((item) => item.productId === productId)) return null
    const first = items[0]
    if (first && first.categoryId !== product.categoryId) {
      return { code: 'comparison_category_mismatch' as const, categoryName: first.categoryName }
    }
    if (items.length >= COMPARISON_MAX_ITEMS) {
      return { code: 'comparison_full' as const, categoryName: first?.categoryName ?? '' }
    }
    await repo.insertItems(tx, listId, [{ productId, addedAt: now }])
    return null
  })
  if (refusal) return err(refusal.code, { categoryName: refusal.categoryName })
  return ok(countOf(await repo.selectProductIds(ctx.db, owner)))
}

export async function removeFromComparison(
  ctx: AppContext,
  session: SessionHandle,
  productId: number,
): Promise<ComparisonCount> {
  const owner = comparisonOwnerOf(await session.load())
  if (!owner) return countOf([])
  const listId = await repo.findListId(ctx.db, owner)
  if (listId !== null) await repo.deleteItems(ctx.db, listId, [productId])
  return countOf(await repo.selectProductIds(ctx.db, owner))
}

export async function clearComparison(
  ctx: AppContext,
  session: SessionHandle,
): Promise<ComparisonCount> {
  const owner = comparisonOwnerOf(await session.load())
  if (!owner) return countOf([])
  const listId = await repo.findListId(ctx.db, owner)
  if (listId !== null) await repo.deleteItems(ctx.db, listId)
  return countOf([])
}

function toProduct(row: repo.ProductRow, campusMember: boolean): ComparisonProduct {
  return {
    id: row.id,
    articleNumber: row.articleNumber,
    name: row.name,
    brand: row.brand,
    url: productUrl(row.slug, row.id),
    image: productImageUrl(row.id),
    priceCents: row.priceCents,
    strikeThroughPriceCents: row.referencePriceCents,
    recommendedRetailPriceCents: row.recommendedRetailPriceCents,
    discountPercent: row.discountPercent ?? 0,
    hasCampusPrice: row.campusPriceCents !== null,
    campusPriceCents: campusMember ? row.campusPriceCents : null,
    ...availability(row.stock),
    energyEfficiency: energyEfficiency(row.energyClass, row.energyScale),
  }
}

const FEATURES = 'Merkmale'

/**
 * The table's rows: first the catalog's typed attributes (the filters: Hersteller, Grafikkarte,
 * Grafikspeicher, Farbe, ...), then the technical data of the product pages by group and name,
 * each in the order they first appear. A technical-data line named like an attribute is left
 * out (the attribute row already shows it).
 */
export function buildRows(
  rows: Pick<repo.ProductRow, 'optionIds' | 'specs'>[],
  options: repo.OptionRow[],
): ComparisonRow[] {
  const table = new Map<string, { group: string; name: string; values: (string | null)[] }>()
  const cell = (key: string, group: string, name: string) => {
    let row = table.get(key)
    if (!row) {
      row = { group, name, values: rows.map(() => null) }
      table.set(key, row)
    }
    return row
  }
  const join = (current: string | null, value: string) =>
    current === null ? value : `${current}, ${value}`
  // Attributes first, in the catalog's order (the options query is sorted by it).
  rows.forEach((product, index) => {
    const own = new Set(product.optionIds)
    for (const option of options) {
      if (!own.has(option.optionId)) continue
      const row = cell(`attribute:${option.attributeKey}`, FEATURES, option.attributeName)
      const text = option.postfix ? `${option.text} ${option.postfix}` : option.text
      row.values[index] = join(row.values[index] ?? null, text)
    }
  })
  const attributeNames = new Set(options.map((option) => option.attributeName.toLowerCase()))
  rows.forEach((product, index) => {
    for (const spec of product.specs) {
      if (attributeNames.has(spec.name.toLowerCase())) continue
      const row = cell(`spec:${spec.group}:${spec.name}`, spec.group, spec.name)
      row.values[index] = join(row.values[index] ?? null, spec.value)
    }
  })
  return [...table.entries()].map(([key, row]) => ({
    key,
    ...row,
    differs: new Set(row.values).size > 1,
  }))
}

export async function getComparison(ctx: AppContext, session: SessionRow | null) {
  const owner = comparisonOwnerOf(session)
  if (!owner) return emptyComparison()
  const [rows, campusMember] = await Promise.all([
    repo.selectProducts(ctx.db, owner),
    isCampusMember(ctx, session?.customerId ?? null),
  ])
  const first = rows[0]
  if (!first) return emptyComparison()
  const options = await repo.selectOptions(ctx.db, [...new Set(rows.flatMap((r) => r.optionIds))])
  return {
    ...countOf(rows.map((row) => row.id)),
    category: {
      id: first.categoryId,
      name: first.categoryName,
      url: categoryUrl(first.categoryPath),
    },
    products: rows.map((row) => toProduct(row, campusMember)),
    rows: buildRows(rows, options),
  } satisfies Comparison
}

function emptyComparison(): Comparison {
  return { ...countOf([]), category: null, products: [], rows: [] }
}

// --- Other slices: header, login ---------------------------------------------------------------

/** The header's `comparison` field: the product ids on the list, oldest first. */
export function getComparisonProductIds(db: Db, owner: Owner | null): Promise<number[]> {
  return owner ? repo.selectProductIdsPrepared(db, owner) : Promise.resolve([])
}

/**
 * At login (in its transaction): the guest session's list, the newer intent, decides the
 * category; the customer's products of that category stay beside it, and of all of them the
 * COMPARISON_MAX_ITEMS most recently added are kept. A customer's list of another category is
 * replaced. Without a guest list the customer's list stays as it is. Returns the number kept.
 */
export async function mergeGuestComparison(
  tx: Tx,
  guestSessionId: string,
  customerId: number,
): Promise<number> {
  const guestOwner: Owner = { sessionId: guestSessionId }
  const guestListId = await repo.findListId(tx, guestOwner)
  if (guestListId === null) return 0
  const guest = (await repo.selectListItems(tx, guestListId)).filter((item) => item.active)
  await repo.deleteList(tx, guestOwner)
  const category = guest[0]?.categoryId
  if (category === undefined) return 0
  const listId = await repo.lockList(tx, { customerId })
  const own = await repo.selectListItems(tx, listId)
  const byProduct = new Map<number, repo.ListItem>()
  for (const item of [...own, ...guest]) {
    if (!item.active || item.categoryId !== category) continue
    const seen = byProduct.get(item.productId)
    if (!seen || seen.addedAt < item.addedAt) byProduct.set(item.productId, item)
  }
  const kept = [...byProduct.values()]
    .sort((a, b) => a.addedAt.getTime() - b.addedAt.getTime() || a.productId - b.productId)
    .slice(-COMPARISON_MAX_ITEMS)
  await repo.deleteItems(tx, listId)
  await repo.insertItems(
    tx,
    listId,
    kept.map(({ productId, addedAt }) => ({ productId, addedAt })),
  )
  return kept.length
}
