// Tables of the comparison slice ("Produktvergleich"): one list per owner (a customer, or a
// guest's session, merged into the customer's list at login) and the products on it, at most
// four of one category (the rule lives in server/comparison).
import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { customers } from './account.ts'
import { products } from './catalog.ts'
import { sessions } from './platform.ts'

const at = () => timestamp({ withTimezone: true, mode: 'date' })

export const comparisonLists = pgTable(
  'comparison_lists',
  {
    id: serial().primaryKey(),
    customerId: integer().references(() => customers.id, { onDelete: 'cascade' }),
    sessionId: text().references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('comparison_lists_customer_unique').on(t.customerId),
    uniqueIndex('comparison_lists_session_unique').on(t.sessionId),
    check('comparison_lists_one_owner', sql`num_nonnulls(${t.customerId}, ${t.sessionId}) = 1`),
  ],
)

export const comparisonItems = pgTable(
  'comparison_items',
  {
    listId: integer()
      .notNull()
      .references(() => comparisonLists.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    addedAt: at().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.productId] }),
    index('comparison_items_product_idx').on(t.productId),
  ],
)
