// Tables of the invoices slice (issue 20): invoices and credit notes as issued documents, the
// gap-free number series, and a business customer's choice of e-invoice format. Issued documents
// are never changed: migration 0020 adds a trigger refusing UPDATE and DELETE on `invoices`
// (GoBD: an issued invoice is archived unchanged; a correction is a credit note).
import { sql } from 'drizzle-orm'
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { EInvoiceFormat, InvoiceDocument, InvoiceKind } from '#server/invoices/index.ts'
import { customers } from './account.ts'
import { orderDeliveries, orders } from './orders.ts'

const at = () => timestamp({ withTimezone: true, mode: 'date' })
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' })

/**
 * One row per series ("RE-2026", "GS-2026"): the last number given. Taking a number updates the
 * row inside the issuing transaction, so concurrent issuers queue on its lock and a rollback gives
 * the number back: the series has no gaps.
 */
export const invoiceNumberSeries = pgTable('invoice_number_series', {
  series: text().primaryKey(),
  lastNumber: integer().notNull(),
})

/** An issued invoice (per delivery, at shipping) or credit note (per refund and invoice). */
export const invoices = pgTable(
  'invoices',
  {
    id: serial().primaryKey(),
    /** "RE-2026-000001" / "GS-2026-000001". */
    number: text().notNull(),
    kind: text().$type<InvoiceKind>().notNull(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** The delivery invoiced (invoices) or whose invoice is corrected (credit notes). */
    deliveryId: integer().references(() => orderDeliveries.id, { onDelete: 'restrict' }),
    /** Credit notes: the refund they document (orders.order_refunds.id). */
    refundId: uuid(),
    /** Credit notes: the invoice they correct. */
    precedingInvoiceId: integer(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    issuedAt: at().notNull(),
    grossCents: integer().notNull(),
    vatCents: integer().notNull(),
    /** Everything the documents show, frozen at issue. */
    document: jsonb().$type<InvoiceDocument>().notNull(),
    /** The visual PDF/A-3b as issued; the ZUGFeRD hybrid and the XRechnung are made from it and
     * the frozen document on demand. */
    pdf: bytea().notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_unique').on(t.number),
    uniqueIndex('invoices_delivery_unique').on(t.deliveryId).where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('invoices_refund_unique')
      .on(t.refundId, t.precedingInvoiceId)
      .where(sql`${t.kind} = 'credit_note'`),
    index('invoices_order_idx').on(t.orderId, t.id),
    check('invoices_kind_check', sql`${t.kind} in ('invoice','credit_note')`),
    check('invoices_gross_not_negative', sql`${t.grossCents} >= 0`),
  ],
)

/** A business customer's e-invoice choice and buyer reference (Leitweg-ID of public buyers). */
export const invoicePreferences = pgTable(
  'invoice_preferences',
  {
    customerId: integer()
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    format: text().$type<EInvoiceFormat>().notNull().default('pdf'),
    buyerReference: text(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    check('invoice_preferences_format_check', sql`${t.format} in ('pdf','zugferd','xrechnung')`),
  ],
)
