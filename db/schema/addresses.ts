// Countries and their lists (billing/delivery x private/business), and the customers' addresses.
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { customers } from './account.ts'

/** Country ids follow the shop's numbering: Deutschland 81, Österreich 14, ... */
export const countries = pgTable('countries', {
  id: integer().primaryKey(),
  iso2: text().notNull().unique(),
  name: text().notNull(),
  isEu: boolean().notNull().default(true),
  sortOrder: smallint().notNull().default(100),
  billingPrivate: boolean().notNull().default(true),
  billingBusiness: boolean().notNull().default(true),
  deliveryPrivate: boolean().notNull().default(true),
  deliveryBusiness: boolean().notNull().default(true),
})

export type AddressType = 'normal' | 'packstation' | 'paketshop'

/**
 * Billing (isDefault = true, one per customer) and delivery addresses (account-area section 3).
 * Created by registration (business and guest billing address) and the address book (issue 5).
 */
export const addresses = pgTable(
  'addresses',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    company: text(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    streetName: text().notNull(),
    streetNumber: text().notNull(),
    zipCode: text().notNull(),
    cityName: text().notNull(),
    countryId: integer()
      .notNull()
      .references(() => countries.id),
    /** DHL post number of a Packstation address (its station number is the house number). */
    postNumber: text(),
    type: text().$type<AddressType>().notNull().default('normal'),
    /** true: the billing (invoice) address; false: a delivery address. */
    isDefault: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_customer_idx').on(t.customerId),
    uniqueIndex('addresses_one_billing_per_customer').on(t.customerId).where(sql`${t.isDefault}`),
    check('addresses_type_check', sql`${t.type} in ('normal', 'packstation', 'paketshop')`),
    // Packstation and PaketShop receive parcels only: never the billing address.
    check('addresses_billing_is_normal', sql`not ${t.isDefault} or ${t.type} = 'normal'`),
  ],
)
