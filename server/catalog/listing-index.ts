// The listing index (issue 23): the listing-relevant facts of every active product in typed arrays
// (category, price, stock flag, discount, rating, energy class, sort keys, option ids in one pool),
// so a listing's matches, its page order and every facet count are computed in JS over the
// products of the category subtree (grouped per category: a small category touches only its own
// rows) instead of one SQL pass over the category per request. The counts are the ones
// `queryFacets` (facets.ts) computes in SQL, row for row (`FacetRow`), so `buildFilters` serves
// both; tests compare the two on the seeded catalog.
//
// Kept exact: every committed statement on products sends NOTIFY catalog_changed with the
// products' ids (migration 0029); each process re-reads just those rows. A bare "products"
// payload (large statements, TRUNCATE) or a reconnect of the listener rebuilds the whole index.
// After a write of this process (`CatalogCache.invalidate()`) the index sends a barrier through
// the same channel: notifications arrive in commit order, so once the barrier is back the write's
// own notification has been applied. Readers wait until no work is pending.
import { randomUUID } from 'node:crypto'
import type { CatalogSort } from '#contract/catalog.ts'
import type { Db } from '#db/client.ts'
import type { Logger } from '#server/platform/log.ts'
import { type CatalogCache, type CatalogChange, catalogCache, SYNC_PREFIX } from './cache.ts'
import { AVAILABLE_VALUE, type FacetCounts, type FacetRow, type GroupTest } from './facets.ts'
import { selectTilesByIds, type TileRow } from './repo.ts'

const ENERGY = 'ABCDEFG'
const DISCOUNT_STEPS = [10, 20, 30] as const
const RATING_STEPS = [1, 2, 3, 4] as const
/** A barrier not back within this time (listener connection lost): rebuild instead. */
const BARRIER_TIMEOUT_MS = 5000
const BUILD_BATCH = 5000
/** Tiles kept in memory (about 1 KB each): the products that listing pages show most. */
const TILE_ROWS = 2000

type FactRow = {
  id: number
  active: boolean
  cat: number
  price: number
  in_stock: boolean
  disc: number | null
  rating: number | null
  energy: string | null
  sold: number
  rel: number
  opts: number[]
}

const FACT_COLUMNS = `id, active, category_id as cat, price_cents as price, stock > 0 as in_stock,
  discount_percent as disc, case when rating_count > 0 then rating_avg_x_100 end as rating,
  energy_class as energy, sold_count as sold, (released_at - date '1970-01-01') as rel,
  option_ids as opts`

/** Option ids of the pool: two bytes each while every option id is below 65,536. */
type OptionPool = Uint16Array | Int32Array

/** Slots kept in the option lists of `slotsWithOption` before they are all dropped (4 bytes each). */
const OPTION_SLOTS_HELD = 1_000_000

/** Ids up to this many times the products held (and at least `SLOT_TABLE_MIN`) in a table. */
const SLOT_TABLE_SPREAD = 4
const SLOT_TABLE_MIN = 1 << 18

/**
 * The slot of each product id: a typed array indexed by id (product ids are a sequence, so dense;
 * a Map of 100,000 entries held 3.5 MB), ids far beyond the products held in a Map.
 */
export class SlotTable {
  private table = new Int32Array(0)
  private readonly far = new Map<number, number>()
  size = 0

  get(id: number): number {
    if (id >= 0 && id < this.table.length) return this.table[id]!
    return this.far.get(id) ?? -1
  }

  set(id: number, slot: number): void {
    if (id >= this.table.length && id >= 0) {
      const limit = Math.max(SLOT_TABLE_MIN, (this.size + 1) * SLOT_TABLE_SPREAD)
      if (id < limit) {
        const next = new Int32Array(
          Math.min(limit, Math.max(id + 1, Math.ceil(this.table.length * 1.5))),
        )
        next.fill(-1)
        next.set(this.table)
        this.table = next
      }
    }
    if (id >= 0 && id < this.table.length) {
      if (this.table[id] === -1) this.size += 1
      this.table[id] = slot
    } else {
      if (!this.far.has(id)) this.size += 1
      this.far.set(id, slot)
    }
  }

  delete(id: number): void {
    if (id >= 0 && id < this.table.length) {
      if (this.table[id] !== -1) this.size -= 1
      this.table[id] = -1
    } else if (this.far.delete(id)) this.size -= 1
  }
}

/** The facts of the products, one slot each; freed slots are reused. */
class Facts {
  capacity = 0
  /** Slots handed out so far (the high-water mark). */
  used = 0
  id = new Int32Array(0)
  cat = new Int32Array(0)
  price = new Int32Array(0)
  sold = new Int32Array(0)
  released = new Int32Array(0)
  /** discount_percent; -1 for null (never passes a step). */
  discount = new Int16Array(0)
  /** rating_avg_x_100 when the product has published reviews, else -1. */
  rating = new Int16Array(0)
  /** 1..7 for A..G, 0 none. */
  energy = new Uint8Array(0)
  inStock = new Uint8Array(0)
  optStart = new Int32Array(0)
  optLen = new Int32Array(0)
  pool: OptionPool = new Uint16Array(0)
  poolUsed = 0
  poolGarbage = 0
  maxOption = 0
  maxCategory = 0
  readonly slotOf = new SlotTable()
  readonly free: number[] = []
  readonly byCategory = new Map<number, number[]>()
  /**
   * Bumped whenever a category's slot list changes, which every product joining or leaving (a
   * slot given or freed) does too: the candidates kept below are then made anew.
   */
  categoryVersion = 0
  /** The slots of a category subtree (by its ids array, from the tree), while no list changed. */
  readonly subtreeSlots = new WeakMap<readonly number[], { version: number; slots: Int32Array }>()
  /** The candidates of a search's matches (cached per query), likewise. */
  readonly matchSlots = new WeakMap<SearchMatches, { version: number; candidates: Candidates }>()
  private passBuffer = new Uint32Array(0)
  private readonly optionSlots = new Map<number, Int32Array>()
  /** Slots held in `optionSlots` (plus a little per list): bounded by `OPTION_SLOTS_HELD`. */
  private optionSlotsHeld = 0

  /** Per slot, the bits of the filter groups it passes; zero again after each request. */
  passScratch(): Uint32Array {
    if (this.passBuffer.length < this.used) this.passBuffer = new Uint32Array(this.capacity)
    return this.passBuffer
  }

  /**
   * The slots of the products that have `option` (ascending), made by one pass over the pool when
   * a filter first asks for it and kept until a product with that option changes: an attribute
   * filter then touches only its products, not every option of every product in the category.
   */
  slotsWithOption(option: number): Int32Array {
    const kept = this.optionSlots.get(option)
    if (kept) return kept
    if (this.optionSlotsHeld > OPTION_SLOTS_HELD) {
      this.optionSlots.clear()
      this.optionSlotsHeld = 0
    }
    const { pool, optStart, optLen } = this
    let n = 0
    for (let slot = 0; slot < this.used; slot++) {
      const start = optStart[slot]!
      const end = start + optLen[slot]!
      for (let i = start; i < end; i++) if (pool[i] === option) n++
    }
    const slots = new Int32Array(n)
    n = 0
    for (let slot = 0; slot < this.used; slot++) {
      const start = optStart[slot]!
      const end = start + optLen[slot]!
      for (let i = start; i < end; i++) if (pool[i] === option) slots[n++] = slot
    }
    this.optionSlots.set(option, slots)
    this.optionSlotsHeld += n + 16
    return slots
  }

  /** A product's options change (or it leaves): the kept slot lists of those options go. */
  private forgetOptions(slot: number) {
    if (this.optionSlots.size === 0) return
    const start = this.optStart[slot]!
    const end = start + this.optLen[slot]!
    for (let i = start; i < end; i++) {
      const kept = this.optionSlots.get(this.pool[i]!)
      if (kept) {
        this.optionSlots.delete(this.pool[i]!)
        this.optionSlotsHeld -= kept.length + 16
      }
    }
  }

  private forgetOptionIds(options: readonly number[]) {
    if (this.optionSlots.size === 0) return
    for (const option of options) {
      const kept = this.optionSlots.get(option)
      if (kept) {
        this.optionSlots.delete(option)
        this.optionSlotsHeld -= kept.length + 16
      }
    }
  }

  private sameOptions(slot: number, options: readonly number[]): boolean {
    if (this.optLen[slot] !== options.length) return false
    const start = this.optStart[slot]!
    for (let i = 0; i < options.length; i++) if (this.pool[start + i] !== options[i]) return false
    return true
  }

  private grow(min: number) {
    const capacity = Math.max(min, Math.ceil(this.capacity * 1.5), 1024)
    const resize = <A extends Int32Array | Int16Array | Uint8Array>(a: A): A => {
      const next = new (a.constructor as new (n: number) => A)(capacity)
      next.set(a)
      return next
    }
    this.id = resize(this.id)
    this.cat = resize(this.cat)
    this.price = resize(this.price)
    this.sold = resize(this.sold)
    this.released = resize(this.released)
    this.discount = resize(this.discount)
    this.rating = resize(this.rating)
    this.energy = resize(this.energy)
    this.inStock = resize(this.inStock)
    this.optStart = resize(this.optStart)
    this.optLen = resize(this.optLen)
    this.capacity = capacity
  }

  private reservePool(extra: number) {
    if (this.poolUsed + extra <= this.pool.length) return
    if (this.poolGarbage > this.poolUsed / 2) {
      this.compactPool()
      if (this.poolUsed + extra <= this.pool.length) return
    }
    const next = this.newPool(
      Math.max(this.poolUsed + extra, Math.ceil(this.pool.length * 1.5), 4096),
    )
    next.set(this.pool.subarray(0, this.poolUsed))
    this.pool = next
  }

  private newPool(length: number, wide = this.pool instanceof Int32Array): OptionPool {
    return wide ? new Int32Array(length) : new Uint16Array(length)
  }

  /** An option id beyond two bytes: the pool becomes four bytes per id from now on. */
  private widenPool() {
    const next = new Int32Array(this.pool.length)
    next.set(this.pool)
    this.pool = next
  }

  private compactPool() {
    const next = this.newPool(Math.max(this.poolUsed - this.poolGarbage, 4096))
    let at = 0
    // Free slots hold no options (length 0).
    for (let slot = 0; slot < this.used; slot++) {
      const start = this.optStart[slot]!
      const len = this.optLen[slot]!
      next.set(this.pool.subarray(start, start + len), at)
      this.optStart[slot] = at
      at += len
    }
    this.pool = next
    this.poolUsed = at
    this.poolGarbage = 0
  }

  private removeFromCategory(slot: number) {
    const list = this.byCategory.get(this.cat[slot]!)
    if (!list) return
    this.categoryVersion += 1
    const at = list.indexOf(slot)
    if (at >= 0) {
      list[at] = list[list.length - 1]!
      list.pop()
    }
  }

  remove(id: number) {
    const slot = this.slotOf.get(id)
    if (slot < 0) return
    this.removeFromCategory(slot)
    this.categoryVersion += 1
    this.slotOf.delete(id)
    this.forgetOptions(slot)
    this.poolGarbage += this.optLen[slot]!
    this.optLen[slot] = 0
    this.free.push(slot)
  }

  put(row: FactRow) {
    if (!row.active) {
      this.remove(row.id)
      return
    }
    let slot = this.slotOf.get(row.id)
    if (slot < 0) {
      slot = this.free.pop() ?? -1
      if (slot < 0) {
        if (this.used >= this.capacity) this.grow(this.used + 1)
        slot = this.used++
      }
      this.slotOf.set(row.id, slot)
      this.categoryVersion += 1
      this.optLen[slot] = 0
      this.forgetOptionIds(row.opts)
      this.addToCategory(slot, row.cat)
    } else if (this.cat[slot] !== row.cat) {
      this.removeFromCategory(slot)
      this.addToCategory(slot, row.cat)
    }
    this.id[slot] = row.id
    this.cat[slot] = row.cat
    this.price[slot] = row.price
    this.sold[slot] = row.sold
    this.released[slot] = row.rel
    this.discount[slot] = row.disc ?? -1
    this.rating[slot] = row.rating ?? -1
    this.energy[slot] = row.energy ? ENERGY.indexOf(row.energy) + 1 : 0
    this.inStock[slot] = row.in_stock ? 1 : 0
    if (row.cat > this.maxCategory) this.maxCategory = row.cat
    const opts = row.opts
    if (!this.sameOptions(slot, opts)) {
      this.forgetOptions(slot)
      this.forgetOptionIds(opts)
    }
    if (this.pool instanceof Uint16Array && opts.some((option) => option > 0xffff)) this.widenPool()
    if (opts.length > this.optLen[slot]!) {
      this.poolGarbage += this.optLen[slot]!
      this.optLen[slot] = 0
      this.reservePool(opts.length)
      this.optStart[slot] = this.poolUsed
      this.poolUsed += opts.length
    } else {
      this.poolGarbage += this.optLen[slot]! - opts.length
    }
    const start = this.optStart[slot]!
    for (let i = 0; i < opts.length; i++) {
      const option = opts[i]!
      this.pool[start + i] = option
      if (option > this.maxOption) this.maxOption = option
    }
    this.optLen[slot] = opts.length
  }

  /** Gives back what growing by half reserved (after a build: the arrays stay as long as needed). */
  trim() {
    const trimmed = <A extends Int32Array | Int16Array | Uint8Array>(a: A): A =>
      a.slice(0, this.used) as A
    this.id = trimmed(this.id)
    this.cat = trimmed(this.cat)
    this.price = trimmed(this.price)
    this.sold = trimmed(this.sold)
    this.released = trimmed(this.released)
    this.discount = trimmed(this.discount)
    this.rating = trimmed(this.rating)
    this.energy = trimmed(this.energy)
    this.inStock = trimmed(this.inStock)
    this.optStart = trimmed(this.optStart)
    this.optLen = trimmed(this.optLen)
    this.capacity = this.used
    if (this.poolGarbage > 0) this.compactPool()
    this.pool = this.pool.slice(0, this.poolUsed)
  }

  private addToCategory(slot: number, category: number) {
    this.categoryVersion += 1
    let list = this.byCategory.get(category)
    if (!list) {
      list = []
      this.byCategory.set(category, list)
    }
    list.push(slot)
  }
}

/** The products a listing starts from; for search, with the full-text rank from Postgres. */
export type SearchMatches = {
  ids: Int32Array
  /** The name holds every word (weight A). */
  nameMatch: Uint8Array
  /** Where the first word starts in the name; 0: not in it (sorted last). */
  position: Int32Array
  rank: Float32Array
}

export type IndexScope =
  | { kind: 'category'; categoryIds: readonly number[] }
  | { kind: 'search'; matches: SearchMatches }

export type IndexListing = {
  /** The counts `buildFilters` reads. */
  counts: FacetCounts
  /** The same counts as facet rows (as `queryFacets` returns them; made when first read). */
  readonly rows: FacetRow[]
  total: number
  /** The ids of the requested page, in order. */
  pageIds: number[]
}

type Candidates = {
  slots: Int32Array
  n: number
  /** For search: the position of each candidate in `SearchMatches`. */
  match: Int32Array | null
}

type Compare = (a: number, b: number) => number

export class ListingIndex {
  private facts: Facts | null = null
  private needFull = true
  private readonly dirty = new Set<number>()
  private chain: Promise<void> = Promise.resolve()
  private queued = false
  private syncCount = 0
  private readonly syncWaiters = new Map<string, () => void>()
  private readonly token = randomUUID().slice(0, 8)
  /**
   * Tiles of recently shown products (a listing page's 20 rows), by id, least recently used first;
   * a product's tile is dropped with its NOTIFY id, every tile with any other catalog change.
   */
  private readonly tileRows = new Map<number, TileRow>()
  /** Bumped at every change: a tile read while one arrived is not kept. */
  private epoch = 0

  constructor(
    private readonly db: Db,
    private readonly cache: CatalogCache,
    private readonly log: Logger,
  ) {
    cache.onInvalidate((change) => this.changed(change))
    cache.onSync((payload) => {
      const waiter = this.syncWaiters.get(payload)
      if (waiter) {
        this.syncWaiters.delete(payload)
        waiter()
      }
    })
  }

  private changed(change: CatalogChange) {
    this.epoch += 1
    if (change.kind === 'notify' && change.payload.startsWith('products:')) {
      for (const part of change.payload.slice('products:'.length).split(','))
        this.tileRows.delete(Number(part))
    } else this.tileRows.clear() // pictures (the tile's image), a local write, a reconnect, ...
    if (change.kind === 'reconnect') {
      this.needFull = true
      this.schedule()
    } else if (change.kind === 'local') {
      this.barrier()
    } else if (change.payload === 'products') {
      this.needFull = true
      this.schedule()
    } else if (change.payload.startsWith('products:')) {
      for (const part of change.payload.slice('products:'.length).split(',')) {
        const id = Number(part)
        if (Number.isInteger(id)) this.dirty.add(id)
      }
      this.schedule()
    }
    // Other tables (categories, attributes, pictures, ...) change no fact the index holds.
  }

  private enqueue(step: () => Promise<void>) {
    const next = this.chain.catch(() => undefined).then(step)
    // A step that fails with nobody waiting (a rebuild after a reconnect while the database is
    // away) is not an unhandled rejection: requests awaiting the chain get the error (503), and
    // the dirty marks stay for the next step.
    next.catch(() => undefined)
    this.chain = next
  }

  private schedule() {
    if (this.queued) return
    this.queued = true
    this.enqueue(() => {
      this.queued = false
      return this.flush()
    })
  }

  /** Waits until every notification committed before this call has been applied. */
  private barrier() {
    const payload = `${SYNC_PREFIX}${this.token}:${++this.syncCount}`
    const back = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.syncWaiters.delete(payload)
        resolve(false)
      }, BARRIER_TIMEOUT_MS)
      timer.unref?.()
      this.syncWaiters.set(payload, () => {
        clearTimeout(timer)
        resolve(true)
      })
    })
    const sent = this.cache.sendSync(payload).then(
      () => true,
      () => false,
    )
    this.enqueue(async () => {
      if (!(await sent) || !(await back)) {
        this.syncWaiters.delete(payload)
        this.needFull = true
        this.schedule()
      }
    })
  }

  private async flush() {
    if (this.needFull) {
      this.needFull = false
      this.dirty.clear()
      try {
        this.facts = await this.build()
      } catch (error) {
        this.needFull = true
        throw error
      }
    }
    if (this.dirty.size > 0 && this.facts) {
      const ids = [...this.dirty]
      this.dirty.clear()
      try {
        await this.reload(this.facts, ids)
      } catch (error) {
        for (const id of ids) this.dirty.add(id)
        throw error
      }
    }
  }

  private async build(): Promise<Facts> {
    const started = Date.now()
    const facts = new Facts()
    await this.db.$client
      .unsafe<FactRow[]>(`select ${FACT_COLUMNS} from products where active order by id`)
      .cursor(BUILD_BATCH, (rows) => {
        for (const row of rows) facts.put(row)
      })
    facts.trim()
    this.log.info({ products: facts.slotOf.size, ms: Date.now() - started }, 'listing index built')
    return facts
  }

  private async reload(facts: Facts, ids: number[]) {
    const rows = await this.db.$client.unsafe<FactRow[]>(
      `select ${FACT_COLUMNS} from products where id = any($1::int[])`,
      [ids],
    )
    const seen = new Set<number>()
    for (const row of rows) {
      seen.add(row.id)
      facts.put(row)
    }
    for (const id of ids) if (!seen.has(id)) facts.remove(id)
  }

  /** The facts once no change is pending (builds them on first use). */
  private async current(): Promise<Facts> {
    if (this.needFull || this.dirty.size > 0) this.schedule()
    for (;;) {
      const chain = this.chain
      await chain
      if (chain === this.chain && !this.needFull && this.dirty.size === 0 && this.facts)
        return this.facts
      if (chain === this.chain) this.schedule()
    }
  }

  /**
   * The tiles of `ids` in that order (a product switched off meanwhile is left out): kept ones
   * from memory, the others in one query on `db`.
   */
  async tiles(db: Db, ids: readonly number[]): Promise<TileRow[]> {
    const missing = ids.filter((id) => !this.tileRows.has(id))
    if (missing.length > 0) {
      const epoch = this.epoch
      const rows = await selectTilesByIds(db, missing)
      if (epoch === this.epoch) for (const row of rows) this.keepTile(row)
      else return inOrder(ids, [...ids.flatMap((id) => this.tileRows.get(id) ?? []), ...rows])
    }
    const found: TileRow[] = []
    for (const id of ids) {
      const row = this.tileRows.get(id)
      if (!row) continue
      // Most recently used last.
      this.tileRows.delete(id)
      this.tileRows.set(id, row)
      found.push(row)
    }
    return found
  }

  private keepTile(row: TileRow) {
    this.tileRows.delete(row.id)
    this.tileRows.set(row.id, row)
    while (this.tileRows.size > TILE_ROWS) {
      const oldest = this.tileRows.keys().next().value
      if (oldest === undefined) break
      this.tileRows.delete(oldest)
    }
  }

  /** Every facet count (as `queryFacets` rows), the total and the ids of one page, in order. */
  async listing(
    scope: IndexScope,
    groups: readonly GroupTest[],
    sort: CatalogSort,
    offset: number,
    limit: number,
  ): Promise<IndexListing> {
    const facts = await this.current()
    return compute(facts, candidatesOf(facts, scope), scope, groups, sort, offset, limit)
  }
}

function inOrder(ids: readonly number[], rows: readonly TileRow[]): TileRow[] {
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

function candidatesOf(facts: Facts, scope: IndexScope): Candidates {
  if (scope.kind === 'category') {
    // The same subtree's slots serve every listing of it until a product joins or leaves.
    const kept = facts.subtreeSlots.get(scope.categoryIds)
    if (kept && kept.version === facts.categoryVersion)
      return { slots: kept.slots, n: kept.slots.length, match: null }
    let n = 0
    for (const id of scope.categoryIds) n += facts.byCategory.get(id)?.length ?? 0
    const slots = new Int32Array(n)
    let at = 0
    for (const id of scope.categoryIds) {
      const list = facts.byCategory.get(id)
      if (!list) continue
      for (let i = 0; i < list.length; i++) slots[at++] = list[i]!
    }
    facts.subtreeSlots.set(scope.categoryIds, { version: facts.categoryVersion, slots })
    return { slots, n, match: null }
  }
  const kept = facts.matchSlots.get(scope.matches)
  if (kept && kept.version === facts.categoryVersion) return kept.candidates
  const { ids } = scope.matches
  const slots = new Int32Array(ids.length)
  const match = new Int32Array(ids.length)
  let n = 0
  for (let i = 0; i < ids.length; i++) {
    const slot = facts.slotOf.get(ids[i]!)
    if (slot < 0) continue
    slots[n] = slot
    match[n] = i
    n++
  }
  const candidates = { slots, n, match }
  facts.matchSlots.set(scope.matches, { version: facts.categoryVersion, candidates })
  return candidates
}

type Test = (slot: number) => boolean

function tester(facts: Facts, test: GroupTest): Test {
  switch (test.kind) {
    case 'price': {
      const min = test.min ?? Number.NEGATIVE_INFINITY
      const max = test.max ?? Number.POSITIVE_INFINITY
      return (s) => facts.price[s]! >= min && facts.price[s]! <= max
    }
    case 'categories': {
      const ids = new Set(test.ids)
      return (s) => ids.has(facts.cat[s]!)
    }
    case 'inStock':
      return (s) => facts.inStock[s] === 1
    case 'discount':
      return (s) => facts.discount[s]! >= test.atLeast
    case 'rating':
      return (s) => facts.rating[s]! >= test.atLeastX100
    case 'energy': {
      let mask = 0
      for (const c of test.classes) mask |= 1 << (ENERGY.indexOf(c) + 1)
      return (s) => facts.energy[s] !== 0 && (mask & (1 << facts.energy[s]!)) !== 0
    }
    case 'options': {
      const wanted = new Set(test.ids)
      return (s) => {
        const start = facts.optStart[s]!
        const end = start + facts.optLen[s]!
        for (let i = start; i < end; i++) if (wanted.has(facts.pool[i]!)) return true
        return false
      }
    }
  }
}

/** Sets bit g of `passed[slot]` for every candidate (and option holder) that passes group g. */
function markPassed(
  facts: Facts,
  candidates: Candidates,
  groupTests: readonly GroupTest[],
): Uint32Array {
  const passed = facts.passScratch()
  const { slots, n } = candidates
  groupTests.forEach((test, g) => {
    const bit = 1 << g
    switch (test.kind) {
      case 'options':
        for (const id of new Set(test.ids)) {
          const holders = facts.slotsWithOption(id)
          for (let i = 0; i < holders.length; i++) passed[holders[i]!]! |= bit
        }
        return
      case 'price': {
        const min = test.min ?? Number.NEGATIVE_INFINITY
        const max = test.max ?? Number.POSITIVE_INFINITY
        const { price } = facts
        for (let c = 0; c < n; c++) {
          const s = slots[c]!
          const p = price[s]!
          if (p >= min && p <= max) passed[s]! |= bit
        }
        return
      }
      case 'inStock': {
        const { inStock } = facts
        for (let c = 0; c < n; c++) if (inStock[slots[c]!] === 1) passed[slots[c]!]! |= bit
        return
      }
      case 'discount': {
        const { discount } = facts
        for (let c = 0; c < n; c++)
          if (discount[slots[c]!]! >= test.atLeast) passed[slots[c]!]! |= bit
        return
      }
      case 'rating': {
        const { rating } = facts
        for (let c = 0; c < n; c++)
          if (rating[slots[c]!]! >= test.atLeastX100) passed[slots[c]!]! |= bit
        return
      }
      default: {
        const passes = tester(facts, test)
        for (let c = 0; c < n; c++) if (passes(slots[c]!)) passed[slots[c]!]! |= bit
      }
    }
  })
  return passed
}

/** Groups beyond this many are tested one by one (a bit per group in a 32-bit mask below). */
const MASK_GROUPS = 30

function compute(
  facts: Facts,
  candidates: Candidates,
  scope: IndexScope,
  groupTests: readonly GroupTest[],
  sort: CatalogSort,
  offset: number,
  limit: number,
): IndexListing {
  const k = groupTests.length
  const width = k + 1
  // Counts per (value, fail): fail 0 passes every group, fail g fails only group g.
  const optionCounts = new Int32Array((facts.maxOption + 1) * width)
  // Bit g of passed[slot]: the product passes group g. Set group by group before the count (an
  // attribute filter through the slots of its options, the others in a loop over the candidates)
  // and zeroed again as it is read.
  const masked = k <= MASK_GROUPS
  const passed = masked ? markPassed(facts, candidates, groupTests) : null

  const all = masked ? (1 << k) - 1 : 0
  const tests = masked ? [] : groupTests.map((t) => tester(facts, t))
  const categoryCounts = new Int32Array((facts.maxCategory + 1) * width)
  const priceCount = new Int32Array(width)
  const priceLo = new Int32Array(width).fill(2147483647)
  const priceHi = new Int32Array(width).fill(-2147483648)
  const energyCounts = new Int32Array(8 * width)
  const availableCounts = new Int32Array(width)
  const discountCounts = new Int32Array(DISCOUNT_STEPS.length * width)
  const ratingCounts = new Int32Array(RATING_STEPS.length * width)
  const matches = new Int32Array(candidates.n)
  let total = 0
  const { slots, n } = candidates
  const {
    pool,
    optStart,
    optLen,
    cat,
    price: prices,
    energy: energies,
    inStock,
    discount: discounts,
    rating: ratings,
  } = facts
  const [d1, d2, d3] = DISCOUNT_STEPS
  const [r1, r2, r3, r4] = RATING_STEPS.map((step) => step * 100) as [
    number,
    number,
    number,
    number,
  ]
  for (let c = 0; c < n; c++) {
    const s = slots[c]!
    const start = optStart[s]!
    const end = start + optLen[s]!
    let fail = 0
    if (passed) {
      const missing = all & ~passed[s]!
      passed[s] = 0
      if (missing !== 0) {
        // More than one group failed: counted nowhere.
        if ((missing & (missing - 1)) !== 0) continue
        fail = 32 - Math.clz32(missing)
      }
    } else {
      let misses = 0
      for (let g = 0; g < k; g++) {
        if (!tests[g]!(s)) {
          misses++
          if (misses > 1) break
          if (fail === 0) fail = g + 1
        }
      }
      if (misses > 1) continue
    }
    if (fail === 0) matches[total++] = c
    for (let i = start; i < end; i++) optionCounts[pool[i]! * width + fail]!++
    categoryCounts[cat[s]! * width + fail]!++
    const price = prices[s]!
    priceCount[fail]!++
    if (price < priceLo[fail]!) priceLo[fail] = price
    if (price > priceHi[fail]!) priceHi[fail] = price
    const energy = energies[s]!
    if (energy !== 0) energyCounts[energy * width + fail]!++
    if (inStock[s] === 1) availableCounts[fail]!++
    // Steps unrolled (DISCOUNT_STEPS, RATING_STEPS).
    const discount = discounts[s]!
    if (discount >= d1) {
      discountCounts[fail]!++
      if (discount >= d2) {
        discountCounts[width + fail]!++
        if (discount >= d3) discountCounts[2 * width + fail]!++
      }
    }
    const rating = ratings[s]!
    if (rating >= r1) {
      ratingCounts[fail]!++
      if (rating >= r2) {
        ratingCounts[width + fail]!++
        if (rating >= r3) {
          ratingCounts[2 * width + fail]!++
          if (rating >= r4) ratingCounts[3 * width + fail]!++
        }
      }
    }
  }
  // Products outside the candidates that an option's slots marked.
  if (passed)
    for (const test of groupTests)
      if (test.kind === 'options')
        for (const id of test.ids) {
          const slots = facts.slotsWithOption(id)
          for (let i = 0; i < slots.length; i++) passed[slots[i]!] = 0
        }

  const counts = new IndexCounts(width, {
    options: optionCounts,
    categories: categoryCounts,
    priceCount,
    priceLo,
    priceHi,
    energy: energyCounts,
    available: availableCounts,
    discount: discountCounts,
    rating: ratingCounts,
  })

  const compare = comparator(facts, candidates, scope, sort)
  const page = topK(matches.subarray(0, total), offset + limit, compare).slice(offset)

  return {
    counts,
    get rows() {
      return counts.rows()
    },
    total,
    pageIds: page.map((c) => facts.id[slots[c]!]!),
  }
}

type CountArrays = {
  /** Per option id, `width` counters (fail 0..k); likewise per category id and step. */
  options: Int32Array
  categories: Int32Array
  priceCount: Int32Array
  priceLo: Int32Array
  priceHi: Int32Array
  /** Per energy class 1..7 (A..G). */
  energy: Int32Array
  available: Int32Array
  /** Per step of DISCOUNT_STEPS, RATING_STEPS. */
  discount: Int32Array
  rating: Int32Array
}

/** The counts of one listing as `buildFilters` reads them, straight from the count arrays. */
class IndexCounts implements FacetCounts {
  readonly total: number
  readonly hasRating: boolean

  constructor(
    private readonly width: number,
    private readonly a: CountArrays,
  ) {
    this.total = a.priceCount[0]!
    this.hasRating = a.rating.some((n) => n > 0)
  }

  /** Fail 0 plus fail `group` at `base` (group 0: fail 0 only). */
  private sum(counts: Int32Array, base: number, group: number): number {
    const none = counts[base] ?? 0
    return group > 0 && group < this.width ? none + counts[base + group]! : none
  }

  option(id: number, group: number): number {
    if (id < 0 || (id + 1) * this.width > this.a.options.length) return 0
    return this.sum(this.a.options, id * this.width, group)
  }

  *categoryIds(): Iterable<number> {
    const { categories } = this.a
    const { width } = this
    for (let id = 0; id * width < categories.length; id++)
      for (let fail = 0; fail < width; fail++)
        if (categories[id * width + fail]! > 0) {
          yield id
          break
        }
  }

  category(id: number, group: number): number {
    if (id < 0 || (id + 1) * this.width > this.a.categories.length) return 0
    return this.sum(this.a.categories, id * this.width, group)
  }

  price(group: number): { lo: number | null; hi: number | null } {
    const { priceCount, priceLo, priceHi } = this.a
    let lo: number | null = null
    let hi: number | null = null
    for (const fail of group > 0 && group < this.width ? [0, group] : [0]) {
      if (priceCount[fail]! === 0) continue
      lo = lo === null ? priceLo[fail]! : Math.min(lo, priceLo[fail]!)
      hi = hi === null ? priceHi[fail]! : Math.max(hi, priceHi[fail]!)
    }
    return { lo, hi }
  }

  energy(letter: string, group: number): number {
    const level = ENERGY.indexOf(letter) + 1
    return level === 0 ? 0 : this.sum(this.a.energy, level * this.width, group)
  }

  available(group: number): number {
    return this.sum(this.a.available, 0, group)
  }

  discount(step: number, group: number): number {
    const i = (DISCOUNT_STEPS as readonly number[]).indexOf(step)
    return i < 0 ? 0 : this.sum(this.a.discount, i * this.width, group)
  }

  rating(step: number, group: number): number {
    const i = (RATING_STEPS as readonly number[]).indexOf(step)
    return i < 0 ? 0 : this.sum(this.a.rating, i * this.width, group)
  }

  /** Every non-zero count as a facet row (what `queryFacets` returns; in no particular order). */
  rows(): FacetRow[] {
    const { width, a } = this
    const rows: FacetRow[] = []
    const emit = (kind: FacetRow['kind'], key: string, counts: Int32Array, base: number) => {
      for (let fail = 0; fail < width; fail++) {
        const count = counts[base + fail]!
        if (count > 0) rows.push({ kind, key, fail, n: count, lo: null, hi: null })
      }
    }
    for (let option = 0; option * width < a.options.length; option++)
      emit('o', String(option), a.options, option * width)
    for (let category = 0; category * width < a.categories.length; category++)
      emit('c', String(category), a.categories, category * width)
    for (let fail = 0; fail < width; fail++) {
      if (a.priceCount[fail]! > 0)
        rows.push({
          kind: 'p',
          key: '',
          fail,
          n: a.priceCount[fail]!,
          lo: a.priceLo[fail]!,
          hi: a.priceHi[fail]!,
        })
    }
    for (let energy = 1; energy <= 7; energy++)
      emit('e', ENERGY[energy - 1]!, a.energy, energy * width)
    emit('v', AVAILABLE_VALUE, a.available, 0)
    for (const [i, step] of DISCOUNT_STEPS.entries()) emit('r', String(step), a.discount, i * width)
    for (const [i, step] of RATING_STEPS.entries()) emit('s', String(step), a.rating, i * width)
    return rows
  }
}

/** Orders candidates (by their index) as `orderBy` in repo.ts orders rows. */
function comparator(
  facts: Facts,
  candidates: Candidates,
  scope: IndexScope,
  sort: CatalogSort,
): Compare {
  const { slots } = candidates
  const { id, price, sold, released, inStock } = facts
  const byId = (a: number, b: number) => id[slots[a]!]! - id[slots[b]!]!
  switch (sort) {
    case 'preis-aufsteigend':
      return (a, b) => price[slots[a]!]! - price[slots[b]!]! || byId(a, b)
    case 'preis-absteigend':
      return (a, b) => price[slots[b]!]! - price[slots[a]!]! || byId(a, b)
    case 'neuheiten':
      return (a, b) => released[slots[b]!]! - released[slots[a]!]! || byId(b, a)
    case 'bestseller':
      return (a, b) => sold[slots[b]!]! - sold[slots[a]!]! || byId(a, b)
    default: {
      const plain: Compare = (a, b) =>
        inStock[slots[b]!]! - inStock[slots[a]!]! ||
        sold[slots[b]!]! - sold[slots[a]!]! ||
        byId(a, b)
      if (scope.kind !== 'search' || !candidates.match) return plain
      const { nameMatch, position, rank } = scope.matches
      const at = candidates.match
      const pos = (i: number) => position[at[i]!]! || Number.POSITIVE_INFINITY
      return (a, b) => {
        const ma = at[a]!
        const mb = at[b]!
        return (
          nameMatch[mb]! - nameMatch[ma]! ||
          (pos(a) === pos(b) ? 0 : pos(a) < pos(b) ? -1 : 1) ||
          (rank[ma] === rank[mb] ? 0 : rank[ma]! > rank[mb]! ? -1 : 1) ||
          plain(a, b)
        )
      }
    }
  }
}

/** The first `k` of `items` in `compare` order (a bounded heap when k is small). */
export function topK(items: Int32Array, k: number, compare: Compare): number[] {
  if (k <= 0) return []
  if (k * 8 >= items.length) return Array.from(items).sort(compare).slice(0, k)
  // Max-heap of the k best so far: the root is the worst of them.
  const heap: number[] = []
  const worse = (a: number, b: number) => compare(a, b) > 0
  const up = (i: number) => {
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (!worse(heap[i]!, heap[parent]!)) break
      ;[heap[i], heap[parent]] = [heap[parent]!, heap[i]!]
      i = parent
    }
  }
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1
      const r = l + 1
      let top = i
      if (l < heap.length && worse(heap[l]!, heap[top]!)) top = l
      if (r < heap.length && worse(heap[r]!, heap[top]!)) top = r
      if (top === i) break
      ;[heap[i], heap[top]] = [heap[top]!, heap[i]!]
      i = top
    }
  }
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!
    if (heap.length < k) {
      heap.push(item)
      up(heap.length - 1)
    } else if (compare(item, heap[0]!) < 0) {
      heap[0] = item
      down(0)
    }
  }
  return heap.sort(compare)
}

const indexes = new WeakMap<Db, ListingIndex>()

/**
 * The listing index of one database, or null while the catalog cache's listener is not confirmed
 * (no notification could keep it exact yet: the caller answers from SQL).
 */
export function listingIndex(ctx: { db: Db; log: Logger }): ListingIndex | null {
  const cache = catalogCache(ctx)
  let index = indexes.get(ctx.db)
  if (!index) {
    index = new ListingIndex(ctx.db, cache, ctx.log)
    indexes.set(ctx.db, index)
  }
  return cache.ready ? index : null
}

/**
 * The catalog cache of a database, for whoever wires it (the app at start, the slice's
 * `catalogCache`): also creates the listing index, so the index is built as soon as the change
 * listener is confirmed rather than by the first listing request.
 */
export function catalogCacheWithIndex(ctx: { db: Db; log: Logger }): CatalogCache {
  listingIndex(ctx)
  return catalogCache(ctx)
}
