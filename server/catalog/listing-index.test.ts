// The listing index against the SQL path (issue 23): for random selections on the seeded catalog
// (categories and searches, every kind of filter, every sort, several pages) the index gives the
// same facet rows as `queryFacets`, the same total and the same page order as
// `selectListingPage`; also after changes to stock, prices, attributes, ratings, categories and
// visibility that reach it through NOTIFY and the local barrier.
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  CATALOG_SORTS,
  CATEGORY_FILTER_KEY,
  type CatalogSort,
  type ParsedFilter,
  PRICE_FILTER_KEY,
} from '#contract/catalog.ts'
import { createDb, type Db } from '#db/client.ts'
import { products } from '#db/schema/catalog.ts'
import { createLogger } from '#server/platform/log.ts'
import { seededRandom } from '#tests/support/random.ts'
import { cloneTemplate } from '#tests/support/template.ts'
import { CatalogCache } from './cache.ts'
import {
  buildFilters,
  countsOfRows,
  type FacetRow,
  type ListingScope,
  queryFacets,
  resolveSelection,
  scopePredicate,
  selectionPredicate,
} from './facets.ts'
import { type IndexScope, ListingIndex, SlotTable, topK } from './listing-index.ts'
import * as repo from './repo.ts'
import { buildSearchQuery, searchTokens } from './search-query.ts'
import { type Attributes, type CategoryTree, loadAttributes, loadTree } from './tree.ts'

const PAGE = 20

const random = seededRandom

type Random = ReturnType<typeof random>

let db: Db
let close: () => Promise<void>
let cache: CatalogCache
let index: ListingIndex
let tree: CategoryTree
let attributes: Attributes
let words: string[]

beforeAll(async () => {
  const url = await cloneTemplate(inject('dbAdminUrl'), inject('dbTemplate'))
  ;({ db, close } = createDb(url, { max: 4 }))
  const log = createLogger('silent')
  cache = new CatalogCache(db, log)
  index = new ListingIndex(db, cache, log)
  cache.start()
  for (let i = 0; i < 200 && !cache.ready; i++) await new Promise((r) => setTimeout(r, 25))
  expect(cache.ready).toBe(true)
  // Some published ratings, so the rating filter and its counts take part.
  await db.execute(sql`update products set rating_count = 1 + id % 5,
    rating_avg_x_100 = 100 + (id * 37) % 400 where id % 3 = 0`)
  tree = await loadTree(db)
  attributes = await loadAttributes(db)
  const names = await db.select({ name: products.name }).from(products).limit(300)
  words = [...new Set(names.flatMap((row) => searchTokens(row.name)).filter((w) => w.length >= 3))]
})

afterAll(async () => {
  await close?.()
})

function randomFilters(r: Random, scope: ListingScope['kind']): ParsedFilter[] {
  const filters: ParsedFilter[] = []
  const count = r.int(4)
  const attributeList = [...attributes.byKey.values()]
  for (let i = 0; i < count; i++) {
    const kind = r.int(8)
    if (kind === 0) {
      const min = r.next() < 0.3 ? null : r.int(800)
      const max = r.next() < 0.3 ? null : (min ?? 0) + r.int(2000)
      filters.push({
        key: PRICE_FILTER_KEY,
        kind: 'range',
        min,
        max: min === null && max === null ? 500 : max,
      })
    } else if (kind === 1)
      filters.push({ key: 'verfuegbarkeit', kind: 'values', values: ['sofort-lieferbar'] })
    else if (kind === 2)
      filters.push({ key: 'rabatt', kind: 'values', values: [r.pick(['10', '20', '30'])] })
    else if (kind === 3)
      filters.push({ key: 'bewertung', kind: 'values', values: [r.pick(['1', '2', '3', '4'])] })
    else if (kind === 4)
      filters.push({
        key: 'energieeffizienzklasse',
        kind: 'values',
        values: [r.pick(['a', 'b', 'c', 'd', 'e', 'f', 'g']), r.pick(['a', 'b', 'c', 'd'])],
      })
    else if (kind === 5 && scope === 'search') {
      const category = r.pick([...tree.byId.values()])
      filters.push({ key: CATEGORY_FILTER_KEY, kind: 'values', values: [String(category.id)] })
    } else {
      const attribute = r.pick(attributeList)
      const values = [r.pick(attribute.options).value, r.pick(attribute.options).value]
      filters.push({ key: attribute.key, kind: 'values', values })
    }
  }
  return filters
}

function sortedRows(rows: FacetRow[]): string[] {
  return rows.map((row) => `${row.kind}|${row.key}|${row.fail}|${row.n}|${row.lo}|${row.hi}`).sort()
}

async function compare(r: Random, label: string) {
  const searching = r.next() < 0.35
  let scope: ListingScope
  let indexScope: IndexScope
  if (searching) {
    const tokens = r.next() < 0.5 ? [r.pick(words)] : [r.pick(words), r.pick(words)]
    const query = buildSearchQuery(tokens, 'last')
    scope = { kind: 'search', query }
    indexScope = { kind: 'search', matches: await repo.selectSearchMatches(db, query) }
  } else {
    const category = r.pick([...tree.byId.values()])
    scope = { kind: 'category', category }
    indexScope = { kind: 'category', categoryIds: category.subtreeIds }
  }
  const selection = resolveSelection(randomFilters(r, scope.kind), scope.kind, attributes, tree)
  const sort: CatalogSort = r.pick(CATALOG_SORTS)
  const page = r.next() < 0.7 ? 1 : 1 + r.int(4)
  const offset = (page - 1) * PAGE
  const where = and(scopePredicate(scope), selectionPredicate(selection)) ?? scopePredicate(scope)
  const [sqlPage, sqlRows] = await Promise.all([
    repo.selectListingPage(db, where, {
      sort,
      search: scope.kind === 'search' ? scope.query : null,
      limit: PAGE,
      offset,
    }),
    queryFacets(db, scope, selection),
  ])
  const fromIndex = await index.listing(
    indexScope,
    selection.groups.map((g) => g.test),
    sort,
    offset,
    PAGE,
  )
  const what = `${label}: ${scope.kind === 'search' ? scope.query.tsquery : scope.category.path} ${selection.normalized.join('&')} ${sort} p${page}`
  expect(sortedRows(fromIndex.rows), what).toEqual(sortedRows(sqlRows))
  // The filters the shopper sees, from the index's counts and from the SQL rows.
  expect(buildFilters(fromIndex.counts, scope, selection, attributes, tree), what).toEqual(
    buildFilters(countsOfRows(sqlRows), scope, selection, attributes, tree),
  )
  expect(fromIndex.pageIds, what).toEqual(sqlPage.map((row) => row.id))
  const sqlTotal = sqlRows.filter((row) => row.kind === 'p' && row.fail === 0)
  expect(fromIndex.total, what).toBe(sqlTotal[0]?.n ?? 0)
}

describe('listing index', () => {
  it('counts and orders like the SQL path for random selections', async () => {
    const r = random(23)
    for (let i = 0; i < 150; i++) await compare(r, `case ${i}`)
  })

  it('follows stock, price, attribute, rating, category and visibility changes', async () => {
    const r = random(42)
    // Build it first, so the changes below arrive as notifications with ids.
    await compare(r, 'before')
    const ids = (await db.select({ id: products.id }).from(products).limit(1200)).map((p) => p.id)
    const someIds = () => Array.from({ length: 12 }, () => r.pick(ids))
    const leaves = [...tree.byId.values()].filter((c) => c.children.length === 0)
    const options = [...attributes.optionById.keys()]
    for (let round = 0; round < 6; round++) {
      await db.update(products).set({ stock: 0 }).where(inArray(products.id, someIds()))
      await db
        .update(products)
        .set({ stock: 7, soldCount: sql`${products.soldCount} + 3` })
        .where(inArray(products.id, someIds()))
      await db
        .update(products)
        .set({ priceCents: sql`${products.priceCents} + 1234` })
        .where(inArray(products.id, someIds()))
      await db
        .update(products)
        .set({ optionIds: [r.pick(options), r.pick(options)] })
        .where(inArray(products.id, someIds()))
      // An option id beyond two bytes (round 3 on): the index's option pool widens.
      if (round >= 3)
        await db
          .update(products)
          .set({ optionIds: [r.pick(options), 70_000 + round] })
          .where(inArray(products.id, someIds()))
      await db
        .update(products)
        .set({ ratingCount: 2, ratingAvgX100: 450 })
        .where(inArray(products.id, someIds()))
      await db
        .update(products)
        .set({ categoryId: r.pick(leaves).id })
        .where(eq(products.id, r.pick(ids)))
      await db
        .update(products)
        .set({ active: r.next() < 0.5 })
        .where(inArray(products.id, someIds()))
      // A write of this process: the index waits until its notifications are applied.
      cache.invalidate()
      for (let i = 0; i < 10; i++) await compare(r, `round ${round} case ${i}`)
    }
  })

  it('finds slots by id like a map, near and far ids alike', () => {
    const r = random(11)
    const table = new SlotTable()
    const map = new Map<number, number>()
    for (let i = 0; i < 20_000; i++) {
      const id = r.next() < 0.05 ? 2_000_000_000 - r.int(1000) : r.int(300_000)
      if (r.next() < 0.3) {
        table.delete(id)
        map.delete(id)
      } else {
        table.set(id, i)
        map.set(id, i)
      }
    }
    expect(table.size).toBe(map.size)
    const wrong: number[] = []
    for (let id = 0; id < 300_000; id++) if (table.get(id) !== (map.get(id) ?? -1)) wrong.push(id)
    for (let id = 2_000_000_000 - 1000; id <= 2_000_000_000; id++)
      if (table.get(id) !== (map.get(id) ?? -1)) wrong.push(id)
    expect(wrong).toEqual([])
  })

  it('picks the first k like a full sort', () => {
    const r = random(7)
    for (let i = 0; i < 50; i++) {
      const items = Int32Array.from({ length: 1 + r.int(300) }, () => r.int(50))
      const k = 1 + r.int(40)
      const order = (a: number, b: number) => (a % 7) - (b % 7) || a - b
      expect(topK(items, k, order)).toEqual(Array.from(items).sort(order).slice(0, k))
    }
  })
})
