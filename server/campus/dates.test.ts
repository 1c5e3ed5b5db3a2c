import { describe, expect, it } from 'vitest'
import { addMonths, endOfBerlinDay, germanDate, nextDay } from './dates.ts'

describe('campus dates', () => {
  it('ends a day at midnight in Berlin, winter and summer', () => {
    expect(endOfBerlinDay('2026-01-31').toISOString()).toBe('2026-01-31T22:59:59.999Z')
    expect(endOfBerlinDay('2026-07-31').toISOString()).toBe('2026-07-31T21:59:59.999Z')
    // The night the clocks go back (25 October 2026).
    expect(endOfBerlinDay('2026-10-24').toISOString()).toBe('2026-10-24T21:59:59.999Z')
    expect(endOfBerlinDay('2026-10-25').toISOString()).toBe('2026-10-25T22:59:59.999Z')
    expect(germanDate(endOfBerlinDay('2026-03-29'))).toBe('29.03.2026')
  })

  it('adds months and days on the calendar', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28')
    expect(addMonths('2026-05-15', 12)).toBe('2027-05-15')
    expect(nextDay('2026-12-31')).toBe('2027-01-01')
  })
})
