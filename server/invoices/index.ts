// invoices slice (issue 20): owns invoices, invoice_number_series and invoice_preferences. The
// orders slice issues documents through issueDocument inside its transaction; account and back
// office read and download through the functions below.
export type { DraftParty, DraftPosition, InvoiceDraft } from './build.ts'
export type { EInvoiceFormat, InvoiceDocument, InvoiceKind } from './document.ts'
export { E_INVOICE_FORMATS } from './document.ts'
export { SELLER } from './seller.ts'
export {
  filesForMail,
  type InvoiceFile,
  type InvoiceSummary,
  type IssuedInvoice,
  invoiceFile,
  invoiceForDownload,
  invoicesOfOrder,
  issueDocument,
  preferencesOf,
  savePreferences,
} from './service.ts'
