// Customers: private and business, full and light accounts (account-area section 3), and what
// login needs: trusted devices (two-factor), pending two-factor codes and password-reset links.
import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  pgSequence,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

const at = () => timestamp({ withTimezone: true, mode: 'date' })

export type CustomerType = 'private' | 'business'
export type BusinessType = 'consumer' | 'reseller'
export type StudentStatus =
  | 'unknown'
  | 'pending'
  | 'valid'
  | 'valid_near_expire'
  | 'expired'
  | 'deactivated'

/** Customer numbers "K" + this sequence; the demo customers hold K100001 and K100002. */
export const customerNumberSeq = pgSequence('customer_number_seq', { startWith: 100101 })

/**
 * One row per account. `id` is the spec's user id; a light account (guest-converted) has no
 * customer number, and the wire field `customerId` is 0 for it until it converts.
 */
export const customers = pgTable(
  'customers',
  {
    id: serial().primaryKey(),
    customerNumber: text().unique(),
    isLight: boolean().notNull().default(false),
    customerType: text().$type<CustomerType>().notNull().default('private'),
    email: text().notNull(),
    emailConfirmedAt: at(),
    passwordHash: text(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    businessFormId: smallint().notNull().default(0),
    businessType: text().$type<BusinessType>(),
    companyName: text(),
    ownerFirstName: text(),
    ownerLastName: text(),
    vatId: text(),
    studentStatus: text().$type<StudentStatus>().notNull().default('unknown'),
    studentExpiration: at(),
    passwordChangedAt: at(),
    /** When a light account became a full customer (its first address, issue 5). */
    convertedAt: at(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    // One full account per e-mail; light accounts may share an e-mail with anyone.
    uniqueIndex('customers_email_full_unique')
      .on(sql`lower(${t.email})`)
      .where(sql`not ${t.isLight}`),
    index('customers_email_idx').on(sql`lower(${t.email})`),
  ],
)

/**
 * Browsers that passed the e-mailed code for an account. The `did` cookie holds a random token;
 * only its SHA-256 is stored. A login from a trusted browser needs no code.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    createdAt: at().notNull().defaultNow(),
    lastUsedAt: at().notNull().defaultNow(),
    expiresAt: at().notNull(),
  },
  (t) => [uniqueIndex('trusted_devices_customer_token_unique').on(t.customerId, t.tokenHash)],
)

/** A login waiting for its e-mailed 6-digit code; bound to the session that gave the password. */
export const twoFaChallenges = pgTable(
  'two_fa_challenges',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The session id (token hash) that gave the right password. */
    sessionId: text().notNull(),
    codeHash: text().notNull(),
    expiresAt: at().notNull(),
    /** Wrong codes given for this challenge; at the limit it is dead. */
    failedAttempts: smallint().notNull().default(0),
    /** Mails sent for this challenge (first one included). */
    sendCount: smallint().notNull().default(1),
    lastSentAt: at().notNull(),
    consumedAt: at(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [
    index('two_fa_challenges_session_idx').on(t.sessionId),
    index('two_fa_challenges_customer_idx').on(t.customerId),
  ],
)

/** Single-use password-reset links; the mail carries the token, the table its SHA-256. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    expiresAt: at().notNull(),
    usedAt: at(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [index('password_resets_customer_idx').on(t.customerId)],
)
