// The card checks of the hosted fields (storefront §5): Luhn, brand, length, expiry, CVC, holder.
// Pure functions; the simulator's check endpoint runs them on the posted form.
import type { CardBrand } from '#server/platform/payments/port.ts'

export type CardField = 'holder' | 'number' | 'expiryMonth' | 'expiryYear' | 'cvc'
export type CardFieldCode =
  | 'required'
  | 'card_number_invalid'
  | 'card_type_unsupported'
  | 'card_holder_invalid'
  | 'card_expiry_invalid'
  | 'card_expired'
  | 'card_cvc_invalid'

export type CardInput = Partial<Record<CardField, unknown>>

export type CheckedCard = {
  number: string
  brand: CardBrand
  holder: string
  expiryMonth: number
  expiryYear: number
  cvc: string
}

export const CARD_BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
}

type BrandRule = { brand: CardBrand; prefixes: [number, number][]; lengths: number[]; cvc: number }

// IIN ranges (first digits, inclusive) and lengths per brand. Other brands (JCB, Maestro,
// UnionPay, ...) are refused as unsupported.
const BRAND_RULES: BrandRule[] = [
  {
    brand: 'amex',
    prefixes: [
      [34, 34],
      [37, 37],
    ],
    lengths: [15],
    cvc: 4,
  },
  {
    brand: 'diners',
    prefixes: [
      [300, 305],
      [3095, 3095],
      [36, 36],
      [38, 39],
    ],
    lengths: [14, 15, 16, 17, 18, 19],
    cvc: 3,
  },
  {
    brand: 'discover',
    prefixes: [
      [6011, 6011],
      [622126, 622925],
      [644, 649],
      [65, 65],
    ],
    lengths: [16, 17, 18, 19],
    cvc: 3,
  },
  {
    brand: 'mastercard',
    prefixes: [
      [51, 55],
      [2221, 2720],
    ],
    lengths: [16],
    cvc: 3,
  },
  { brand: 'visa', prefixes: [[4, 4]], lengths: [13, 16, 19], cvc: 3 },
]

/** Digits only: spaces and hyphens between digit groups are allowed; anything else is not. */
export function normalizeCardNumber(raw: string): string | null {
  const trimmed = raw.trim()
  if (!/^[0-9][0-9 -]*$/.test(trimmed)) return null
  return trimmed.replace(/[ -]/g, '')
}

export function luhnValid(digits: string): boolean {
  if (!/^[0-9]+$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

function ruleOf(digits: string): BrandRule | undefined {
  return BRAND_RULES.find((rule) =>
    rule.prefixes.some(([from, to]) => {
      const width = String(from).length
      const prefix = Number(digits.slice(0, width))
      return digits.length >= width && prefix >= from && prefix <= to
    }),
  )
}

export function detectBrand(digits: string): CardBrand | null {
  return ruleOf(digits)?.brand ?? null
}

export function cvcLength(brand: CardBrand): number {
  return BRAND_RULES.find((rule) => rule.brand === brand)?.cvc ?? 3
}

/** The number as printed (Amex 4-6-5, Diners 14 digits 4-6-4, else groups of 4), all but the last group masked. */
export function maskCardNumber(digits: string, brand: CardBrand): string {
  const sizes =
    brand === 'amex' && digits.length === 15
      ? [4, 6, 5]
      : brand === 'diners' && digits.length === 14
        ? [4, 6, 4]
        : Array.from({ length: Math.ceil(digits.length / 4) }, (_, i) =>
            Math.min(4, digits.length - i * 4),
          )
  const groups: string[] = []
  let at = 0
  for (const size of sizes) {
    groups.push(digits.slice(at, at + size))
    at += size
  }
  return groups
    .map((group, i) => (i === groups.length - 1 ? group : '*'.repeat(group.length)))
    .join(' ')
}

export function formatExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`
}

const HOLDER = /^\p{L}+(?:[ -]\p{L}+)*$/u

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : ''
}

/** Checks the posted card; the card is valid through the last day of its expiry month. */
export function checkCard(
  input: CardInput,
  now: Date,
):
  | { ok: true; card: CheckedCard }
  | { ok: false; errors: Partial<Record<CardField, CardFieldCode>> } {
  const errors: Partial<Record<CardField, CardFieldCode>> = {}

  const holder = text(input.holder).replace(/\s+/g, ' ')
  if (!holder) errors.holder = 'required'
  else if (holder.length < 2 || holder.length > 50 || !HOLDER.test(holder))
    errors.holder = 'card_holder_invalid'

  const rawNumber = text(input.number)
  const number = normalizeCardNumber(rawNumber)
  let brand: CardBrand | null = null
  if (!rawNumber) errors.number = 'required'
  else if (!number || number.length < 12 || number.length > 19 || !luhnValid(number))
    errors.number = 'card_number_invalid'
  else {
    const rule = ruleOf(number)
    if (!rule) errors.number = 'card_type_unsupported'
    else if (!rule.lengths.includes(number.length)) errors.number = 'card_number_invalid'
    else brand = rule.brand
  }

  const rawMonth = text(input.expiryMonth)
  const rawYear = text(input.expiryYear)
  let expiryMonth = 0
  let expiryYear = 0
  if (!rawMonth) errors.expiryMonth = 'required'
  else if (!/^[0-9]{1,2}$/.test(rawMonth) || Number(rawMonth) < 1 || Number(rawMonth) > 12)
    errors.expiryMonth = 'card_expiry_invalid'
  else expiryMonth = Number(rawMonth)
  if (!rawYear) errors.expiryYear = 'required'
  else if (!/^([0-9]{2}|[0-9]{4})$/.test(rawYear)) errors.expiryYear = 'card_expiry_invalid'
  else expiryYear = rawYear.length === 2 ? 2000 + Number(rawYear) : Number(rawYear)
  if (expiryMonth && expiryYear) {
    const current = now.getUTCFullYear() * 12 + now.getUTCMonth()
    const expiry = expiryYear * 12 + (expiryMonth - 1)
    if (expiry < current) errors.expiryYear = 'card_expired'
    else if (expiry > current + 20 * 12) errors.expiryYear = 'card_expiry_invalid'
  }

  const cvc = text(input.cvc)
  if (!cvc) errors.cvc = 'required'
  else if (!/^[0-9]+$/.test(cvc) || cvc.length !== (brand ? cvcLength(brand) : cvc.length))
    errors.cvc = 'card_cvc_invalid'
  else if (!brand && cvc.length !== 3 && cvc.length !== 4) errors.cvc = 'card_cvc_invalid'

  if (Object.keys(errors).length > 0 || !brand || !number) return { ok: false, errors }
  return { ok: true, card: { number, brand, holder, expiryMonth, expiryYear, cvc } }
}
