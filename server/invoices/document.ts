// The invoice as a document (issue 20): everything a PDF, a Factur-X/ZUGFeRD CII or an XRechnung
// needs, built once from the order's stored numbers when the invoice is issued and stored with it
// (jsonb), so a document rendered again years later says exactly what it said the first time.
//
// Amounts are integer cents. Gross amounts are the order's own; net and VAT are derived from the
// order's stored VAT (`orders.tax_cents`) so that the sums agree to the cent:
//   sum(lines.netCents) - sum(allowances.netCents) = totals.netCents
//   totals.netCents + totals.vatCents = totals.grossCents
//   sum over vatBreakdown of taxableCents / vatCents = totals.netCents / totals.vatCents

export type InvoiceKind = 'invoice' | 'credit_note'

/** UNTDID 5305 VAT category: S standard rate, K intra-community supply, AE reverse charge. */
export type VatCategory = 'S' | 'K' | 'AE'

export type InvoiceParty = {
  /** Company name, or first and last name for private customers. */
  name: string
  /** The person (business customers: the contact; private: same as name). */
  contactName: string | null
  street: string
  zip: string
  city: string
  /** ISO 3166-1 alpha-2, e.g. "DE". */
  countryCode: string
  vatId: string | null
  email: string | null
}

export type InvoiceSeller = InvoiceParty & {
  /** Steuernummer (§ 14 (4) Nr. 2 UStG: VAT id or tax number). */
  taxNumber: string
  phone: string
  registry: string
  managingDirectors: string
  iban: string
  bic: string
  bankName: string
}

export type InvoiceBuyer = InvoiceParty & {
  /** Customer number (Kundennummer). */
  customerNumber: string
  customerType: 'private' | 'business'
  /** Buyer reference BT-10: the Leitweg-ID of public buyers, else the order number. */
  buyerReference: string | null
}

export type InvoiceLine = {
  position: number
  /** Order line it comes from; null for shipping and fee lines. */
  orderLineId: number | null
  kind: 'product' | 'warranty' | 'protection' | 'shipping' | 'payment_fee' | 'declared_value'
  articleNumber: string | null
  name: string
  quantity: number
  /** UN/ECE Rec 20 unit: H87 piece, C62 one (services, shipping). */
  unitCode: 'H87' | 'C62'
  /** Gross unit price as sold (incl. VAT). */
  grossUnitCents: number
  /** Gross line amount = grossUnitCents × quantity. */
  grossCents: number
  /** Net line amount (BT-131); the net unit price is netCents / quantity (up to 4 decimals). */
  netCents: number
  vatPercent: number
  vatCategory: VatCategory
}

/** Document level allowance (BG-20): the coupons' share of this delivery. */
export type InvoiceAllowance = {
  reason: string
  grossCents: number
  netCents: number
  vatPercent: number
  vatCategory: VatCategory
}

export type InvoiceVatBreakdown = {
  category: VatCategory
  percent: number
  taxableCents: number
  vatCents: number
  /** Exemption reason text (BT-120) for K and AE. */
  exemptionReason: string | null
}

export type InvoiceDocument = {
  kind: InvoiceKind
  /** "RE-2026-000001" (invoice) / "RK-2026-000001" (credit note: Rechnungskorrektur, deliberately not called "Gutschrift", which § 14 (2) UStG reserves for self-billing). */
  number: string
  /** Issue date, Berlin calendar day, YYYY-MM-DD. */
  issueDate: string
  /** Leistungsdatum: the day the delivery was shipped (credit notes: the invoice's). */
  deliveryDate: string
  orderNumber: string
  orderDate: string
  deliveryNumber: string | null
  /** Credit notes: the invoice they correct (BG-3). */
  precedingInvoice: { number: string; issueDate: string } | null
  /** Credit notes: why (Widerruf, Stornierung, Reklamation, Kulanz). */
  reason: string | null
  seller: InvoiceSeller
  buyer: InvoiceBuyer
  /** Delivery address when it differs from the buyer's address (BG-15). */
  deliverTo: (InvoiceParty & { name: string }) | null
  currency: 'EUR'
  lines: InvoiceLine[]
  allowances: InvoiceAllowance[]
  vatBreakdown: InvoiceVatBreakdown[]
  totals: {
    /** Sum of the lines' net amounts (BT-106). */
    lineNetCents: number
    /** Sum of the allowances' net amounts (BT-107). */
    allowanceNetCents: number
    /** BT-109 = lineNetCents - allowanceNetCents. */
    netCents: number
    /** BT-110. */
    vatCents: number
    /** BT-112 = netCents + vatCents; equals the gross the customer was charged for this part. */
    grossCents: number
    /** Paid in advance (BT-113). */
    paidCents: number
    /** BT-115 = grossCents - paidCents. */
    dueCents: number
  }
  /** Legal notes printed and carried as BT-22 (e.g. reverse charge, "Leistungsdatum = …"). */
  notes: string[]
  payment: {
    /** The payment method's German name, e.g. "Kreditkarte", "Rechnung". */
    methodName: string
    /** UNTDID 4461: 30 credit transfer, 42 payment to bank account, 48 bank card, 58 SEPA
     * credit transfer, 59 SEPA direct debit, 10 in cash, 1 not defined (PayPal & co.). */
    meansCode: '1' | '10' | '30' | '42' | '48' | '58' | '59' | 'ZZZ'
    /** Payment terms text (BT-20), e.g. "Zahlbar bis 12.12.2026 ohne Abzug." or "Bereits bezahlt.". */
    terms: string
    /** Due date for open amounts, YYYY-MM-DD. */
    dueDate: string | null
    /** Remittance information (BT-83): the invoice number. */
    reference: string
    /** Card payments (48): the card's last digits and network, written as BG-18 (XRechnung
     * requires it for card payments, BR-DE-24-a). Never the full card number (BR-51). */
    card?: { lastDigits: string; network: string } | null
  }
}

/** Electronic formats a business customer may choose (issue 20). */
export const E_INVOICE_FORMATS = ['pdf', 'zugferd', 'xrechnung'] as const
export type EInvoiceFormat = (typeof E_INVOICE_FORMATS)[number]
