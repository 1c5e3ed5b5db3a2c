import { describe, expect, it } from 'vitest'
import { similarity, wordSimilarity } from './similarity.ts'

describe('trigram similarity', () => {
  it('is 1 for equal words and 0 for unrelated ones', () => {
    expect(similarity('monitor', 'monitor')).toBe(1)
    expect(similarity('maus', 'xyz')).toBe(0)
  })

  it('tolerates typos in one word of a longer text', () => {
    expect(wordSimilarity('grafikarte', 'grafikkarten')).toBeGreaterThan(0.4)
    expect(wordSimilarity('notbook', 'gaming notebooks')).toBeGreaterThan(0.3)
    expect(wordSimilarity('tastatur', 'gaming notebooks')).toBeLessThan(0.2)
  })
})
