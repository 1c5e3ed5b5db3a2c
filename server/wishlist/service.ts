// Rules of the wishlist: one list per customer or guest session, merged at login; at most
// WISHLIST_MAX_ITEMS products; "move all" puts the available ones into the cart in one
// transaction. The white-label variant has no wishlist (every call answers 404).
import type { HeaderProduct } from '#contract/header.ts'
import { translate } from '#contract/messages.de.ts'
import { formatEuro } from '#contract/money.ts'
import {
  type MoveAllResult,
  WISHLIST_MAX_ITEMS,
  type Wishlist,
  type WishlistProduct,
} from '#contract/wishlist.ts'
import type { Db, DbOrTx, Tx } from '#db/client.ts'
import { addProductsToCart, cartOwnerOf, type Pricing, pricingOf } from '#server/cart/index.ts'
import { availability, energyEfficiency, productUrl, tileImageUrl } from '#server/catalog/index.ts'
import type { AppContext } from '#server/platform/http.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import type { SessionHandle } from '#server/platform/session.ts'
import * as repo from './repo.ts'

type Disabled = 'not_found'

function toProduct(row: repo.ItemRow, pricing: Pricing): WishlistProduct {
  return {
    id: row.id,
    articleNumber: row.articleNumber,
    name: row.name,
    brand: row.brand,
    url: productUrl(row.slug, row.id),
    image: tileImageUrl(row.id, row.pictureHash),
    priceCents: row.priceCents,
    strikeThroughPriceCents: row.strikeThroughPriceCents,
    recommendedRetailPriceCents: row.recommendedRetailPriceCents,
    discountPercent: row.discountPercent ?? 0,
    hasCampusPrice: row.campusPriceCents !== null,
    campusPriceCents: pricing.campusMember ? row.campusPriceCents : null,
    ...availability(row.stock),
    energyEfficiency: energyEfficiency(row.energyClass, row.energyScale),
    addedAt: row.addedAt.toISOString(),
  }
}

export async function addToWishlist(
  ctx: AppContext,
  session: SessionHandle,
  productId: number,
): Promise<Result<number, Disabled | 'wishlist_full'>> {
  if (ctx.config.whiteLabel) return err('not_found')
  if (!(await repo.productExists(ctx.db, productId))) return err('not_found')
  const owner = cartOwnerOf(await session.ensure())
  if (!owner) throw new Error('ensure() gave no session')
  const now = ctx.clock.now()
  const added = await repo.addItem(ctx.db, owner, productId, WISHLIST_MAX_ITEMS, now)
  // Nothing added and not seen by the statement: a parallel request may just have added it.
  if (!added && !(await repo.hasItem(ctx.db, owner, productId))) return err('wishlist_full')
  return ok(await repo.countItems(ctx.db, owner))
}

export async function deleteFromWishlist(
  ctx: AppContext,
  session: SessionHandle,
  productId: number,
): Promise<Result<number, Disabled>> {
  if (ctx.config.whiteLabel) return err('not_found')
  const owner = cartOwnerOf(await session.load())
  if (!owner) return ok(0)
  await repo.deleteItem(ctx.db, owner, productId)
  return ok(await repo.countItems(ctx.db, owner))
}

export async function getWishlist(
  ctx: AppContext,
  session: SessionHandle,
): Promise<Result<Wishlist, Disabled>> {
  if (ctx.config.whiteLabel) return err('not_found')
  const row = await session.load()
  const owner = cartOwnerOf(row)
  if (!owner) return ok({ successful: true, itemCount: 0, products: [] })
  const [rows, pricing] = await Promise.all([repo.selectItems(ctx.db, owner), pricingOf(ctx, row)])
  return ok({
    successful: true,
    itemCount: rows.length,
    products: rows.map((item) => toProduct(item, pricing)),
  })
}

/**
 * One piece of every available product goes into the cart (capped there as any add), and the
 * moved products leave the wishlist; sold-out ones stay. One transaction: either all of it or
 * nothing.
 */
export async function moveAllToCart(
  ctx: AppContext,
  session: SessionHandle,
): Promise<Result<MoveAllResult, Disabled | 'wishlist_empty' | 'wishlist_move_failed'>> {
  if (ctx.config.whiteLabel) return err('not_found')
  const owner = cartOwnerOf(await session.load())
  if (!owner) return err('wishlist_empty')
  const now = ctx.clock.now()
  const outcome = await ctx.db.transaction(async (tx) => {
    const productIds = await repo.lockProductIds(tx, owner)
    if (productIds.length === 0) return null
    const moved = await addProductsToCart(tx, owner, productIds, now)
    await repo.deleteItems(tx, owner, moved.productIds)
    return {
      moved: moved.productIds.length,
      left: productIds.length - moved.productIds.length,
      cartCount: moved.cartCount,
    }
  })
  if (!outcome) return err('wishlist_empty')
  if (outcome.moved === 0) return err('wishlist_move_failed')
  const code = outcome.left === 0 ? 'wishlist_moved_all' : 'wishlist_moved_some'
  return ok({
    successful: true,
    code,
    message: translate(code),
    movedCount: outcome.moved,
    itemCount: outcome.left,
    cartCount: outcome.cartCount,
  })
}

// --- Other slices: header, login, conversion -------------------------------------------------

/** The wishlist's counter and popup lines for the header. */
export async function getWishlistHeaderContent(
  db: Db,
  owner: repo.WishlistOwner | null,
  pricing: Pricing,
): Promise<{ count: number; products: HeaderProduct[] }> {
  if (!owner) return { count: 0, products: [] }
  const rows = await repo.selectItemsPrepared(db, owner)
  return {
    count: rows.length,
    products: rows.map((row) => {
      const product = toProduct(row, pricing)
      const priceCents = product.campusPriceCents ?? product.priceCents
      return {
        productId: product.id,
        url: product.url,
        image: product.image,
        baseName: product.brand,
        name: product.name,
        priceCents,
        price: formatEuro(priceCents),
        quantity: 1,
        energyEfficiency: product.energyEfficiency,
      }
    }),
  }
}

/** At login (in its transaction): the guest session's wishlist joins the customer's. */
export function mergeGuestWishlist(tx: Tx, guestSessionId: string, customerId: number) {
  return repo.mergeLists(tx, guestSessionId, customerId)
}

export function countCustomerWishlist(db: DbOrTx, customerId: number): Promise<number> {
  return repo.countItems(db, { customerId })
}
