import { describe, expect, it } from 'vitest'
import { TwoQueueCache } from './two-queue.ts'

describe('TwoQueueCache', () => {
  it('serves keys seen once from probation, first in first out, without promoting them', () => {
    const cache = new TwoQueueCache<string>({ maxEntries: 8, maxBytes: Number.POSITIVE_INFINITY })
    for (const key of ['a', 'b']) cache.set(key, key)
    // Hits in probation do not move a key: "a" is still the first to go.
    expect(cache.get('a')).toBe('a')
    cache.set('c', 'c')
    expect(cache.get('a')).toBeUndefined()
    expect(cache.get('b')).toBe('b')
    expect(cache.get('c')).toBe('c')
    expect(cache.size.entries).toBe(2)
  })

  it('puts a key asked for again after it left probation into the main part, which a scan does not flush', () => {
    const cache = new TwoQueueCache<string>({ maxEntries: 8, maxBytes: Number.POSITIVE_INFINITY })
    cache.set('hot', 'v1')
    cache.set('x', 'x')
    cache.set('y', 'y')
    expect(cache.get('hot')).toBeUndefined()
    cache.set('hot', 'v2')
    for (let i = 0; i < 100; i++) cache.set(`scan${i}`, 'once')
    expect(cache.get('hot')).toBe('v2')
    expect(cache.size.entries).toBe(3)
  })

  it('evicts the least recently used of the main part beyond its bounds', () => {
    const cache = new TwoQueueCache<string>({ maxEntries: 4, maxBytes: Number.POSITIVE_INFINITY })
    // probation 1 entry, main 3; ghosts: 2 keys.
    const promote = (key: string) => {
      cache.set(key, key)
      cache.set(`${key}-next`, 'once')
      cache.set(key, key)
    }
    for (const key of ['a', 'b', 'c']) promote(key)
    cache.get('a')
    promote('d')
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toBe('a')
    expect(cache.get('c')).toBe('c')
    expect(cache.get('d')).toBe('d')
  })

  it('bounds bytes per part, charged later, and keeps one entry that is alone above them', () => {
    const cache = new TwoQueueCache<object>({ maxEntries: 100, maxBytes: 1000 })
    const big = {}
    cache.set('big', big)
    cache.charge('big', big, 5000)
    expect(cache.size).toEqual({ entries: 1, bytes: 5000 })
    // A charge for a value the key no longer holds changes nothing.
    cache.charge('big', {}, 1)
    expect(cache.size.bytes).toBe(5000)
    cache.set('small', {}, 100)
    expect(cache.size).toEqual({ entries: 1, bytes: 100 })
    cache.delete('small')
    expect(cache.size).toEqual({ entries: 0, bytes: 0 })
  })

  it('remembers probation keys across clear(): asked again, they go into the main part', () => {
    const cache = new TwoQueueCache<string>({ maxEntries: 8, maxBytes: Number.POSITIVE_INFINITY })
    cache.set('hot', 'v1')
    cache.clear()
    expect(cache.get('hot')).toBeUndefined()
    cache.set('hot', 'v2')
    for (let i = 0; i < 10; i++) cache.set(`scan${i}`, 'once')
    expect(cache.get('hot')).toBe('v2')
  })
})
