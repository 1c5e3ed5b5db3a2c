// Issuing invoices and credit notes (issue 20). The orders slice hands over a draft (the gross
// amounts as the order stored them) inside its transaction; this slice numbers it gap-free,
// freezes the document, renders the PDF/A and returns the files for the mail (ZUGFeRD or
// XRechnung as the business customer chose). Issuing the same delivery or refund again returns what was issued.
import type { DbOrTx, Tx } from '#db/client.ts'
import { berlinDay, buildInvoiceDocument, type InvoiceDraft } from './build.ts'
import type { EInvoiceFormat, InvoiceDocument } from './document.ts'
import { facturXPdf, xrechnungXml } from './einvoice.ts'
import { documentTitle, renderInvoicePdf } from './pdf.ts'
import * as repo from './repo.ts'
import { SELLER } from './seller.ts'

export type InvoiceFile = { filename: string; contentType: string; content: Buffer }

export type IssuedInvoice = {
  id: number
  number: string
  kind: 'invoice' | 'credit_note'
  /** What goes with the customer's mail: the PDF, and the XRechnung XML where chosen. */
  files: InvoiceFile[]
}

function fileBase(doc: InvoiceDocument): string {
  return `${doc.kind === 'credit_note' ? 'Rechnungskorrektur' : 'Rechnung'}_${doc.number}`
}

/** The formats a customer may download: PDF for everyone, e-invoices for business customers. */
export function formatsFor(doc: InvoiceDocument): EInvoiceFormat[] {
  return doc.buyer.customerType === 'business' ? ['pdf', 'zugferd', 'xrechnung'] : ['pdf']
}

/** One document in one format, from what was stored at issue. */
export async function invoiceFile(
  row: { document: InvoiceDocument; pdf: Buffer },
  format: EInvoiceFormat,
): Promise<InvoiceFile> {
  const doc = row.document
  if (format === 'xrechnung')
    return {
      filename: `${fileBase(doc)}_XRechnung.xml`,
      contentType: 'application/xml',
      content: Buffer.from(await xrechnungXml(doc), 'utf8'),
    }
  if (format === 'zugferd')
    return {
      filename: `${fileBase(doc)}_ZUGFeRD.pdf`,
      contentType: 'application/pdf',
      content: await facturXPdf(doc, row.pdf),
    }
  return { filename: `${fileBase(doc)}.pdf`, contentType: 'application/pdf', content: row.pdf }
}

async function mailFiles(
  row: { document: InvoiceDocument; pdf: Buffer },
  format: EInvoiceFormat,
): Promise<InvoiceFile[]> {
  if (row.document.buyer.customerType !== 'business' || format === 'pdf')
    return [await invoiceFile(row, 'pdf')]
  if (format === 'zugferd') return [await invoiceFile(row, 'zugferd')]
  return [await invoiceFile(row, 'xrechnung'), await invoiceFile(row, 'pdf')]
}

/**
 * Issues the invoice of a delivery (draft.kind 'invoice') or the credit note of a refund for the
 * invoice of draft.deliveryId ('credit_note'). Null: a credit note for a delivery never invoiced
 * (cancelled before shipping: there is nothing to correct).
 */
export async function issueDocument(
  tx: Tx,
  draft: InvoiceDraft,
  now: Date,
): Promise<IssuedInvoice | null> {
  const prefs =
    draft.customerType === 'business' ? await repo.preferencesOf(tx, draft.customerId) : null
  const format: EInvoiceFormat = prefs?.format ?? 'pdf'
  let preceding: repo.InvoiceRow | null = null
  if (draft.kind === 'credit_note') {
    preceding = await repo.invoiceOfDelivery(tx, draft.deliveryId)
    if (!preceding || !draft.refundId) return null
    const existing = await repo.creditNoteOf(tx, draft.refundId, preceding.id)
    if (existing)
      return {
        id: existing.id,
        number: existing.number,
        kind: 'credit_note',
        files: await mailFiles(existing, format),
      }
  } else {
    const existing = await repo.invoiceOfDelivery(tx, draft.deliveryId)
    if (existing)
      return {
        id: existing.id,
        number: existing.number,
        kind: 'invoice',
        files: await mailFiles(existing, format),
      }
  }
  const series = `${draft.kind === 'credit_note' ? 'RK' : 'RE'}-${berlinDay(now).slice(0, 4)}`
  const sequence = await repo.takeNumber(tx, series)
  const number = `${series}-${String(sequence).padStart(6, '0')}`
  const document = buildInvoiceDocument(draft, {
    number,
    issuedAt: now,
    seller: SELLER,
    buyerReference: prefs?.buyerReference ?? null,
    preceding: preceding
      ? { number: preceding.number, issueDate: preceding.document.issueDate }
      : null,
  })
  // The visual PDF/A is stored; ZUGFeRD and XRechnung are made from it and the frozen document.
  const pdf = await renderInvoicePdf(document)
  const row = await repo.insertInvoice(tx, {
    number,
    kind: draft.kind,
    orderId: draft.orderId,
    deliveryId: draft.deliveryId,
    refundId: draft.refundId,
    precedingInvoiceId: preceding?.id ?? null,
    customerId: draft.customerId,
    issuedAt: now,
    grossCents: document.totals.grossCents,
    vatCents: document.totals.vatCents,
    document,
    pdf,
  })
  return { id: row.id, number, kind: draft.kind, files: await mailFiles(row, format) }
}

export type InvoiceSummary = {
  id: number
  number: string
  kind: 'invoice' | 'credit_note'
  title: string
  deliveryId: number | null
  /** The delivery invoiced or corrected, as frozen in the document. */
  deliveryNumber: string | null
  issuedAt: Date
  grossCents: number
  formats: EInvoiceFormat[]
}

/** An order's invoices and credit notes for the order details and the back office. */
export async function invoicesOfOrder(db: DbOrTx, orderId: number): Promise<InvoiceSummary[]> {
  const rows = await repo.invoicesOfOrder(db, orderId)
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    kind: row.kind,
    title: documentTitle(row.document),
    deliveryId: row.deliveryId,
    deliveryNumber: row.document.deliveryNumber,
    issuedAt: row.issuedAt,
    grossCents: row.grossCents,
    formats: formatsFor(row.document),
  }))
}

/** One document with its order, for a download after the caller checked who may see the order. */
export async function invoiceForDownload(db: DbOrTx, number: string) {
  return repo.invoiceByNumber(db, number)
}

/** The files of an issued document for a repeated mail (staff re-send). */
export async function filesForMail(
  db: DbOrTx,
  invoiceId: number,
): Promise<{ row: repo.InvoiceRow; files: InvoiceFile[] } | null> {
  const row = await repo.invoiceById(db, invoiceId)
  if (!row) return null
  const prefs =
    row.document.buyer.customerType === 'business'
      ? await repo.preferencesOf(db, row.customerId)
      : null
  return { row, files: await mailFiles(row, prefs?.format ?? 'pdf') }
}

export async function preferencesOf(db: DbOrTx, customerId: number) {
  const row = await repo.preferencesOf(db, customerId)
  return { format: row?.format ?? 'pdf', buyerReference: row?.buyerReference ?? null }
}

export const savePreferences = repo.savePreferences
