// Tables of the reviews slice (issue 22): one review per customer and product (editable by its
// author, shown only once staff published it), comments on published reviews and "Hilfreich"
// votes (one per customer and review). The rules live in server/reviews.
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { customers } from './account.ts'
import { products } from './catalog.ts'

const at = () => timestamp({ withTimezone: true, mode: 'date' })

export type ReviewStatus = 'pending' | 'published' | 'rejected'

export const reviews = pgTable(
  'reviews',
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Shown name, taken when written: first name and the initial of the last name ("Max M."). */
    authorName: text().notNull(),
    rating: smallint().notNull(),
    title: text().notNull(),
    text: text().notNull(),
    status: text().$type<ReviewStatus>().notNull().default('pending'),
    /** Staff's reason of a rejection (the author sees it); null otherwise. */
    rejectionReason: text(),
    /** The customer had an order with this product when writing or last editing it. */
    verifiedPurchase: boolean().notNull().default(false),
    /** "Hilfreich" votes, kept beside review_votes for sorting. */
    helpfulCount: integer().notNull().default(0),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
    /** First publication; null while never published. */
    publishedAt: at(),
    moderatedAt: at(),
  },
  (t) => [
    uniqueIndex('reviews_product_customer_unique').on(t.productId, t.customerId),
    index('reviews_product_status_idx').on(t.productId, t.status, t.createdAt.desc()),
    index('reviews_status_idx').on(t.status, t.createdAt),
    index('reviews_customer_idx').on(t.customerId),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('reviews_status_check', sql`${t.status} in ('pending','published','rejected')`),
    check('reviews_helpful_not_negative', sql`${t.helpfulCount} >= 0`),
  ],
)

export const reviewComments = pgTable(
  'review_comments',
  {
    id: serial().primaryKey(),
    reviewId: integer()
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    authorName: text().notNull(),
    text: text().notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [index('review_comments_review_idx').on(t.reviewId, t.createdAt)],
)

export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: integer()
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.customerId] }),
    index('review_votes_customer_idx').on(t.customerId),
  ],
)
