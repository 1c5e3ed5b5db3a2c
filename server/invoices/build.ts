// From the orders slice's draft (gross amounts as the order stored them) to the invoice document
// (issue 20). Pure. Gross amounts are taken as they are; VAT is the draft's (the order's stored
// VAT, split by the orders slice); net = gross - VAT, spread over the positions so that every sum
// of the document agrees to the cent (document.ts).
import type { InvoiceDocument, InvoiceLine, InvoiceSeller, VatCategory } from './document.ts'

export type DraftParty = {
  company: string | null
  firstName: string
  lastName: string
  street: string
  zip: string
  city: string
  countryCode: string
}

export type DraftPosition = {
  orderLineId: number | null
  kind: InvoiceLine['kind']
  articleNumber: string | null
  name: string
  quantity: number
  grossUnitCents: number
  grossCents: number
}

export type InvoiceDraft = {
  kind: 'invoice' | 'credit_note'
  orderId: number
  orderNumber: string
  orderDate: Date
  /** Invoices: the delivery invoiced; credit notes: the delivery whose invoice is corrected. */
  deliveryId: number
  deliveryNumber: string
  /** Credit notes: the refund documented. */
  refundId: string | null
  /** Credit notes: Widerruf, Stornierung, Reklamation, Kulanz. */
  reason: string | null
  customerId: number
  customerNumber: string
  customerType: 'private' | 'business'
  email: string
  buyer: DraftParty & { vatId: string | null }
  deliverTo: DraftParty
  /** Leistungsdatum: the day the delivery was shipped. */
  deliveryDate: Date
  positions: DraftPosition[]
  /** Coupons on these goods (gross, positive), a document level allowance. */
  couponGrossCents: number
  couponNames: string[]
  grossCents: number
  vatCents: number
  vatPercent: number
  paymentMethod: string
  paymentMethodName: string
  /** The masked card or wallet account of the order ("Visa **** 1111"), if any. */
  paymentLabel: string | null
  /** Invoice payment: days until due; null: paid already (card, PayPal, prepayment, …). */
  paymentDueDays: number | null
}

const BERLIN = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** YYYY-MM-DD of the Berlin calendar day. */
export function berlinDay(at: Date): string {
  return BERLIN.format(at)
}

export function germanDate(day: string): string {
  const [y, m, d] = day.split('-')
  return `${d}.${m}.${y}`
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** Network and last four digits of a masked card label ("Visa •••• 1111"); null otherwise. */
export function cardOf(label: string | null): { lastDigits: string; network: string } | null {
  const match = label?.match(/^(.*?)[\s•*·.]*(\d{4})\s*$/)
  if (!match?.[2]) return null
  const network = (match[1] ?? '').replace(/[•*·.\s]+$/, '').trim()
  return { lastDigits: match[2], network: network || 'Karte' }
}

/** Net of a gross amount at `percent`, rounded half away from zero (positive amounts). */
function netOf(grossCents: number, percent: number): number {
  return Math.round((grossCents * 100) / (100 + percent))
}

const MEANS: Record<string, InvoiceDocument['payment']['meansCode']> = {
  creditcard: '48',
  applepay: '48',
  banktransfer: '58',
  invoice: '58',
  cashondelivery: '10',
  cashpickup: '10',
}

function partyName(p: DraftParty): string {
  return p.company?.trim() || `${p.firstName} ${p.lastName}`
}

function sameParty(a: DraftParty, b: DraftParty): boolean {
  return (
    partyName(a) === partyName(b) &&
    a.street === b.street &&
    a.zip === b.zip &&
    a.city === b.city &&
    a.countryCode === b.countryCode
  )
}

/**
 * VAT treatment. The shop charges German VAT on every order (the order's stored VAT is what the
 * customer paid); the category is S. K/AE are part of the document model for the e-invoice
 * renderers and for a checkout that prices intra-EU business supplies net (docs/decisions.md).
 */
function categoryOf(draft: InvoiceDraft): VatCategory {
  return draft.vatCents === 0 && draft.grossCents > 0 && draft.buyer.vatId ? 'K' : 'S'
}

export function buildInvoiceDocument(
  draft: InvoiceDraft,
  issue: {
    number: string
    issuedAt: Date
    seller: InvoiceSeller
    buyerReference: string | null
    preceding: { number: string; issueDate: string } | null
  },
): InvoiceDocument {
  const category = categoryOf(draft)
  const percent = category === 'S' ? draft.vatPercent : 0
  const netTotal = draft.grossCents - draft.vatCents
  const lines: InvoiceLine[] = draft.positions.map((p, i) => ({
    position: i + 1,
    orderLineId: p.orderLineId,
    kind: p.kind,
    articleNumber: p.articleNumber,
    name: p.name,
    quantity: p.quantity,
    unitCode: p.kind === 'product' ? 'H87' : 'C62',
    grossUnitCents: p.grossUnitCents,
    grossCents: p.grossCents,
    netCents: netOf(p.grossCents, percent),
    vatPercent: percent,
    vatCategory: category,
  }))
  const allowanceNet = netOf(draft.couponGrossCents, percent)
  // The cents rounding leaves go to the largest line, so the lines add up to the net total.
  const diff = netTotal - (lines.reduce((s, l) => s + l.netCents, 0) - allowanceNet)
  if (diff !== 0 && lines.length > 0) {
    const largest = lines.reduce((a, b) => (b.grossCents > a.grossCents ? b : a))
    largest.netCents += diff
  }
  const lineNet = lines.reduce((s, l) => s + l.netCents, 0)
  const issueDate = berlinDay(issue.issuedAt)
  const deliveryDate = berlinDay(draft.deliveryDate)
  const paid = draft.paymentDueDays === null
  const card = MEANS[draft.paymentMethod] === '48' ? cardOf(draft.paymentLabel) : null
  // A card payment whose card is unknown (a wallet without digits) is "not defined" (code 1):
  // XRechnung requires the card's digits with code 48 (BR-DE-24-a).
  const meansCode =
    MEANS[draft.paymentMethod] === '48' && !card ? '1' : (MEANS[draft.paymentMethod] ?? '1')
  const dueDate = paid ? null : addDays(issueDate, draft.paymentDueDays ?? 0)
  const credit = draft.kind === 'credit_note'
  const exemption =
    category === 'K'
      ? 'Steuerfreie innergemeinschaftliche Lieferung (§ 4 Nr. 1 b UStG)'
      : category === 'AE'
        ? 'Steuerschuldnerschaft des Leistungsempfängers (§ 13b UStG)'
        : null
  const notes = [
    credit
      ? `Rechnungskorrektur zur Rechnung ${issue.preceding?.number ?? ''} vom ${issue.preceding ? germanDate(issue.preceding.issueDate) : ''}${draft.reason ? ` (${draft.reason})` : ''}.`
      : `Lieferdatum (Leistungsdatum): ${germanDate(deliveryDate)}.`,
    ...(exemption ? [exemption] : []),
  ]
  const terms = credit
    ? 'Der Betrag wird über die ursprüngliche Zahlungsart erstattet.'
    : paid
      ? `Bereits bezahlt (${draft.paymentMethodName}).`
      : `Zahlbar ohne Abzug bis ${germanDate(dueDate ?? issueDate)} unter Angabe der Rechnungsnummer.`
  const buyer = draft.buyer
  const businessContact = buyer.company?.trim() ? `${buyer.firstName} ${buyer.lastName}` : null
  return {
    kind: draft.kind,
    number: issue.number,
    issueDate,
    deliveryDate,
    orderNumber: draft.orderNumber,
    orderDate: berlinDay(draft.orderDate),
    deliveryNumber: draft.deliveryNumber,
    precedingInvoice: issue.preceding,
    reason: draft.reason,
    seller: issue.seller,
    buyer: {
      name: partyName(buyer),
      contactName: businessContact,
      street: buyer.street,
      zip: buyer.zip,
      city: buyer.city,
      countryCode: buyer.countryCode,
      vatId: buyer.vatId,
      email: draft.email,
      customerNumber: draft.customerNumber,
      customerType: draft.customerType,
      buyerReference: issue.buyerReference,
    },
    deliverTo: sameParty(buyer, draft.deliverTo)
      ? null
      : {
          name: partyName(draft.deliverTo),
          contactName: draft.deliverTo.company?.trim()
            ? `${draft.deliverTo.firstName} ${draft.deliverTo.lastName}`
            : null,
          street: draft.deliverTo.street,
          zip: draft.deliverTo.zip,
          city: draft.deliverTo.city,
          countryCode: draft.deliverTo.countryCode,
          vatId: null,
          email: null,
        },
    currency: 'EUR',
    lines,
    allowances:
      draft.couponGrossCents > 0
        ? [
            {
              reason: draft.couponNames.length
                ? `Gutschein ${draft.couponNames.join(', ')}`
                : 'Gutschein',
              grossCents: draft.couponGrossCents,
              netCents: allowanceNet,
              vatPercent: percent,
              vatCategory: category,
            },
          ]
        : [],
    vatBreakdown: [
      {
        category,
        percent,
        taxableCents: netTotal,
        vatCents: draft.vatCents,
        exemptionReason: exemption,
      },
    ],
    totals: {
      lineNetCents: lineNet,
      allowanceNetCents: draft.couponGrossCents > 0 ? allowanceNet : 0,
      netCents: netTotal,
      vatCents: draft.vatCents,
      grossCents: draft.grossCents,
      paidCents: credit || paid ? draft.grossCents : 0,
      dueCents: credit || paid ? 0 : draft.grossCents,
    },
    notes,
    payment: {
      methodName: draft.paymentMethodName,
      meansCode,
      card,
      terms,
      dueDate,
      reference: issue.number,
    },
  }
}
