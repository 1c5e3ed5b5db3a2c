import { describe, expect, it } from 'vitest'
import { isMessageCode, m, messagesDe, parseMessage, translate } from './messages.de.ts'

describe('message catalogue', () => {
  it('has the general texts of the spec', () => {
    expect(messagesDe.required).toBe('Dies ist ein Pflichtfeld.')
    expect(messagesDe.invalid).toBe('Ungültige Eingabe.')
    expect(messagesDe.general_error).toBe(
      'Es ist ein unerwarteter Fehler aufgetreten, bitte versuche es jetzt oder später erneut.',
    )
    expect(messagesDe.technical_problem).toBe(
      'Leider kam es zu einem technischen Problem. Bitte versuche es erneut.',
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
    expect(translate('no_such_code', undefined, 'technical_problem')).toBe(
      messagesDe.technical_problem,
    )
  })

  it('has no empty text', () => {
    for (const [code, text] of Object.entries(messagesDe)) expect(text.trim(), code).not.toBe('')
  })
})
