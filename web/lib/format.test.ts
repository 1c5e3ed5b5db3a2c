import { describe, expect, it } from 'vitest'
import { formatCountdown, formatDate, formatPrice, truncate } from './format.ts'

describe('format (de-DE, EUR)', () => {
  it('formats prices from cents', () => {
    expect(formatPrice(129900)).toBe('1.299,00\u00a0€')
    expect(formatPrice(75)).toBe('0,75\u00a0€')
  })

  it('formats dates in German', () => {
    expect(formatDate('2026-11-21T12:00:00Z')).toBe('21.11.2026')
  })

  it('formats a countdown as m:ss', () => {
    expect(formatCountdown(245)).toEqual({ m: '4', s: '05' })
    expect(formatCountdown(-3)).toEqual({ m: '0', s: '00' })
  })

  it('cuts header names at 25 characters', () => {
    expect(truncate('ASUS ROG Strix G16 Gaming-Notebook', 25)).toBe('ASUS ROG Strix G16 Gaming…')
    expect(truncate('Kurz', 25)).toBe('Kurz')
  })
})
