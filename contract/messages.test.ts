import { describe, expect, it } from 'vitest'
import { isMessageCode, m, messagesDe, parseMessage, translate } from './messages.de.ts'

describe('message catalogue', () => {
  it('has the general texts of the spec', () => {
    expect(messagesDe.required).toBe('Dies ist ein Pflichtfeld.')
    expect(messagesDe.invalid).toBe('Ungültige Eingabe.')
    expect(messagesDe.general_error).toBe(
      'Leider kam es zu einem technischen Problem. Bitte versuche es erneut.',
    )
    expect(messagesDe.cart_unexpected_error).toBe(
      'Es ist ein unerwarteter Fehler aufgetreten, bitte versuche es jetzt oder später erneut.',
    )
  })

  it('carries parameters through m() and fills them in', () => {
    const raw = m('min_length', { length: 2 })
    expect(parseMessage(raw)).toEqual({ code: 'min_length', params: { length: '2' } })
    expect(translate(raw)).toBe('Bitte gib mindestens 2 Zeichen ein.')
    expect(translate('max_chars', { length: 30 })).toBe('Maximal 30 Zeichen.')
    expect(translate('login_blocked', { m: 4, s: '05' })).toBe(
      'Es gab zu viele erfolglose Anmeldeversuche. Bitte warte 4:05 Minuten, bis du dich erneut einloggen kannst.',
    )
  })

  it('falls back to the general error for unknown codes', () => {
    expect(isMessageCode('no_such_code')).toBe(false)
    expect(translate('no_such_code')).toBe(messagesDe.general_error)
    expect(translate('no_such_code', undefined, 'not_found')).toBe(messagesDe.not_found)
  })

  it('has one wording for the general error (account-area §8)', () => {
    const general = messagesDe.general_error
    const same = Object.entries(messagesDe).filter(([, text]) => text === general)
    // Codes the API answers with their own name may share the text; no other general wording.
    expect(same.map(([code]) => code).sort()).toEqual(['general_error', 'two_fa_resend_failed'])
    for (const [code, text] of Object.entries(messagesDe)) {
      if (code !== 'cart_unexpected_error') expect(text, code).not.toMatch(/unerwarteter Fehler/)
    }
  })

  it('has no empty text', () => {
    for (const [code, text] of Object.entries(messagesDe)) expect(text.trim(), code).not.toBe('')
  })
})
