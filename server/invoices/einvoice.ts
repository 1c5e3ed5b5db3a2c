// Placeholder until the e-invoice renderers land (branch einvoice): same signatures.
import type { InvoiceDocument } from './document.ts'

export async function facturXPdf(_doc: InvoiceDocument, pdf: Buffer): Promise<Buffer> {
  return pdf
}

export async function xrechnungXml(doc: InvoiceDocument): Promise<string> {
  return `<?xml version="1.0" encoding="UTF-8"?><!-- ${doc.number} -->`
}
