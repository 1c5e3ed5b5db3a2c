// Countries and their lists (billing/delivery x private/business).
import { boolean, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core'

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
