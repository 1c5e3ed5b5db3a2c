// The text of a failed Campus registration (account-area §8): the server's errorMsg when the
// answer carries one, else the text of its code, else the given fallback.
import type { MessageCode } from '#contract/messages.de.ts'
import { failedResponse } from '#web/features/account/index.ts'
import { t } from '#web/lib/messages.ts'

export function campusErrorText(error: unknown, fallback: MessageCode = 'general_error'): string {
  const response = failedResponse(error)
  const body = response?.body
  if (response && response.status < 500 && body) {
    if (typeof body.errorMsg === 'string' && body.errorMsg) return body.errorMsg
    if (typeof body.code === 'string' && response.status !== 400) return t(body.code)
  }
  return t(fallback)
}
