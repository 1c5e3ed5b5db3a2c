// The benchmark's unit, in a process of its own (as the shop is): a bare Express 5 handler doing
// one indexed SELECT with postgres-js, and the bare add-to-cart transaction the `cart add` row is
// also compared with. Started by scripts/bench.ts: `node --import tsx scripts/bench/unit.ts` with
// DATABASE_URL and PORT; the cart row posts its guest sessions and products to /setup first.
import { sql } from 'drizzle-orm'
import express from 'express'
import { createDb } from '#db/client.ts'

const url = process.env.DATABASE_URL
if (!url) throw new Error('DATABASE_URL is missing')
// The shop's pool size (db/client.ts default), so both sides have the same connections.
const { db } = createDb(url)

const cart = { sessionIds: [] as string[], productIds: [] as number[] }

/** The same pick as the shop's cart row (scripts/bench/scenarios.ts cartPick). */
function cartPick(n: number) {
  const slot = n % Math.max(1, cart.sessionIds.length)
  return {
    sessionId: cart.sessionIds[slot] ?? '',
    productId:
      cart.productIds[slot * 4 + (Math.floor(n / Math.max(1, cart.sessionIds.length)) % 4)] ?? 1,
  }
}

const app = express()
app.get('/ready', (_req, res) => {
  res.json({ ok: true })
})
app.post('/setup', express.json(), (req, res) => {
  const body = req.body as { sessionIds: string[]; productIds: number[] }
  cart.sessionIds = body.sessionIds
  cart.productIds = body.productIds
  res.json({ ok: true })
})
app.get('/bare', async (_req, res) => {
  const rows = await db.execute(sql`select id, name from countries where id = 81`)
  res.json(rows[0] ?? null)
})
let n = 0
app.get('/bare-cart-add', async (_req, res) => {
  n += 1
  const { sessionId, productId } = cartPick(n)
  // Prepared statements, as a hand-written handler on postgres-js would use them (an unprepared
  // parameterized statement takes two round trips).
  const lines = await db.$client.begin(async (tx) => {
    const [row] = await tx.unsafe<{ id: number }[]>(
      `with cart as (
        insert into carts (session_id, updated_at) values ($1, now())
        on conflict (session_id) do update set updated_at = excluded.updated_at
        returning id)
      insert into cart_items (cart_id, product_id, quantity, warranty_id, added_at, updated_at)
      select cart.id, p.id, least(1, p.stock, p.max_order_quantity), null, now(), now()
      from cart join products p on p.id = $2 and p.stock > 0
      on conflict (cart_id, product_id) do update set
        quantity = least(cart_items.quantity + 1,
          (select least(stock, max_order_quantity) from products where id = excluded.product_id)),
        updated_at = excluded.updated_at
      returning cart_id as id`,
      [sessionId, productId],
      { prepare: true },
    )
    return tx.unsafe(
      'select product_id, quantity from cart_items where cart_id = $1',
      [row?.id ?? 0],
      {
        prepare: true,
      },
    )
  })
  res.json({ products: [...lines] })
})
app.listen(Number(process.env.PORT ?? 0), '127.0.0.1')
