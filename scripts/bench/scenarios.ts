// The benchmark scenarios. Slices add theirs here (catalog listing, search, cart, ...).

import { createHash } from 'node:crypto'
import type autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import type { Scenario } from './harness.ts'

/**
 * A request whose path changes every time (a global counter), so that no two requests within
 * thousands share a cache entry: with the caches' LRU sizes (1000-2000 entries) every request
 * misses and measures the database path.
 */
function everyTimeNew(path: (n: number) => string): autocannon.Request[] {
  let n = 0
  return [
    {
      method: 'GET',
      setupRequest: (request) => {
        n += 1
        return { ...request, path: path(n) }
      },
    },
  ]
}

const LISTING =
  '/api/catalog/listing?path=pc-komponenten%2Fgrafikkarten&filter=hersteller%3Dasus%2Cmsi%26preis%3D300-1500'
const BRANDS = ['asus', 'msi', 'gigabyte', 'zotac', 'palit', 'sapphire', 'xfx', 'asrock']

/** Pages measured in Chromium (scripts/bench/page-speed.ts); the category page has the targets. */
export const pages = [
  { name: 'category page', path: '/kategorie/pc-komponenten/grafikkarten' },
  {
    name: 'category page, filtered',
    path: '/kategorie/monitore?hersteller=lg,samsung&preis=200-900',
  },
  { name: 'product page', path: '/artikel/x-1' },
  { name: 'home page', path: '/' },
]

export const scenarios: Scenario[] = [
  {
    name: 'header data (guest)',
    target: { ratio: 0.5 },
    requests: () => [{ method: 'GET', path: '/api/header_data' }],
  },
  {
    name: 'catalog listing, 2 filters + facets',
    target: { ratio: 0.5, p99: 50 },
    requests: () => [{ method: 'GET', path: LISTING }],
  },
  {
    name: 'catalog listing, every request a miss',
    requests: () =>
      everyTimeNew((n) => {
        const brand = BRANDS[n % BRANDS.length]
        const low = 100 + (n % 4000)
        return `/api/catalog/listing?path=pc-komponenten%2Fgrafikkarten&filter=hersteller%3D${brand}%26preis%3D${low}-${low + 900}`
      }),
  },
  {
    // The whole server-rendered category page as a guest gets it: route loaders (navigation,
    // header, listing) and React's render to HTML.
    name: 'category page HTML (SSR)',
    pages: true,
    requests: () => [
      {
        method: 'GET',
        path: '/kategorie/pc-komponenten/grafikkarten',
        headers: { accept: 'text/html' },
      },
    ],
  },
  {
    name: 'catalog search "RTX 4070"',
    requests: () => [{ method: 'GET', path: '/api/catalog/search?query=RTX%204070' }],
  },
  {
    name: 'catalog search, every request a miss',
    requests: () =>
      everyTimeNew(
        (n) =>
          `/api/catalog/search?query=RTX%204070&filter=preis%3D${100 + (n % 5000)}-${3000 + (n % 7)}`,
      ),
  },
  {
    name: 'catalog suggestions "rtx 40"',
    target: { p99: 15 },
    requests: () => [{ method: 'GET', path: '/api/catalog/suggestions?query=rtx%2040' }],
  },
  {
    // What people type: the start of a product name, 3 to 14 characters, over thousands of names
    // in scattered order (popular beginnings repeat, as they do in real traffic).
    name: 'catalog suggestions, varied input',
    requests: async ({ db }) => {
      const names = [
        ...(await db.execute(sql`select distinct name from products order by name limit 4000`)),
      ].map((row) => String((row as { name: string }).name))
      return everyTimeNew((n) => {
        const name = names[(n * 7919) % names.length] ?? 'rtx'
        const length = 3 + (Math.floor(n / names.length) % 12)
        return `/api/catalog/suggestions?query=${encodeURIComponent(name.slice(0, length).trim() || 'rtx')}`
      })
    },
  },
  {
    name: 'product detail',
    target: { ratio: 0.5, p99: 20 },
    requests: async ({ db }) => {
      const [row] = [
        ...(await db.execute(
          sql`select id from products where energy_class is not null order by sold_count desc limit 1`,
        )),
      ] as { id: number }[]
      return [{ method: 'GET', path: `/api/catalog/products/${row?.id ?? 1}` }]
    },
  },
  {
    name: 'product detail, every request a miss',
    requests: async ({ db }) => {
      const [row] = [...(await db.execute(sql`select max(id)::int as max from products`))] as {
        max: number
      }[]
      const max = row?.max ?? 1
      return everyTimeNew((n) => `/api/catalog/products/${1 + ((n * 7919) % max)}`)
    },
  },
  {
    // Add-to-cart: 10 guest carts (sessions made through the app) with 4 products each;
    // connections meet on the same cart and line as two tabs would. The baseline is a bare
    // Express handler doing the same get-or-create-cart + capped line upsert in one transaction
    // and reading the lines back.
    name: 'cart add',
    target: { ratio: 0.5, p99: 30 },
    requests: async ({ appUrl, db }) => {
      await prepareCartBench(appUrl, db)
      let n = 0
      return [
        {
          method: 'POST',
          setupRequest: (request) => {
            n += 1
            const { token, productId } = cartPick(n)
            return {
              ...request,
              path: '/cart/add/',
              headers: { 'content-type': 'application/json', cookie: `sid=${token}` },
              body: JSON.stringify({ id: productId, quantity: 1 }),
            }
          },
        },
      ]
    },
    baseline: (app, db) => {
      let n = 0
      app.get('/bare-cart-add', async (_req, res) => {
        n += 1
        const { sessionId, productId } = cartPick(n)
        // Prepared statements, as a hand-written handler on postgres-js would use them (an
        // unprepared parameterized statement takes two round trips).
        const lines = await db.$client.begin(async (tx) => {
          const [cart] = await tx.unsafe<{ id: number }[]>(
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
            [cart?.id ?? 0],
            {
              prepare: true,
            },
          )
        })
        res.json({ products: [...lines] })
      })
      return '/bare-cart-add'
    },
  },
]

const cartBench = { tokens: [] as string[], sessionIds: [] as string[], productIds: [] as number[] }

function cartPick(n: number) {
  const slot = n % cartBench.tokens.length
  return {
    token: cartBench.tokens[slot] ?? '',
    sessionId: cartBench.sessionIds[slot] ?? '',
    // Each cart gets its own 4 products (a usual cart; the answer prices every line).
    productId: cartBench.productIds[slot * 4 + (Math.floor(n / cartBench.tokens.length) % 4)] ?? 1,
  }
}

/** 40 products with room to add, and 10 guest sessions that already have a cart. */
async function prepareCartBench(appUrl: string, db: Db) {
  const rows = await db.execute<{ id: number }>(sql`
    update products set stock = 1000000, max_order_quantity = 30000
    where id in (select id from products where stock > 0 order by id limit 40) returning id`)
  cartBench.productIds = rows.map((row) => row.id)
  cartBench.tokens = []
  cartBench.sessionIds = []
  for (let i = 0; i < 10; i += 1) {
    const response = await fetch(`${appUrl}/cart/add/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: cartBench.productIds[i], quantity: 1 }),
    })
    const token = response.headers
      .getSetCookie()
      .join(';')
      .match(/sid=([\w-]{43})/)?.[1]
    if (!response.ok || !token) throw new Error(`cart bench: add answered ${response.status}`)
    cartBench.tokens.push(token)
    cartBench.sessionIds.push(createHash('sha256').update(token).digest('hex'))
  }
}
