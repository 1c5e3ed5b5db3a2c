// Newsletter with double opt-in: a sign-up is pending until the link in the mail is opened.
// The answer never tells whether an address is known, and an active subscriber gets no new mail.
import { createHash, randomBytes } from 'node:crypto'
import { newsletterMailsDe } from '#contract/mails.de.ts'
import {
  NEWSLETTER_ACTIVATION_DAYS,
  NEWSLETTER_TYPES,
  type NewsletterType,
  newsletterConsentText,
} from '#contract/newsletter.ts'
import { fillText } from '#contract/text.ts'
import type { Clock } from '#server/platform/clock.ts'
import type { AppContext } from '#server/platform/http.ts'
import type { Job } from '#server/platform/jobs.ts'
import { enqueueMail } from '#server/platform/mail/outbox.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import * as repo from './repo.ts'
import { checkSpamProtection, type SpamBlocked } from './spam-protection.ts'

/** The double opt-in mail's texts (contract/mails.de.ts). */
function optInMail(type: string, link: string) {
  const texts = newsletterMailsDe.doubleOptIn
  const params = { type, days: NEWSLETTER_ACTIVATION_DAYS }
  return {
    subject: texts.subject,
    greeting: texts.greeting,
    paragraphs: texts.paragraphs.map((text) => fillText(text, params)),
    action: { label: texts.action, url: link },
    footer: [...texts.footer],
  }
}

/** The welcome mail's texts (contract/mails.de.ts). */
function welcomeMail(type: string, unsubscribeUrl: string) {
  const texts = newsletterMailsDe.welcome
  return {
    subject: texts.subject,
    greeting: texts.greeting,
    paragraphs: texts.paragraphs.map((text) => fillText(text, { type })),
    action: { label: texts.action, url: unsubscribeUrl },
  }
}

function token(): string {
  return randomBytes(24).toString('base64url')
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

function typeLabel(type: string): string {
  return NEWSLETTER_TYPES.find((entry) => entry.value === type)?.label ?? type
}

export type SubscribeInput = {
  email: string
  type: NewsletterType
  formType: 'newsletter' | 'checkout_newsletter'
  /** The visitor's session id, one of the spam protection keys. */
  sessionId: string
}

export async function subscribe(
  ctx: AppContext,
  input: SubscribeInput,
): Promise<Result<void, 'spam_protection', SpamBlocked>> {
  const now = ctx.clock.now()
  const email = input.email.trim()
  const spam = await checkSpamProtection(ctx.db, {
    formType: input.formType,
    keys: [`session:${input.sessionId}`, `email:${email.toLowerCase()}`],
    now,
  })
  if (!spam.ok) return spam
  await ctx.db.transaction(async (tx) => {
    const existing = await repo.findByEmailAndType(tx, email, input.type)
    if (existing?.status === 'active') return
    const activation = token()
    const fields = {
      status: 'pending' as const,
      source: input.formType,
      activationTokenHash: sha256(activation),
      activationExpiresAt: new Date(now.getTime() + NEWSLETTER_ACTIVATION_DAYS * 86_400_000),
      consentText: newsletterConsentText(input.type),
      updatedAt: now,
    }
    if (existing) {
      await repo.updateSubscription(tx, existing.id, { ...fields, unsubscribedAt: null })
    } else {
      await repo.insertSubscription(tx, {
        ...fields,
        email,
        type: input.type,
        unsubscribeToken: token(),
        createdAt: now,
      })
    }
    const link = `${ctx.config.publicUrl}/newsletter/aktivieren?token=${activation}`
    await enqueueMail(tx, {
      to: email,
      kind: 'newsletter_double_opt_in',
      ...optInMail(typeLabel(input.type), link),
    })
  })
  return ok(undefined)
}

/** Activates a pending sign-up; opening the link again after success succeeds again. */
export async function activate(
  ctx: AppContext,
  activationToken: string,
): Promise<Result<void, 'newsletter_activation_failed'>> {
  const now = ctx.clock.now()
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findByActivationHash(tx, sha256(activationToken))
    if (!row || row.status === 'unsubscribed') return err('newsletter_activation_failed')
    if (row.status === 'active') return ok(undefined)
    if (row.activationExpiresAt <= now) return err('newsletter_activation_failed')
    await repo.updateSubscription(tx, row.id, {
      status: 'active',
      activatedAt: now,
      updatedAt: now,
    })
    await enqueueMail(tx, {
      to: row.email,
      kind: 'newsletter_welcome',
      ...welcomeMail(
        typeLabel(row.type),
        `${ctx.config.publicUrl}/newsletter/abmelden?token=${row.unsubscribeToken}`,
      ),
    })
    return ok(undefined)
  })
}

export async function unsubscribe(
  ctx: AppContext,
  unsubscribeToken: string,
): Promise<Result<void, 'newsletter_unsubscribe_failed'>> {
  const now = ctx.clock.now()
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findByUnsubscribeToken(tx, unsubscribeToken)
    if (!row) return err('newsletter_unsubscribe_failed')
    if (row.status !== 'unsubscribed') {
      await repo.updateSubscription(tx, row.id, {
        status: 'unsubscribed',
        unsubscribedAt: now,
        updatedAt: now,
      })
    }
    return ok(undefined)
  })
}

/** Housekeeping of the slice, for the app's job runner (main.ts). */
export function newsletterJobs(clock: Clock): Job[] {
  return [
    {
      name: 'purge-unconfirmed-newsletter-signups',
      everyMs: 60 * 60 * 1000,
      run: (tx) => repo.deleteExpiredPending(tx, clock.now()),
    },
  ]
}
