// Invoices and credit notes (issue 20): the customer's documents in "Bestelldetails" with their
// downloads (PDF; ZUGFeRD and XRechnung for business customers), the business customer's choice
// of e-invoice format with the buyer reference (Leitweg-ID), and customer service's re-send.
import { z } from 'zod'
import { staffOnly } from './backoffice-access.ts'
import { c, errorBody, SoftLoginRequiredSchema } from './errors.ts'
import { text } from './fields.ts'
import { m } from './messages.de.ts'

export const EInvoiceFormatSchema = z.enum(['pdf', 'zugferd', 'xrechnung'])
export type EInvoiceFormatId = z.infer<typeof EInvoiceFormatSchema>

/** How each format is named on screen. */
export const E_INVOICE_FORMAT_LABELS: Record<EInvoiceFormatId, string> = {
  pdf: 'PDF',
  zugferd: 'ZUGFeRD (PDF mit XML)',
  xrechnung: 'XRechnung (XML)',
}

export const InvoiceSummarySchema = z.object({
  number: z.string(),
  kind: z.enum(['invoice', 'credit_note']),
  /** "Rechnung" / "Rechnungskorrektur". */
  title: z.string(),
  /** The delivery invoiced or corrected ("B4000001-1"). */
  deliveryNumber: z.string().nullable(),
  issuedAt: z.string(),
  totalCents: z.number().int(),
  formats: z.array(EInvoiceFormatSchema),
})
export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>

export const InvoiceListSchema = z.object({ invoices: z.array(InvoiceSummarySchema) })

/**
 * Leitweg-ID (buyer reference of German public buyers): coarse address of 2-12 digits, an
 * optional fine address of up to 30 letters or digits, and 2 check digits, joined by hyphens.
 */
export const LEITWEG_ID = /^[0-9]{2,12}(-[0-9A-Z]{1,30})?-[0-9]{2}$/

export const InvoicePreferencesSchema = z.object({
  format: EInvoiceFormatSchema,
  buyerReference: z.string().nullable(),
})

export const InvoicePreferencesBodySchema = z.object({
  format: z.enum(['pdf', 'zugferd', 'xrechnung'], { message: m('invoice_format_invalid') }),
  buyerReference: z
    .string()
    .trim()
    .toUpperCase()
    .max(46, m('leitweg_id_invalid'))
    .refine((value) => value === '' || LEITWEG_ID.test(value), m('leitweg_id_invalid'))
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
})
export type InvoicePreferencesBody = z.input<typeof InvoicePreferencesBodySchema>

const OrderParams = z.object({ orderNumber: text(1, 40) })
const FileParams = OrderParams.extend({
  number: text(1, 40),
  format: EInvoiceFormatSchema,
})
const auth = { 401: SoftLoginRequiredSchema } as const
const notFound = errorBody(z.enum(['not_found']))
const file = c.otherResponse({
  contentType: 'application/octet-stream',
  body: c.type<Uint8Array>(),
})

export const invoicesContract = c.router({
  getOrderInvoices: {
    method: 'GET',
    path: '/api/orders/:orderNumber/invoices',
    pathParams: OrderParams,
    responses: { 200: InvoiceListSchema, ...auth, 404: notFound },
    summary: 'Invoices and credit notes of an own order, oldest first (issue 20)',
  },
  getInvoiceFile: {
    method: 'GET',
    path: '/api/orders/:orderNumber/invoices/:number/:format',
    pathParams: FileParams,
    responses: { 200: file, ...auth, 404: notFound },
    summary:
      'One document of an own order as PDF, ZUGFeRD (PDF/A-3 with CII XML) or XRechnung (XML); the e-invoice formats for business customers only (issue 20)',
  },
  getInvoicePreferences: {
    method: 'GET',
    path: '/api/account/invoice-preferences',
    responses: { 200: InvoicePreferencesSchema, ...auth, 403: errorBody(z.enum(['forbidden'])) },
    summary: "A business customer's e-invoice format and Leitweg-ID (issue 20)",
  },
  setInvoicePreferences: {
    method: 'PUT',
    path: '/api/account/invoice-preferences',
    body: InvoicePreferencesBodySchema,
    responses: {
      200: InvoicePreferencesSchema,
      ...auth,
      403: errorBody(z.enum(['forbidden'])),
    },
    summary:
      'Chooses how invoices are sent (PDF, ZUGFeRD, XRechnung) and the buyer reference; business customers only (issue 20)',
  },
})

const SERVICE_AND_ADMIN = staffOnly('service', 'admin')
const Unauthorized = errorBody(z.enum(['staff_unauthorized']))

export const backofficeInvoicesContract = c.router({
  getOrderInvoices: {
    method: 'GET',
    path: '/api/staff/orders/:orderNumber/invoices',
    pathParams: OrderParams,
    responses: { 200: InvoiceListSchema, 401: Unauthorized, 404: notFound },
    metadata: SERVICE_AND_ADMIN,
    summary: 'Invoices and credit notes of an order (issue 20)',
  },
  getInvoiceFile: {
    method: 'GET',
    path: '/api/staff/orders/:orderNumber/invoices/:number/:format',
    pathParams: FileParams,
    responses: { 200: file, 401: Unauthorized, 404: notFound },
    metadata: SERVICE_AND_ADMIN,
    summary: 'One document as PDF, ZUGFeRD or XRechnung (issue 20)',
  },
  resendInvoice: {
    method: 'POST',
    path: '/api/staff/orders/:orderNumber/invoices/:number/resend',
    pathParams: OrderParams.extend({ number: text(1, 40) }),
    body: c.noBody(),
    responses: { 200: z.object({ sentTo: z.string() }), 401: Unauthorized, 404: notFound },
    metadata: SERVICE_AND_ADMIN,
    summary: "Sends the document again to the order's e-mail address, audited (issue 20)",
  },
})
