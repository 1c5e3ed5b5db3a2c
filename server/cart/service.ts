// Rules of the cart: whose cart a request works on, pricing from the catalog (never from the
// client), the actions of the cart page, merging at login, and what the checkout reads.
import {
  CART_MAX_LINES,
  type CartActionResult,
  type CartPage,
  type CartProduct,
  type CartState,
  type CartSummary,
  type CheckoutCart,
  deliveryTimeText,
  EXPRESS_PAYMENTS,
  type ExpressPayments,
  type FlashMessage,
  FREE_SHIPPING_FROM_CENTS,
  includedVatCents,
  shippingCentsFor,
  VAT_PERCENT,
} from '#contract/cart.ts'
import type { HeaderProduct } from '#contract/header.ts'
import { isMessageCode, type MessageCode, translate } from '#contract/messages.de.ts'
import { formatEuro } from '#contract/money.ts'
import type { Db, DbOrTx, Tx } from '#db/client.ts'
import {
  type CampusStatusColumns,
  energyEfficiency,
  isCampusMember,
  isCampusMemberRow,
  productUrl,
  tileImageUrl,
} from '#server/catalog/index.ts'
import type { AppContext } from '#server/platform/http.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import type { SessionHandle, SessionRow } from '#server/platform/session.ts'
import type { CartOwner, LineRow } from './repo.ts'
import * as repo from './repo.ts'

export type { CartOwner }

/** Whose cart a session works on: the logged-in customer's (soft or full), else the session's. */
export function cartOwnerOf(session: SessionRow | null): CartOwner | null {
  if (!session) return null
  return session.customerId ? { customerId: session.customerId } : { sessionId: session.id }
}

/** What differs between shoppers when pricing: Campus members pay Campus prices. */
export type Pricing = { campusMember: boolean }

export async function pricingOf(
  ctx: AppContext,
  session: Pick<SessionRow, 'customerId'> | null,
): Promise<Pricing> {
  return { campusMember: await isCampusMember(ctx, session?.customerId ?? null) }
}

/**
 * The same pricing from a customer's status columns a caller read already (the header reads
 * them with the greeting); null for a visitor without a customer.
 */
export function pricingOfCustomer(row: CampusStatusColumns | null, now: Date): Pricing {
  return { campusMember: row !== null && isCampusMemberRow(row, now) }
}

// --- Pricing ----------------------------------------------------------------------------------

function isCampusPriced(row: LineRow, pricing: Pricing): boolean {
  return (
    pricing.campusMember && row.campusPriceCents !== null && row.campusPriceCents < row.priceCents
  )
}

function toProduct(row: LineRow, pricing: Pricing): CartProduct {
  const campus = isCampusPriced(row, pricing)
  const priceCents = campus && row.campusPriceCents !== null ? row.campusPriceCents : row.priceCents
  const strike = row.strikeThroughPriceCents
  const warranty =
    row.warrantyId !== null && row.warrantyName !== null && row.warrantyPriceCents !== null
      ? {
          id: row.warrantyId,
          name: row.warrantyName,
          months: row.warrantyMonths ?? 0,
          priceCents: row.warrantyPriceCents,
          quantity: row.quantity,
          totalCents: row.warrantyPriceCents * row.quantity,
        }
      : null
  return {
    id: row.productId,
    articleNumber: row.articleNumber,
    name: row.name,
    baseName: row.brand,
    url: productUrl(row.slug, row.productId),
    image: tileImageUrl(row.productId, row.pictureHash),
    quantity: row.quantity,
    quantityLimit: Math.max(0, Math.min(row.stock, row.maxOrderQuantity)),
    available: row.stock > 0,
    deliveryTime: deliveryTimeText(row.stock > 0, row.deliveryTime),
    priceCents,
    price: formatEuro(priceCents),
    totalCents: priceCents * row.quantity,
    strikeThroughPriceCents: strike,
    recommendedRetailPriceCents: row.recommendedRetailPriceCents,
    priceDiscountCents: strike !== null && strike > row.priceCents ? strike - row.priceCents : 0,
    priceDiscountPercent: row.discountPercent ?? 0,
    studentPriceCents: pricing.campusMember ? row.campusPriceCents : null,
    inCartAsStudentProduct: campus,
    energyEfficiency: energyEfficiency(row.energyClass, row.energyScale),
    warranties: row.warranties,
    warranty,
  }
}

/** Subtotal of the available products and their warranties, shipping, total, included VAT. */
export function summarize(products: CartProduct[]): CartSummary {
  const subtotalCents = products
    .filter((product) => product.available)
    .reduce((sum, product) => sum + product.totalCents + (product.warranty?.totalCents ?? 0), 0)
  const shippingCents = shippingCentsFor(subtotalCents)
  const totalCents = subtotalCents + shippingCents
  return {
    subtotalCents,
    shippingCents,
    totalCents,
    taxPercent: VAT_PERCENT,
    taxCents: includedVatCents(totalCents),
    freeShippingFromCents: FREE_SHIPPING_FROM_CENTS,
    missingForFreeShippingCents:
      subtotalCents > 0 ? Math.max(0, FREE_SHIPPING_FROM_CENTS - subtotalCents) : 0,
  }
}

export function cartStateOf(rows: LineRow[], pricing: Pricing): CartState {
  const products = rows.map((row) => toProduct(row, pricing))
  return {
    products,
    cartCount: products.reduce((sum, product) => sum + product.quantity, 0),
    productInfo: products.map((product) => ({
      productId: product.id,
      price: product.price,
      priceCents: product.priceCents,
      priceDiscountPercent: product.priceDiscountPercent,
      hasBundle: false,
    })),
    cartSummary: summarize(products),
  }
}

async function loadState(db: DbOrTx, owner: CartOwner | null, pricing: Pricing) {
  return cartStateOf(owner ? await repo.selectLines(db, owner) : [], pricing)
}

// --- Reading ----------------------------------------------------------------------------------

const FLASH_KEY = 'cartFlash'

function flashCodesOf(session: SessionRow | null): MessageCode[] {
  const raw = session?.data[FLASH_KEY]
  return Array.isArray(raw) ? raw.filter((code): code is MessageCode => isMessageCode(code)) : []
}

/** Keeps notices for the next cart page (shown once, in its banner). */
export async function addCartFlash(session: SessionHandle, codes: MessageCode[]): Promise<void> {
  if (codes.length === 0) return
  const current = flashCodesOf(await session.load())
  await session.patchData({ [FLASH_KEY]: [...new Set([...current, ...codes])] })
}

/** GET /cart: the cart, and the flash messages waiting in the session (then forgotten). */
export async function getCartPage(ctx: AppContext, session: SessionHandle): Promise<CartPage> {
  const row = await session.load()
  const state = await loadState(ctx.db, cartOwnerOf(row), await pricingOf(ctx, row))
  const codes = flashCodesOf(row)
  if (codes.length > 0) await session.patchData({ [FLASH_KEY]: [] })
  const flashMessages: FlashMessage[] = codes.map((code) => ({
    kind: 'info',
    code,
    message: translate(code),
  }))
  return { ...state, flashMessages }
}

export async function getCheckoutCart(
  ctx: AppContext,
  session: SessionHandle,
): Promise<CheckoutCart> {
  const row = await session.load()
  const state = await loadState(ctx.db, cartOwnerOf(row), await pricingOf(ctx, row))
  return { products: state.products, summary: state.cartSummary, productsCount: state.cartCount }
}

/** The express payment buttons: all three for a cart with something to pay, none otherwise. */
export async function getExpressPayments(
  ctx: AppContext,
  session: SessionHandle,
): Promise<ExpressPayments> {
  const owner = cartOwnerOf(await session.load())
  const pieces = owner ? await repo.countPieces(ctx.db, owner) : 0
  return { expressPayments: pieces > 0 ? EXPRESS_PAYMENTS.map((p) => ({ ...p })) : [] }
}

/** Cart counter and popup lines for the header and the login result. */
export async function getCartHeaderContent(
  db: Db,
  owner: CartOwner | null,
  pricing: Pricing,
): Promise<{ cartAmount: number; products: HeaderProduct[] }> {
  if (!owner) return { cartAmount: 0, products: [] }
  const state = cartStateOf(await repo.selectLinesPrepared(db, owner), pricing)
  return {
    cartAmount: state.cartCount,
    products: state.products.map((product) => ({
      productId: product.id,
      url: product.url,
      image: product.image,
      baseName: product.baseName,
      name: product.name,
      priceCents: product.priceCents,
      price: product.price,
      quantity: product.quantity,
      energyEfficiency: product.energyEfficiency,
    })),
  }
}

/** Pieces in a customer's cart (the light account's conversion answer). */
export function countCustomerCart(db: DbOrTx, customerId: number): Promise<number> {
  return repo.countPieces(db, { customerId })
}

// --- Actions ----------------------------------------------------------------------------------

type AddError = 'not_found' | 'cart_product_unavailable' | 'cart_full'

/** After a capped request the answer names the quantity the product is limited to. */
function withCap(state: CartState, quantity: number, requested: number): CartActionResult {
  return quantity < requested ? { ...state, maxQuantity: quantity } : state
}

export async function addToCart(
  ctx: AppContext,
  session: SessionHandle,
  input: { id: number; quantity: number; warrantyId?: number | null | undefined },
): Promise<Result<CartActionResult, AddError>> {
  const warrantyId = input.warrantyId ?? null
  const line = {
    productId: input.id,
    quantity: input.quantity,
    warrantyId,
    maxLines: CART_MAX_LINES,
  }
  const now = ctx.clock.now()
  // A visitor with a session cookie: the session's lookup and the add are one statement (one
  // round trip, issue 23); without one, or when it has expired, a new session and the add.
  const unreadId = session.unreadId()
  const viaSession = unreadId ? await repo.addLineForSession(ctx.db, unreadId, line, now) : null
  let result: repo.AddResult
  let pricing: Pricing
  if (viaSession) {
    const row = session.adopt(viaSession.session)
    result = viaSession
    pricing = await pricingOf(ctx, row)
  } else {
    if (unreadId) session.adopt(null)
    const row = await session.ensure()
    ;[result, pricing] = await Promise.all([
      repo.addLineAndRead(ctx.db, cartOwnerOf(row) as CartOwner, line, now),
      pricingOf(ctx, row),
    ])
  }
  const { added, lines } = result
  if (!added) {
    const product = await repo.productForAdd(ctx.db, input.id, warrantyId)
    if (!product?.warrantyOk) return err('not_found')
    return err(product.stock <= 0 ? 'cart_product_unavailable' : 'cart_full')
  }
  const state = cartStateOf(lines, pricing)
  return ok(withCap(state, added.quantity, (added.oldQuantity ?? 0) + input.quantity))
}

export async function changeQuantity(
  ctx: AppContext,
  session: SessionHandle,
  input: { id: number; quantity: number },
): Promise<Result<CartActionResult, 'not_found' | 'cart_product_unavailable'>> {
  const row = await session.load()
  const owner = cartOwnerOf(row)
  if (!owner) return err('not_found')
  const quantity = await repo.setLineQuantity(
    ctx.db,
    owner,
    input.id,
    input.quantity,
    ctx.clock.now(),
  )
  if (quantity === null) {
    return err(
      (await repo.hasLine(ctx.db, owner, input.id)) ? 'cart_product_unavailable' : 'not_found',
    )
  }
  const state = await loadState(ctx.db, owner, await pricingOf(ctx, row))
  return ok(withCap(state, quantity, input.quantity))
}

export async function removeFromCart(
  ctx: AppContext,
  session: SessionHandle,
  input: { id: number },
): Promise<Result<CartActionResult, 'not_found'>> {
  const row = await session.load()
  const owner = cartOwnerOf(row)
  if (!owner || !(await repo.deleteLine(ctx.db, owner, input.id))) return err('not_found')
  return ok(await loadState(ctx.db, owner, await pricingOf(ctx, row)))
}

/** POST /api/cart/remove/{quantity}: takes pieces off a line; the line goes at 0. */
export async function removePieces(
  ctx: AppContext,
  session: SessionHandle,
  input: { id: number; pieces: number },
): Promise<Result<CartActionResult, 'not_found'>> {
  const row = await session.load()
  const owner = cartOwnerOf(row)
  if (!owner) return err('not_found')
  const removed = await ctx.db.transaction((tx) =>
    repo.removePieces(tx, owner, input.id, input.pieces, ctx.clock.now()),
  )
  if (!removed) return err('not_found')
  return ok(await loadState(ctx.db, owner, await pricingOf(ctx, row)))
}

export async function setWarranty(
  ctx: AppContext,
  session: SessionHandle,
  input: { id: number; warrantyId: number | null },
): Promise<Result<CartActionResult, 'not_found'>> {
  const row = await session.load()
  const owner = cartOwnerOf(row)
  if (!owner) return err('not_found')
  const changed = await repo.setLineWarranty(
    ctx.db,
    owner,
    input.id,
    input.warrantyId,
    ctx.clock.now(),
  )
  if (!changed) return err('not_found')
  return ok(await loadState(ctx.db, owner, await pricingOf(ctx, row)))
}

// --- Other slices: login, logout-and-transfer, wishlist, checkout ----------------------------

export type CartMerge = {
  /** Lines of the guest cart that reached the customer's cart. */
  mergedLines: number
  /** The customer's cart had products already: the two carts were combined. */
  combined: boolean
  /** Some quantity was cut to stock or the per-order maximum (or a product was sold out). */
  adjusted: boolean
}

function wasAdjusted(
  wanted: { productId: number; quantity: number }[],
  merged: repo.MergedLine[],
): boolean {
  const byProduct = new Map(merged.map((line) => [line.productId, line]))
  return wanted.some((line) => {
    const result = byProduct.get(line.productId)
    return !result || result.quantity < (result.oldQuantity ?? 0) + line.quantity
  })
}

/**
 * At login: the guest session's cart goes into the customer's cart (quantities add up, capped)
 * and is deleted. Runs in the login's transaction, before the guest session is replaced.
 */
export async function mergeGuestCart(
  tx: Tx,
  guestSessionId: string,
  customerId: number,
  now: Date,
): Promise<CartMerge> {
  const guest: CartOwner = { sessionId: guestSessionId }
  const lines = await repo.selectRawLines(tx, guest)
  if (lines.length === 0) return { mergedLines: 0, combined: false, adjusted: false }
  const target: CartOwner = { customerId }
  const combined = (await repo.countPieces(tx, target)) > 0
  const merged = await repo.addLines(tx, target, lines, now)
  await repo.deleteCart(tx, guest)
  return { mergedLines: merged.length, combined, adjusted: wasAdjusted(lines, merged) }
}

/** The notices of a merge for the next cart page. */
export function flashCartMerge(session: SessionHandle, merge: CartMerge): Promise<void> {
  const codes: MessageCode[] = []
  if (merge.combined && merge.mergedLines > 0) codes.push('cart_merged')
  if (merge.adjusted) codes.push('cart_quantities_adjusted')
  return addCartFlash(session, codes)
}

/** logout-and-transfer: the customer's cart is copied into the new guest session. */
export async function copyCartToSession(
  tx: Tx,
  customerId: number,
  sessionId: string,
  now: Date,
): Promise<void> {
  const lines = await repo.selectRawLines(tx, { customerId })
  await repo.addLines(tx, { sessionId }, lines, now)
}

/**
 * Puts one piece of each product into the owner's cart (the wishlist's "move all"); returns the
 * products that are in the cart afterwards (sold-out ones are not).
 */
export async function addProductsToCart(
  tx: Tx,
  owner: CartOwner,
  productIds: number[],
  now: Date,
): Promise<{ productIds: number[]; cartCount: number }> {
  const merged = await repo.addLines(
    tx,
    owner,
    productIds.map((productId) => ({ productId, quantity: 1, warrantyId: null })),
    now,
  )
  return {
    productIds: merged.map((line) => line.productId),
    cartCount: await repo.countPieces(tx, owner),
  }
}

/** The priced cart for order placement, its row locked until the transaction ends. */
export type LockedCart = CartState & { cartId: number }

/**
 * For the checkout's order transaction: locks the owner's cart (cart changes wait until the
 * order is placed) and prices its lines from the catalog as they are now. Null: no cart.
 */
export async function lockCartForOrder(
  tx: Tx,
  owner: CartOwner,
  pricing: Pricing,
): Promise<LockedCart | null> {
  const cartId = await repo.lockCart(tx, owner)
  if (cartId === null) return null
  return { cartId, ...cartStateOf(await repo.selectLines(tx, owner), pricing) }
}

/** Empties the owner's cart (after the order was placed, in its transaction). */
export function emptyCart(tx: Tx, owner: CartOwner): Promise<void> {
  return repo.deleteCart(tx, owner)
}
