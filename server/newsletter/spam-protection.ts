// Spam protection per form type (storefront section 9): after a submit, the same form is refused
// for its minutes, counted in Postgres per visitor (session) and per further key (e.g. e-mail).
import { SPAM_PROTECTION_MINUTES, type SpamFormType } from '#contract/spam-protection.ts'
import type { DbOrTx } from '#db/client.ts'
import { hitRateLimit } from '#server/platform/rate-limit.ts'
import { err, ok, type Result } from '#server/platform/result.ts'

export type SpamBlocked = { minutes: number }

/**
 * Counts a submit of `formType` for every key; refused while any key submitted the form within
 * the form's minutes. Keys are e.g. the session id and the lowercased e-mail address.
 */
export async function checkSpamProtection(
  db: DbOrTx,
  input: { formType: SpamFormType; keys: string[]; now: Date },
): Promise<Result<void, 'spam_protection', SpamBlocked>> {
  const minutes = SPAM_PROTECTION_MINUTES[input.formType]
  for (const key of input.keys) {
    const hit = await hitRateLimit(db, `spam:${input.formType}:${key}`, {
      limit: 1,
      windowSeconds: minutes * 60,
      now: input.now,
    })
    if (!hit.allowed) {
      const left = Math.max(1, Math.ceil((hit.resetAt.getTime() - input.now.getTime()) / 60_000))
      return err('spam_protection', { minutes: left })
    }
  }
  return ok(undefined)
}
