// The cart's and the wishlist's read on every visit: not again at hydration, right after the
// server read them for the first HTML (issue 23: no work done twice), but on any later visit.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { readOnEveryVisit } from './query-client.ts'

const NOW = Date.parse('2026-11-29T12:00:00Z')
const query = (dataUpdatedAt: number, isInvalidated = false) => ({
  state: { dataUpdatedAt, isInvalidated },
})

describe('readOnEveryVisit', () => {
  afterEach(() => vi.useRealTimers())

  it('keeps what the server has just rendered, reads again later, after a change, or on a skewed clock', () => {
    vi.useFakeTimers({ now: NOW })
    expect(readOnEveryVisit(query(NOW - 1_500))).toBe(false)
    expect(readOnEveryVisit(query(NOW - 1_500, true))).toBe('always')
    expect(readOnEveryVisit(query(NOW - 60_000))).toBe('always')
    expect(readOnEveryVisit(query(NOW + 60_000))).toBe('always')
    // Never read yet (no data): read.
    expect(readOnEveryVisit(query(0))).toBe('always')
  })
})
