// German texts for codes, and the text for an error answer of the API.
import { type MessageCode, type MessageParams, translate } from '#contract/messages.de.ts'

export type { MessageCode }

export function t(code: string, params?: MessageParams): string {
  return translate(code, params)
}

/** The text for a failed call: its code's text, else the fallback (general error). */
export function errorText(error: unknown, fallback: MessageCode = 'general_error'): string {
  if (error && typeof error === 'object' && 'body' in error) {
    const body = (error as { body: unknown }).body
    if (body && typeof body === 'object' && 'code' in body && typeof body.code === 'string') {
      return translate(body.code, undefined, fallback)
    }
  }
  return translate(fallback)
}

/** The error code of a failed call, if it carries one. */
export function errorCode(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'body' in error) {
    const body = (error as { body: unknown }).body
    if (body && typeof body === 'object' && 'code' in body && typeof body.code === 'string')
      return body.code
  }
  return undefined
}
