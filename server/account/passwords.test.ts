import { describe, expect, it } from 'vitest'
import { isCommonPassword } from './passwords.ts'

describe('isCommonPassword', () => {
  it('refuses listed passwords whatever their case', () => {
    expect(isCommonPassword('Passwort1')).toBe(true)
    expect(isCommonPassword('QWERTZ123')).toBe(true)
    expect(isCommonPassword('Aa123456')).toBe(true)
  })

  it('refuses a listed word with digits or symbols around it', () => {
    expect(isCommonPassword('Sommer2024!')).toBe(true)
    expect(isCommonPassword('1Hallo23')).toBe(true)
    expect(isCommonPassword('Bitwerk99')).toBe(true)
  })

  it('accepts passwords that are not on the list', () => {
    expect(isCommonPassword('Blau-Tasse-42')).toBe(false)
    expect(isCommonPassword('Kran7Wolke')).toBe(false)
  })
})
