// Customers: private and business, full and light accounts (account-area section 3).
import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
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
