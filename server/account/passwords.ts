// The common-password check: the spec's rules plus a list of the most used passwords, refused
// with password_not_secure. Case does not help ("PASSWORT1" is "passwort1"), nor do digits or
// symbols around a listed word ("Sommer2024!").
import { readFileSync } from 'node:fs'

let common: Set<string> | undefined

function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line !== '' && !line.startsWith('#')),
  )
  return common
}

export function isCommonPassword(password: string): boolean {
  const list = commonPasswords()
  const lower = password.trim().toLowerCase()
  if (list.has(lower)) return true
  const word = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')
  return word.length > 0 && list.has(word)
}
