// The search suggestions' word index, in memory (issue 23: never-seen input at 100,000 products
// answers in a few milliseconds; Postgres full text with prefix queries took 200-800 ms there,
// ranking every product that starts like the typed word).
//
// Every distinct word of the products' names (search_name: name, brand, manufacturer part number)
// and of their category names, attribute values and teaser (search_extra), sorted, so that the
// words starting with a typed word are one contiguous range of word ids. Each word has its
// products (a posting list), and each product its word ids; products are numbered by rank (best
// sellers first, then by id), so a posting list is already in the order suggestions are shown.
// Typed arrays throughout: about 25 MB at 100,000 products.
//
// Matching and order as the full-text query had them: products whose name holds every typed word
// (as a word beginning) first, then those where some word is only in the category, attributes or
// teaser; within each, the earlier the name's word that the first typed word begins, then best
// sellers (the query compared character positions and full-text rank before sales).
// Descriptions are not searched for suggestions (the results page still searches them).
import type { Db } from '#db/client.ts'
import type { Logger } from '#server/platform/log.ts'
import { type CatalogCache, catalogCache } from './cache.ts'
import * as repo from './repo.ts'

export type SuggestionHit = { id: number; name: string; categoryId: number }

export type SuggestIndex = {
  /** Distinct words, sorted by code unit (binary search for a prefix). */
  words: string[]
  /** Products of word w: postings[postingStart[w] .. postingStart[w + 1]) (ranks, ascending). */
  postingStart: Int32Array
  postings: Int32Array
  /** Word ids of product r's name: nameWords[nameStart[r] .. nameStart[r + 1]). */
  nameStart: Int32Array
  nameWords: Int32Array
  /** Word ids of product r's category names, attribute values and teaser. */
  extraStart: Int32Array
  extraWords: Int32Array
  /** By rank. */
  ids: Int32Array
  categoryIds: Int32Array
  names: string[]
  /** Reused by queries: stamp[r] === query number marks a candidate (no allocation per query). */
  stamp: Uint32Array
  queries: number
  /** Which build of the holder this is (answers cached from it are keyed by it). */
  generation: number
}

function wordsOf(text: string): string[] {
  return text.split(' ').filter((word) => word.length > 0)
}

export async function loadSuggestIndex(db: Db): Promise<SuggestIndex> {
  return buildSuggestIndex(await repo.selectSuggestionSource(db))
}

/** Rows in rank order: best sellers first, then by id. */
export function buildSuggestIndex(rows: repo.SuggestionSourceRow[]): SuggestIndex {
  const count = rows.length
  const wordIds = new Map<string, number>()
  const nameLists: string[][] = []
  const extraLists: string[][] = []
  for (const row of rows) {
    const name = [...new Set(wordsOf(row.searchName))]
    const extra = [...new Set(wordsOf(row.searchExtra))]
    for (const word of name) if (!wordIds.has(word)) wordIds.set(word, 0)
    for (const word of extra) if (!wordIds.has(word)) wordIds.set(word, 0)
    nameLists.push(name)
    extraLists.push(extra)
  }
  const words = [...wordIds.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  words.forEach((word, id) => {
    wordIds.set(word, id)
  })

  const nameStart = new Int32Array(count + 1)
  const extraStart = new Int32Array(count + 1)
  for (let r = 0; r < count; r += 1) {
    nameStart[r + 1] = nameStart[r]! + nameLists[r]!.length
    extraStart[r + 1] = extraStart[r]! + extraLists[r]!.length
  }
  const nameWords = new Int32Array(nameStart[count]!)
  const extraWords = new Int32Array(extraStart[count]!)
  // A product once per word, whether the word is in its name, its extra text or both.
  const postingCount = new Int32Array(words.length + 1)
  const productWords: Int32Array[] = []
  for (let r = 0; r < count; r += 1) {
    const own = new Set<number>()
    nameLists[r]!.forEach((word, i) => {
      const id = wordIds.get(word)!
      nameWords[nameStart[r]! + i] = id
      own.add(id)
    })
    extraLists[r]!.forEach((word, i) => {
      const id = wordIds.get(word)!
      extraWords[extraStart[r]! + i] = id
      own.add(id)
    })
    const list = Int32Array.from(own)
    productWords.push(list)
    for (const id of list) postingCount[id + 1]! += 1
  }
  const postingStart = new Int32Array(words.length + 1)
  for (let w = 0; w < words.length; w += 1)
    postingStart[w + 1] = postingStart[w]! + postingCount[w + 1]!
  const postings = new Int32Array(postingStart[words.length]!)
  const fill = postingStart.slice(0, words.length)
  for (let r = 0; r < count; r += 1) {
    for (const id of productWords[r]!) {
      postings[fill[id]!] = r
      fill[id]! += 1
    }
  }
  return {
    words,
    postingStart,
    postings,
    nameStart,
    nameWords,
    extraStart,
    extraWords,
    ids: Int32Array.from(rows, (row) => row.id),
    categoryIds: Int32Array.from(rows, (row) => row.categoryId),
    names: rows.map((row) => row.name),
    stamp: new Uint32Array(count),
    queries: 0,
    generation: 0,
  }
}

/** The first word id >= `prefix` (binary search). */
function lowerBound(words: string[], prefix: string): number {
  let lo = 0
  let hi = words.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (words[mid]! < prefix) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** The word ids that start with `prefix`: [from, to). */
function prefixRange(words: string[], prefix: string): [number, number] {
  const from = lowerBound(words, prefix)
  // Every word starting with `prefix` sorts before prefix + U+FFFF.
  const to = lowerBound(words, `${prefix}\uffff`)
  return [from, to]
}

/**
 * What a typed word matches: words starting with it, or, for a whole word with a German
 * inflection ending, with its stem ("grafikkarten" also finds "grafikkarte", as the full-text
 * search's German stemmer did). At least 4 letters stay.
 */
export function matchPrefix(token: string): string {
  if (!/^[a-zß]+$/.test(token)) return token
  const stripped = token.replace(/(ern|en|er|es|em|e|n|s)$/, '')
  return stripped.length >= 4 ? stripped : token
}

/** The place (0 = first) of the first of words[from..to) in `range`, or -1. */
function firstWordIn(words: Int32Array, from: number, to: number, range: [number, number]): number {
  const [low, high] = range
  for (let i = from; i < to; i += 1) {
    const word = words[i]!
    if (word >= low && word < high) return i - from
  }
  return -1
}

/**
 * Products for typed words (normalised tokens), in the order suggestions are shown, until
 * `enough(hit)` says no more are needed (it returns true once it has what it wants).
 */
export function querySuggestIndex(
  index: SuggestIndex,
  tokens: readonly string[],
  enough: (hit: SuggestionHit) => boolean,
): void {
  if (tokens.length === 0 || index.ids.length === 0) return
  const ranges = tokens.map((token) => prefixRange(index.words, matchPrefix(token)))
  // The candidates: the products of the typed word with the fewest.
  let best = 0
  let bestSize = Number.POSITIVE_INFINITY
  ranges.forEach(([from, to], i) => {
    const size = index.postingStart[to]! - index.postingStart[from]!
    if (size < bestSize) {
      best = i
      bestSize = size
    }
  })
  if (bestSize === 0) return
  const [from, to] = ranges[best]!
  index.queries = (index.queries + 1) >>> 0 || 1
  if (index.queries === 1) index.stamp.fill(0)
  const mark = index.queries
  let low = index.ids.length
  let high = -1
  for (let i = index.postingStart[from]!; i < index.postingStart[to]!; i += 1) {
    const r = index.postings[i]!
    index.stamp[r] = mark
    if (r < low) low = r
    if (r > high) high = r
  }

  // Name matches, bucketed by the place of the name's first word that the first typed word
  // starts; the rest after them.
  const nameBuckets: number[][] = []
  const extraBuckets: number[][] = []
  const emit = (r: number): boolean =>
    enough({ id: index.ids[r]!, name: index.names[r]!, categoryId: index.categoryIds[r]! })
  const { nameStart, nameWords, extraStart, extraWords, stamp } = index
  for (let r = low; r <= high; r += 1) {
    if (stamp[r] !== mark) continue
    let inName = true
    let matches = true
    let place = -1
    for (let t = 0; t < ranges.length; t += 1) {
      const range = ranges[t]!
      const found = firstWordIn(nameWords, nameStart[r]!, nameStart[r + 1]!, range)
      if (t === 0) place = found
      if (found >= 0) continue
      inName = false
      if (firstWordIn(extraWords, extraStart[r]!, extraStart[r + 1]!, range) < 0) {
        matches = false
        break
      }
    }
    if (!matches) continue
    // The best place there is, found in rank order: nothing later can come before it.
    if (inName && place === 0) {
      if (emit(r)) return
      continue
    }
    const bucket = place < 0 ? 10_000 : place
    const buckets = inName ? nameBuckets : extraBuckets
    let list = buckets[bucket]
    if (!list) {
      list = []
      buckets[bucket] = list
    }
    list.push(r)
  }
  for (const buckets of [nameBuckets, extraBuckets]) {
    // Sparse arrays: for...in visits integer keys in ascending order.
    for (const key in buckets) {
      for (const r of buckets[key]!) if (emit(r)) return
    }
  }
}

/**
 * The index of one database, built on first use and again after every catalog change (NOTIFY
 * catalog_changed, cache.ts). A rebuild runs in the background while the previous index keeps
 * answering: a suggestion may miss a change for the second a rebuild takes at 100,000 products
 * (the results page is never stale). Changes during a rebuild make one more rebuild after it.
 */
class SuggestIndexHolder {
  private current: SuggestIndex | null = null
  private building: Promise<SuggestIndex> | null = null
  private stale = true
  private generation = 0
  private warming = false

  constructor(
    private readonly ctx: { db: Db; log: Logger },
    cache: CatalogCache,
  ) {
    cache.onInvalidate(() => {
      this.stale = true
      // Warming up: the first build starts once changes are listened for (the confirmation
      // invalidates), so that it is not rebuilt right away.
      if (this.warming && !this.current && !this.building) this.rebuild()
    })
  }

  /** Builds the index at start (main.ts), before the first shopper types. */
  warm(): void {
    this.warming = true
  }

  /** The freshest index at hand; waits only when there is none yet. */
  get(): Promise<SuggestIndex> | SuggestIndex {
    if (this.stale && !this.building) this.rebuild()
    return this.current ?? this.building!
  }

  private rebuild(): void {
    this.stale = false
    const building = loadSuggestIndex(this.ctx.db)
    this.building = building
    building.then(
      (index) => {
        this.generation += 1
        index.generation = this.generation
        this.current = index
        this.building = null
      },
      (error: unknown) => {
        this.building = null
        this.stale = true
        if (this.current || this.warming)
          this.ctx.log.warn({ err: error }, 'suggestion index: build failed')
      },
    )
  }
}

const holders = new WeakMap<Db, SuggestIndexHolder>()

export function suggestIndexOf(ctx: { db: Db; log: Logger }): SuggestIndexHolder {
  let holder = holders.get(ctx.db)
  if (!holder) {
    holder = new SuggestIndexHolder(ctx, catalogCache(ctx))
    holders.set(ctx.db, holder)
  }
  return holder
}

/** Builds the suggestions' index at start instead of at the first keystroke. */
export function warmSuggestions(ctx: { db: Db; log: Logger }): void {
  suggestIndexOf(ctx).warm()
}
