import { describe, expect, it } from 'vitest'
import { isSafeHref, parseInline } from './content-markup.ts'

describe('inline links in content', () => {
  it('splits text and links', () => {
    expect(parseInline('Siehe [AGB](/infocenter/section/conditions) und mehr.')).toEqual([
      { text: 'Siehe ' },
      { text: 'AGB', href: '/infocenter/section/conditions' },
      { text: ' und mehr.' },
    ])
  })

  it('keeps unsafe links as plain text', () => {
    expect(parseInline('[klick](javascript:alert(1))')).toEqual([
      { text: '[klick](javascript:alert(1)' },
      { text: ')' },
    ])
    expect(isSafeHref('//evil.example')).toBe(false)
    expect(isSafeHref('https://www.bitwerk.example/x')).toBe(true)
  })
})
