// A seeded random source for randomised tests (the seed's mulberry32), so a failure can be
// repeated with the same seed.
import { createRng } from '#db/seed/catalog-random.ts'

export function seededRandom(seed: number) {
  const rng = createRng(seed)
  return {
    next: rng.next,
    /** An integer in [0, n). */
    int: (n: number) => rng.int(0, n - 1),
    pick: rng.pick,
  }
}
