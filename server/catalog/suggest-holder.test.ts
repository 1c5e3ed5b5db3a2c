// The suggestions' index kept current by product ids (issue 23): random changes to products reach
// it through NOTIFY catalog_changed with their ids; once they are applied it answers every probe
// exactly as an index built afresh from the database does.
import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createDb, type Db } from '#db/client.ts'
import { normalizeSearchText, products } from '#db/schema/catalog.ts'
import { createLogger } from '#server/platform/log.ts'
import { seededRandom } from '#tests/support/random.ts'
import { cloneTemplate } from '#tests/support/template.ts'
import { CatalogCache } from './cache.ts'
import { searchTokens } from './search-query.ts'
import {
  loadSuggestIndex,
  querySuggestIndex,
  type SuggestIndex,
  SuggestIndexHolder,
} from './suggest-index.ts'

let db: Db
let close: () => Promise<void>
let cache: CatalogCache
let holder: SuggestIndexHolder

beforeAll(async () => {
  const url = await cloneTemplate(inject('dbAdminUrl'), inject('dbTemplate'))
  ;({ db, close } = createDb(url, { max: 4 }))
  const log = createLogger('silent')
  cache = new CatalogCache(db, log)
  holder = new SuggestIndexHolder({ db, log }, cache)
  cache.start()
  for (let i = 0; i < 200 && !cache.ready; i++) await new Promise((r) => setTimeout(r, 25))
  expect(cache.ready).toBe(true)
})

afterAll(async () => {
  await close?.()
})

/** Waits until every notification sent before this call has reached the holder. */
async function delivered(): Promise<void> {
  const payload = `sync:test:${Math.random()}`
  const back = new Promise<void>((resolve) => {
    const stop = cache.onSync((received) => {
      if (received === payload) {
        stop()
        resolve()
      }
    })
  })
  await cache.sendSync(payload)
  await back
}

function hits(index: SuggestIndex, tokens: string[]): string[] {
  const found: string[] = []
  querySuggestIndex(index, tokens, (hit) => {
    found.push(`${hit.id}:${hit.text}:${hit.categoryId}`)
    return found.length >= 30
  })
  return found
}

const random = seededRandom

describe('suggestion index kept current by product ids', () => {
  it('answers like a fresh build after random changes through NOTIFY', async () => {
    const r = random(77)
    const first = await holder.get()
    const rows = await db
      .select({ id: products.id, name: products.name, categoryId: products.categoryId })
      .from(products)
    const ids = rows.map((row) => row.id)
    const categories = [...new Set(rows.map((row) => row.categoryId))]
    const words = [...new Set(rows.slice(0, 200).flatMap((row) => searchTokens(row.name)))].filter(
      (word) => word.length >= 3,
    )
    const probes = () =>
      Array.from({ length: 40 }, () => {
        const word = r.pick(words)
        const typed = r.next() < 0.5 ? word.slice(0, 3 + r.int(3)) : word
        return r.next() < 0.3 ? [typed, r.pick(words).slice(0, 3)] : [typed]
      })
    for (let round = 0; round < 5; round++) {
      const some = () => Array.from({ length: 1 + r.int(8) }, () => r.pick(ids))
      // Orders: sold counts (the rank) and stock (no suggestion change).
      await db
        .update(products)
        .set({
          soldCount: sql`${products.soldCount} + ${1 + r.int(50)}`,
          stock: sql`greatest(${products.stock} - 1, 0)`,
        })
        .where(inArray(products.id, some()))
      await db.update(products).set({ stock: 3 }).where(inArray(products.id, some()))
      // Renamed, with a word no product had.
      const renamed = `Neuheit${round} Zubehör ${r.pick(words)}`
      await db
        .update(products)
        .set({ name: renamed, searchName: normalizeSearchText(renamed) })
        .where(eq(products.id, r.pick(ids)))
      await db
        .update(products)
        .set({ categoryId: r.pick(categories) })
        .where(eq(products.id, r.pick(ids)))
      await db
        .update(products)
        .set({ active: r.next() < 0.5 })
        .where(inArray(products.id, some()))
      await delivered()
      const index = await holder.settled()
      const fresh = await loadSuggestIndex(db)
      const list = [...probes(), ['neuheit'], [`neuheit${round}`], ['zubeh']]
      for (const tokens of list)
        expect(hits(index, tokens), `round ${round}: ${tokens.join(' ')}`).toEqual(
          hits(fresh, tokens),
        )
    }
    // Kept by ids: the first build still answers, with its changed products merged in.
    expect(await holder.settled()).toBe(first)
    expect(first.changed.size).toBeGreaterThan(0)
  })
})
