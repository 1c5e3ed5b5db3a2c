// Tables of the Campus slice: the universities with their mail domains, and the applications
// (by university e-mail or by an uploaded document) that make a customer a Campus member.
// The membership itself is `customers.student_status` / `student_expiration` (written only by
// the Campus slice); see docs/decisions.md "Campus".
import { sql } from 'drizzle-orm'
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { customers, type StudentStatus } from './account.ts'
import { staffAccounts } from './backoffice.ts'

const at = () => timestamp({ withTimezone: true, mode: 'date' })

/** German and Austrian universities whose mail addresses confirm a Campus registration. */
export const universities = pgTable('universities', {
  id: integer().primaryKey(),
  name: text().notNull(),
  /** ISO country: DE or AT. */
  country: text().$type<'DE' | 'AT'>().notNull(),
  /** Mail domains; subdomains of each count too (student.uni-xyz.de). */
  domains: text().array().notNull(),
  isActive: boolean().notNull().default(true),
})

export type CampusMethod = 'email' | 'document'
export type CampusApplicationStatus = 'pending' | 'approved' | 'rejected' | 'withdrawn' | 'expired'

/**
 * One application: by e-mail (confirmed by the link sent to the university address) or by a
 * document (checked by staff). The document itself lives in the storage port under
 * `documentKey`; only its metadata is here.
 */
export const campusApplications = pgTable(
  'campus_applications',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    method: text().$type<CampusMethod>().notNull(),
    status: text().$type<CampusApplicationStatus>().notNull().default('pending'),
    /** A renewal of a running membership (it stays valid meanwhile). */
    isRenewal: boolean().notNull().default(false),
    /** The customer's status before this application made it pending (restored on expiry). */
    previousStatus: text().$type<StudentStatus>().notNull(),
    // By e-mail
    universityId: integer().references(() => universities.id),
    universityEmail: text(),
    tokenHash: text().unique(),
    tokenExpiresAt: at(),
    // By document
    firstName: text(),
    lastName: text(),
    birthDate: date({ mode: 'string' }),
    studentType: smallint(),
    school: text(),
    validFrom: date({ mode: 'string' }),
    validTo: date({ mode: 'string' }),
    documentKey: text(),
    documentType: text(),
    documentSize: integer(),
    documentSha256: text(),
    documentName: text(),
    documentDeletedAt: at(),
    // Decision
    decidedAt: at(),
    decidedByStaffId: integer().references(() => staffAccounts.id),
    /** End of the membership this application granted. */
    grantedUntil: at(),
    rejectionReason: text(),
    /** When the "renew soon" mail went out for the membership this application granted. */
    renewalReminderSentAt: at(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    index('campus_applications_customer_idx').on(t.customerId, t.createdAt),
    index('campus_applications_queue_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending' and ${t.method} = 'document'`),
    index('campus_applications_email_idx').on(sql`lower(${t.universityEmail})`),
    // At most one open application per customer and method.
    uniqueIndex('campus_applications_open_unique')
      .on(t.customerId, t.method)
      .where(sql`${t.status} = 'pending'`),
  ],
)
