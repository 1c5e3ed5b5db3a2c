import { describe, expect, it } from 'vitest'
import { formatCardExpiry } from '#contract/credit-cards.ts'
import { displayNumber, isExpired } from './service.ts'

describe('card display', () => {
  it('masks every group but the last, whatever shape the provider used', () => {
    expect(displayNumber('**** **** **** 1111')).toBe('**** **** **** 1111')
    expect(displayNumber('4111 11** **** 1111')).toBe('**** **** **** 1111')
    expect(displayNumber('**** ****** 10005')).toBe('**** ****** 10005')
    expect(displayNumber('411111******1111')).toBe('**** **** **** 1111')
  })

  it('shows the expiry as MM / 20YY', () => {
    expect(formatCardExpiry('0328')).toBe('03 / 2028')
  })

  it('counts a card valid through the last day of its month (UTC)', () => {
    expect(isExpired(5, 2026, new Date('2026-05-31T23:59:59Z'))).toBe(false)
    expect(isExpired(5, 2026, new Date('2026-06-01T00:00:00Z'))).toBe(true)
    expect(isExpired(12, 2026, new Date('2026-12-31T12:00:00Z'))).toBe(false)
  })
})
