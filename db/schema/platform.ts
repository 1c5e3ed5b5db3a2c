// Tables of the shared platform: sessions, the mail outbox and rate-limit counters.
import { sql } from 'drizzle-orm'
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { customers } from './account.ts'

const at = () => timestamp({ withTimezone: true, mode: 'date' })

/**
 * A visitor's session. The cookie carries a random token; the table keeps only its SHA-256,
 * so a copy of the table cannot be replayed as cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    customerId: integer().references(() => customers.id, { onDelete: 'cascade' }),
    /** Until then the login is full; afterwards it is soft until expiresAt. */
    fullLoginExpiresAt: at(),
    expiresAt: at().notNull(),
    createdAt: at().notNull().defaultNow(),
    lastSeenAt: at().notNull().defaultNow(),
    /** Small per-session state owned by slices (e.g. a pending two-factor login). */
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('sessions_customer_idx').on(t.customerId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
)

export type MailStatus = 'queued' | 'sending' | 'sent' | 'failed'

/** Every mail the shop sends goes here first; a job delivers it over SMTP when configured. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial().primaryKey(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    /** What the mail is for (two_fa, password_reset, ...), for the dev mailbox and logs. */
    kind: text().notNull(),
    status: text().$type<MailStatus>().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: at().notNull().defaultNow(),
    lastError: text(),
    createdAt: at().notNull().defaultNow(),
    sentAt: at(),
    /** Start of the latest delivery attempt. */
    lastAttemptAt: at(),
    /**
     * While 'sending': the claim's lease. A sender that died mid-send leaves the row 'sending';
     * once the lease has run out another sender takes it again (at-least-once delivery).
     */
    claimedUntil: at(),
  },
  (t) => [
    index('mail_outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    index('mail_outbox_to_idx').on(t.to),
    // Mails not (yet) delivered: expired claims and the back office's list of problems.
    index('mail_outbox_unsent_idx').on(t.createdAt).where(sql`${t.status} <> 'sent'`),
  ],
)

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' })

/** Files sent with a mail (invoices, e-invoices), copied so the mail stands alone. */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    id: serial().primaryKey(),
    mailId: integer()
      .notNull()
      .references(() => mailOutbox.id, { onDelete: 'cascade' }),
    filename: text().notNull(),
    contentType: text().notNull(),
    content: bytea().notNull(),
  },
  (t) => [index('mail_attachments_mail_idx').on(t.mailId)],
)

/** Fixed-window counters for rate limits: one row per key and window. */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  count: integer().notNull().default(0),
  expiresAt: at().notNull(),
})
