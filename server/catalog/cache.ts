// The catalog's read cache: listings with facet counts, products, suggestions and the category
// tree, kept per process and versioned. Every committed write to a catalog table sends
// NOTIFY catalog_changed (trigger in migration 0003); each process LISTENs and bumps its version,
// so the next read recomputes from the database. Until the listener is first confirmed nothing is
// served from the cache. When its connection is lost, postgres-js issues LISTEN again (retrying
// with the pool's short backoff, db/client.ts, also while the database is away) and confirms it
// anew, which drops everything: notifications missed meanwhile cannot leave stale entries. While
// the database is away, entries already cached are still served (nothing can change them then).
// A short TTL bounds staleness if a notification were ever lost.
// With a read replica (DATABASE_READ_URL) a load reads the replica only once it has replayed the
// primary's WAL up to the position taken at the last invalidation (read-replica.ts); until then,
// and for a visitor who has just written (ctx.readPrimary), it reads the primary: a refill after
// a change never stores what the replica had before it.
//
// Listeners learn what changed (`CatalogChange`): a statement on products names the products'
// ids (migration 0029), so the listing index (listing-index.ts) re-reads only those.
import type { Db } from '#db/client.ts'
import type { Logger } from '#server/platform/log.ts'
import type { ReadReplica } from '#server/platform/read-replica.ts'
import { TwoQueueCache } from '#server/platform/two-queue.ts'

export const CATALOG_CHANNEL = 'catalog_changed'
const TTL_MS = 5 * 60 * 1000

/**
 * What an invalidation knows: `notify` carries the payload of NOTIFY catalog_changed (a table
 * name, or "products:1,2,3"); `local` is a write of this process (committed; its NOTIFY follows);
 * `reconnect` means notifications may have been missed (anything may have changed).
 */
export type CatalogChange =
  | { kind: 'notify'; payload: string }
  | { kind: 'local' }
  | { kind: 'reconnect' }

/** Payloads with this prefix are barriers of the listing index, not changes. */
export const SYNC_PREFIX = 'sync:'

type Entry = { version: number; at: number; value: Promise<unknown> }

/**
 * The estimated memory of a cached value. Shared answers (service.ts) carry their guests' JSON:
 * the bytes of that buffer plus about twice as much for the objects it was made from (members'
 * and guests' forms share most of them). Other values: twice their JSON length.
 */
export function estimateBytes(value: unknown): number {
  if (value === null || value === undefined) return 64
  const json = (value as { guestJson?: unknown }).guestJson
  if (Buffer.isBuffer(json)) return json.length * 3
  // Typed arrays (the search matches of the listing index): their bytes, never their JSON.
  if (typeof value === 'object') {
    const views = Object.values(value).filter((part) => ArrayBuffer.isView(part))
    if (views.length > 0) return views.reduce((sum, view) => sum + view.byteLength, 64)
  }
  try {
    return (JSON.stringify(value)?.length ?? 0) * 2 + 64
  } catch {
    return 1024
  }
}

const MB = 1024 * 1024

/**
 * How many entries each kind of cached answer keeps, and how many bytes (estimated) at most:
 * 48 MB in all, most for listings (with their facet counts) and product pages. Answers asked for
 * once hold at most a quarter of each (two-queue.ts): a crawler or a run of never-repeated
 * filters cannot push out what shoppers repeat, nor fill the budget.
 */
const SIZES = {
  tree: { entries: 2, bytes: Number.POSITIVE_INFINITY },
  attributes: { entries: 2, bytes: Number.POSITIVE_INFINITY },
  listing: { entries: 1000, bytes: 16 * MB },
  filters: { entries: 1000, bytes: 6 * MB },
  /**
   * Search matches (ids and rank, 13 bytes a match) per query, shared by every filter, sort and
   * page of that query; few entries, as a broad query can match most of the catalog.
   */
  searchMatches: { entries: 64, bytes: 8 * MB },
  product: { entries: 2000, bytes: 12 * MB },
  suggestions: { entries: 2000, bytes: 4 * MB },
  top: { entries: 200, bytes: 2 * MB },
} as const
export type CacheSpace = keyof typeof SIZES

/** What a load needs to know of the request: whether it must read the primary. */
export type ReadScope = { readPrimary?: boolean }

export class CatalogCache {
  private version = 0
  /** The primary's WAL position at the last invalidation (replica reads must have replayed it). */
  private floor: Promise<bigint | null> = Promise.resolve(null)
  private listening = false
  private starting: Promise<void> | null = null
  private readonly spaces = new Map<CacheSpace, TwoQueueCache<Entry>>()
  private readonly listeners = new Set<(change: CatalogChange) => void>()
  private readonly syncListeners = new Set<(payload: string) => void>()

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private replica?: ReadReplica,
  ) {}

  /**
   * Reads may go to this replica from now on. The cache of a database is made by its first user,
   * which may know no replica (main.ts warms the suggestions before the app wires its context).
   */
  attachReplica(replica: ReadReplica): void {
    if (this.replica) return
    this.replica = replica
    // Everything committed so far lies below this position.
    this.floor = replica.primaryLsn().catch(() => null)
  }

  /** Starts listening for catalog changes (once); the cache serves entries only after that. */
  start(): void {
    if (this.starting) return
    this.starting = this.db.$client
      .listen(
        CATALOG_CHANNEL,
        (payload) => {
          if (payload.startsWith(SYNC_PREFIX)) {
            for (const listener of this.syncListeners) listener(payload)
          } else this.changed({ kind: 'notify', payload })
        },
        // Called on the first LISTEN and again after every reconnect: anything may have changed.
        () => {
          this.changed({ kind: 'reconnect' })
          this.listening = true
        },
      )
      .then(() => undefined)
      .catch((error: unknown) => {
        // Not started again: the channel stays registered and postgres-js issues LISTEN again on
        // every reconnect, then calls the confirmation above (reads go to the database until
        // then). Listening again here would add one more listener per failed attempt.
        this.log.warn({ err: error }, 'catalog cache: LISTEN failed, serving without cache for now')
      })
  }

  /** Drops everything (a catalog write of this process was committed). */
  invalidate(): void {
    this.changed({ kind: 'local' })
  }

  private changed(change: CatalogChange): void {
    this.version += 1
    const replica = this.replica
    if (replica) {
      // Taken after the change was committed (its NOTIFY arrived, or the writer calls this after
      // its commit), so the change lies below it.
      this.floor = replica.primaryLsn().catch(() => null)
    }
    for (const lru of this.spaces.values()) lru.clear()
    for (const listener of this.listeners) listener(change)
  }

  /** Calls `listener` with every barrier payload (`SYNC_PREFIX`) received on the channel. */
  onSync(listener: (payload: string) => void): () => void {
    this.syncListeners.add(listener)
    this.start()
    return () => this.syncListeners.delete(listener)
  }

  /** Sends a barrier through the channel (received after every earlier-committed change). */
  async sendSync(payload: string): Promise<void> {
    await this.db.$client`select pg_notify(${CATALOG_CHANNEL}, ${payload})`
  }

  /** True once the change listener is confirmed: until then nothing derived may be cached. */
  get ready(): boolean {
    return this.listening
  }

  /**
   * Calls `listener` at every invalidation (local writes, NOTIFY from any process, reconnects),
   * so caches built from catalog data (the guests' page cache) drop with this one. Starts
   * listening.
   */
  onInvalidate(listener: (change: CatalogChange) => void): () => void {
    this.listeners.add(listener)
    this.start()
    return () => this.listeners.delete(listener)
  }

  /**
   * Runs a catalog read that tolerates lag (not cached: the caller reads per request) on the
   * replica when it has replayed the last change this process knows of, else on the primary.
   */
  async read<T>(scope: ReadScope | undefined, read: (db: Db) => Promise<T>): Promise<T> {
    const replica = this.replica
    if (!replica || scope?.readPrimary || !this.listening) return read(this.db)
    return replica.read(await this.floor, read)
  }

  /** Entries and estimated bytes per space (the memory notes, tests). */
  sizes(): Record<string, { entries: number; bytes: number }> {
    return Object.fromEntries([...this.spaces].map(([space, lru]) => [space, lru.size]))
  }

  /**
   * The cached value for `key`, or the loaded one (concurrent callers share one load). `load`
   * gets the database to read: the replica when it is current enough, else the primary.
   */
  get<T>(
    space: CacheSpace,
    key: string,
    load: (db: Db) => Promise<T>,
    scope?: ReadScope,
  ): Promise<T> {
    this.start()
    if (!this.listening) return load(this.db)
    let lru = this.spaces.get(space)
    if (!lru) {
      lru = new TwoQueueCache<Entry>({
        maxEntries: SIZES[space].entries,
        maxBytes: SIZES[space].bytes,
      })
      this.spaces.set(space, lru)
    }
    const now = Date.now()
    const hit = lru.get(key)
    if (hit && hit.version === this.version && now - hit.at < TTL_MS) return hit.value as Promise<T>
    const entry: Entry = { version: this.version, at: now, value: this.read(scope, load) }
    lru.set(key, entry)
    const table = lru
    entry.value.then(
      (value) => table.charge(key, entry, estimateBytes(value)),
      () => table.delete(key, entry),
    )
    return entry.value as Promise<T>
  }
}

const caches = new WeakMap<Db, CatalogCache>()

/** The cache of one database (tests run several apps, each on its own database). */
export function catalogCache(ctx: { db: Db; log: Logger; replica?: ReadReplica }): CatalogCache {
  let cache = caches.get(ctx.db)
  if (!cache) {
    cache = new CatalogCache(ctx.db, ctx.log, ctx.replica)
    caches.set(ctx.db, cache)
  } else if (ctx.replica) cache.attachReplica(ctx.replica)
  return cache
}
