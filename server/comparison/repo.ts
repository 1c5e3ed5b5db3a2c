// Queries of the comparison slice. Changes lock the owner's list row first (the upsert takes the
// row lock), so the "4 products of one category" rule holds under parallel requests.
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { Db, DbOrTx, Tx } from '#db/client.ts'
import { categories, filterAttributes, filterOptions, products } from '#db/schema/catalog.ts'
import { comparisonItems, comparisonLists } from '#db/schema/comparison.ts'
import { type Owner, ownerWhere, preparedPerOwner } from '#server/platform/owner.ts'

export type ComparisonOwner = Owner

const listOwnerWhere = (owner: Owner) => ownerWhere(owner, comparisonLists)

/** The owner's list id, created when missing; the row stays locked until the transaction ends. */
export async function lockList(tx: Tx, owner: Owner): Promise<number> {
  const rows = await tx.execute<{ id: number }>(
    'customerId' in owner
      ? sql`insert into comparison_lists (customer_id) values (${owner.customerId})
          on conflict (customer_id) do update set customer_id = excluded.customer_id
          returning id`
      : sql`insert into comparison_lists (session_id) values (${owner.sessionId})
          on conflict (session_id) do update set session_id = excluded.session_id
          returning id`,
  )
  const id = rows[0]?.id
  if (id === undefined) throw new Error('comparison list upsert returned no row')
  return id
}

/** A product as the rules see it: its leaf category and whether it is in the shop. */
export async function productFacts(db: DbOrTx, productId: number) {
  const [row] = await db
    .select({ id: products.id, categoryId: products.categoryId, active: products.active })
    .from(products)
    .where(eq(products.id, productId))
  return row ?? null
}

/** The list's products with their category, oldest first. */
export function selectListItems(db: DbOrTx, listId: number) {
  return db
    .select({
      productId: comparisonItems.productId,
      addedAt: comparisonItems.addedAt,
      categoryId: products.categoryId,
      categoryName: categories.name,
      active: products.active,
    })
    .from(comparisonItems)
    .innerJoin(products, eq(products.id, comparisonItems.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(comparisonItems.listId, listId))
    .orderBy(asc(comparisonItems.addedAt), asc(comparisonItems.productId))
}
export type ListItem = Awaited<ReturnType<typeof selectListItems>>[number]

export async function insertItems(
  tx: Tx,
  listId: number,
  items: { productId: number; addedAt: Date }[],
) {
  if (items.length === 0) return
  await tx
    .insert(comparisonItems)
    .values(items.map((item) => ({ listId, ...item })))
    .onConflictDoNothing()
}

export async function deleteItems(tx: DbOrTx, listId: number, productIds?: number[]) {
  if (productIds?.length === 0) return
  await tx
    .delete(comparisonItems)
    .where(
      productIds
        ? and(eq(comparisonItems.listId, listId), inArray(comparisonItems.productId, productIds))
        : eq(comparisonItems.listId, listId),
    )
}

export async function findListId(db: DbOrTx, owner: Owner): Promise<number | null> {
  const [row] = await db
    .select({ id: comparisonLists.id })
    .from(comparisonLists)
    .where(listOwnerWhere(owner))
  return row?.id ?? null
}

export async function deleteList(tx: Tx, owner: Owner) {
  await tx.delete(comparisonLists).where(listOwnerWhere(owner))
}

/** Ids of the products in the shop on the owner's list, oldest first (the header's list). */
export async function selectProductIds(db: DbOrTx, owner: Owner): Promise<number[]> {
  const rows = await productIdsQuery(db, listOwnerWhere(owner))
  return rows.map((row) => row.productId)
}

/** The same as one prepared statement per owner kind (the header's read on every page). */
const preparedProductIds = preparedPerOwner('comparison_ids', comparisonLists, (db, where, name) =>
  productIdsQuery(db, where).prepare(name),
)

export async function selectProductIdsPrepared(db: Db, owner: Owner): Promise<number[]> {
  const rows = await preparedProductIds(db, owner)
  return rows.map((row) => row.productId)
}

function productIdsQuery(db: DbOrTx, where: SQL) {
  return db
    .select({ productId: comparisonItems.productId })
    .from(comparisonLists)
    .innerJoin(comparisonItems, eq(comparisonItems.listId, comparisonLists.id))
    .innerJoin(products, eq(products.id, comparisonItems.productId))
    .where(and(where, eq(products.active, true)))
    .orderBy(asc(comparisonItems.addedAt), asc(comparisonItems.productId))
}

/** The products of the page with everything the table shows, oldest first. */
export function selectProducts(db: DbOrTx, owner: Owner) {
  return db
    .select({
      id: products.id,
      articleNumber: products.articleNumber,
      name: products.name,
      brand: products.brand,
      slug: products.slug,
      priceCents: products.priceCents,
      // The 30-day reference price (§ 11 PAngV), the same column the catalog shows.
      referencePriceCents: products.referencePriceCents,
      recommendedRetailPriceCents: products.recommendedRetailPriceCents,
      discountPercent: products.discountPercent,
      campusPriceCents: products.campusPriceCents,
      stock: products.stock,
      energyClass: products.energyClass,
      energyScale: products.energyScale,
      optionIds: products.optionIds,
      specs: products.specs,
      categoryId: products.categoryId,
      categoryName: categories.name,
      categoryPath: categories.path,
    })
    .from(comparisonLists)
    .innerJoin(comparisonItems, eq(comparisonItems.listId, comparisonLists.id))
    .innerJoin(products, eq(products.id, comparisonItems.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(listOwnerWhere(owner), eq(products.active, true)))
    .orderBy(asc(comparisonItems.addedAt), asc(comparisonItems.productId))
}
export type ProductRow = Awaited<ReturnType<typeof selectProducts>>[number]

/** The typed attributes (filters) behind the given option ids, in the catalog's order. */
export function selectOptions(db: DbOrTx, optionIds: number[]) {
  if (optionIds.length === 0) return Promise.resolve([])
  return db
    .select({
      optionId: filterOptions.id,
      text: filterOptions.text,
      attributeKey: filterAttributes.key,
      attributeName: filterAttributes.name,
      postfix: filterAttributes.postfix,
    })
    .from(filterOptions)
    .innerJoin(filterAttributes, eq(filterAttributes.id, filterOptions.attributeId))
    .where(inArray(filterOptions.id, optionIds))
    .orderBy(
      asc(filterAttributes.position),
      asc(filterAttributes.id),
      asc(filterOptions.position),
      asc(filterOptions.id),
    )
}
export type OptionRow = Awaited<ReturnType<typeof selectOptions>>[number]
