// E-invoices (issue 20): the shop's InvoiceDocument as UN/CEFACT CII (Factur-X/ZUGFeRD profile
// EN 16931 and XRechnung 3.0 CIUS) and as Factur-X PDF/A-3 with the CII embedded.
//
// The XML and the PDF/A-3 come from @e-invoice-eu/core (its "internal format" is UBL-shaped JSON,
// mapped here). XRechnung uses the CII syntax too, so one set of CEN rules covers every output.
// Amounts are written from integer cents by string arithmetic, never through floats.

import type { Invoice, InvoiceServiceOptions, Logger } from '@e-invoice-eu/core'
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRef,
  PDFString,
} from 'pdf-lib'
import type { InvoiceDocument, InvoiceLine, InvoiceParty, VatCategory } from './document.ts'

export type CiiProfile = 'en16931' | 'xrechnung'

/** VATEX code and text for the VAT categories that need an exemption reason (BR-K-10, BR-AE-10). */
const EXEMPTION: Record<Exclude<VatCategory, 'S'>, { code: string; text: string }> = {
  K: {
    code: 'VATEX-EU-IC',
    text: 'Steuerfreie innergemeinschaftliche Lieferung (§ 4 Nr. 1 b UStG)',
  },
  AE: {
    code: 'VATEX-EU-AE',
    text: 'Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge)',
  },
}

const FORMATS: Record<CiiProfile, string> = {
  en16931: 'CII',
  xrechnung: 'XRECHNUNG-CII',
}

// The library logs warnings (e.g. deprecations) through this; tests and the server stay quiet.
const silentLogger: Logger = { log() {}, warn() {}, error() {} }

/** Integer cents → "12.34" / "-0.05" without floating point. */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`amount is not integer cents: ${cents}`)
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/**
 * Item net price (BT-146) with its base quantity (BT-149) so that price × quantity / base quantity
 * is the line net (BT-131) exactly. When the line net divides by the quantity to the cent, the
 * price is per unit; otherwise the price is given for the whole quantity (base quantity = quantity)
 * instead of a rounded 4-decimal unit price: @e-invoice-eu/core only accepts 2 decimals here, and
 * an exact price beats a rounded one.
 */
export function unitPrice(line: Pick<InvoiceLine, 'netCents' | 'quantity' | 'unitCode'>) {
  if (!Number.isSafeInteger(line.quantity) || line.quantity <= 0) {
    throw new Error(`bad quantity ${line.quantity}`)
  }
  if (line.netCents % line.quantity === 0) {
    return {
      'cbc:PriceAmount': formatCents(line.netCents / line.quantity),
      'cbc:PriceAmount@currencyID': 'EUR',
    } as const
  }
  return {
    'cbc:PriceAmount': formatCents(line.netCents),
    'cbc:PriceAmount@currencyID': 'EUR',
    'cbc:BaseQuantity': String(line.quantity),
    'cbc:BaseQuantity@unitCode': line.unitCode,
  } as const
}

function formatPercent(percent: number): string {
  return Number.isInteger(percent) ? `${percent}.00` : percent.toFixed(2)
}

type UblAddress =
  Invoice['ubl:Invoice']['cac:AccountingSupplierParty']['cac:Party']['cac:PostalAddress']

function address(party: InvoiceParty): UblAddress {
  return {
    'cbc:StreetName': party.street,
    'cbc:CityName': party.city,
    'cbc:PostalZone': party.zip,
    'cac:Country': {
      'cbc:IdentificationCode':
        party.countryCode as UblAddress['cac:Country']['cbc:IdentificationCode'],
    },
  }
}

function taxCategory(category: VatCategory, percent: number) {
  return {
    'cbc:ID': category,
    'cbc:Percent': formatPercent(category === 'S' ? percent : 0),
    'cac:TaxScheme': { 'cbc:ID': 'VAT' },
  } as const
}

function invoiceLine(line: InvoiceLine) {
  return {
    'cbc:ID': String(line.position),
    'cbc:InvoicedQuantity': String(line.quantity),
    'cbc:InvoicedQuantity@unitCode': line.unitCode,
    'cbc:LineExtensionAmount': formatCents(line.netCents),
    'cbc:LineExtensionAmount@currencyID': 'EUR',
    'cac:Item': {
      'cbc:Name': line.name,
      ...(line.articleNumber
        ? { 'cac:SellersItemIdentification': { 'cbc:ID': line.articleNumber } }
        : {}),
      'cac:ClassifiedTaxCategory': taxCategory(line.vatCategory, line.vatPercent),
    },
    'cac:Price': unitPrice(line),
  } as const
}

/** The document in @e-invoice-eu/core's internal (UBL-shaped) format. */
export function toInternalInvoice(doc: InvoiceDocument, profile: CiiProfile): Invoice {
  const { seller, buyer, totals, payment } = doc
  const firstLine = doc.lines[0]
  if (!firstLine) throw new Error(`invoice ${doc.number} has no lines`)
  const isCreditNote = doc.kind === 'credit_note'
  if (isCreditNote && !doc.precedingInvoice) {
    throw new Error(`credit note ${doc.number} lacks the preceding invoice (BG-3)`)
  }
  // BT-10: the Leitweg-ID of public buyers, else the order number (XRechnung requires BT-10).
  const buyerReference = buyer.buyerReference ?? doc.orderNumber
  // Credit transfer (30/58) carries the seller's account (BG-17); XRechnung checks it (BR-DE-23).
  const isCreditTransfer = payment.meansCode === '30' || payment.meansCode === '58'
  const buyerEmail = buyer.email ?? seller.email
  const notes = [...(doc.reason ? [`Grund: ${doc.reason}`] : []), ...doc.notes]
  // BR-IC-12: an intra-community supply names the deliver-to country; without a separate
  // delivery address that is the buyer's.
  const hasIntraCommunity = doc.vatBreakdown.some((v) => v.category === 'K')
  const deliverTo = doc.deliverTo ?? (hasIntraCommunity ? { ...buyer, name: buyer.name } : null)

  const invoice: Invoice = {
    'ubl:Invoice': {
      'cbc:ID': doc.number,
      'cbc:IssueDate': doc.issueDate,
      ...(payment.dueDate && totals.dueCents > 0 ? { 'cbc:DueDate': payment.dueDate } : {}),
      'cbc:InvoiceTypeCode': isCreditNote ? '381' : '380',
      // One BT-22 note: the library writes several notes as several Content elements of one
      // IncludedNote, which the CEN syntax rules warn about (CII-SR-030).
      ...(notes.length > 0 ? { 'cbc:Note': [notes.join('\n')] } : {}),
      'cbc:DocumentCurrencyCode': 'EUR',
      'cbc:BuyerReference': buyerReference,
      // The shop's order number is the buyer's order reference too (BT-13, BT-14); without
      // BT-13 the library would write the placeholder "NA".
      'cac:OrderReference': { 'cbc:ID': doc.orderNumber, 'cbc:SalesOrderID': doc.orderNumber },
      ...(doc.precedingInvoice
        ? {
            'cac:BillingReference': [
              {
                'cac:InvoiceDocumentReference': {
                  'cbc:ID': doc.precedingInvoice.number,
                  'cbc:IssueDate': doc.precedingInvoice.issueDate,
                },
              },
            ],
          }
        : {}),
      ...(doc.deliveryNumber
        ? { 'cac:DespatchDocumentReference': { 'cbc:ID': doc.deliveryNumber } }
        : {}),
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          ...(seller.email
            ? { 'cbc:EndpointID': seller.email, 'cbc:EndpointID@schemeID': 'EM' }
            : {}),
          'cac:PostalAddress': address(seller),
          'cac:PartyTaxScheme': [
            ...(seller.vatId
              ? [{ 'cbc:CompanyID': seller.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }]
              : []),
            { 'cbc:CompanyID': seller.taxNumber, 'cac:TaxScheme': { 'cbc:ID': 'FC' } },
          ] as Invoice['ubl:Invoice']['cac:AccountingSupplierParty']['cac:Party']['cac:PartyTaxScheme'],
          'cac:PartyLegalEntity': {
            'cbc:RegistrationName': seller.name,
            'cbc:CompanyID': seller.registry,
            'cbc:CompanyLegalForm': `Geschäftsführung: ${seller.managingDirectors}`,
          },
          'cac:Contact': {
            'cbc:Name': seller.contactName ?? seller.name,
            'cbc:Telephone': seller.phone,
            ...(seller.email ? { 'cbc:ElectronicMail': seller.email } : {}),
          },
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          ...(profile === 'xrechnung' || buyer.email
            ? { 'cbc:EndpointID': buyerEmail ?? '', 'cbc:EndpointID@schemeID': 'EM' }
            : {}),
          'cac:PartyIdentification': { 'cbc:ID': buyer.customerNumber },
          'cac:PostalAddress': address(buyer),
          ...(buyer.vatId
            ? {
                'cac:PartyTaxScheme': {
                  'cbc:CompanyID': buyer.vatId,
                  'cac:TaxScheme': { 'cbc:ID': 'VAT' },
                },
              }
            : {}),
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': buyer.name },
          ...(buyer.contactName || buyer.email
            ? {
                'cac:Contact': {
                  ...(buyer.contactName ? { 'cbc:Name': buyer.contactName } : {}),
                  ...(buyer.email ? { 'cbc:ElectronicMail': buyer.email } : {}),
                },
              }
            : {}),
        },
      },
      'cac:Delivery': {
        'cbc:ActualDeliveryDate': doc.deliveryDate,
        ...(deliverTo
          ? {
              'cac:DeliveryLocation': { 'cac:Address': address(deliverTo) },
              'cac:DeliveryParty': { 'cac:PartyName': { 'cbc:Name': deliverTo.name } },
            }
          : {}),
      },
      'cac:PaymentMeans': [
        {
          'cbc:PaymentMeansCode': payment.meansCode,
          'cbc:PaymentMeansCode@name': payment.methodName,
          'cbc:PaymentID': payment.reference,
          ...(payment.card
            ? {
                'cac:CardAccount': {
                  'cbc:PrimaryAccountNumberID': payment.card.lastDigits,
                  'cbc:NetworkID': payment.card.network,
                },
              }
            : {}),
          ...(isCreditTransfer
            ? {
                'cac:PayeeFinancialAccount': {
                  'cbc:ID': seller.iban,
                  'cbc:Name': seller.name,
                  'cac:FinancialInstitutionBranch': { 'cbc:ID': seller.bic },
                },
              }
            : {}),
        },
      ],
      'cac:PaymentTerms': { 'cbc:Note': payment.terms },
      ...(doc.allowances.length > 0
        ? {
            'cac:AllowanceCharge': doc.allowances.map((a) => ({
              'cbc:ChargeIndicator': 'false',
              'cbc:AllowanceChargeReasonCode': '95',
              'cbc:AllowanceChargeReason': a.reason,
              'cbc:Amount': formatCents(a.netCents),
              'cbc:Amount@currencyID': 'EUR',
              'cac:TaxCategory': taxCategory(a.vatCategory, a.vatPercent),
            })),
          }
        : {}),
      'cac:TaxTotal': [
        {
          'cbc:TaxAmount': formatCents(totals.vatCents),
          'cbc:TaxAmount@currencyID': 'EUR',
          'cac:TaxSubtotal': doc.vatBreakdown.map((v) => ({
            'cbc:TaxableAmount': formatCents(v.taxableCents),
            'cbc:TaxableAmount@currencyID': 'EUR',
            'cbc:TaxAmount': formatCents(v.vatCents),
            'cbc:TaxAmount@currencyID': 'EUR',
            'cac:TaxCategory': {
              ...taxCategory(v.category, v.percent),
              ...(v.category === 'S'
                ? {}
                : {
                    'cbc:TaxExemptionReasonCode': EXEMPTION[v.category].code,
                    'cbc:TaxExemptionReason': v.exemptionReason ?? EXEMPTION[v.category].text,
                  }),
            },
          })),
        },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': formatCents(totals.lineNetCents),
        'cbc:LineExtensionAmount@currencyID': 'EUR',
        'cbc:TaxExclusiveAmount': formatCents(totals.netCents),
        'cbc:TaxExclusiveAmount@currencyID': 'EUR',
        'cbc:TaxInclusiveAmount': formatCents(totals.grossCents),
        'cbc:TaxInclusiveAmount@currencyID': 'EUR',
        ...(doc.allowances.length > 0
          ? {
              'cbc:AllowanceTotalAmount': formatCents(totals.allowanceNetCents),
              'cbc:AllowanceTotalAmount@currencyID': 'EUR',
            }
          : {}),
        ...(totals.paidCents !== 0
          ? {
              'cbc:PrepaidAmount': formatCents(totals.paidCents),
              'cbc:PrepaidAmount@currencyID': 'EUR',
            }
          : {}),
        'cbc:PayableAmount': formatCents(totals.dueCents),
        'cbc:PayableAmount@currencyID': 'EUR',
      },
      'cac:InvoiceLine': [invoiceLine(firstLine), ...doc.lines.slice(1).map(invoiceLine)],
    },
  }
  return invoice
}

async function generate(
  doc: InvoiceDocument,
  profile: CiiProfile,
  format: string,
  extra: Partial<InvoiceServiceOptions> = {},
): Promise<string | Uint8Array> {
  // Loaded on the first e-invoice, not at start: the library holds about 40 MB (issue 23).
  const { InvoiceService } = await import('@e-invoice-eu/core')
  const service = new InvoiceService(silentLogger)
  return service.generate(toInternalInvoice(doc, profile), {
    format,
    lang: 'de-de',
    noWarnings: true,
    ...extra,
  })
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/**
 * Preceding invoice reference (BG-3, BT-25/BT-26) for credit notes. Written here because
 * @e-invoice-eu/core 2.3.4 reads `cac:BillingReference/cbc:ID` for CII while its own input
 * schema nests the number in `cac:InvoiceDocumentReference`, so the reference never reaches the
 * CII. Its place in the D16B sequence is right after the monetary summation.
 */
function withPrecedingInvoice(xml: string, doc: InvoiceDocument): string {
  if (!doc.precedingInvoice || xml.includes('<ram:InvoiceReferencedDocument>')) return xml
  const anchor = '</ram:SpecifiedTradeSettlementHeaderMonetarySummation>'
  const at = xml.indexOf(anchor)
  if (at < 0) throw new Error('CII without monetary summation')
  const { number, issueDate } = doc.precedingInvoice
  const reference =
    '\n\t\t\t<ram:InvoiceReferencedDocument>' +
    `\n\t\t\t\t<ram:IssuerAssignedID>${escapeXml(number)}</ram:IssuerAssignedID>` +
    '\n\t\t\t\t<ram:FormattedIssueDateTime>' +
    `\n\t\t\t\t\t<qdt:DateTimeString format="102">${issueDate.replaceAll('-', '')}</qdt:DateTimeString>` +
    '\n\t\t\t\t</ram:FormattedIssueDateTime>' +
    '\n\t\t\t</ram:InvoiceReferencedDocument>'
  const end = at + anchor.length
  return xml.slice(0, end) + reference + xml.slice(end)
}

/** UN/CEFACT CII XML: Factur-X/ZUGFeRD EN 16931 (`en16931`) or the XRechnung 3.0 CIUS. */
export async function ciiXml(doc: InvoiceDocument, profile: CiiProfile): Promise<string> {
  const xml = await generate(doc, profile, FORMATS[profile])
  if (typeof xml !== 'string') throw new Error('CII generation returned binary data')
  return withPrecedingInvoice(xml, doc)
}

/** XRechnung 3.0 in CII syntax (one set of CEN rules validates it and the Factur-X XML). */
export function xrechnungXml(doc: InvoiceDocument): Promise<string> {
  return ciiXml(doc, 'xrechnung')
}

export const FACTUR_X_FILENAME = 'factur-x.xml'

/** The stream reference of an embedded file, looked up in the catalog's EmbeddedFiles names. */
function embeddedFileRef(pdfDoc: PDFDocument, filename: string): PDFRef | null {
  const names = pdfDoc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict)
  const embedded = names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict)
  const list = embedded?.lookupMaybe(PDFName.of('Names'), PDFArray)
  if (!list) return null
  for (let i = 0; i + 1 < list.size(); i += 2) {
    const name = list.lookup(i)
    const isText = name instanceof PDFString || name instanceof PDFHexString
    if (!isText || name.decodeText() !== filename) continue
    const spec = list.lookup(i + 1, PDFDict)
    const ef = spec.lookup(PDFName.of('EF'), PDFDict)
    const ref = ef.get(PDFName.of('F'))
    return ref instanceof PDFRef ? ref : null
  }
  return null
}

/**
 * Factur-X / ZUGFeRD (profile EN 16931): the shop's visual PDF turned into PDF/A-3 with the CII
 * embedded as factur-x.xml (AFRelationship Alternative) and the Factur-X XMP extension schema,
 * all by @e-invoice-eu/core. Its embedded XML is then replaced by our `ciiXml` (same data plus the
 * BG-3 fix above), keeping the stream object, so the file carries exactly what `ciiXml` returns.
 */
export async function facturXPdf(doc: InvoiceDocument, pdf: Buffer): Promise<Buffer> {
  const out = await generate(doc, 'en16931', 'Factur-X-EN16931', {
    pdf: {
      buffer: new Uint8Array(pdf),
      filename: `${doc.number}.pdf`,
      mimetype: 'application/pdf',
    },
  })
  if (typeof out === 'string') throw new Error('Factur-X generation returned text')
  const pdfDoc = await PDFDocument.load(out, { updateMetadata: false })
  const ref = embeddedFileRef(pdfDoc, FACTUR_X_FILENAME)
  if (!ref) throw new Error('Factur-X PDF without factur-x.xml')
  const xml = new TextEncoder().encode(await ciiXml(doc, 'en16931'))
  const old = pdfDoc.context.lookup(ref)
  const oldDict = old && 'dict' in old && old.dict instanceof PDFDict ? old.dict : null
  const params =
    oldDict?.lookupMaybe(PDFName.of('Params'), PDFDict)?.clone() ?? pdfDoc.context.obj({})
  params.set(PDFName.of('Size'), PDFNumber.of(xml.length))
  const stream = pdfDoc.context.flateStream(xml, {
    Type: 'EmbeddedFile',
    Subtype: 'text/xml',
    Params: params,
  })
  pdfDoc.context.assign(ref, stream)
  return Buffer.from(await pdfDoc.save({ useObjectStreams: false }))
}
