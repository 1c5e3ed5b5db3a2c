// The German text of a failed checkout call, with the message's placeholders filled.
import { type MessageCode, translate } from '#contract/messages.de.ts'

/** The text of a failed checkout call, its placeholders filled from the answer's `params`. */
export function problemText(error: unknown, fallback: MessageCode = 'general_error'): string {
  const body =
    error && typeof error === 'object' && 'body' in error
      ? (error as { body: unknown }).body
      : undefined
  if (body && typeof body === 'object' && 'code' in body && typeof body.code === 'string') {
    const params = 'params' in body && body.params && typeof body.params === 'object'
    return translate(
      body.code,
      params ? (body.params as Record<string, string | number>) : undefined,
      fallback,
    )
  }
  return translate(fallback)
}
