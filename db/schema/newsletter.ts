// Tables of the newsletter slice: subscriptions with double opt-in (one row per address and type).
import { sql } from 'drizzle-orm'
import { index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

const at = () => timestamp({ withTimezone: true, mode: 'date' })

export type NewsletterStatus = 'pending' | 'active' | 'unsubscribed'

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    /** offers, campus, business */
    type: text().notNull(),
    status: text().$type<NewsletterStatus>().notNull().default('pending'),
    /** The form the sign-up came from: newsletter page or checkout. */
    source: text().notNull(),
    /** SHA-256 of the activation token from the double opt-in mail. */
    activationTokenHash: text().notNull(),
    activationExpiresAt: at().notNull(),
    /**
     * Kept in clear: every newsletter mail carries it in its unsubscribe link, and it can do
     * nothing but end this subscription.
     */
    unsubscribeToken: text().notNull().unique(),
    /** The consent text the visitor agreed to (proof of the double opt-in). */
    consentText: text().notNull(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
    activatedAt: at(),
    unsubscribedAt: at(),
  },
  (t) => [
    uniqueIndex('newsletter_email_type_unique').on(sql`lower(${t.email})`, t.type),
    uniqueIndex('newsletter_activation_token_unique').on(t.activationTokenHash),
    index('newsletter_status_idx').on(t.status),
  ],
)
