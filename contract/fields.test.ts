import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  ArticleNumberSchema,
  ageAt,
  BusinessFormFieldSchema,
  BusinessFormSchema,
  BusinessTypeSchema,
  CheckoutCityNameSchema,
  CityNameSchema,
  CompanyNameSchema,
  calendarDay,
  checkPassword,
  EanSchema,
  EmailSchema,
  emailProblem,
  FirstNameSchema,
  hasUnsafeCharacters,
  IbanSchema,
  INT4_MAX,
  id,
  int,
  isCalendarDay,
  isOwnerRequired,
  isValidGtin,
  isValidVatId,
  isValidZip,
  isVatIdRequired,
  PasswordSchema,
  personName,
  SearchTermSchema,
  StreetNameSchema,
  StreetNumberSchema,
  TwoFaCodeSchema,
  text,
  textId,
  textInt,
  VatIdSchema,
  ZipCodeSchema,
} from './fields.ts'
import { translate } from './messages.de.ts'

/** The first message of a failed parse, as German text; undefined when valid. */
function problem(schema: z.ZodTypeAny, value: unknown): string | undefined {
  const result = schema.safeParse(value)
  return result.success ? undefined : translate(result.error.issues[0]?.message ?? '')
}

describe('e-mail (3-80 characters, trimmed, detailed reasons)', () => {
  it.each([
    'max@example.de',
    'max.mustermann+shop@sub.example.com',
    '  max@example.de  ',
    'a@b.de',
    "o'brien@example.ie",
  ])('accepts %s', (value) => {
    expect(problem(EmailSchema, value)).toBeUndefined()
  })

  it('trims the value', () => {
    expect(EmailSchema.parse('  max@example.de ')).toBe('max@example.de')
  })

  it.each([
    ['', 'Dies ist ein Pflichtfeld.'],
    ['   ', 'Dies ist ein Pflichtfeld.'],
    ['a@', 'Bitte gib mindestens 3 Zeichen ein.'],
    [`${'a'.repeat(75)}@example.de`, 'Bitte gib maximal 80 Zeichen ein.'],
    ['max.example.de', 'In deiner E-Mail-Adresse fehlt das @-Zeichen.'],
    ['@example.de', 'In deiner E-Mail-Adresse fehlt der Teil vor dem @-Zeichen.'],
    ['max@', 'In deiner E-Mail-Adresse fehlt der Teil nach dem @-Zeichen.'],
    ['max mustermann@example.de', 'Deine E-Mail-Adresse enthält ungültige Zeichen.'],
    ['max@exa mple.de', 'Deine E-Mail-Adresse enthält ungültige Zeichen.'],
    ['max@@example.de', 'Deine E-Mail-Adresse enthält ungültige Zeichen.'],
    ['max@example', 'In deiner E-Mail-Adresse fehlt die Endung (z. B. ".de").'],
    ['max@example.', 'In deiner E-Mail-Adresse fehlt die Endung (z. B. ".de").'],
    [
      'max@example.d',
      'Die Endung deiner E-Mail-Adresse ist ungültig: sie besteht aus mindestens 2 Buchstaben.',
    ],
    [
      'max@example.d3',
      'Die Endung deiner E-Mail-Adresse ist ungültig: sie besteht aus mindestens 2 Buchstaben.',
    ],
  ])('refuses %j with "%s"', (value, message) => {
    expect(problem(EmailSchema, value)).toBe(message)
  })

  it('gives the reason as a code for the server answer', () => {
    expect(emailProblem('max.example.de')).toBe('email_missing_at')
  })
})

describe('password (6+ characters after trimming, digit, lower, upper, none of < > / +)', () => {
  it.each(['Abcde1', 'Sicher2026', 'Grüße1Ä'])('accepts %s', (value) => {
    expect(problem(PasswordSchema, value)).toBeUndefined()
  })

  it.each([
    ['', 'Dies ist ein Pflichtfeld.'],
    ['Abc1', 'Dein Passwort muss mindestens 6 Zeichen haben.'],
    ['  Ab1  ', 'Dein Passwort muss mindestens 6 Zeichen haben.'],
    ['Abcdefg', 'Dein Passwort muss mindestens eine Ziffer enthalten.'],
    ['ABCDEF1', 'Dein Passwort muss mindestens einen Kleinbuchstaben enthalten.'],
    ['abcdef1', 'Dein Passwort muss mindestens einen Großbuchstaben enthalten.'],
    ['Abcde1<', 'Dein Passwort darf die Zeichen < > / + nicht enthalten.'],
    ['Abcde1>', 'Dein Passwort darf die Zeichen < > / + nicht enthalten.'],
    ['Abc/de1', 'Dein Passwort darf die Zeichen < > / + nicht enthalten.'],
    ['Abc+de1', 'Dein Passwort darf die Zeichen < > / + nicht enthalten.'],
  ])('refuses %j with "%s"', (value, message) => {
    expect(problem(PasswordSchema, value)).toBe(message)
  })

  it('reports every live criterion', () => {
    expect(checkPassword('abc')).toEqual({
      length: false,
      digit: false,
      lowercase: true,
      uppercase: false,
      chars: true,
    })
    expect(checkPassword('Abcdef1')).toEqual({
      length: true,
      digit: true,
      lowercase: true,
      uppercase: true,
      chars: true,
    })
  })
})

describe('names (2-30 characters, forbidden characters and keywords)', () => {
  it.each(['Max', 'Jean-Luc', 'Müller-Lüdenscheidt', 'Ló', 'Agathe', 'Agnieszka'])(
    'accepts %s',
    (value) => {
      expect(problem(FirstNameSchema, value)).toBeUndefined()
    },
  )

  it.each([
    ['', 'Dies ist ein Pflichtfeld.'],
    ['M', 'Bitte gib mindestens 2 Zeichen ein.'],
    [' M ', 'Bitte gib mindestens 2 Zeichen ein.'],
    ['M'.repeat(31), 'Bitte gib maximal 30 Zeichen ein.'],
  ])('refuses length %j with "%s"', (value, message) => {
    expect(problem(FirstNameSchema, value)).toBe(message)
  })

  it.each(['*', '$', '%', '&', '§', '(', ')', '{', '}', '/', '\\', '"', '!', "'", '?', '='])(
    'refuses the forbidden character %s',
    (char) => {
      expect(problem(FirstNameSchema, `Max${char}`)).toMatch(
        /^Bitte verwende keines der folgenden Zeichen/,
      )
    },
  )

  it('asks a private customer with a legal form in the name to register as business', () => {
    expect(problem(personName('private'), 'Muster GmbH')).toBe(
      'Du darfst "GmbH" nicht im Namen benutzen. Bitte registriere dich als Geschäftskunde.',
    )
    expect(problem(personName('private'), 'Schmidt AG')).toBe(
      'Du darfst "AG" nicht im Namen benutzen. Bitte registriere dich als Geschäftskunde.',
    )
  })

  it('refuses legal forms in a business contact name without the hint (stricter)', () => {
    expect(problem(personName('business'), 'Muster KG')).toBe(
      'Du darfst "KG" nicht im Namen benutzen.',
    )
  })

  it('never allows GmbH in owner names, but allows other words', () => {
    expect(problem(personName('owner'), 'Max GmbH')).toBe(
      'Du darfst "GmbH" nicht im Namen benutzen.',
    )
    expect(problem(personName('owner'), 'Max')).toBeUndefined()
  })

  it('refuses address words in any name', () => {
    expect(problem(personName('private'), 'Packstation')).toBe(
      'Du darfst "Packstation" nicht im Namen benutzen.',
    )
  })

  it('trims names', () => {
    expect(FirstNameSchema.parse('  Max ')).toBe('Max')
  })
})

describe('company, street, number, city, zip', () => {
  it('company: 2-50 characters', () => {
    expect(problem(CompanyNameSchema, 'IT')).toBeUndefined()
    expect(problem(CompanyNameSchema, 'X')).toBe('Bitte gib mindestens 2 Zeichen ein.')
    expect(problem(CompanyNameSchema, 'X'.repeat(51))).toBe('Bitte gib maximal 50 Zeichen ein.')
  })

  it('street: 2-30 characters without forbidden characters', () => {
    expect(problem(StreetNameSchema, 'Hauptstraße')).toBeUndefined()
    expect(problem(StreetNameSchema, 'H')).toBe('Bitte gib mindestens 2 Zeichen ein.')
    expect(problem(StreetNameSchema, 'H'.repeat(31))).toBe('Bitte gib maximal 30 Zeichen ein.')
    expect(problem(StreetNameSchema, 'Haupt=straße')).toMatch(/^Bitte verwende keines/)
  })

  it('house number: required, starts with a digit, at most 10 characters', () => {
    expect(problem(StreetNumberSchema, '12a')).toBeUndefined()
    expect(problem(StreetNumberSchema, '')).toBe('Dies ist ein Pflichtfeld.')
    expect(problem(StreetNumberSchema, 'a12')).toBe(
      'Die Hausnummer muss mit einer Ziffer beginnen.',
    )
    expect(problem(StreetNumberSchema, '12345678901')).toBe('Bitte gib maximal 10 Zeichen ein.')
  })

  it('city: 2-30 in the account, 3-30 in checkout', () => {
    expect(problem(CityNameSchema, 'Au')).toBeUndefined()
    expect(problem(CheckoutCityNameSchema, 'Au')).toBe('Bitte gib mindestens 3 Zeichen ein.')
    expect(problem(CheckoutCityNameSchema, 'Köln')).toBeUndefined()
    expect(problem(CityNameSchema, 'K'.repeat(31))).toBe('Bitte gib maximal 30 Zeichen ein.')
    expect(problem(CityNameSchema, 'Köln!')).toMatch(/^Bitte verwende keines/)
  })

  it('zip: 2-20 characters, and the format of known countries', () => {
    expect(problem(ZipCodeSchema, '1')).toBe('Bitte gib mindestens 2 Zeichen ein.')
    expect(problem(ZipCodeSchema, '1'.repeat(21))).toBe('Bitte gib maximal 20 Zeichen ein.')
    expect(isValidZip('10115', 81)).toBe(true)
    expect(isValidZip('1011', 81)).toBe(false)
    expect(isValidZip('1010', 14)).toBe(true)
    expect(isValidZip('1012 AB', 150)).toBe(true)
    expect(isValidZip('00-950', 245)).toBe(true)
    expect(isValidZip('00950', 245)).toBe(false)
  })
})

describe('business data and VAT id', () => {
  it('business form 1-4 and type must be chosen (0 is nothing)', () => {
    expect(problem(BusinessFormSchema, 0)).toBe('Bitte wähle eine Rechtsform aus.')
    expect(problem(BusinessFormSchema, 2)).toBeUndefined()
    expect(problem(BusinessTypeSchema, '0')).toBe('Bitte wähle eine Kundenart aus.')
    expect(problem(BusinessTypeSchema, 'reseller')).toBeUndefined()
  })

  it('forms 2 and 4 require owner names', () => {
    expect([1, 2, 3, 4].map(isOwnerRequired)).toEqual([false, true, false, true])
  })

  it('a VAT id is needed only outside Germany', () => {
    expect(isVatIdRequired(81)).toBe(false)
    expect(isVatIdRequired(14)).toBe(true)
  })

  it('VAT id: at least 3 characters, trimmed', () => {
    expect(problem(VatIdSchema, ' AB ')).toBe(
      'Ust. ID. ist nicht gültig, bitte überprüfe deine Eingabe.',
    )
    expect(VatIdSchema.parse(' ATU12345678 ')).toBe('ATU12345678')
  })

  it('VAT id formats per country', () => {
    expect(isValidVatId('ATU12345678', 14)).toBe(true)
    expect(isValidVatId('ATU1234567', 14)).toBe(false)
    expect(isValidVatId('DE 123 456 789', 81)).toBe(true)
    expect(isValidVatId('NL123456789B01', 150)).toBe(true)
    expect(isValidVatId('FR12345678901', 73)).toBe(true)
    expect(isValidVatId('PL1234567890', 245)).toBe(true)
  })
})

describe('two-factor code, search, age', () => {
  it('code: exactly 6 digits', () => {
    expect(problem(TwoFaCodeSchema, '123456')).toBeUndefined()
    expect(problem(TwoFaCodeSchema, '12345')).toBe('Bitte gib den 6-stelligen Code ein.')
    expect(problem(TwoFaCodeSchema, '12345a')).toBe('Bitte gib den 6-stelligen Code ein.')
  })

  it('search: non-empty, at most 100 characters', () => {
    expect(problem(SearchTermSchema, '  ')).toBe('Bitte gib einen Suchbegriff ein.')
    expect(problem(SearchTermSchema, 'x'.repeat(101))).toBe('Bitte gib maximal 100 Zeichen ein.')
    expect(SearchTermSchema.parse(' RTX 4070 ')).toBe('RTX 4070')
  })

  it('computes age on the birthday', () => {
    expect(ageAt(new Date('2008-11-21'), new Date('2026-11-21'))).toBe(18)
    expect(ageAt(new Date('2008-11-22'), new Date('2026-11-21'))).toBe(17)
  })
})

describe('hostile input (issue 16)', () => {
  it('ids and quantities in JSON bodies are JSON numbers in range: never true, "123" or 2^31', () => {
    expect(id().parse(1)).toBe(1)
    expect(id().parse(INT4_MAX)).toBe(INT4_MAX)
    for (const value of [true, '123', 0, -1, 1.5, 2 ** 31, 2 ** 63, 1e308, Number.NaN, null, []]) {
      expect(problem(id(), value), String(value)).toBe('Ungültige Eingabe.')
    }
    expect(problem(int(1, 999), 1000)).toBe('Ungültige Eingabe.')
    expect(problem(int(1, 999), undefined)).toBe('Dies ist ein Pflichtfeld.')
  })

  it('integers from text take canonical digits only', () => {
    expect(textId().parse('12')).toBe(12)
    expect(textId().parse(12)).toBe(12)
    expect(textInt(0, 5).parse('0')).toBe(0)
    for (const value of ['1e3', ' 12', '12 ', '0x10', '12abc', '012', '+12', '1.0', '', 'true']) {
      expect(problem(textId(), value), value).toBe('Ungültige Eingabe.')
    }
    expect(problem(textId(), '2147483648')).toBe('Ungültige Eingabe.')
    expect(problem(textId(), '99999999999999999999')).toBe('Ungültige Eingabe.')
    expect(problem(textInt(1, 9), '10')).toBe('Ungültige Eingabe.')
  })

  it('the business form is a number in the body and digits in the form', () => {
    expect(problem(BusinessFormSchema, '2')).toBe('Bitte wähle eine Rechtsform aus.')
    expect(BusinessFormFieldSchema.parse('2')).toBe(2)
    expect(problem(BusinessFormFieldSchema, '0')).toBe('Bitte wähle eine Rechtsform aus.')
  })

  it('finds NUL and lone surrogates, not surrogate pairs', () => {
    expect(hasUnsafeCharacters('a\u0000b')).toBe(true)
    expect(hasUnsafeCharacters('a\ud800')).toBe(true)
    expect(hasUnsafeCharacters('\udc00a')).toBe(true)
    expect(hasUnsafeCharacters('Köln 💥')).toBe(false)
  })

  it('text fields refuse NUL and lone surrogates with their own message', () => {
    for (const schema of [text(1, 50), FirstNameSchema, StreetNameSchema, CityNameSchema]) {
      expect(problem(schema, 'Le\u0000na')).toBe('Die Eingabe enthält ungültige Zeichen.')
      expect(problem(schema, 'Lena\ud800')).toBe('Die Eingabe enthält ungültige Zeichen.')
    }
  })

  it('days must exist in the calendar', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true)
    for (const day of ['2026-02-29', '2026-02-30', '2026-13-01', '0000-01-01', '9999-99-99']) {
      expect(isCalendarDay(day), day).toBe(false)
      expect(problem(calendarDay(), day), day).toBe('ungültiges Datum')
    }
  })
})

describe('IbanSchema (issue 19)', () => {
  it('accepts SEPA IBANs with spaces and lower case, normalized', () => {
    expect(IbanSchema.parse('de89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000')
    expect(IbanSchema.parse('AT61 1904 3002 3457 3201')).toBe('AT611904300234573201')
    expect(IbanSchema.parse('NL91ABNA0417164300')).toBe('NL91ABNA0417164300')
  })

  it('names the broken rule: format, the country length, the check digits (mod 97)', () => {
    const code = (value: string) => IbanSchema.safeParse(value).error?.issues[0]?.message
    expect(code('')).toBe('required')
    expect(code('1234')).toBe('iban_invalid')
    expect(code('XX89370400440532013000')).toBe('iban_invalid')
    expect(code('DE89 3704 0044 0532 0130')).toBe('iban_length?length=22')
    expect(code('DE89 3704 0044 0532 0130 01')).toBe('iban_checksum')
  })
})

describe('EAN/GTIN and article number (issue 21)', () => {
  const code = (schema: z.ZodTypeAny, value: unknown) => {
    const result = schema.safeParse(value)
    return result.success ? null : result.error.issues[0]?.message
  }

  it('checks the GS1 check digit of EAN-13 and EAN-8', () => {
    expect(isValidGtin('4006381333931')).toBe(true)
    expect(isValidGtin('4006381333932')).toBe(false)
    expect(isValidGtin('96385074')).toBe(true)
    expect(isValidGtin('96385075')).toBe(false)
    expect(isValidGtin('400638133393')).toBe(false)
  })

  it('answers German codes and tolerates spaces', () => {
    expect(EanSchema.parse(' 4006381 333931 ')).toBe('4006381333931')
    expect(code(EanSchema, '')).toBe('required')
    expect(code(EanSchema, '40063813339')).toBe('ean_invalid')
    expect(code(EanSchema, '400638133393X')).toBe('ean_invalid')
    expect(code(EanSchema, '4006381333932')).toBe('ean_checksum_invalid')
    expect(code(ArticleNumberSchema, '1234567')).toBeNull()
    expect(code(ArticleNumberSchema, '0123456')).toBe('article_number_invalid')
    expect(code(ArticleNumberSchema, '12345678')).toBe('article_number_invalid')
  })
})
