// Queries of the wishlist slice. Adding is one statement (the list is created when missing, a
// product already on it is left as it is), so double clicks and parallel tabs cannot duplicate.
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { Db, DbOrTx, Tx } from '#db/client.ts'
import { products } from '#db/schema/catalog.ts'
import { wishlistItems, wishlists } from '#db/schema/wishlist.ts'
import { firstPictureHash } from '#server/catalog/index.ts'
import {
  type Owner,
  ownerCondition as ownerConditionOn,
  ownerWhere as ownerWhereOn,
  preparedPerOwner,
} from '#server/platform/owner.ts'

export type WishlistOwner = Owner

const ownerWhere = (owner: WishlistOwner): SQL => ownerWhereOn(owner, wishlists)

/** The owner as a raw condition on an aliased wishlists table `l`. */
const ownerCondition = (owner: WishlistOwner): SQL => ownerConditionOn(owner, 'l')

function listCte(owner: WishlistOwner): SQL {
  // The no-op update makes RETURNING give the id of an existing list too.
  return 'customerId' in owner
    ? sql`list as (
        insert into wishlists (customer_id) values (${owner.customerId})
        on conflict (customer_id) do update set customer_id = excluded.customer_id
        returning id)`
    : sql`list as (
        insert into wishlists (session_id) values (${owner.sessionId})
        on conflict (session_id) do update set session_id = excluded.session_id
        returning id)`
}

/** Puts a product on the list; false when the product is unknown or the list is full. */
export async function addItem(
  db: DbOrTx,
  owner: WishlistOwner,
  productId: number,
  maxItems: number,
  now: Date,
): Promise<boolean> {
  const rows = await db.execute(sql`
    with ${listCte(owner)},
    added as (
      insert into wishlist_items (wishlist_id, product_id, added_at)
      select list.id, p.id, ${now.toISOString()}::timestamptz
      from list join products p on p.id = ${productId}
      where (select count(*) from wishlist_items e where e.wishlist_id = list.id) < ${maxItems}
      on conflict (wishlist_id, product_id) do nothing
      returning product_id)
    select 1 from added
    union all
    select 1 from wishlist_items e, list where e.wishlist_id = list.id and e.product_id = ${productId}`)
  return rows.length > 0
}

export async function productExists(db: DbOrTx, productId: number): Promise<boolean> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.active, true)))
  return rows.length > 0
}

export async function hasItem(db: DbOrTx, owner: WishlistOwner, productId: number) {
  const rows = await db.execute(sql`
    select 1 from wishlist_items i join wishlists l on l.id = i.wishlist_id
    where ${ownerCondition(owner)} and i.product_id = ${productId}`)
  return rows.length > 0
}

export async function deleteItem(db: DbOrTx, owner: WishlistOwner, productId: number) {
  await db.execute(sql`
    delete from wishlist_items i using wishlists l
    where ${ownerCondition(owner)} and i.wishlist_id = l.id and i.product_id = ${productId}`)
}

export async function countItems(db: DbOrTx, owner: WishlistOwner): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(wishlists)
    .innerJoin(wishlistItems, eq(wishlistItems.wishlistId, wishlists.id))
    .where(ownerWhere(owner))
  return row?.count ?? 0
}

/** The list with the products' current data, newest first. */
export function selectItems(db: DbOrTx, owner: WishlistOwner) {
  return itemsQuery(db, ownerWhere(owner))
}

/** The same as one prepared statement per owner kind (the header's read on every page). */
export const selectItemsPrepared: (db: Db, owner: WishlistOwner) => Promise<ItemRow[]> =
  preparedPerOwner('wishlist_items', wishlists, (db, where, name) =>
    itemsQuery(db, where).prepare(name),
  )

function itemsQuery(db: DbOrTx, where: SQL) {
  return db
    .select({
      addedAt: wishlistItems.addedAt,
      id: products.id,
      articleNumber: products.articleNumber,
      name: products.name,
      brand: products.brand,
      slug: products.slug,
      priceCents: products.priceCents,
      // The 30-day reference price (§ 11 PAngV), the same column the catalog shows.
      strikeThroughPriceCents: products.referencePriceCents,
      recommendedRetailPriceCents: products.recommendedRetailPriceCents,
      discountPercent: products.discountPercent,
      campusPriceCents: products.campusPriceCents,
      // A product taken out of the shop (back office) shows as sold out.
      stock: sql<number>`case when ${products.active} then ${products.stock} else 0 end`,
      energyClass: products.energyClass,
      energyScale: products.energyScale,
      pictureHash: firstPictureHash(products.id),
    })
    .from(wishlists)
    .innerJoin(wishlistItems, eq(wishlistItems.wishlistId, wishlists.id))
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(where)
    .orderBy(desc(wishlistItems.addedAt), desc(wishlistItems.productId))
}
export type ItemRow = Awaited<ReturnType<typeof selectItems>>[number]

/** Product ids on the list, locked for moving (a second "move all" waits). */
export async function lockProductIds(tx: Tx, owner: WishlistOwner): Promise<number[]> {
  const rows = await tx.execute<{ product_id: number }>(sql`
    select i.product_id from wishlist_items i join wishlists l on l.id = i.wishlist_id
    where ${ownerCondition(owner)}
    order by i.added_at, i.product_id
    for update of i`)
  return rows.map((row) => row.product_id)
}

export async function deleteItems(tx: Tx, owner: WishlistOwner, productIds: number[]) {
  if (productIds.length === 0) return
  const [list] = await tx.select({ id: wishlists.id }).from(wishlists).where(ownerWhere(owner))
  if (!list) return
  await tx
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.wishlistId, list.id), inArray(wishlistItems.productId, productIds)))
}

/** At login: the guest list's products join the customer's list; the guest list is deleted. */
export async function mergeLists(tx: Tx, sessionId: string, customerId: number): Promise<number> {
  const guest: WishlistOwner = { sessionId }
  const rows = await tx.execute(sql`
    with guest as (
      select i.product_id, i.added_at from wishlist_items i join wishlists l on l.id = i.wishlist_id
      where l.session_id = ${sessionId}),
    target as (
      insert into wishlists (customer_id) select ${customerId} where exists (select 1 from guest)
      on conflict (customer_id) do update set customer_id = excluded.customer_id
      returning id)
    insert into wishlist_items (wishlist_id, product_id, added_at)
    select target.id, guest.product_id, guest.added_at from target, guest
    on conflict (wishlist_id, product_id) do nothing
    returning product_id`)
  await tx.delete(wishlists).where(ownerWhere(guest))
  return rows.length
}
