// Tables of the wishlist slice ("Merkzettel"): one list per owner (a customer, or a guest's
// session, merged into the customer's list at login) and the products on it.
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

export const wishlists = pgTable(
  'wishlists',
  {
    id: serial().primaryKey(),
    customerId: integer().references(() => customers.id, { onDelete: 'cascade' }),
    sessionId: text().references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wishlists_customer_unique').on(t.customerId),
    uniqueIndex('wishlists_session_unique').on(t.sessionId),
    check('wishlists_one_owner', sql`num_nonnulls(${t.customerId}, ${t.sessionId}) = 1`),
  ],
)

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    wishlistId: integer()
      .notNull()
      .references(() => wishlists.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    addedAt: at().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.wishlistId, t.productId] }),
    index('wishlist_items_product_idx').on(t.productId),
  ],
)
