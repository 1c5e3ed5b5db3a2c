// The Campus calls answer failures in the spec's shape (successful, error, errorMsg, errorData)
// and, like every call of the shop, with code and message.
import { type MessageCode, translate } from '#contract/messages.de.ts'

export type CampusErrorData = { possibleRenewalDate: string; universityEmail: string }

export function campusFailure<C extends MessageCode>(
  code: C,
  extra: { errorData?: CampusErrorData; errorFields?: Record<string, string> } = {},
) {
  const message = translate(code, extra.errorData)
  return {
    code,
    message,
    successful: false as const,
    error: code,
    errorMsg: message,
    ...(extra.errorData ? { errorData: extra.errorData } : {}),
    ...(extra.errorFields ? { errorFields: extra.errorFields } : {}),
  }
}
