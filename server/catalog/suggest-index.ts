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
import { type CatalogCache, type CatalogChange, catalogCache } from './cache.ts'
import * as repo from './repo.ts'

/** A product found: `text` is what the suggestion shows (`suggestionText` of its name). */
export type SuggestionHit = { id: number; text: string; categoryId: number }

/**
 * Bit r: product r has a word with the prefix (`any`), in its name (`name`). `least`: the
 * earliest place in a name of a word with the prefix (`NOT_IN_NAME` if in none). `leastFrom[b]`:
 * the same among the products ranked from `b << BLOCK_SHIFT` on (a bound for the rest of a walk).
 */
type BroadPrefix = { any: Uint32Array; name: Uint32Array; least: number; leastFrom: Uint8Array }

/** Ranks per block of `BroadPrefix.leastFrom` (391 bytes per bit set pair at 100,000). */
const BLOCK_SHIFT = 8

/** "AMD Ryzen 7 7800X3D, 8C/16T, ..." -> "AMD Ryzen 7 7800X3D" (the words people search for). */
export function suggestionText(name: string): string {
  return name
    .split(',')[0]!
    .replace(/\s*\([^)]*\)\s*$/, '')
    .trim()
}

/** Word ids of the build: two bytes each while there are at most 65,536 words. */
type WordList = Uint16Array | Int32Array

/**
 * A product changed since the build (orders change sold counts, the back office names, ...): its
 * entry in the built arrays is dead and this one counts instead, until the next full build.
 * Word ids >= 0 are the build's words; -1 - k is `addedWords[k]` (a word the build did not have).
 */
type ChangedProduct = {
  id: number
  text: string
  textId: number
  categoryId: number
  sold: number
  nameWords: Int32Array
  extraWords: Int32Array
}

export type SuggestIndex = {
  /** Distinct words, sorted by code unit (binary search for a prefix). */
  words: string[]
  /** Products of word w: postings[postingStart[w] .. postingStart[w + 1]) (ranks, ascending). */
  postingStart: Int32Array
  postings: Int32Array
  /** The place of the word in the product's name for each posting; `NOT_IN_NAME` if not there. */
  postingPlace: Uint8Array
  /** No name has `NOT_IN_NAME` distinct words or more (else one typed word takes the long way). */
  placesFit: boolean
  /** Word ids of product r's name: nameWords[nameStart[r] .. nameStart[r + 1]). */
  nameStart: Int32Array
  nameWords: WordList
  /** Word ids of product r's category names, attribute values and teaser. */
  extraStart: Int32Array
  extraWords: WordList
  /** By rank. */
  ids: Int32Array
  categoryIds: Int32Array
  /**
   * The suggestion text of product r is texts[textIds[r]] (`suggestionText` of its name): variants
   * share it (100,000 seeded products have 2,347; a name string per product held 9 MB). Texts of
   * changed products that the build did not have are added.
   */
  texts: string[]
  textIds: Int32Array
  textIdOf: Map<string, number>
  /**
   * Products (ranks) with a word starting with a prefix that many products have (`BROAD`),
   * one bit each: a typed word such as "g" or "14" is checked by a bit instead of its postings.
   */
  broad: Map<string, BroadPrefix>
  /** Reused by queries: textSeen[t] === query number: text t was emitted (no duplicate hits). */
  textSeen: Uint32Array
  /** Sold count by rank (changed products are merged in by it). */
  sold: Int32Array
  /** Ranks ordered by product id (a changed product's rank by binary search). */
  byId: Int32Array
  /** dead[r] = 1: product r changed or left since the build (see `changed`). */
  dead: Uint8Array
  /** Products changed since the build, by id (active ones; a product that left is only dead). */
  changed: Map<number, ChangedProduct>
  /** Words of changed products that the build did not have, and their (negative) ids. */
  addedWords: string[]
  addedWordIds: Map<string, number>
  /** Reused by queries: stamp[r] === query number marks a candidate (no allocation per query). */
  stamp: Uint32Array
  /** Reused by queries of one word: the best place of a candidate (valid where stamped). */
  place: Uint8Array
  /** Reused by queries: the candidates' ranks. */
  candidates: Int32Array
  /** Reused by queries: bit t set where typed word t is in the product (anywhere / in the name). */
  found: Uint16Array
  inName: Uint16Array
  queries: number
  /** Which state of the holder this is (answers cached from it are keyed by it). */
  generation: number
}

/** `postingPlace` of a word that is only in the category, attributes or teaser. */
const NOT_IN_NAME = 255

function wordsOf(text: string): string[] {
  return text.split(' ').filter((word) => word.length > 0)
}

export async function loadSuggestIndex(db: Db): Promise<SuggestIndex> {
  return buildSuggestIndex(await repo.selectSuggestionSource(db))
}

/**
 * Rows in rank order: best sellers first, then by id. `broadPostings`: how many postings make a
 * prefix broad (tests lower it; else `BROAD_POSTINGS` and a tenth of the products).
 */
export function buildSuggestIndex(
  rows: repo.SuggestionSourceRow[],
  broadPostings = Math.max(BROAD_POSTINGS, rows.length / 10),
): SuggestIndex {
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
  const small = words.length <= 65536
  const nameWords = small ? new Uint16Array(nameStart[count]!) : new Int32Array(nameStart[count]!)
  const extraWords = small
    ? new Uint16Array(extraStart[count]!)
    : new Int32Array(extraStart[count]!)
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
  const postingPlace = new Uint8Array(postings.length)
  let placesFit = true
  const fill = postingStart.slice(0, words.length)
  for (let r = 0; r < count; r += 1) {
    // The product's name words come first in its own list, in their places.
    const inName = nameLists[r]!.length
    if (inName >= NOT_IN_NAME) placesFit = false
    productWords[r]!.forEach((id, i) => {
      postings[fill[id]!] = r
      postingPlace[fill[id]!] = i < inName ? Math.min(i, NOT_IN_NAME - 1) : NOT_IN_NAME
      fill[id]! += 1
    })
  }
  const ids = Int32Array.from(rows, (row) => row.id)
  const texts: string[] = []
  const textIdOf = new Map<string, number>()
  const textIds = Int32Array.from(rows, (row) => {
    const text = suggestionText(row.name)
    let id = textIdOf.get(text)
    if (id === undefined) {
      id = texts.length
      texts.push(text)
      textIdOf.set(text, id)
    }
    return id
  })
  const byId = Int32Array.from(ids.keys()).sort((a, b) => ids[a]! - ids[b]!)
  return {
    words,
    postingStart,
    postings,
    postingPlace,
    placesFit,
    nameStart,
    nameWords,
    extraStart,
    extraWords,
    ids,
    categoryIds: Int32Array.from(rows, (row) => row.categoryId),
    texts,
    textIds,
    textIdOf,
    broad: broadPrefixes(words, postingStart, postings, postingPlace, count, broadPostings),
    textSeen: new Uint32Array(texts.length),
    sold: Int32Array.from(rows, (row) => row.soldCount),
    byId,
    dead: new Uint8Array(count),
    changed: new Map(),
    addedWords: [],
    addedWordIds: new Map(),
    stamp: new Uint32Array(count),
    place: new Uint8Array(count),
    candidates: new Int32Array(count),
    found: new Uint16Array(count),
    inName: new Uint16Array(count),
    queries: 0,
    generation: 0,
  }
}

/** The rank of product `id` in the build, or -1. */
function rankOf(index: SuggestIndex, id: number): number {
  const { byId, ids } = index
  let lo = 0
  let hi = byId.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (ids[byId[mid]!]! < id) lo = mid + 1
    else hi = mid
  }
  return lo < byId.length && ids[byId[lo]!] === id ? byId[lo]! : -1
}

/** The id of a word: the build's, else one of the added words (negative). */
function wordId(index: SuggestIndex, word: string): number {
  const at = lowerBound(index.words, word)
  if (index.words[at] === word) return at
  let id = index.addedWordIds.get(word)
  if (id === undefined) {
    index.addedWords.push(word)
    id = -index.addedWords.length
    index.addedWordIds.set(word, id)
  }
  return id
}

/**
 * Prefixes get a bit set when their words have many postings: short ones ("g", "14") and common
 * whole words or their beginnings ("note", "core", "ultra": the candidates of "Note 14" or
 * "Core Ultra" are then an AND of two bit sets instead of 25,000 postings gathered and filtered).
 */
const BROAD_LENGTH = 32
/** ... at least this many postings (and at least a tenth of the products' count). */
const BROAD_POSTINGS = 10_000

/**
 * The bit sets of broad prefixes (see `SuggestIndex.broad`): at 100,000 products 198 prefixes
 * (130 of up to three characters) sharing 133 pairs of 12.5 KB.
 */
function broadPrefixes(
  words: string[],
  postingStart: Int32Array,
  postings: Int32Array,
  postingPlace: Uint8Array,
  count: number,
  least: number,
): Map<string, BroadPrefix> {
  const sizes = new Map<string, number>()
  words.forEach((word, w) => {
    const size = postingStart[w + 1]! - postingStart[w]!
    for (let length = 1; length <= Math.min(word.length, BROAD_LENGTH); length += 1) {
      const prefix = word.slice(0, length)
      sizes.set(prefix, (sizes.get(prefix) ?? 0) + size)
    }
  })
  const broad = new Map<string, BroadPrefix>()
  // Prefixes with the same words ("grafikk", "grafikka", ...) share one pair of bit sets.
  const byRange = new Map<string, BroadPrefix>()
  for (const [prefix, size] of sizes) {
    if (size < least) continue
    const [from, to] = prefixRange(words, prefix)
    const shared = byRange.get(`${from}:${to}`)
    if (shared) {
      broad.set(prefix, shared)
      continue
    }
    const any = new Uint32Array((count + 31) >>> 5)
    const name = new Uint32Array((count + 31) >>> 5)
    const leastFrom = new Uint8Array(((count + (1 << BLOCK_SHIFT) - 1) >>> BLOCK_SHIFT) + 1)
    leastFrom.fill(NOT_IN_NAME)
    for (let i = postingStart[from]!; i < postingStart[to]!; i += 1) {
      const r = postings[i]!
      any[r >>> 5]! |= 1 << (r & 31)
      const place = postingPlace[i]!
      if (place === NOT_IN_NAME) continue
      name[r >>> 5]! |= 1 << (r & 31)
      if (place < leastFrom[r >>> BLOCK_SHIFT]!) leastFrom[r >>> BLOCK_SHIFT] = place
    }
    for (let b = leastFrom.length - 2; b >= 0; b -= 1)
      if (leastFrom[b + 1]! < leastFrom[b]!) leastFrom[b] = leastFrom[b + 1]!
    const set = { any, name, least: leastFrom[0]!, leastFrom }
    byRange.set(`${from}:${to}`, set)
    broad.set(prefix, set)
  }
  return broad
}

/** The id of a suggestion text: the build's, else one added for changed products. */
function textIdOf(index: SuggestIndex, text: string): number {
  let id = index.textIdOf.get(text)
  if (id === undefined) {
    id = index.texts.length
    index.texts.push(text)
    index.textIdOf.set(text, id)
  }
  return id
}

function sameWords(list: Int32Array, from: WordList, start: number, end: number): boolean {
  if (list.length !== end - start) return false
  for (let i = 0; i < list.length; i += 1) if (list[i] !== from[start + i]) return false
  return true
}

/**
 * Applies the current rows of changed products (`ids`: every product named by the change; those
 * not in `rows` were deleted). A product equal to its built entry again is the built one again.
 */
export function applySuggestChanges(
  index: SuggestIndex,
  ids: readonly number[],
  rows: readonly (repo.SuggestionSourceRow & { active: boolean })[],
): void {
  const byId = new Map(rows.map((row) => [row.id, row]))
  for (const id of ids) {
    const row = byId.get(id)
    const rank = rankOf(index, id)
    if (!row?.active) {
      index.changed.delete(id)
      if (rank >= 0) index.dead[rank] = 1
      continue
    }
    const text = suggestionText(row.name)
    const product: ChangedProduct = {
      id,
      text,
      textId: textIdOf(index, text),
      categoryId: row.categoryId,
      sold: row.soldCount,
      nameWords: Int32Array.from(new Set(wordsOf(row.searchName)), (w) => wordId(index, w)),
      extraWords: Int32Array.from(new Set(wordsOf(row.searchExtra)), (w) => wordId(index, w)),
    }
    if (
      rank >= 0 &&
      index.textIds[rank] === product.textId &&
      index.categoryIds[rank] === product.categoryId &&
      index.sold[rank] === product.sold &&
      sameWords(
        product.nameWords,
        index.nameWords,
        index.nameStart[rank]!,
        index.nameStart[rank + 1]!,
      ) &&
      sameWords(
        product.extraWords,
        index.extraWords,
        index.extraStart[rank]!,
        index.extraStart[rank + 1]!,
      )
    ) {
      index.changed.delete(id)
      index.dead[rank] = 0
      continue
    }
    if (rank >= 0) index.dead[rank] = 1
    index.changed.set(id, product)
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

/** What a typed word matches: build word ids [low, high), and which added words. */
type Range = { low: number; high: number; added: Uint8Array | null }

/** The place (0 = first) of the first of words[from..to) in `range`, or -1. */
function firstWordIn(words: WordList, from: number, to: number, range: Range): number {
  const { low, high } = range
  for (let i = from; i < to; i += 1) {
    const word = words[i]!
    if (word >= low && word < high) return i - from
  }
  return -1
}

/** The same for a changed product's words, which may hold added words (negative ids). */
function firstChangedWordIn(words: Int32Array, range: Range): number {
  const { low, high, added } = range
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i]!
    if (word >= 0 ? word >= low && word < high : added !== null && added[-1 - word] === 1) return i
  }
  return -1
}

/** Typed words beyond this many are looked up in each candidate's words (a bit per word). */
const MAX_MASKED_WORDS = 16
/** About how many words a look through a candidate's name and extra words reads per typed word. */
const WORDS_PER_CHECK = 24

/** Name matches come before the others (group 0, 1), then by place; no place sorts last. */
const NO_PLACE = 10_000

type ChangedHit = { product: ChangedProduct; group: number; place: number }

/** The changed products that match, in the order they are shown. */
function changedHits(index: SuggestIndex, ranges: readonly Range[]): ChangedHit[] {
  const hits: ChangedHit[] = []
  for (const product of index.changed.values()) {
    let inName = true
    let place = -1
    let matches = true
    for (let t = 0; t < ranges.length; t += 1) {
      const found = firstChangedWordIn(product.nameWords, ranges[t]!)
      if (t === 0) place = found
      if (found >= 0) continue
      inName = false
      if (firstChangedWordIn(product.extraWords, ranges[t]!) < 0) {
        matches = false
        break
      }
    }
    if (matches) hits.push({ product, group: inName ? 0 : 1, place: place < 0 ? NO_PLACE : place })
  }
  return hits.sort(
    (a, b) =>
      a.group - b.group ||
      a.place - b.place ||
      b.product.sold - a.product.sold ||
      a.product.id - b.product.id,
  )
}

/**
 * Products for typed words (normalised tokens), in the order suggestions are shown, until
 * `enough(hit)` says no more are needed (it returns true once it has what it wants).
 */
export function querySuggestIndex(
  index: SuggestIndex,
  tokens: readonly string[],
  enough: (hit: SuggestionHit) => boolean,
  /** How typed words are found in candidates (tests take each way; else the cheaper one). */
  way: 'cheaper' | 'postings' | 'words' = 'cheaper',
): void {
  if (tokens.length === 0) return
  const prefixes = tokens.map(matchPrefix)
  const ranges: Range[] = prefixes.map((prefix) => {
    const [low, high] = prefixRange(index.words, prefix)
    const added =
      index.addedWords.length === 0
        ? null
        : Uint8Array.from(index.addedWords, (word) => (word.startsWith(prefix) ? 1 : 0))
    return { low, high, added }
  })
  index.queries = (index.queries + 1) >>> 0 || 1
  if (index.queries === 1) {
    index.stamp.fill(0)
    index.textSeen.fill(0)
  }
  const mark = index.queries
  // Texts added since the build (changed products) have ids beyond the array.
  if (index.textSeen.length < index.texts.length) {
    const grown = new Uint32Array(index.texts.length + 64)
    grown.set(index.textSeen)
    index.textSeen = grown
  }
  const { textSeen, textIds, texts } = index
  /** A text is emitted once: a product with the text of an earlier one is passed over. */
  const seenText = (id: number): boolean => {
    if (textSeen[id] === mark) return true
    textSeen[id] = mark
    return false
  }
  // Changed products are merged in: each goes before the first built product it precedes.
  const changed = index.changed.size === 0 ? [] : changedHits(index, ranges)
  let next = 0
  const emitChangedBefore = (group: number, place: number, sold: number, id: number): boolean => {
    while (next < changed.length) {
      const hit = changed[next]!
      const { product } = hit
      const before =
        hit.group !== group
          ? hit.group < group
          : hit.place !== place
            ? hit.place < place
            : product.sold !== sold
              ? product.sold > sold
              : product.id < id
      if (!before) return false
      next += 1
      if (seenText(product.textId)) continue
      if (enough({ id: product.id, text: product.text, categoryId: product.categoryId }))
        return true
    }
    return false
  }
  const done = () => emitChangedBefore(2, 0, 0, 0) // every remaining one
  if (index.ids.length === 0) {
    done()
    return
  }
  // Broad typed words (a prefix of many products' words: "g", "14", "note") are checked by their
  // bit set.
  const bits = prefixes.map((prefix) => index.broad.get(prefix) ?? null)
  // The candidates: the products of the typed word with the fewest that is not broad; with only
  // broad ones, the products in every bit set.
  let best = -1
  let bestSize = Number.POSITIVE_INFINITY
  ranges.forEach(({ low, high }, i) => {
    const size = index.postingStart[high]! - index.postingStart[low]!
    if (size === 0) bestSize = 0
    if (bits[i] === null && size < bestSize) {
      best = i
      bestSize = size
    }
  })
  if (bestSize === 0) {
    done()
    return
  }
  const { nameStart, nameWords, extraStart, extraWords, stamp, dead, postings, sold, ids } = index
  const candidates = index.candidates
  let n = 0
  // No name has the first typed word earlier than this (a lower bound: its postings' earliest
  // place); a name match there is emitted as found, like one at place 0.
  let least = bits[0]?.least ?? 0
  // Candidates before this one all have every typed word in the name, those after not one.
  let nameMatches = -1
  if (best < 0) {
    // Every typed word is broad: the ranks in each bit set, in rank order.
    // Those with every typed word in the name (the name bit sets) first: they come before all
    // others, so the walk can end before it reaches the (often many more) others.
    const sets = (bits as BroadPrefix[]).map((set) => set.any)
    const names = (bits as BroadPrefix[]).map((set) => set.name)
    for (const inName of [true, false]) {
      for (let w = 0; w < sets[0]!.length; w += 1) {
        let all = names[0]![w]!
        for (let t = 1; t < names.length && all !== 0; t += 1) all &= names[t]![w]!
        let word = inName ? all : sets[0]![w]! & ~all
        for (let t = 1; t < sets.length && word !== 0; t += 1) word &= sets[t]![w]!
        while (word !== 0) {
          const lowest = word & -word
          const r = (w << 5) + 31 - Math.clz32(lowest)
          stamp[r] = mark
          candidates[n++] = r
          word ^= lowest
        }
      }
      if (inName) nameMatches = n
    }
  } else {
    // The candidates in rank order: gathered once each (a product has several words of the
    // range), then sorted when the range has several words; a walk over every rank between the
    // first and the last candidate cost more than the query itself (they spread over the catalog).
    const { low: from, high: to } = ranges[best]!
    let low = index.ids.length
    let high = -1
    let earliest = NOT_IN_NAME
    for (let i = index.postingStart[from]!; i < index.postingStart[to]!; i += 1) {
      const r = postings[i]!
      if (index.postingPlace[i]! < earliest) earliest = index.postingPlace[i]!
      if (stamp[r] !== mark) {
        stamp[r] = mark
        candidates[n++] = r
        if (r < low) low = r
        if (r > high) high = r
      }
    }
    if (best === 0) least = earliest
    // One word's postings are in rank order already; many candidates: a walk over their span.
    if (to - from > 1) {
      if (n * 16 < high - low) candidates.subarray(0, n).sort()
      else {
        n = 0
        for (let r = low; r <= high; r += 1) if (stamp[r] === mark) candidates[n++] = r
      }
    }
    // Only those in the broad typed words' bit sets.
    const sets = bits.flatMap((set) => (set === null ? [] : [set.any]))
    if (sets.length > 0) {
      let kept = 0
      for (let c = 0; c < n; c += 1) {
        const r = candidates[c]!
        let inAll = true
        for (let t = 0; t < sets.length && inAll; t += 1)
          inAll = (sets[t]![r >>> 5]! & (1 << (r & 31))) !== 0
        if (inAll) candidates[kept++] = r
      }
      n = kept
    }
  }

  // Where each typed word is in a candidate: from the typed words' postings (each knows its
  // word's place in the name) when they are fewer than the candidates' words to look through
  // (short typed words such as "7 i 2" match many words), else from each candidate's words.
  let postingCount = 0
  for (const { low, high } of ranges)
    postingCount += index.postingStart[high]! - index.postingStart[low]!
  const byPostings =
    index.placesFit &&
    ranges.length <= MAX_MASKED_WORDS &&
    way !== 'words' &&
    (way === 'postings' ||
      // Broad typed words: a bit each instead of their (many) postings.
      (bits.every((set) => set === null) && postingCount <= n * ranges.length * WORDS_PER_CHECK))
  const { found, inName: nameMask, place: bestPlace, postingPlace } = index
  const all = (1 << ranges.length) - 1
  if (byPostings) {
    for (let c = 0; c < n; c += 1) {
      const r = candidates[c]!
      found[r] = 0
      nameMask[r] = 0
      bestPlace[r] = NOT_IN_NAME
    }
    ranges.forEach(({ low, high }, t) => {
      const bit = 1 << t
      for (let i = index.postingStart[low]!; i < index.postingStart[high]!; i += 1) {
        const r = postings[i]!
        if (stamp[r] !== mark) continue
        found[r]! |= bit
        const place = postingPlace[i]!
        if (place === NOT_IN_NAME) continue
        nameMask[r]! |= bit
        if (t === 0 && place < bestPlace[r]!) bestPlace[r] = place
      }
    })
  }

  // Name matches, bucketed by the place of the name's first word that the first typed word
  // starts; the rest after them.
  const nameBuckets: number[][] = []
  const extraBuckets: number[][] = []
  const emit = (group: number, place: number, r: number): boolean =>
    emitChangedBefore(group, place, sold[r]!, ids[r]!) ||
    (!seenText(textIds[r]!) &&
      enough({ id: ids[r]!, text: texts[textIds[r]!]!, categoryId: index.categoryIds[r]! }))
  // A broad first typed word has its earliest place per block of ranks onwards: as the walk
  // passes blocks the bound rises, and name matches waiting at places up to it go out (else a
  // walk over tens of thousands of candidates found at later places had to end first: "2-in-1").
  const leastFrom = bits[0]?.leastFrom ?? null
  let block = -1
  let waiting = NO_PLACE // the lowest place with a name match waiting in a bucket
  const raise = (r: number): boolean => {
    block = r >>> BLOCK_SHIFT
    const bound = leastFrom![block]!
    if (bound <= least) return false
    least = bound
    if (waiting > least) return false
    for (let place = waiting; place <= least; place += 1) {
      const list = nameBuckets[place]
      if (!list) continue
      delete nameBuckets[place]
      for (const rank of list) if (emit(0, place, rank)) return true
    }
    waiting = NO_PLACE
    for (const key in nameBuckets) {
      waiting = Number(key)
      break
    }
    return false
  }
  for (let c = 0; c < n; c += 1) {
    if (c === nameMatches) {
      // Every name match was looked at: those waiting go out now, in order.
      for (const key in nameBuckets) {
        const place = Number(key)
        for (const rank of nameBuckets[key]!) if (emit(0, place, rank)) return
      }
      nameBuckets.length = 0
    }
    const r = candidates[c]!
    if (leastFrom !== null && r >>> BLOCK_SHIFT !== block && raise(r)) return
    // Dead, or its text already emitted (a best-placed name match of the same text).
    if (dead[r] === 1 || textSeen[textIds[r]!] === mark) continue
    let inName = true
    let place = -1
    if (byPostings) {
      if (found[r] !== all) continue
      inName = nameMask[r] === all
      place = bestPlace[r] === NOT_IN_NAME ? -1 : bestPlace[r]!
    } else {
      let matches = true
      for (let t = 0; t < ranges.length; t += 1) {
        const range = ranges[t]!
        // A broad typed word is in every candidate; its name bit tells where.
        const set = bits[t]
        if (set) {
          if ((set.name[r >>> 5]! & (1 << (r & 31))) === 0) {
            inName = false
            continue
          }
          if (t > 0) continue
        }
        const at = firstWordIn(nameWords, nameStart[r]!, nameStart[r + 1]!, range)
        if (t === 0) place = at
        if (at >= 0) continue
        inName = false
        if (firstWordIn(extraWords, extraStart[r]!, extraStart[r + 1]!, range) < 0) {
          matches = false
          break
        }
      }
      if (!matches) continue
    }
    // The best place there is, found in rank order: nothing later can come before it.
    if (inName && place <= least) {
      if (emit(0, place, r)) return
      continue
    }
    const bucket = place < 0 ? NO_PLACE : place
    const buckets = inName ? nameBuckets : extraBuckets
    if (inName && bucket < waiting) waiting = bucket
    let list = buckets[bucket]
    if (!list) {
      list = []
      buckets[bucket] = list
    }
    list.push(r)
  }
  for (const [group, buckets] of [nameBuckets, extraBuckets].entries()) {
    // Sparse arrays: for...in visits integer keys in ascending order.
    for (const key in buckets) {
      const place = Number(key)
      for (const r of buckets[key]!) if (emit(group, place, r)) return
    }
  }
  done()
}

/** Changed products beyond this many make a full build (the query merges them one by one). */
const CHANGED_LIMIT = 2000

/**
 * The index of one database: built once (at start, `warmSuggestions`, or on first use), then kept
 * current by product ids: NOTIFY catalog_changed names the products a statement changed
 * (migration 0029), and only those rows are read again (orders change sold counts all the time:
 * a full build per order burst kept one running at 100,000 products). A bare "products" payload
 * (large statements), a reconnect of the listener or more than `CHANGED_LIMIT` changed products
 * make a full build in the background; the index at hand keeps answering meanwhile. Changes are
 * applied one step at a time, in the order they arrived; queries never wait for them (a change
 * shows a few milliseconds later), only the very first build is waited for.
 */
export class SuggestIndexHolder {
  private current: SuggestIndex | null = null
  private needFull = true
  private readonly dirty = new Set<number>()
  private chain: Promise<void> = Promise.resolve()
  private queued = false
  private generation = 0
  /** Warmed or asked for: changes are applied as they come (else on the next use). */
  private live = false

  constructor(
    private readonly ctx: { db: Db; log: Logger },
    private readonly cache: CatalogCache,
  ) {
    cache.onInvalidate((change) => this.changed(change))
  }

  private changed(change: CatalogChange) {
    if (change.kind === 'reconnect' || (change.kind === 'notify' && change.payload === 'products'))
      this.needFull = true
    else if (change.kind === 'notify' && change.payload.startsWith('products:')) {
      for (const part of change.payload.slice('products:'.length).split(',')) {
        const id = Number(part)
        if (Number.isInteger(id)) this.dirty.add(id)
      }
    } else return // Other tables and own writes (their NOTIFY follows) change no word here.
    if (this.live) this.schedule()
  }

  /** Builds the index at start (main.ts), before the first shopper types. */
  warm(): void {
    this.live = true
    // Else the listener's confirmation (a reconnect) starts the first build: not built twice.
    if (this.cache.ready) this.schedule()
  }

  /** The index at hand; waits only when there is none yet. */
  get(): Promise<SuggestIndex> | SuggestIndex {
    this.live = true
    if (this.needFull || this.dirty.size > 0) this.schedule()
    return this.current ?? this.first()
  }

  /** Resolves once every change received so far is applied (tests). */
  async settled(): Promise<SuggestIndex> {
    for (;;) {
      if (this.needFull || this.dirty.size > 0) this.schedule()
      const chain = this.chain
      await chain
      if (chain === this.chain && !this.needFull && this.dirty.size === 0 && this.current)
        return this.current
    }
  }

  private async first(): Promise<SuggestIndex> {
    for (;;) {
      const chain = this.chain
      await chain
      if (this.current) return this.current
      if (chain === this.chain) this.schedule()
    }
  }

  private schedule() {
    if (this.queued) return
    this.queued = true
    const next = this.chain
      .catch(() => undefined)
      .then(() => {
        this.queued = false
        return this.flush()
      })
    // A failed step with nobody waiting is no unhandled rejection; its work stays marked.
    next.catch((error: unknown) => {
      if (this.current || this.live)
        this.ctx.log.warn({ err: error }, 'suggestion index: update failed')
    })
    this.chain = next
  }

  private async flush() {
    if (this.needFull) {
      this.needFull = false
      this.dirty.clear()
      try {
        const started = Date.now()
        const index = await loadSuggestIndex(this.ctx.db)
        this.generation += 1
        index.generation = this.generation
        this.current = index
        this.ctx.log.info(
          { products: index.ids.length, ms: Date.now() - started },
          'suggestion index built',
        )
      } catch (error) {
        this.needFull = true
        throw error
      }
    }
    const index = this.current
    if (this.dirty.size === 0 || !index) return
    const ids = [...this.dirty]
    this.dirty.clear()
    try {
      const rows = await repo.selectSuggestionSourceByIds(this.ctx.db, ids)
      applySuggestChanges(index, ids, rows)
      this.generation += 1
      index.generation = this.generation
    } catch (error) {
      for (const id of ids) this.dirty.add(id)
      throw error
    }
    if (index.changed.size > CHANGED_LIMIT) {
      this.needFull = true
      this.schedule()
    }
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
