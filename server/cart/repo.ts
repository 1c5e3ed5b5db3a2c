// Queries of the cart slice. Every write that must not lose or exceed anything is one SQL
// statement: concurrent requests for the same cart line meet at its primary key (ON CONFLICT
// waits for the other writer and then adds to the committed quantity), and the cap
// (stock, per-order maximum) is computed inside the statement.
import { asc, eq, type SQL, sql } from 'drizzle-orm'
import { type Db, type DbOrTx, preparedSql, type Tx } from '#db/client.ts'
import { cartItems, carts } from '#db/schema/cart.ts'
import { products, productWarranties } from '#db/schema/catalog.ts'
import { firstPictureHash } from '#server/catalog/index.ts'
import {
  type Owner,
  ownerCondition as ownerConditionOn,
  ownerWhere as ownerWhereOn,
  preparedPerOwner,
} from '#server/platform/owner.ts'
import {
  liveSessionSelect,
  type SessionColumns,
  type SessionRow,
  sessionColumnsAs,
  sessionRowOf,
} from '#server/platform/session.ts'

/** Whose cart: a customer's (soft or full login), or a guest's session. */
export type CartOwner = Owner

const ownerWhere = (owner: CartOwner): SQL => ownerWhereOn(owner, carts)

/** The owner as a raw condition on an aliased carts table `c`. */
const ownerCondition = (owner: CartOwner): SQL => ownerConditionOn(owner, 'c')

function timestamp(date: Date): SQL {
  return sql`${date.toISOString()}::timestamptz`
}

/** Get-or-create of the owner's cart as a CTE named `cart` (it locks the cart's row). */
function cartCte(owner: CartOwner, now: Date): SQL {
  return 'customerId' in owner
    ? sql`cart as (
        insert into carts (customer_id, updated_at) values (${owner.customerId}, ${timestamp(now)})
        on conflict (customer_id) do update set updated_at = excluded.updated_at
        returning id)`
    : sql`cart as (
        insert into carts (session_id, updated_at) values (${owner.sessionId}, ${timestamp(now)})
        on conflict (session_id) do update set updated_at = excluded.updated_at
        returning id)`
}

// --- Reading --------------------------------------------------------------------------------

export type LineRow = {
  productId: number
  quantity: number
  warrantyId: number | null
  articleNumber: string
  name: string
  brand: string
  slug: string
  priceCents: number
  strikeThroughPriceCents: number | null
  recommendedRetailPriceCents: number | null
  discountPercent: number | null
  campusPriceCents: number | null
  stock: number
  maxOrderQuantity: number
  deliveryTime: string | null
  energyClass: string | null
  energyScale: string | null
  warrantyName: string | null
  warrantyMonths: number | null
  warrantyPriceCents: number | null
  warranties: { id: number; name: string; months: number; priceCents: number }[]
  /** First uploaded picture of the product (issue 21), or null: the drawing. */
  pictureHash: string | null
}

/** The owner's lines with their current catalog data, in the order they were put in. */
export function selectLines(db: DbOrTx, owner: CartOwner): Promise<LineRow[]> {
  return linesQuery(db, ownerWhere(owner))
}

/** The same as one prepared statement per owner kind (the header's read on every page). */
export const selectLinesPrepared: (db: Db, owner: CartOwner) => Promise<LineRow[]> =
  preparedPerOwner('cart_lines', carts, (db, where, name) => linesQuery(db, where).prepare(name))

function linesQuery(db: DbOrTx, where: SQL) {
  return db
    .select({
      productId: cartItems.productId,
      quantity: cartItems.quantity,
      warrantyId: cartItems.warrantyId,
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
      // A product taken out of the shop (back office) counts as sold out in the cart.
      stock: sql<number>`case when ${products.active} then ${products.stock} else 0 end`,
      maxOrderQuantity: products.maxOrderQuantity,
      deliveryTime: products.deliveryTime,
      energyClass: products.energyClass,
      energyScale: products.energyScale,
      warrantyName: productWarranties.name,
      warrantyMonths: productWarranties.months,
      warrantyPriceCents: productWarranties.priceCents,
      warranties: sql<LineRow['warranties']>`coalesce((
        select json_agg(json_build_object('id', pw.id, 'name', pw.name, 'months', pw.months,
          'priceCents', pw.price_cents) order by pw.position, pw.id)
        from product_warranties pw where pw.product_id = ${products.id}), '[]'::json)`,
      pictureHash: firstPictureHash(products.id),
    })
    .from(carts)
    .innerJoin(cartItems, eq(cartItems.cartId, carts.id))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(productWarranties, eq(productWarranties.id, cartItems.warrantyId))
    .where(where)
    .orderBy(asc(cartItems.addedAt), asc(cartItems.productId))
}

/** The cart's id, its row locked until the transaction ends (order placement). */
export async function lockCart(tx: Tx, owner: CartOwner): Promise<number | null> {
  const [row] = await tx.select({ id: carts.id }).from(carts).where(ownerWhere(owner)).for('update')
  return row?.id ?? null
}

// --- Writing --------------------------------------------------------------------------------

const p = (name: string) => sql.placeholder(name)
const atNow = sql`${p('now')}::timestamptz`

/** The owner's cart, got or created, as a CTE named `cart` (it locks the cart's row). */
const ownerCartCte = {
  customer: sql`cart as (
    insert into carts (customer_id, updated_at) values (${p('owner')}, ${atNow})
    on conflict (customer_id) do update set updated_at = excluded.updated_at
    returning id)`,
  session: sql`cart as (
    insert into carts (session_id, updated_at) values (${p('owner')}, ${atNow})
    on conflict (session_id) do update set updated_at = excluded.updated_at
    returning id)`,
}

/**
 * The session `s` (id = the cookie's hash, not expired) and its owner's cart, got or created, as
 * CTEs: the logged-in customer's cart, else the session's; none without a session.
 */
const sessionCartCte = sql`s as (${liveSessionSelect(p('sessionId'), atNow)}),
  customer_cart as (
    insert into carts (customer_id, updated_at)
    select customer_id, ${atNow} from s where customer_id is not null
    on conflict (customer_id) do update set updated_at = excluded.updated_at
    returning id),
  session_cart as (
    insert into carts (session_id, updated_at)
    select id, ${atNow} from s where customer_id is null
    on conflict (session_id) do update set updated_at = excluded.updated_at
    returning id),
  cart as (select id from customer_cart union all select id from session_cart)`

/** The add of a line and the cart read back, after the CTE `cart` (see addLineAndRead). */
const addAndReadTail = sql`
    added as (
      insert into cart_items (cart_id, product_id, quantity, warranty_id, added_at, updated_at)
      select cart.id, p.id, least(${p('quantity')}::int, p.stock, p.max_order_quantity), w.id,
        ${atNow}, ${atNow}
      from cart
      join products p on p.id = ${p('productId')} and p.stock > 0 and p.active
      left join product_warranties w on w.id = ${p('warrantyId')}::int and w.product_id = p.id
      where (${p('warrantyId')}::int is null or w.id is not null)
        and (exists (select 1 from cart_items e where e.cart_id = cart.id and e.product_id = p.id)
          or (select count(*) from cart_items e where e.cart_id = cart.id) < ${p('maxLines')})
      on conflict (cart_id, product_id) do update set
        quantity = least(cart_items.quantity + ${p('quantity')}::int,
          (select least(stock, max_order_quantity) from products where id = excluded.product_id)),
        warranty_id = coalesce(excluded.warranty_id, cart_items.warranty_id),
        updated_at = excluded.updated_at
      returning cart_items.product_id, cart_items.quantity, cart_items.warranty_id,
        cart_items.added_at, old.quantity as old_quantity),
    lines as (
      select ci.product_id, ci.quantity, ci.warranty_id, ci.added_at
      from cart_items ci join cart on ci.cart_id = cart.id
      where ci.product_id not in (select product_id from added)
      union all
      select product_id, quantity, warranty_id, added_at from added)`

/** The columns of a line (LineRow), from `lines l`, `products p` and `product_warranties w`. */
const lineColumns = sql`l.product_id as "productId", l.quantity, l.warranty_id as "warrantyId",
      p.article_number as "articleNumber", p.name, p.brand, p.slug,
      p.price_cents as "priceCents", p.reference_price_cents as "strikeThroughPriceCents",
      p.recommended_retail_price_cents as "recommendedRetailPriceCents",
      p.discount_percent as "discountPercent", p.campus_price_cents as "campusPriceCents",
      case when p.active then p.stock else 0 end as stock,
      p.max_order_quantity as "maxOrderQuantity", p.delivery_time as "deliveryTime",
      p.energy_class as "energyClass", p.energy_scale as "energyScale",
      w.name as "warrantyName", w.months as "warrantyMonths",
      w.price_cents as "warrantyPriceCents",
      coalesce((
        select json_agg(json_build_object('id', pw.id, 'name', pw.name, 'months', pw.months,
          'priceCents', pw.price_cents) order by pw.position, pw.id)
        from product_warranties pw where pw.product_id = p.id), '[]'::json) as warranties,
      ${firstPictureHash(sql`p.id`)} as "pictureHash",
      (select old_quantity from added) as "addedOld",
      (select quantity from added) as "addedQuantity"`

type AddedRow = LineRow & { addedOld: number | null; addedQuantity: number | null }

/** One add statement per owner kind, its SQL built once. */
const addLineStatementOf = (ownerCart: SQL) =>
  preparedSql<AddedRow>(sql`
    with ${ownerCart}, ${addAndReadTail}
    select ${lineColumns}
    from lines l
    join products p on p.id = l.product_id
    left join product_warranties w on w.id = l.warranty_id
    order by l.added_at, l.product_id`)

const addLineStatements = {
  customer: addLineStatementOf(ownerCartCte.customer),
  session: addLineStatementOf(ownerCartCte.session),
}

/**
 * The session's lookup and the add in one statement: one row per line with the session's columns
 * beside it, or one row with the session only (an empty cart), or none (no such session).
 */
const addLineForSessionStatement = preparedSql<Partial<AddedRow> & SessionColumns>(sql`
    with ${sessionCartCte}, ${addAndReadTail}
    select ${sessionColumnsAs('s')}, line.*
    from s left join lateral (
      select ${lineColumns}, l.added_at
      from lines l
      join products p on p.id = l.product_id
      left join product_warranties w on w.id = l.warranty_id) line on true
    order by line.added_at, line."productId"`)

export type AddInput = {
  productId: number
  quantity: number
  warrantyId: number | null
  maxLines: number
}

export type AddResult = {
  added: { oldQuantity: number | null; quantity: number } | null
  lines: LineRow[]
}

function addValues(input: AddInput, now: Date) {
  return {
    now: now.toISOString(),
    productId: input.productId,
    quantity: input.quantity,
    warrantyId: input.warrantyId,
    maxLines: input.maxLines,
  }
}

/** The lines of an add's rows (without its extra columns), and what was added. */
function addResultOf(rows: Partial<AddedRow>[]): AddResult {
  const lines: LineRow[] = []
  let added: AddResult['added'] = null
  for (const row of rows) {
    if (row.productId === null || row.productId === undefined) continue
    if (added === null && row.addedQuantity !== null && row.addedQuantity !== undefined)
      added = { oldQuantity: row.addedOld ?? null, quantity: row.addedQuantity }
    lines.push({
      productId: row.productId,
      quantity: row.quantity as number,
      warrantyId: row.warrantyId ?? null,
      articleNumber: row.articleNumber as string,
      name: row.name as string,
      brand: row.brand as string,
      slug: row.slug as string,
      priceCents: row.priceCents as number,
      strikeThroughPriceCents: row.strikeThroughPriceCents ?? null,
      recommendedRetailPriceCents: row.recommendedRetailPriceCents ?? null,
      discountPercent: row.discountPercent ?? null,
      campusPriceCents: row.campusPriceCents ?? null,
      stock: row.stock as number,
      maxOrderQuantity: row.maxOrderQuantity as number,
      deliveryTime: row.deliveryTime ?? null,
      energyClass: row.energyClass ?? null,
      energyScale: row.energyScale ?? null,
      warrantyName: row.warrantyName ?? null,
      warrantyMonths: row.warrantyMonths ?? null,
      warrantyPriceCents: row.warrantyPriceCents ?? null,
      warranties: row.warranties ?? [],
      pictureHash: row.pictureHash ?? null,
    })
  }
  return { added, lines }
}

/**
 * Adds pieces of a product (with an optional warranty of it) and reads the cart back, in one
 * statement: the cart is created when missing, an existing line gets the pieces added, and the
 * result is capped at stock and the per-order maximum. The statement's own insert is not visible
 * to its reads, so the lines are the cart's other lines plus the row the insert returned.
 * `added` is null when nothing was added (unknown product or warranty, sold out, cart full);
 * `lines` is then the cart as it is.
 */
export async function addLineAndRead(
  db: Db,
  owner: CartOwner,
  input: AddInput,
  now: Date,
): Promise<AddResult> {
  const values = addValues(input, now)
  const rows =
    'customerId' in owner
      ? await addLineStatements.customer(db, { ...values, owner: owner.customerId })
      : await addLineStatements.session(db, { ...values, owner: owner.sessionId })
  return addResultOf(rows)
}

/**
 * addLineAndRead for the session with this id (the cookie's hash), looked up in the same
 * statement (issue 23: one round trip per add): the add goes to the logged-in customer's cart,
 * else to the session's. Null when there is no such session (unknown or expired): nothing was
 * written.
 */
export async function addLineForSession(
  db: Db,
  sessionId: string,
  input: AddInput,
  now: Date,
): Promise<(AddResult & { session: SessionRow }) | null> {
  const rows = await addLineForSessionStatement(db, { ...addValues(input, now), sessionId })
  const [first] = rows
  if (!first) return null
  return { ...addResultOf(rows), session: sessionRowOf(first) }
}

/** Sets a line's quantity, capped in the statement; null when there is no such (available) line. */
export async function setLineQuantity(
  db: DbOrTx,
  owner: CartOwner,
  productId: number,
  quantity: number,
  now: Date,
): Promise<number | null> {
  const rows = await db.execute<{ quantity: number }>(sql`
    update cart_items ci
    set quantity = least(${quantity}::int, p.stock, p.max_order_quantity), updated_at = ${timestamp(now)}
    from carts c, products p
    where ${ownerCondition(owner)} and ci.cart_id = c.id and ci.product_id = ${productId}
      and p.id = ci.product_id and p.stock > 0 and p.active
    returning ci.quantity`)
  return rows[0]?.quantity ?? null
}

export async function hasLine(db: DbOrTx, owner: CartOwner, productId: number): Promise<boolean> {
  const rows = await db.execute(sql`
    select 1 from cart_items ci join carts c on c.id = ci.cart_id
    where ${ownerCondition(owner)} and ci.product_id = ${productId}`)
  return rows.length > 0
}

/** Removes a line (its warranty with it); false when there was none. */
export async function deleteLine(db: DbOrTx, owner: CartOwner, productId: number) {
  const rows = await db.execute(sql`
    delete from cart_items ci using carts c
    where ${ownerCondition(owner)} and ci.cart_id = c.id and ci.product_id = ${productId}
    returning ci.product_id`)
  return rows.length > 0
}

/** Takes pieces off a line, the line going at 0; false when there was none. */
export async function removePieces(
  tx: Tx,
  owner: CartOwner,
  productId: number,
  pieces: number,
  now: Date,
): Promise<boolean> {
  const [line] = await tx.execute<{ cart_id: number; quantity: number }>(sql`
    select ci.cart_id, ci.quantity from cart_items ci join carts c on c.id = ci.cart_id
    where ${ownerCondition(owner)} and ci.product_id = ${productId}
    for update of ci`)
  if (!line) return false
  if (line.quantity <= pieces) {
    await tx.execute(
      sql`delete from cart_items where cart_id = ${line.cart_id} and product_id = ${productId}`,
    )
  } else {
    await tx.execute(sql`
      update cart_items set quantity = quantity - ${pieces}::int, updated_at = ${timestamp(now)}
      where cart_id = ${line.cart_id} and product_id = ${productId}`)
  }
  return true
}

/** Chooses (or with null removes) the warranty of a line; false when line or warranty is unknown. */
export async function setLineWarranty(
  db: DbOrTx,
  owner: CartOwner,
  productId: number,
  warrantyId: number | null,
  now: Date,
): Promise<boolean> {
  const rows = await db.execute(sql`
    update cart_items ci set warranty_id = ${warrantyId}::int, updated_at = ${timestamp(now)}
    from carts c
    where ${ownerCondition(owner)} and ci.cart_id = c.id and ci.product_id = ${productId}
      and (${warrantyId}::int is null or exists (
        select 1 from product_warranties w where w.id = ${warrantyId}::int and w.product_id = ci.product_id))
    returning ci.product_id`)
  return rows.length > 0
}

/** Why an add found nothing to write. */
export async function productForAdd(db: DbOrTx, productId: number, warrantyId: number | null) {
  const rows = await db.execute<{ stock: number; warranty_ok: boolean }>(sql`
    select case when p.active then p.stock else 0 end as stock, (${warrantyId}::int is null or exists (
      select 1 from product_warranties w where w.id = ${warrantyId}::int and w.product_id = p.id)) as warranty_ok
    from products p where p.id = ${productId}`)
  const [row] = rows
  return row ? { stock: row.stock, warrantyOk: row.warranty_ok } : null
}

export type MergedLine = { productId: number; oldQuantity: number | null; quantity: number }

/**
 * Adds lines to the customer's cart (merging a guest cart, or moving a wishlist): quantities add
 * up and are capped; a warranty chosen in the guest cart wins over none. Sold-out products are
 * left out.
 */
export async function addLines(
  tx: Tx,
  owner: CartOwner,
  lines: { productId: number; quantity: number; warrantyId: number | null }[],
  now: Date,
): Promise<MergedLine[]> {
  if (lines.length === 0) return []
  const values = sql.join(
    lines.map(
      (line) => sql`(${line.productId}::int, ${line.quantity}::int, ${line.warrantyId}::int)`,
    ),
    sql`, `,
  )
  const rows = await tx.execute<{
    product_id: number
    old_quantity: number | null
    quantity: number
  }>(sql`
    with ${cartCte(owner, now)},
    incoming (product_id, quantity, warranty_id) as (values ${values})
    insert into cart_items (cart_id, product_id, quantity, warranty_id, added_at, updated_at)
    select cart.id, p.id, least(i.quantity, p.stock, p.max_order_quantity),
      (select w.id from product_warranties w where w.id = i.warranty_id and w.product_id = p.id),
      ${timestamp(now)}, ${timestamp(now)}
    from cart, incoming i join products p on p.id = i.product_id
    where p.stock > 0 and p.active
    on conflict (cart_id, product_id) do update set
      quantity = least(cart_items.quantity + excluded.quantity,
        (select least(stock, max_order_quantity) from products where id = excluded.product_id)),
      warranty_id = coalesce(excluded.warranty_id, cart_items.warranty_id),
      updated_at = excluded.updated_at
    returning new.product_id, old.quantity as old_quantity, new.quantity as quantity`)
  return rows.map((row) => ({
    productId: row.product_id,
    oldQuantity: row.old_quantity,
    quantity: row.quantity,
  }))
}

/** The raw lines of a cart (no catalog data), for merging and copying. */
export function selectRawLines(db: DbOrTx, owner: CartOwner) {
  return db
    .select({
      productId: cartItems.productId,
      quantity: cartItems.quantity,
      warrantyId: cartItems.warrantyId,
    })
    .from(carts)
    .innerJoin(cartItems, eq(cartItems.cartId, carts.id))
    .where(ownerWhere(owner))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.productId))
}

/** Deletes the owner's cart with its lines. */
export async function deleteCart(db: DbOrTx, owner: CartOwner): Promise<void> {
  await db.delete(carts).where(ownerWhere(owner))
}

/** Pieces in the owner's cart. */
export async function countPieces(db: DbOrTx, owner: CartOwner): Promise<number> {
  const [row] = await db
    .select({ pieces: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(carts)
    .innerJoin(cartItems, eq(cartItems.cartId, carts.id))
    .where(ownerWhere(owner))
  return row?.pieces ?? 0
}
