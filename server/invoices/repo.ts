// The invoices slice's tables: issued documents, the number series, e-invoice preferences.
import { and, asc, eq, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '#db/client.ts'
import { invoiceNumberSeries, invoicePreferences, invoices } from '#db/schema/invoices.ts'
import type { EInvoiceFormat, InvoiceKind } from './document.ts'

/**
 * The next number of a series, taken inside the issuing transaction: the upsert locks the series
 * row until commit, so concurrent issuers queue and a rollback returns the number (no gaps).
 */
export async function takeNumber(tx: Tx, series: string): Promise<number> {
  const [row] = await tx
    .insert(invoiceNumberSeries)
    .values({ series, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceNumberSeries.series,
      set: { lastNumber: sql`${invoiceNumberSeries.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceNumberSeries.lastNumber })
  if (!row) throw new Error('invoice number series returned nothing')
  return row.lastNumber
}

export type InvoiceRow = typeof invoices.$inferSelect

export async function invoiceOfDelivery(db: DbOrTx, deliveryId: number) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.deliveryId, deliveryId), eq(invoices.kind, 'invoice')))
  return row ?? null
}

export async function creditNoteOf(db: DbOrTx, refundId: string, precedingInvoiceId: number) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.kind, 'credit_note'),
        eq(invoices.refundId, refundId),
        eq(invoices.precedingInvoiceId, precedingInvoiceId),
      ),
    )
  return row ?? null
}

export async function insertInvoice(tx: Tx, values: typeof invoices.$inferInsert) {
  const [row] = await tx.insert(invoices).values(values).returning()
  if (!row) throw new Error('invoice insert returned nothing')
  return row
}

/** The documents of an order with their frozen data but without the PDF, oldest first. */
export async function invoicesOfOrder(db: DbOrTx, orderId: number) {
  return db
    .select({
      id: invoices.id,
      number: invoices.number,
      kind: invoices.kind,
      deliveryId: invoices.deliveryId,
      issuedAt: invoices.issuedAt,
      grossCents: invoices.grossCents,
      document: invoices.document,
    })
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoices.id))
}

export async function invoiceById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id))
  return row ?? null
}

export async function invoiceByNumber(db: DbOrTx, number: string) {
  const [row] = await db.select().from(invoices).where(eq(invoices.number, number))
  return row ?? null
}

export async function preferencesOf(db: DbOrTx, customerId: number) {
  const [row] = await db
    .select()
    .from(invoicePreferences)
    .where(eq(invoicePreferences.customerId, customerId))
  return row ?? null
}

export async function savePreferences(
  db: DbOrTx,
  values: { customerId: number; format: EInvoiceFormat; buyerReference: string | null; at: Date },
) {
  await db
    .insert(invoicePreferences)
    .values({
      customerId: values.customerId,
      format: values.format,
      buyerReference: values.buyerReference,
      updatedAt: values.at,
    })
    .onConflictDoUpdate({
      target: invoicePreferences.customerId,
      set: { format: values.format, buyerReference: values.buyerReference, updatedAt: values.at },
    })
}

export type { InvoiceKind }
