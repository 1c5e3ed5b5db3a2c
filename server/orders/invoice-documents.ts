// The order's invoices as the customer and customer service see them (issue 20): the list in
// "Bestelldetails", a document in one format, and the re-send by staff. Issuing is in
// ./invoicing.ts; the documents themselves belong to the invoices slice.
import type { EInvoiceFormatId, InvoiceSummary } from '#contract/invoices.ts'
import type { DbOrTx, Tx } from '#db/client.ts'
import {
  filesForMail,
  type InvoiceFile,
  invoiceFile,
  invoiceForDownload,
  invoicesOfOrder,
} from '#server/invoices/index.ts'
import type { AppContext } from '#server/platform/http.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import { orderFacts } from './invoicing.ts'
import { orderUrl, sendInvoiceCopyMail } from './mails.ts'
import { firstNameOf } from './refunds-repo.ts'

export async function orderInvoiceList(db: DbOrTx, orderId: number): Promise<InvoiceSummary[]> {
  return (await invoicesOfOrder(db, orderId)).map((doc) => ({
    number: doc.number,
    kind: doc.kind,
    title: doc.title,
    deliveryNumber: doc.deliveryNumber,
    issuedAt: doc.issuedAt.toISOString(),
    totalCents: doc.grossCents,
    formats: doc.formats,
  }))
}

/** A document of this order in a format it offers; null: not this order's, or not offered. */
export async function orderInvoiceFile(
  db: DbOrTx,
  orderId: number,
  number: string,
  format: EInvoiceFormatId,
): Promise<InvoiceFile | null> {
  const row = await invoiceForDownload(db, number.trim().toUpperCase())
  if (!row || row.orderId !== orderId) return null
  const offered = row.document.buyer.customerType === 'business' ? true : format === 'pdf'
  return offered ? invoiceFile(row, format) : null
}

/** Customer service sends a document again to the order's e-mail, in the customer's format. */
export async function resendInvoice(
  tx: Tx,
  ctx: AppContext,
  input: { orderId: number; number: string },
): Promise<Result<{ sentTo: string; number: string }, 'not_found'>> {
  const row = await invoiceForDownload(tx, input.number.trim().toUpperCase())
  if (!row || row.orderId !== input.orderId) return err('not_found')
  const facts = await orderFacts(tx, input.orderId)
  const mail = await filesForMail(tx, row.id)
  if (!facts || !mail) return err('not_found')
  await sendInvoiceCopyMail(tx, {
    to: facts.order.email,
    firstName: await firstNameOf(tx, facts.order.customerId),
    orderNumber: facts.order.orderNumber,
    orderUrl: orderUrl(ctx, facts.order.orderNumber),
    number: row.number,
    title: row.kind === 'credit_note' ? 'Rechnungskorrektur' : 'Rechnung',
    files: mail.files,
  })
  return ok({ sentTo: facts.order.email, number: row.number })
}
