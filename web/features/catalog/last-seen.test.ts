import { describe, expect, it } from 'vitest'
import { nextLastSeen, readLastSeen } from './last-seen.ts'

describe('last seen cookie', () => {
  it('puts the viewed product first, without duplicates, at most 12', () => {
    expect(nextLastSeen('', 5)).toBe('5')
    expect(nextLastSeen('sid=x; last_seen=3.5.7', 5)).toBe('5.3.7')
    const many = Array.from({ length: 12 }, (_, i) => i + 1).join('.')
    expect(nextLastSeen(`last_seen=${many}`, 99).split('.')).toHaveLength(12)
  })

  it('ignores garbage', () => {
    expect(readLastSeen('last_seen=1.x.-2.3')).toEqual([1, 3])
  })
})
