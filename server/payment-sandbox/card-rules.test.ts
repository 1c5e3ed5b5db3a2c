import { describe, expect, it } from 'vitest'
import {
  type CardInput,
  checkCard,
  cvcLength,
  detectBrand,
  formatExpiry,
  luhnValid,
  maskCardNumber,
  normalizeCardNumber,
} from './card-rules.ts'
import { financingTerms } from './financing.ts'
import { scenarioOf, TEST_CARDS } from './test-cards.ts'

const NOW = new Date('2026-11-21T10:00:00Z')
const valid: CardInput = {
  holder: 'Erika Mustermann',
  number: '4111 1111 1111 1111',
  expiryMonth: '12',
  expiryYear: '29',
  cvc: '123',
}

describe('Luhn', () => {
  it('accepts valid numbers and refuses a changed digit', () => {
    expect(luhnValid('4111111111111111')).toBe(true)
    expect(luhnValid('378282246310005')).toBe(true)
    expect(luhnValid('4111111111111112')).toBe(false)
    expect(luhnValid('')).toBe(false)
    expect(luhnValid('41a1')).toBe(false)
  })

  it('holds for every documented test card', () => {
    for (const card of TEST_CARDS)
      expect(luhnValid(card.number.replace(/ /g, '')), card.number).toBe(true)
  })
})

describe('brand', () => {
  it.each([
    ['4111111111111111', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['341111111111111', 'amex'],
    ['30569309025904', 'diners'],
    ['36227206271667', 'diners'],
    ['6011111111111117', 'discover'],
    ['6500000000000002', 'discover'],
    ['3530111333300000', null],
    ['6200000000000005', null],
    ['1234567812345670', null],
  ])('%s is %s', (number, brand) => {
    expect(detectBrand(number)).toBe(brand)
  })

  it('wants 4 CVC digits for American Express, 3 for the others', () => {
    expect(cvcLength('amex')).toBe(4)
    expect(cvcLength('visa')).toBe(3)
    expect(cvcLength('diners')).toBe(3)
  })
})

describe('normalize and mask', () => {
  it('allows spaces and hyphens between digits only', () => {
    expect(normalizeCardNumber(' 4111-1111 1111 1111 ')).toBe('4111111111111111')
    expect(normalizeCardNumber('4111.1111')).toBeNull()
    expect(normalizeCardNumber('abc')).toBeNull()
  })

  it('masks all but the last group, grouped as printed', () => {
    expect(maskCardNumber('4111111111111111', 'visa')).toBe('**** **** **** 1111')
    expect(maskCardNumber('378282246310005', 'amex')).toBe('**** ****** 10005')
    expect(maskCardNumber('30569309025904', 'diners')).toBe('**** ****** 5904')
    expect(formatExpiry(3, 2029)).toBe('03/29')
  })
})

describe('checkCard', () => {
  it('accepts a valid card with an umlaut, ß and hyphen in the holder', () => {
    const result = checkCard({ ...valid, holder: '  Jörg   Weiß-Groß ' }, NOW)
    expect(result).toEqual({
      ok: true,
      card: {
        number: '4111111111111111',
        brand: 'visa',
        holder: 'Jörg Weiß-Groß',
        expiryMonth: 12,
        expiryYear: 2029,
        cvc: '123',
      },
    })
  })

  it('answers required for every empty field', () => {
    expect(checkCard({}, NOW)).toEqual({
      ok: false,
      errors: {
        holder: 'required',
        number: 'required',
        expiryMonth: 'required',
        expiryYear: 'required',
        cvc: 'required',
      },
    })
  })

  it.each([
    ['4111 1111 1111 1112', 'card_number_invalid'],
    ['4111 11x1 1111 1111', 'card_number_invalid'],
    ['41111', 'card_number_invalid'],
    ['3530 1113 3330 0000', 'card_type_unsupported'],
    ['4111 1111 1111 1111 1', 'card_number_invalid'],
  ])('refuses the number %s with %s', (number, code) => {
    const result = checkCard({ ...valid, number }, NOW)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.errors.number).toBe(code)
  })

  it.each([
    ['Erika M.', 'card_holder_invalid'],
    ["O'Brien", 'card_holder_invalid'],
    ['Erika 2', 'card_holder_invalid'],
    ['E', 'card_holder_invalid'],
    ['Anna-Lena Groß', undefined],
    ['Zoë Ångström', undefined],
  ])('holder %s → %s', (holder, code) => {
    const result = checkCard({ ...valid, holder }, NOW)
    expect(result.ok ? undefined : result.errors.holder).toBe(code)
  })

  it('checks expiry: month 1-12, digits only, in the future (through the expiry month)', () => {
    const errorsOf = (expiryMonth: string, expiryYear: string) => {
      const result = checkCard({ ...valid, expiryMonth, expiryYear }, NOW)
      return result.ok ? {} : result.errors
    }
    expect(errorsOf('13', '29')).toEqual({ expiryMonth: 'card_expiry_invalid' })
    expect(errorsOf('0', '29')).toEqual({ expiryMonth: 'card_expiry_invalid' })
    expect(errorsOf('1a', '29')).toEqual({ expiryMonth: 'card_expiry_invalid' })
    expect(errorsOf('12', '2x')).toEqual({ expiryYear: 'card_expiry_invalid' })
    expect(errorsOf('10', '26')).toEqual({ expiryYear: 'card_expired' })
    expect(errorsOf('11', '2026')).toEqual({})
    expect(errorsOf('1', '2027')).toEqual({})
    expect(errorsOf('12', '2060')).toEqual({ expiryYear: 'card_expiry_invalid' })
  })

  it('checks the CVC length per brand', () => {
    const amex = { ...valid, number: '3782 822463 10005' }
    expect(checkCard({ ...amex, cvc: '1234' }, NOW).ok).toBe(true)
    const short = checkCard({ ...amex, cvc: '123' }, NOW)
    expect(short.ok ? null : short.errors.cvc).toBe('card_cvc_invalid')
    const long = checkCard({ ...valid, cvc: '1234' }, NOW)
    expect(long.ok ? null : long.errors.cvc).toBe('card_cvc_invalid')
    const letters = checkCard({ ...valid, cvc: '12a' }, NOW)
    expect(letters.ok ? null : letters.errors.cvc).toBe('card_cvc_invalid')
  })
})

describe('test cards and financing', () => {
  it('maps the documented numbers to their scenario; others approve', () => {
    expect(scenarioOf('4000000000000002')).toBe('decline')
    expect(scenarioOf('4000000000003220')).toBe('challenge')
    expect(scenarioOf('4000000000000119')).toBe('check_error')
    expect(scenarioOf('4012888888881881')).toBe('approve')
  })

  it('splits 0 % financing into equal rates and charges interest beyond 12 months', () => {
    expect(financingTerms(100_000, 6)).toEqual({
      months: 6,
      annualRatePercent: 0,
      monthlyRateCents: 16_667,
      totalCents: 100_000,
    })
    const long = financingTerms(100_000, 72)
    expect(long.annualRatePercent).toBe(9.9)
    expect(long.monthlyRateCents).toBeGreaterThan(100_000 / 72)
    expect(long.totalCents).toBe(long.monthlyRateCents * 72)
    expect(() => financingTerms(100_000, 7)).toThrow()
  })
})
