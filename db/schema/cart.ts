// Tables of the cart slice: one cart per owner (a customer, or a guest's session) and its lines.
// Prices are never stored: every read prices the lines from the catalog.
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
import { products, productWarranties } from './catalog.ts'
import { sessions } from './platform.ts'

const at = () => timestamp({ withTimezone: true, mode: 'date' })

/**
 * A cart belongs to exactly one owner: a customer (it follows them across devices) or a guest's
 * session (it ends with the session; at login it is merged into the customer's cart).
 */
export const carts = pgTable(
  'carts',
  {
    id: serial().primaryKey(),
    customerId: integer().references(() => customers.id, { onDelete: 'cascade' }),
    sessionId: text().references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carts_customer_unique').on(t.customerId),
    uniqueIndex('carts_session_unique').on(t.sessionId),
    check('carts_one_owner', sql`num_nonnulls(${t.customerId}, ${t.sessionId}) = 1`),
  ],
)

/**
 * One product in a cart. The chosen warranty is a child line of the product: it is kept on the
 * product's row, so it always has the product's quantity and goes when the product goes.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    cartId: integer()
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    warrantyId: integer().references(() => productWarranties.id, { onDelete: 'set null' }),
    addedAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.productId] }),
    index('cart_items_product_idx').on(t.productId),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
)
