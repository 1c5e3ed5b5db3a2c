// Tables of the credit-cards slice: cards a customer chose to keep for later (issue 8; checkout
// saves one when the customer ticks the box). Only the provider's alias and the safe fields are
// stored, never a card number.
import {
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

export const storedCards = pgTable(
  'stored_cards',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The payment provider's alias for the card. */
    alias: text().notNull(),
    /** visa | mastercard | amex | diners | discover */
    brand: text().notNull(),
    /** e.g. "411111******1111"; shown masked except the last group. */
    maskedNumber: text().notNull(),
    expiryMonth: smallint().notNull(),
    expiryYear: smallint().notNull(),
    holder: text().notNull(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('stored_cards_customer_idx').on(t.customerId),
    uniqueIndex('stored_cards_customer_alias_unique').on(t.customerId, t.alias),
  ],
)
