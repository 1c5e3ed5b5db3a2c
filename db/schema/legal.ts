// Tables of the legal slice (issue 20): every saved version of the shop's legal texts.
// Append-only: a save inserts the next version; migration 0018 adds a trigger refusing UPDATE,
// DELETE and TRUNCATE, so a text an order was made under can always be shown again.
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

const at = () => timestamp({ withTimezone: true, mode: 'date' })

export const legalTextVersions = pgTable(
  'legal_text_versions',
  {
    id: serial().primaryKey(),
    /** imprint, conditions, withdrawal, privacy, shipping (contract/legal.ts). */
    section: text().notNull(),
    /** 1, 2, 3, … per section. */
    version: integer().notNull(),
    title: text().notNull(),
    /** The text in the line markup of contract/legal-markup.ts. */
    body: text().notNull(),
    createdAt: at().notNull().defaultNow(),
    /** The member of staff who saved it (null: the seeded template). No foreign key: the
     * version outlives staff accounts, and the e-mail below keeps the author readable. */
    createdByStaffId: integer(),
    createdByEmail: text().notNull(),
  },
  (t) => [
    uniqueIndex('legal_text_versions_section_version_unique').on(t.section, t.version),
    index('legal_text_versions_section_idx').on(t.section, t.version.desc()),
  ],
)
