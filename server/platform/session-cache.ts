// Session lookups of reads, cached for a few seconds per process (issue 23). A page of a logged-in
// customer (or of a visitor with a cart) looked its session up once for the page and once more for
// every API call its render makes in-process, and every browser call after it looked it up again.
//
// Kept right across processes: every statement that updates or deletes sessions sends NOTIFY
// session_changed with the ids it touched (trigger, migration 0032), and every process drops them
// when it arrives; this process's own writes (session.ts) update or drop the entry at once. Entries
// are served only while the LISTEN is confirmed (after a reconnect everything is dropped), at most
// TTL_MS after they were read, and never past the session's expiry. Only reads (GET/HEAD) use the
// cache (session.ts): a write always reads the row from the database, so a write never acts on a
// session that another process ended a moment ago.
import type { Db } from '#db/client.ts'
import type { Logger } from './log.ts'

export const SESSION_CHANNEL = 'session_changed'
/** How long a looked-up row is served without asking the database again. */
const TTL_MS = 10_000
/** At most this many sessions per process (the oldest read goes first). */
const MAX_ENTRIES = 20_000

/** The fields of a session row the cache needs; the row itself is handed back unchanged. */
type Row = { id: string; expiresAt: Date }

type Entry<T> = { row: T; at: number }

export class SessionCache<T extends Row> {
  private readonly entries = new Map<string, Entry<T>>()
  private readonly loading = new Map<string, Promise<T | null>>()
  /** Bumped at every change notice: a lookup that started before one is not kept. */
  private generation = 0
  private listening = false
  private starting = false

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Starts listening for session changes (once); entries are served only after that. */
  start(): void {
    if (this.starting) return
    this.starting = true
    this.db.$client
      .listen(
        SESSION_CHANNEL,
        (payload) => this.changed(payload),
        // The first LISTEN and every one after a reconnect: anything may have changed meanwhile.
        () => {
          this.changed('*')
          this.listening = true
        },
      )
      .catch((error: unknown) => {
        // postgres-js issues LISTEN again on every reconnect and then calls the confirmation.
        this.log.warn({ err: error }, 'session cache: LISTEN failed, reading sessions uncached')
      })
  }

  /** True once the change listener is confirmed. */
  get ready(): boolean {
    return this.listening
  }

  /** A payload of NOTIFY session_changed: comma-separated ids, or `*` for all. */
  changed(payload: string): void {
    this.generation += 1
    if (payload === '*') {
      this.entries.clear()
      this.loading.clear()
      return
    }
    for (const id of payload.split(',')) {
      this.entries.delete(id)
      this.loading.delete(id)
    }
  }

  /**
   * The session `id` (valid at `validAt`): from the cache, or `load`ed (concurrent lookups of one
   * id share the load) and kept when no change notice arrived meanwhile.
   */
  lookup(id: string, validAt: Date, load: () => Promise<T | null>): Promise<T | null> {
    this.start()
    if (!this.listening) return load()
    const entry = this.entries.get(id)
    if (entry) {
      if (this.now() - entry.at <= TTL_MS && entry.row.expiresAt > validAt)
        return Promise.resolve(entry.row)
      this.entries.delete(id)
    }
    const pending = this.loading.get(id)
    if (pending) return pending
    const generation = this.generation
    const loaded = load().then(
      (row) => {
        if (this.loading.get(id) === loaded) this.loading.delete(id)
        if (row && generation === this.generation) this.put(row)
        return row
      },
      (error: unknown) => {
        if (this.loading.get(id) === loaded) this.loading.delete(id)
        throw error
      },
    )
    this.loading.set(id, loaded)
    return loaded
  }

  /** This process changed the row (its NOTIFY follows): later reads get the new one. */
  put(row: T): void {
    if (!this.listening) return
    this.entries.delete(row.id)
    this.entries.set(row.id, { row, at: this.now() })
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next()
      if (!oldest.done) this.entries.delete(oldest.value)
    }
  }

  /** This process deleted sessions (its NOTIFY follows). */
  drop(ids: Iterable<string>): void {
    this.generation += 1
    for (const id of ids) {
      this.entries.delete(id)
      this.loading.delete(id)
    }
  }

  /** Drops every entry whose row matches (e.g. all sessions of one customer). */
  dropWhere(test: (row: T) => boolean): void {
    this.generation += 1
    this.loading.clear()
    for (const [id, entry] of this.entries) if (test(entry.row)) this.entries.delete(id)
  }

  get size(): number {
    return this.entries.size
  }
}
