// Tables of the back office's access: staff accounts, separate from customers, their
// sessions (own table, own cookie) and the audit log of every staff action.
import { sql } from 'drizzle-orm'
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

const at = () => timestamp({ withTimezone: true, mode: 'date' })

/**
 * A member of staff. `role` is a plain text: the roles the code knows (contract/backoffice-access.ts) grant
 * calls; any other value grants none. Accounts are disabled, never deleted (the audit log names
 * them).
 */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    name: text().notNull(),
    role: text().notNull(),
    passwordHash: text().notNull(),
    disabledAt: at(),
    lastLoginAt: at(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_accounts_email_unique').on(sql`lower(${t.email})`)],
)

/**
 * A back-office session. The `staff_sid` cookie holds a random token; the row is keyed by its
 * SHA-256. It starts unverified (password given, e-mailed code open) and becomes verified with
 * the code, under a new id.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text().primaryKey(),
    staffId: integer()
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    verifiedAt: at(),
    codeHash: text(),
    codeExpiresAt: at(),
    codeFailedAttempts: smallint().notNull().default(0),
    codeSendCount: smallint().notNull().default(1),
    /** Absolute end; the idle limit is checked against lastSeenAt. */
    expiresAt: at().notNull(),
    lastSeenAt: at().notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [
    index('staff_sessions_staff_idx').on(t.staffId),
    index('staff_sessions_expires_idx').on(t.expiresAt),
  ],
)

/** Who did what, when, to which record, with the record before and after. Append-only. */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: at().notNull(),
    /** Null for failed logins of unknown addresses. */
    staffId: integer().references(() => staffAccounts.id),
    /** The e-mail at the time (stays readable if the account changes). */
    staffEmail: text().notNull(),
    action: text().notNull(),
    entityType: text(),
    entityId: text(),
    before: jsonb(),
    after: jsonb(),
    requestId: text(),
    ip: text(),
  },
  (t) => [
    index('staff_audit_log_at_idx').on(t.at),
    index('staff_audit_log_entity_idx').on(t.entityType, t.entityId),
    index('staff_audit_log_staff_idx').on(t.staffId, t.at),
  ],
)
