// Field rules of account-area section 5 and storefront section 5, shared by the server
// (through the contract) and the React forms. Messages are codes from messages.de.ts.
import { z } from 'zod'
import './zod-setup.ts'
import { m } from './messages.de.ts'

export const PRIMARY_COUNTRY_ID = 81 // Deutschland

// --- Integers (issue 16) --------------------------------------------------------------------
// Every integer the API takes is bounded by its database column, so Postgres never sees a
// number out of range. JSON bodies carry JSON numbers only (never `true` or "123"); path, query,
// multipart and form fields are text by nature and take canonical decimal digits ("12", not
// "1e3", " 12", "0x10", "12abc" or "012").

/** The largest value of a Postgres integer (int4) column: serial ids, quantities, counts. */
export const INT4_MAX = 2_147_483_647
/** The largest bigint a JS number holds exactly: bound of bigint columns (cents sums). */
export const SAFE_BIGINT_MAX = Number.MAX_SAFE_INTEGER

/** An integer in a JSON body: a JSON number in min..max; anything else is `message`. */
export function int(min: number, max: number, message: string = m('invalid')) {
  return z.number({ invalid_type_error: message }).int(message).min(min, message).max(max, message)
}

/** A row id (int4 serial) in a JSON body. */
export function id(message: string = m('invalid')) {
  return int(1, INT4_MAX, message)
}

const DECIMAL = /^(0|-?[1-9]\d{0,15})$/

/**
 * An integer written as text (path and query parameters, multipart fields, form selects):
 * canonical decimal digits in min..max; a number passes as it is. Typed like a number input,
 * as z.coerce.number() was, so clients keep passing numbers.
 */
export function textInt(
  min: number,
  max: number,
  message: string = m('invalid'),
): z.ZodType<number, z.ZodTypeDef, number> {
  return z.preprocess(
    (value) => (typeof value === 'string' && DECIMAL.test(value) ? Number(value) : value),
    int(min, max, message),
  ) as unknown as z.ZodType<number, z.ZodTypeDef, number>
}

/** A row id written as text (path parameters, form selects). */
export function textId(message: string = m('invalid')) {
  return textInt(1, INT4_MAX, message)
}
export const COUNTRY_IDS = {
  DE: 81,
  AT: 14,
  NL: 150,
  BE: 21,
  FR: 73,
  IT: 105,
  ES: 195,
  PL: 245,
} as const

/** * $ % & § ( ) { } / \ " ! ' ? = are not allowed in names, street and city. */
export const FORBIDDEN_CHARS = /[*$%&§(){}/\\"!'?=]/

/** Legal-form words: a private customer using one in a name is asked to register as business. */
export const LEGAL_FORM_KEYWORDS = [
  'GmbH',
  'mbH',
  'AG',
  'KGaA',
  'KG',
  'OHG',
  'GbR',
  'UG',
  'e.K.',
  'e.V.',
  'e.G.',
  'Ltd',
  'Inc',
  'Limited',
] as const

/** Words that belong in the address type fields, never in a name. */
export const ADDRESS_KEYWORDS = ['Packstation', 'Postfiliale', 'Paketshop', 'Postnummer'] as const

function containsWord(value: string, keyword: string): boolean {
  const escaped = keyword.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  // Whole words only, so "Agathe" does not trip "AG"; legal forms are matched case-sensitively
  // for the short ones (AG, KG, UG) and case-insensitively for the rest.
  const flags = keyword.length <= 3 && /^[A-Z]+$/.test(keyword) ? 'u' : 'iu'
  return new RegExp(`(^|[^\\p{L}])${escaped}(?=$|[^\\p{L}])`, flags).test(value)
}

export function findKeyword(value: string, keywords: readonly string[]): string | undefined {
  return keywords.find((keyword) => containsWord(value, keyword))
}

/** Which rules a person's name follows: shop customers, business contacts or owners. */
export type NameContext = 'private' | 'business' | 'owner'

type Ctx = z.RefinementCtx

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * NUL (Postgres cannot store it in text) or a lone UTF-16 surrogate (UTF-8 cannot carry it).
 * The server's input guard refuses them in every request; the field rules below refuse them
 * too, for the forms and for JSON that travels inside another field (Campus studentData).
 */
export function hasUnsafeCharacters(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value)
}

function lengthIssues(ctx: Ctx, value: string, min: number, max: number, required: boolean) {
  if (hasUnsafeCharacters(value)) {
    ctx.addIssue({ code: 'custom', message: m('invalid_characters') })
    return false
  }
  if (value.length === 0) {
    if (required) ctx.addIssue({ code: 'custom', message: m('required') })
    return false
  }
  if (value.length < min) {
    ctx.addIssue({ code: 'custom', message: m('min_length', { length: min }) })
    return false
  }
  if (value.length > max) {
    ctx.addIssue({ code: 'custom', message: m('max_length', { length: max }) })
    return false
  }
  return true
}

/** A trimmed text of min..max characters; empty is "required" unless optional. */
export function text(min: number, max: number, options: { required?: boolean } = {}) {
  const required = options.required ?? true
  return z
    .string({ required_error: m('required'), invalid_type_error: m('invalid') })
    .trim()
    .superRefine((value, ctx) => {
      lengthIssues(ctx, value, min, max, required)
    })
}

function checkForbiddenChars(value: string, ctx: Ctx) {
  if (FORBIDDEN_CHARS.test(value)) ctx.addIssue({ code: 'custom', message: m('forbidden_chars') })
}

function checkNameKeywords(value: string, ctx: Ctx, context: NameContext) {
  const addressWord = findKeyword(value, ADDRESS_KEYWORDS)
  if (addressWord) {
    ctx.addIssue({ code: 'custom', message: m('forbidden_keyword', { keyword: addressWord }) })
    return
  }
  if (context === 'owner') {
    if (containsWord(value, 'GmbH')) {
      ctx.addIssue({ code: 'custom', message: m('forbidden_keyword', { keyword: 'GmbH' }) })
    }
    return
  }
  const legalForm = findKeyword(value, LEGAL_FORM_KEYWORDS)
  if (!legalForm) return
  // A private customer gets the hint to register as a business; inside a business account the
  // company belongs in the company field, so the contact's name is refused without the hint.
  const code = context === 'private' ? 'forbidden_keyword_business' : 'forbidden_keyword'
  ctx.addIssue({ code: 'custom', message: m(code, { keyword: legalForm }) })
}

/** First or last name: 2-30 characters, no forbidden characters or keywords. */
export function personName(context: NameContext = 'private', options: { required?: boolean } = {}) {
  const required = options.required ?? true
  return z
    .string({ required_error: m('required'), invalid_type_error: m('invalid') })
    .trim()
    .superRefine((value, ctx) => {
      if (!lengthIssues(ctx, value, 2, 30, required)) return
      checkForbiddenChars(value, ctx)
      checkNameKeywords(value, ctx, context)
    })
}

export const FirstNameSchema = personName('private')
export const LastNameSchema = personName('private')

/** Customer name as printed on documents (first + space + last): at most 49 characters. */
export const CUSTOMER_NAME_MAX = 49
/** Delivery address: first plus last name together at most 50 characters. */
export const DELIVERY_FULL_NAME_MAX = 50

export const CompanyNameSchema = text(2, 50)

/** Street name 2-30, no forbidden characters. */
export const StreetNameSchema = z
  .string({ required_error: m('required') })
  .trim()
  .superRefine((value, ctx) => {
    if (lengthIssues(ctx, value, 2, 30, true)) checkForbiddenChars(value, ctx)
  })

/** House number: required, at most 10 characters, starting with a digit (checkout rule). */
export const StreetNumberSchema = z
  .string({ required_error: m('required') })
  .trim()
  .superRefine((value, ctx) => {
    if (!lengthIssues(ctx, value, 1, 10, true)) return
    if (!/^\d/.test(value))
      ctx.addIssue({ code: 'custom', message: m('street_number_start_digit') })
  })

function cityName(min: number) {
  return z
    .string({ required_error: m('required') })
    .trim()
    .superRefine((value, ctx) => {
      if (lengthIssues(ctx, value, min, 30, true)) checkForbiddenChars(value, ctx)
    })
}
/** City in the account address book: 2-30 characters. */
export const CityNameSchema = cityName(2)
/** City in checkout forms: 3-30 characters (storefront section 5). */
export const CheckoutCityNameSchema = cityName(3)

/** Postcode patterns per country id; countries without a pattern accept 2-20 characters. */
export const ZIP_PATTERNS: Record<number, RegExp> = {
  81: /^\d{5}$/, // DE
  14: /^\d{4}$/, // AT
  150: /^\d{4} ?[A-Za-z]{2}$/, // NL
  21: /^\d{4}$/, // BE
  73: /^\d{5}$/, // FR
  105: /^\d{5}$/, // IT
  195: /^\d{5}$/, // ES
  245: /^\d{2}-\d{3}$/, // PL
  124: /^\d{4}$/, // LU
  57: /^\d{4}$/, // DK
  56: /^\d{3} ?\d{2}$/, // CZ
  171: /^\d{4}-\d{3}$/, // PT
  203: /^\d{3} ?\d{2}$/, // SE
  72: /^\d{5}$/, // FI
}

/** Postcode: 2-20 characters; where the country is known, its format. */
export const ZipCodeSchema = text(2, 20)

export function isValidZip(zip: string, countryId: number): boolean {
  const pattern = ZIP_PATTERNS[countryId]
  return pattern ? pattern.test(zip.trim()) : zip.trim().length >= 2 && zip.trim().length <= 20
}

/** VAT id formats of the EU countries, keyed by country id (prefix included). */
export const VAT_ID_PATTERNS: Record<number, RegExp> = {
  81: /^DE\d{9}$/,
  14: /^ATU\d{8}$/,
  21: /^BE[01]\d{9}$/,
  150: /^NL\d{9}B\d{2}$/,
  73: /^FR[0-9A-HJ-NP-Z]{2}\d{9}$/,
  105: /^IT\d{11}$/,
  195: /^ES[0-9A-Z]\d{7}[0-9A-Z]$/,
  245: /^PL\d{10}$/,
  33: /^BG\d{9,10}$/,
  53: /^HR\d{11}$/,
  55: /^CY\d{8}[A-Z]$/,
  56: /^CZ\d{8,10}$/,
  57: /^DK\d{8}$/,
  67: /^EE\d{9}$/,
  72: /^FI\d{8}$/,
  84: /^EL\d{9}$/,
  97: /^HU\d{8}$/,
  103: /^IE\d{7}[A-W][A-I]?$|^IE\d[A-Z+*]\d{5}[A-W]$/,
  117: /^LV\d{11}$/,
  123: /^LT(\d{9}|\d{12})$/,
  124: /^LU\d{8}$/,
  132: /^MT\d{8}$/,
  171: /^PT\d{9}$/,
  175: /^RO\d{2,10}$/,
  189: /^SK\d{10}$/,
  190: /^SI\d{8}$/,
  203: /^SE\d{12}$/,
}

export function normalizeVatId(vatId: string): string {
  return vatId.replace(/[\s.-]/g, '').toUpperCase()
}

/** A VAT id is checked by the format of its country; unknown countries need 3+ characters. */
export function isValidVatId(vatId: string, countryId: number): boolean {
  const normalized = normalizeVatId(vatId)
  if (normalized.length < 3) return false
  const pattern = VAT_ID_PATTERNS[countryId]
  return pattern ? pattern.test(normalized) : true
}

/** Only business addresses outside the primary country need a VAT id. */
export function isVatIdRequired(countryId: number): boolean {
  return countryId !== PRIMARY_COUNTRY_ID
}

export const VatIdSchema = z
  .string({ required_error: m('required') })
  .trim()
  .superRefine((value, ctx) => {
    if (value.length === 0) ctx.addIssue({ code: 'custom', message: m('required') })
    else if (normalizeVatId(value).length < 3) {
      ctx.addIssue({ code: 'custom', message: m('vat_id_invalid') })
    }
  })

// --- E-mail -------------------------------------------------------------------------------

const EMAIL_LOCAL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+$/
const EMAIL_DOMAIN = /^[A-Za-z0-9äöüÄÖÜ.-]+$/

/** The first reason an e-mail address is invalid, or undefined. Order matches section 5. */
export function emailProblem(value: string): string | undefined {
  if (value.length === 0) return m('required')
  if (value.length < 3) return m('min_length', { length: 3 })
  if (value.length > 80) return m('max_length', { length: 80 })
  const at = value.indexOf('@')
  if (at < 0) return m('email_missing_at')
  const local = value.slice(0, at)
  const domain = value.slice(at + 1)
  if (local.length === 0) return m('email_missing_local')
  if (domain.length === 0) return m('email_missing_domain')
  if (domain.includes('@') || !EMAIL_LOCAL.test(local) || !EMAIL_DOMAIN.test(domain)) {
    return m('email_invalid_chars')
  }
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) {
    return m('email_invalid_chars')
  }
  const dot = domain.lastIndexOf('.')
  if (dot < 0) return m('email_missing_tld')
  const host = domain.slice(0, dot)
  const tld = domain.slice(dot + 1)
  if (host.length === 0 || host.startsWith('.') || host.startsWith('-') || host.includes('..')) {
    return m('email_invalid_chars')
  }
  if (tld.length === 0) return m('email_missing_tld')
  if (!/^[A-Za-z]{2,}$/.test(tld)) return m('email_invalid_tld')
  return undefined
}

/** E-mail: trimmed, 3-80 characters, with a detailed reason when invalid. */
export const EmailSchema = z
  .string({ required_error: m('required'), invalid_type_error: m('invalid') })
  .trim()
  .superRefine((value, ctx) => {
    const problem = emailProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

// --- Password -----------------------------------------------------------------------------

/** The live criteria shown beside the password field, in display order. */
export const PASSWORD_CRITERIA = [
  { key: 'length', code: 'password_too_short', label: 'Mindestens 6 Zeichen' },
  { key: 'digit', code: 'password_needs_digit', label: 'Mindestens eine Ziffer' },
  { key: 'lowercase', code: 'password_needs_lowercase', label: 'Mindestens ein Kleinbuchstabe' },
  { key: 'uppercase', code: 'password_needs_uppercase', label: 'Mindestens ein Großbuchstabe' },
  { key: 'chars', code: 'password_forbidden_chars', label: 'Keines der Zeichen < > / +' },
] as const

export type PasswordCriterion = (typeof PASSWORD_CRITERIA)[number]['key']

export function checkPassword(value: string): Record<PasswordCriterion, boolean> {
  return {
    length: value.trim().length >= 6,
    digit: /\d/.test(value),
    lowercase: /\p{Ll}/u.test(value),
    uppercase: /\p{Lu}/u.test(value),
    chars: !/[<>/+]/.test(value),
  }
}

/** New password: the rules of section 5 (the common-password list is checked on the server). */
export const PasswordSchema = z
  .string({ required_error: m('required'), invalid_type_error: m('invalid') })
  .superRefine((value, ctx) => {
    if (value.length === 0) {
      ctx.addIssue({ code: 'custom', message: m('required') })
      return
    }
    const checks = checkPassword(value)
    const failed = PASSWORD_CRITERIA.find((criterion) => !checks[criterion.key])
    if (failed) ctx.addIssue({ code: 'custom', message: m(failed.code) })
  })

/** A password that is only compared (login, confirmation): required, nothing else. */
export const PasswordInputSchema = z
  .string({ required_error: m('required'), invalid_type_error: m('invalid') })
  .min(1, m('required'))
  .max(200, m('max_length', { length: 200 }))

// --- Business -----------------------------------------------------------------------------

/** 1 Kapitalgesellschaft, 2 Personengesellschaft, 3 Öffentliche Auftraggeber/Vereine, 4 Einzelunternehmen. */
export const BUSINESS_FORMS = [
  { id: 1, label: 'Kapitalgesellschaft (GmbH, AG, e.G.)' },
  { id: 2, label: 'Personengesellschaft (GbR, KG, OHG)' },
  { id: 3, label: 'Öffentliche Auftraggeber/Vereine' },
  { id: 4, label: 'Einzelunternehmen' },
] as const
export const BUSINESS_TYPES = [
  { id: 'consumer', label: 'Gewerblicher Endkunde' },
  { id: 'reseller', label: 'Wiederverkäufer' },
] as const

/** Forms 2 and 4 name a person as owner: customer and owner names are required. */
export function isOwnerRequired(businessFormId: number): boolean {
  return businessFormId === 2 || businessFormId === 4
}

/** Business form 1-4; 0 means nothing was chosen. */
export const BusinessFormSchema = int(1, 4, m('business_form_required'))
/** The same from the form's select (digits). */
export const BusinessFormFieldSchema = textInt(1, 4, m('business_form_required'))

/** Business type consumer or reseller; '0' means nothing was chosen. */
export const BusinessTypeSchema = z.enum(['consumer', 'reseller'], {
  errorMap: () => ({ message: m('business_type_required') }),
})

// --- Misc ---------------------------------------------------------------------------------

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not: Postgres would refuse it). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const [y, mo, d] = value.split('-').map(Number) as [number, number, number]
  const date = new Date(Date.UTC(y, mo - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d
}

/** A day YYYY-MM-DD that exists in the calendar; else `date_invalid`. */
export function calendarDay() {
  return z
    .string({ required_error: m('required'), invalid_type_error: m('date_invalid') })
    .refine(isCalendarDay, m('date_invalid'))
}

/** The two-factor code: exactly 6 digits. */
export const TwoFaCodeSchema = z
  .string({ required_error: m('required') })
  .trim()
  .regex(/^\d{6}$/, m('two_fa_code_format'))

/** Search input: non-empty, at most 100 characters, treated as text. */
export const SearchTermSchema = z
  .string()
  .trim()
  .min(1, m('search_term_required'))
  .max(100, m('max_length', { length: 100 }))

/** Age in whole years at `at` for a birth date. */
export function ageAt(birthDate: Date, at: Date): number {
  let age = at.getFullYear() - birthDate.getFullYear()
  const beforeBirthday =
    at.getMonth() < birthDate.getMonth() ||
    (at.getMonth() === birthDate.getMonth() && at.getDate() < birthDate.getDate())
  if (beforeBirthday) age -= 1
  return age
}

// --- IBAN (issue 19: refunds of prepayment and cash on delivery) ------------------------------

/** IBAN lengths of the SEPA countries (ISO 13616 registry). */
export const IBAN_LENGTHS: Record<string, number> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
}

/** The IBAN without spaces, upper case ("de89 3704 ..." → "DE8937040044..."). */
export function normalizeIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase()
}

/** ISO 7064 mod 97-10: letters as 10..35, the first four characters moved to the end. */
export function ibanChecksumValid(iban: string): boolean {
  const moved = iban.slice(4) + iban.slice(0, 4)
  let rest = 0
  for (const char of moved) {
    const digits = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char
    for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97
  }
  return rest === 1
}

/** Which rule an IBAN breaks, or undefined. */
export function ibanProblem(
  value: string,
): { code: 'iban_invalid' | 'iban_length' | 'iban_checksum'; length?: number } | undefined {
  const iban = normalizeIban(value)
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return { code: 'iban_invalid' }
  const length = IBAN_LENGTHS[iban.slice(0, 2)]
  if (!length) return { code: 'iban_invalid' }
  if (iban.length !== length) return { code: 'iban_length', length }
  if (!ibanChecksumValid(iban)) return { code: 'iban_checksum' }
  return undefined
}

/** An IBAN of a SEPA country: spaces allowed, length of its country, check digits (mod 97). */
export const IbanSchema = z
  .string({ required_error: m('required'), invalid_type_error: m('invalid') })
  .trim()
  .min(1, m('required'))
  .max(50, m('iban_invalid'))
  .superRefine((value, ctx) => {
    const problem = ibanProblem(value)
    if (!problem) return
    const message =
      problem.code === 'iban_length'
        ? m('iban_length', { length: problem.length ?? 0 })
        : m(problem.code)
    ctx.addIssue({ code: 'custom', message })
  })
  .transform(normalizeIban)

// --- Catalog (issue 21) -------------------------------------------------------------------------

/**
 * GS1 check digit of a GTIN (EAN-8, EAN-13): from the right, digits weigh 3, 1, 3, …; the check
 * digit fills the sum up to a multiple of ten.
 */
export function isValidGtin(value: string): boolean {
  if (!/^(\d{8}|\d{13})$/.test(value)) return false
  const digits = [...value].map(Number)
  const check = digits.pop() ?? 0
  const sum = digits.reverse().reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0)
  return (10 - (sum % 10)) % 10 === check
}

/**
 * EAN/GTIN: 8 or 13 digits (spaces tolerated) with a valid check digit. A 12-digit UPC is
 * written as EAN-13 with a leading 0. The shop's search redirects exactly these lengths.
 */
export const EanSchema = z
  .string({ required_error: m('required'), invalid_type_error: m('invalid') })
  .transform((value) => value.replace(/\s+/g, ''))
  .superRefine((value, ctx) => {
    if (!value) ctx.addIssue({ code: 'custom', message: m('required') })
    else if (!/^(\d{8}|\d{13})$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: m('ean_invalid') })
    } else if (!isValidGtin(value)) {
      ctx.addIssue({ code: 'custom', message: m('ean_checksum_invalid') })
    }
  })

/** The shop's article number: 7 digits (the search redirects an exact one to the product). */
export const ArticleNumberSchema = z
  .string({ required_error: m('required'), invalid_type_error: m('invalid') })
  .trim()
  .superRefine((value, ctx) => {
    if (!value) ctx.addIssue({ code: 'custom', message: m('required') })
    else if (!/^[1-9]\d{6}$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: m('article_number_invalid') })
    }
  })

// --- Product reviews (issue 22) ---------------------------------------------------------------

export const REVIEW_TITLE_MAX = 120
export const REVIEW_TEXT_MIN = 20
export const REVIEW_TEXT_MAX = 5000
export const REVIEW_COMMENT_MAX = 1000
export const REVIEW_REJECTION_REASON_MAX = 500

/** Stars of a review: a whole number 1-5 (`review_rating_required` otherwise). */
export const ReviewRatingSchema = int(1, 5, m('review_rating_required'))

/** Title of a review: 3-120 characters after trimming. */
export const ReviewTitleSchema = z
  .string({ required_error: m('required'), invalid_type_error: m('invalid') })
  .trim()
  .min(1, m('required'))
  .min(3, m('min_length', { length: 3 }))
  .max(REVIEW_TITLE_MAX, m('max_length', { length: REVIEW_TITLE_MAX }))

/** Text of a review: 20-5000 characters after trimming. */
export const ReviewTextSchema = z
  .string({ required_error: m('required'), invalid_type_error: m('invalid') })
  .trim()
  .min(1, m('required'))
  .min(REVIEW_TEXT_MIN, m('min_length', { length: REVIEW_TEXT_MIN }))
  .max(REVIEW_TEXT_MAX, m('max_length', { length: REVIEW_TEXT_MAX }))

/** A comment on a review: 2-1000 characters after trimming. */
export const ReviewCommentTextSchema = z
  .string({ required_error: m('required'), invalid_type_error: m('invalid') })
  .trim()
  .min(1, m('required'))
  .min(2, m('min_length', { length: 2 }))
  .max(REVIEW_COMMENT_MAX, m('max_length', { length: REVIEW_COMMENT_MAX }))
