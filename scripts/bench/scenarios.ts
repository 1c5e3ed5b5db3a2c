// The benchmark scenarios. Slices add theirs here (catalog listing, search, cart, ...).

import type autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
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
]
