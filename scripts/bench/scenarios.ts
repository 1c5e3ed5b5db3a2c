// The benchmark scenarios. Slices add theirs here (catalog listing, search, cart, pages, ...).
// Every request must answer 2xx: a row with any other answer fails (scripts/bench.ts).

import { createHash, randomBytes } from 'node:crypto'
import type autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import { SUGGESTION_MIN_CHARS } from '#contract/catalog.ts'
import type { Db } from '#db/client.ts'
import { DEMO_CUSTOMERS } from '#db/seed/customers.ts'
import { searchTokens } from '#server/catalog/index.ts'
import type { Scenario } from './harness.ts'

/**
 * A request whose path changes every time (a global counter, shared by the warm-up and the runs
 * at 10 and 50 connections), so that no two requests within thousands share a cache entry: with
 * the caches' LRU sizes (1000-2000 entries) every request misses and measures the database path.
 */
function everyTimeNew(
  path: (n: number) => string,
  headers?: Record<string, string>,
): autocannon.Request[] {
  let n = 0
  return [
    {
      method: 'GET',
      ...(headers ? { headers } : {}),
      setupRequest: (request) => {
        n += 1
        return { ...request, path: path(n) }
      },
    },
  ]
}

const HTML = { accept: 'text/html' }
const LISTING =
  '/api/catalog/listing?path=pc-komponenten%2Fgrafikkarten&filter=hersteller%3Dasus%2Cmsi%26preis%3D300-1500'
const BRANDS = ['asus', 'msi', 'gigabyte', 'zotac', 'palit', 'sapphire', 'xfx', 'asrock']

/** A price range that never has min > max: 2,500 lower bounds × 7 widths, 17,500 in turn. */
function priceRange(n: number): string {
  const low = 100 + (n % 2500)
  return `${low}-${low + 500 + (n % 7) * 100}`
}

/**
 * Suggestion input never asked before in this run: what shoppers type, each distinct by the key
 * the shop caches suggestions under (its search tokens), in a fixed scattered order. When the run
 * asks for more than there are, the list starts again (printed as repeated inputs with the row;
 * with more than 2,000 inputs a repeat has left the cache's LRU long before).
 */
async function unseenSuggestionInputs(db: Db): Promise<string[]> {
  const rows = await db.execute<{ name: string }>(
    sql`select name from products where active order by id`,
  )
  return suggestionInputPool(rows.map(({ name }) => name))
}

/** Longest beginning of a word or name taken (longer input is pasted, not typed). */
const TYPED_MAX = 20
/** ... of a second word typed after another ("legion 7i") and of a later part ("legion rtx 40"). */
const PAIR_MAX = 12
const PART_MAX = 16
/** The text's first words typed before a part ("Apple MacBook Pro 48 GB"): up to this many + 1. */
const LEAD_WORDS = 3

/**
 * The inputs for product names (see `unseenSuggestionInputs`), from each name's suggestion text
 * (up to the first comma: "Lenovo Legion Pro 7i") and its later parts ("RTX 4090", "64 GB RAM"):
 * - beginnings (3-20 characters) of the text from each of its words on: "legion pro 7", "ryzen 7 7";
 * - a word and the beginning (up to 12 characters) of a later word of 3 or more, skipping words
 *   between: "legion 7i", "ryzen 78";
 * - the same with an earlier word (another order): "galaxy sam", "4070 rt";
 * - a word (or the text up to it, at most 4 words) and the beginning (2-16 characters) of a later part:
 *   "legion rtx 40", "lenovo 32 gb", "apple macbook 48 g".
 * Input starts with the first word (the brand) or a word of 3 characters or more. Every input
 * matches its own product (each typed word begins one of its name's words), so none
 * goes to the typo fallback. At 100,000 seeded products about N distinct inputs.
 */
export function suggestionInputPool(names: readonly string[]): string[] {
  const seen = new Set<string>()
  const inputs: string[] = []
  const take = (typed: string) => {
    const key = searchTokens(typed).join(' ')
    if (key.replace(/ /g, '').length < SUGGESTION_MIN_CHARS || seen.has(key)) return
    seen.add(key)
    inputs.push(typed)
  }
  const start = (text: string, length: number) => text.slice(0, length).trimEnd()
  // Variants share their text and parts: each taken once (fast enough at 100,000 names).
  const done = new Set<string>()
  for (const name of names) {
    const [text = '', ...parts] = name.split(',').map((part) => part.trim())
    // Codes in brackets ("(MAGB650TOM-895E)") are not typed.
    const words = text.split(' ').filter((word) => word.length > 0 && !/[()]/.test(word))
    for (let i = 0; i < words.length; i += 1) {
      // Typing starts with the brand or a word of some length, not with "1" or "GB".
      if (i > 0 && words[i]!.length < 3) continue
      const rest = words.slice(i).join(' ')
      if (done.has(rest)) continue
      done.add(rest)
      for (let length = 3; length <= Math.min(rest.length, TYPED_MAX); length += 1)
        take(start(rest, length))
      for (let j = 0; j < words.length; j += 1) {
        const other = words[j]!
        if (j === i || j === i + 1 || other.length < 3) continue
        for (let length = 1; length <= Math.min(other.length, PAIR_MAX); length += 1)
          take(`${words[i]} ${other.slice(0, length)}`)
      }
      // A word of the text, or the text up to it ("Lenovo Legion"), then the start of a part.
      const leads = i > 0 && i <= LEAD_WORDS ? [words.slice(0, i + 1).join(' ')] : []
      for (const before of [words[i]!, ...leads])
        for (const part of parts) {
          if (done.has(`${before},${part}`)) continue
          done.add(`${before},${part}`)
          for (let length = 2; length <= Math.min(part.length, PART_MAX); length += 1)
            take(`${before} ${start(part, length)}`)
        }
    }
  }
  // A fixed shuffle (Fisher-Yates with the Park-Miller generator): reproducible runs.
  let state = 42
  for (let i = inputs.length - 1; i > 0; i -= 1) {
    state = (state * 48271) % 2147483647
    const j = state % (i + 1)
    ;[inputs[i], inputs[j]] = [inputs[j]!, inputs[i]!]
  }
  return inputs
}

export const suggestionInputs = { total: 0, used: 0 }

async function topProduct(db: Db): Promise<{ id: number; slug: string }> {
  const [row] = await db.execute<{ id: number; slug: string }>(
    sql`select id, slug from products where energy_class is not null order by sold_count desc limit 1`,
  )
  return row ?? { id: 1, slug: 'x' }
}

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
    target: { ratio: 0.7 },
    requests: () => [{ method: 'GET', path: '/api/header_data' }],
  },
  {
    name: 'listing, 2 filters + facets, cached',
    target: { ratio: 0.7 },
    requests: () => [{ method: 'GET', path: LISTING }],
  },
  {
    name: 'listing, every request a miss',
    // The goal is for 100,000 products (any category size); at 10k it is easily met.
    target: { ratio: 0.15, p50: 10 },
    requests: () =>
      everyTimeNew(
        (n) =>
          `/api/catalog/listing?path=pc-komponenten%2Fgrafikkarten&filter=hersteller%3D${BRANDS[n % BRANDS.length]}%26preis%3D${priceRange(n)}`,
      ),
  },
  {
    name: 'product detail, cached',
    target: { ratio: 0.7 },
    requests: async ({ db }) => [
      { method: 'GET', path: `/api/catalog/products/${(await topProduct(db)).id}` },
    ],
  },
  {
    name: 'product detail, every request a miss',
    requests: async ({ db }) => {
      const [row] = await db.execute<{ max: number }>(sql`select max(id)::int as max from products`)
      const max = row?.max ?? 1
      return everyTimeNew((n) => `/api/catalog/products/${1 + ((n * 7919) % max)}`)
    },
  },
  {
    name: 'search "RTX 4070", cached',
    requests: () => [{ method: 'GET', path: '/api/catalog/search?query=RTX%204070' }],
  },
  {
    name: 'search, every request a miss',
    requests: () =>
      everyTimeNew((n) => `/api/catalog/search?query=RTX%204070&filter=preis%3D${priceRange(n)}`),
  },
  {
    name: 'suggestions "rtx 40", cached',
    target: { ratio: 0.7 },
    requests: () => [{ method: 'GET', path: '/api/catalog/suggestions?query=rtx%2040' }],
  },
  {
    // What people type: the start of a product name, never asked before in this run.
    name: 'suggestions, never-seen input',
    target: { p99: 15 },
    requests: async ({ db }) => {
      const inputs = await unseenSuggestionInputs(db)
      suggestionInputs.total = inputs.length
      suggestionInputs.used = 0
      return everyTimeNew((n) => {
        suggestionInputs.used = n
        return `/api/catalog/suggestions?query=${encodeURIComponent(inputs[(n - 1) % inputs.length] ?? 'rtx')}`
      })
    },
  },
  {
    // The whole server-rendered category page as a guest's first visit gets it (no cookies).
    name: 'category page HTML (guest)',
    target: { ratio: 0.25, p99Spread: 4 },
    requests: () => [
      { method: 'GET', path: '/kategorie/pc-komponenten/grafikkarten', headers: HTML },
    ],
  },
  {
    name: 'category page HTML, every request new filters',
    requests: () =>
      everyTimeNew(
        (n) =>
          `/kategorie/pc-komponenten/grafikkarten?hersteller=${BRANDS[n % BRANDS.length]}&preis=${priceRange(n)}`,
        HTML,
      ),
  },
  {
    name: 'product page HTML (guest)',
    target: { ratio: 0.25, p99Spread: 4 },
    requests: async ({ db }) => {
      const { id, slug } = await topProduct(db)
      return [{ method: 'GET', path: `/artikel/${slug}-${id}`, headers: HTML }]
    },
  },
  {
    name: 'product page HTML, every request another product',
    requests: async ({ db }) => {
      const rows = await db.execute<{ id: number; slug: string }>(
        sql`select id, slug from products order by id`,
      )
      return everyTimeNew((n) => {
        const row = rows[(n * 7919) % rows.length]
        return `/artikel/${row?.slug ?? 'x'}-${row?.id ?? 1}`
      }, HTML)
    },
  },
  {
    // A logged-in customer (full login, session cookie) on a category page: never from the
    // guests' page cache, the header shows the account.
    name: 'category page HTML (logged in)',
    target: { ratio: 0.05 },
    requests: async ({ db }) => [
      {
        method: 'GET',
        path: '/kategorie/pc-komponenten/grafikkarten',
        headers: { ...HTML, cookie: `sid=${await loggedInSession(db)}` },
      },
    ],
  },
  {
    name: 'account overview HTML (logged in)',
    target: { ratio: 0.05 },
    requests: async ({ db }) => [
      {
        method: 'GET',
        path: '/kundenkonto',
        headers: { ...HTML, cookie: `sid=${await loggedInSession(db)}` },
      },
    ],
  },
  {
    // Add-to-cart: 10 guest carts (sessions made through the app) with 4 products each;
    // connections meet on the same cart and line as two tabs would. Compared with the unit's
    // bare handler doing the same get-or-create-cart + capped line upsert in one transaction and
    // reading the lines back (scripts/bench/unit.ts).
    name: 'cart add',
    target: { ratio: 0.4 },
    unitPath: '/bare-cart-add',
    requests: async ({ appUrl, unitUrl, db }) => {
      await prepareCartBench(appUrl, unitUrl, db)
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
  },
  {
    // Two shop processes on one database, the connections spread over both.
    name: 'listing, every request a miss, 2 processes',
    processes: 2,
    requests: () =>
      everyTimeNew(
        (n) =>
          `/api/catalog/listing?path=pc-komponenten%2Fgrafikkarten&filter=hersteller%3D${BRANDS[(n + 3) % BRANDS.length]}%26preis%3D${priceRange(n + 1234)}`,
      ),
  },
  {
    name: 'category page HTML (guest), 2 processes',
    processes: 2,
    requests: () => [
      { method: 'GET', path: '/kategorie/pc-komponenten/grafikkarten', headers: HTML },
    ],
  },
]

/**
 * A full login of the demo customer for the logged-in rows: the session row written as the
 * login would write it (the login itself asks a new browser for an e-mailed code).
 */
async function loggedInSession(db: Db): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  const id = createHash('sha256').update(token).digest('hex')
  const rows = await db.execute(sql`
    insert into sessions (id, customer_id, full_login_expires_at, expires_at, created_at, last_seen_at, data)
    select ${id}, id, now() + interval '1 day', now() + interval '30 days', now(), now(), '{}'::jsonb
    from customers where email = ${DEMO_CUSTOMERS.private} order by id limit 1 returning id`)
  if (rows.length !== 1) throw new Error('logged-in bench: the demo customer is missing')
  return token
}

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
async function prepareCartBench(appUrl: string, unitUrl: string, db: Db) {
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
  const setup = await fetch(`${unitUrl}/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sessionIds: cartBench.sessionIds, productIds: cartBench.productIds }),
  })
  if (!setup.ok) throw new Error(`cart bench: the unit's setup answered ${setup.status}`)
}
