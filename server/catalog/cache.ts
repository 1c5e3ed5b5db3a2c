// The catalog's read cache: listings with facet counts, products, suggestions and the category
// tree, kept per process and versioned. Every committed write to a catalog table sends
// NOTIFY catalog_changed (trigger in migration 0003); each process LISTENs and bumps its version,
// so the next read recomputes from the database. Until the listener is first confirmed nothing is
// served from the cache. When its connection is lost, postgres-js issues LISTEN again (retrying
// with the pool's short backoff, db/client.ts, also while the database is away) and confirms it
// anew, which drops everything: notifications missed meanwhile cannot leave stale entries. While
// the database is away, entries already cached are still served (nothing can change them then).
// A short TTL bounds staleness if a notification were ever lost.
//
// Listeners learn what changed (`CatalogChange`): a statement on products names the products'
// ids (migration 0027), so the listing index (listing-index.ts) re-reads only those.
import type { Db } from '#db/client.ts'
import type { Logger } from '#server/platform/log.ts'

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

class Lru {
  private readonly map = new Map<string, Entry>()
  constructor(private readonly max: number) {}
  get(key: string): Entry | undefined {
    const entry = this.map.get(key)
    if (entry) {
      this.map.delete(key)
      this.map.set(key, entry)
    }
    return entry
  }
  set(key: string, entry: Entry) {
    this.map.delete(key)
    this.map.set(key, entry)
    if (this.map.size > this.max) {
      const oldest = this.map.keys().next().value
      if (oldest !== undefined) this.map.delete(oldest)
    }
  }
  delete(key: string, entry: Entry) {
    if (this.map.get(key) === entry) this.map.delete(key)
  }
  clear() {
    this.map.clear()
  }
}

/** How many entries each kind of cached answer keeps. */
const SIZES = {
  tree: 2,
  attributes: 2,
  listing: 1000,
  filters: 1000,
  /**
   * Search matches (ids and rank, 13 bytes a match) per query, shared by every filter, sort and
   * page of that query; few entries, as a broad query can match most of the catalog.
   */
  searchMatches: 64,
  product: 2000,
  suggestions: 2000,
  top: 200,
} as const
export type CacheSpace = keyof typeof SIZES

export class CatalogCache {
  private version = 0
  private listening = false
  private starting: Promise<void> | null = null
  private readonly spaces = new Map<CacheSpace, Lru>()
  private readonly listeners = new Set<(change: CatalogChange) => void>()
  private readonly syncListeners = new Set<(payload: string) => void>()

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
  ) {}

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

  /** The cached value for `key`, or the loaded one (concurrent callers share one load). */
  get<T>(space: CacheSpace, key: string, load: () => Promise<T>): Promise<T> {
    this.start()
    if (!this.listening) return load()
    let lru = this.spaces.get(space)
    if (!lru) {
      lru = new Lru(SIZES[space])
      this.spaces.set(space, lru)
    }
    const now = Date.now()
    const hit = lru.get(key)
    if (hit && hit.version === this.version && now - hit.at < TTL_MS) return hit.value as Promise<T>
    const entry: Entry = { version: this.version, at: now, value: load() }
    lru.set(key, entry)
    const table = lru
    entry.value.catch(() => table.delete(key, entry))
    return entry.value as Promise<T>
  }
}

const caches = new WeakMap<Db, CatalogCache>()

/** The cache of one database (tests run several apps, each on its own database). */
export function catalogCache(ctx: { db: Db; log: Logger }): CatalogCache {
  let cache = caches.get(ctx.db)
  if (!cache) {
    cache = new CatalogCache(ctx.db, ctx.log)
    caches.set(ctx.db, cache)
  }
  return cache
}
