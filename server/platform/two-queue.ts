// A bounded cache that a scan cannot flush (issue 23: memory, and crawlers walking every filter
// combination): the "2Q" replacement of Johnson & Shasha (VLDB 1994), full version. A key seen
// for the first time goes into a small first-in-first-out part (`probation`, a quarter of the
// budget); hits there are served but do not promote it (several reads of one page request are one
// use). When it falls out, only its key is remembered (`ghosts`); a key asked for again while it
// is remembered is a repeated use and goes into the main part, a least-recently-used list. So
// answers asked once (a crawler's filter URL, a never-seen suggestion input) hold at most a
// quarter of the budget, and the answers shoppers repeat keep the rest.

export type TwoQueueOptions = {
  /** Entries in all (probation and main). */
  maxEntries: number
  /** Bytes in all, as charged by the caller (estimated). */
  maxBytes: number
  /** The first-in-first-out part's share of both bounds (0.25 in the paper). */
  probationShare?: number
}

type Slot<V> = { value: V; bytes: number }

/** One part's bounds and contents; Map order is the eviction order (oldest first). */
class Part<V> {
  readonly map = new Map<string, Slot<V>>()
  bytes = 0
  constructor(
    readonly maxEntries: number,
    readonly maxBytes: number,
  ) {}
  get over(): boolean {
    // One entry always stays, even alone above the byte bound.
    return this.map.size > this.maxEntries || (this.bytes > this.maxBytes && this.map.size > 1)
  }
  remove(key: string, slot: Slot<V>): void {
    this.map.delete(key)
    this.bytes -= slot.bytes
  }
}

export class TwoQueueCache<V> {
  private readonly probation: Part<V>
  private readonly main: Part<V>
  /** Keys that left probation, oldest first (a Map as an ordered set). */
  private readonly ghosts = new Map<string, true>()
  private readonly maxGhosts: number

  constructor(options: TwoQueueOptions) {
    const share = options.probationShare ?? 0.25
    const probationEntries = Math.max(1, Math.floor(options.maxEntries * share))
    this.probation = new Part(probationEntries, options.maxBytes * share)
    this.main = new Part(
      Math.max(1, options.maxEntries - probationEntries),
      options.maxBytes * (1 - share),
    )
    // The paper keeps as many keys as half the cache holds entries.
    this.maxGhosts = Math.max(1, Math.ceil(options.maxEntries / 2))
  }

  get(key: string): V | undefined {
    const inMain = this.main.map.get(key)
    if (inMain) {
      this.main.map.delete(key)
      this.main.map.set(key, inMain)
      return inMain.value
    }
    return this.probation.map.get(key)?.value
  }

  /**
   * Stores `value` (replacing what the key held). A key remembered from an earlier use goes into
   * the main part, any other into probation.
   */
  set(key: string, value: V, bytes = 0): void {
    const repeated = this.ghosts.delete(key) || this.main.map.has(key)
    this.delete(key)
    const part = repeated ? this.main : this.probation
    part.map.set(key, { value, bytes })
    part.bytes += bytes
    this.evict()
  }

  /** Sets the bytes of the entry holding `value` under `key` (a value that arrived later). */
  charge(key: string, value: V, bytes: number): void {
    for (const part of [this.main, this.probation]) {
      const slot = part.map.get(key)
      if (slot?.value !== value) continue
      part.bytes += bytes - slot.bytes
      slot.bytes = bytes
      this.evict()
      return
    }
  }

  /** Removes the key's entry (only if it still holds `value`, when given). */
  delete(key: string, value?: V): void {
    for (const part of [this.main, this.probation]) {
      const slot = part.map.get(key)
      if (slot && (value === undefined || slot.value === value)) part.remove(key, slot)
    }
  }

  /**
   * Drops every entry. Probation's keys are remembered like keys that fell out, and the
   * remembered keys stay: a key asked for again after a catalog change is a repeated use and goes
   * into the main part.
   */
  clear(): void {
    for (const key of this.probation.map.keys()) this.remember(key)
    for (const part of [this.main, this.probation]) {
      part.map.clear()
      part.bytes = 0
    }
  }

  /** Entries and bytes held in all (tests, the memory notes). */
  get size(): { entries: number; bytes: number } {
    return {
      entries: this.main.map.size + this.probation.map.size,
      bytes: this.main.bytes + this.probation.bytes,
    }
  }

  private remember(key: string): void {
    this.ghosts.delete(key)
    this.ghosts.set(key, true)
    if (this.ghosts.size > this.maxGhosts) this.ghosts.delete(this.ghosts.keys().next().value!)
  }

  private evict(): void {
    while (this.probation.over) {
      const [key, slot] = this.probation.map.entries().next().value as [string, Slot<V>]
      this.probation.remove(key, slot)
      this.remember(key)
    }
    while (this.main.over) {
      const [key, slot] = this.main.map.entries().next().value as [string, Slot<V>]
      this.main.remove(key, slot)
    }
  }
}
