// A seeded pseudo-random generator for the demo catalog: the same seed gives the same shop.
// (Math.random() is never used in seeds.)

/** 32-bit hash of a string (cyrb53's mixing, truncated), used to derive per-category seeds. */
export function hashString(value: string): number {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < value.length; i += 1) {
    const ch = value.charCodeAt(i)
    h1 = Math.imul(h1 ^ ch, 2654435761)
    h2 = Math.imul(h2 ^ ch, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  return h1 >>> 0
}

export type Rng = {
  /** A float in [0, 1). */
  next: () => number
  /** An integer in [min, max]. */
  int: (min: number, max: number) => number
  pick: <T>(items: readonly T[]) => T
  chance: (probability: number) => boolean
  /** An item chosen by weight. */
  weighted: <T>(items: readonly (readonly [T, number])[]) => T
}

/** mulberry32: small, fast and good enough for demo data. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  return {
    next,
    int,
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)]
      if (item === undefined) throw new Error('pick from an empty list')
      return item
    },
    chance: (probability) => next() < probability,
    weighted: (items) => {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0)
      let roll = next() * total
      for (const [item, weight] of items) {
        roll -= weight
        if (roll < 0) return item
      }
      const last = items[items.length - 1]
      if (!last) throw new Error('weighted pick from an empty list')
      return last[0]
    },
  }
}
