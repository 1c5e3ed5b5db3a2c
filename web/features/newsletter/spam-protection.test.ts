import { beforeEach, describe, expect, it } from 'vitest'
import { markFormSubmitted, spamBlockedMinutes } from './spam-protection.ts'

beforeEach(() => {
  window.sessionStorage.clear()
})

describe('spam protection in session storage', () => {
  it('blocks the newsletter form for 60 minutes after a submit', () => {
    const at = Date.parse('2031-01-01T10:00:00Z')
    expect(spamBlockedMinutes('newsletter', at)).toBe(0)
    markFormSubmitted('newsletter', at)
    expect(spamBlockedMinutes('newsletter', at + 1000)).toBe(60)
    expect(spamBlockedMinutes('newsletter', at + 59.5 * 60_000)).toBe(1)
    expect(spamBlockedMinutes('newsletter', at + 60 * 60_000)).toBe(0)
    expect(window.sessionStorage.getItem('bw_spam_protection')).toContain('newsletter')
  })

  it('keeps each form type on its own (review comments: 10 minutes)', () => {
    const at = Date.parse('2031-01-01T10:00:00Z')
    markFormSubmitted('review_comment', at)
    expect(spamBlockedMinutes('newsletter', at)).toBe(0)
    expect(spamBlockedMinutes('checkout_newsletter', at)).toBe(0)
    expect(spamBlockedMinutes('review_comment', at + 9 * 60_000)).toBe(1)
    expect(spamBlockedMinutes('review_comment', at + 10 * 60_000)).toBe(0)
  })
})
