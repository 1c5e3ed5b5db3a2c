// Realistic InvoiceDocument samples (issue 20) for the e-invoice, PDF and mail tests. Every sample
// obeys the amount rules of document.ts exactly; `assertDocumentSums` proves it in the tests.

import type {
  InvoiceAllowance,
  InvoiceBuyer,
  InvoiceDocument,
  InvoiceLine,
  InvoiceSeller,
  InvoiceVatBreakdown,
  VatCategory,
} from './document.ts'

export const TEST_SELLER: InvoiceSeller = {
  name: 'Bitwerk GmbH',
  contactName: 'Kundenservice Bitwerk',
  street: 'Musterstraße 1',
  zip: '10115',
  city: 'Berlin',
  countryCode: 'DE',
  vatId: 'DE123456789',
  email: 'rechnung@bitwerk.example',
  taxNumber: '30/123/45678',
  phone: '+49 30 1234567',
  registry: 'Amtsgericht Berlin (Charlottenburg) HRB 123456 B',
  managingDirectors: 'Erika Mustermann',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  bankName: 'Commerzbank',
}

const EXEMPTION_TEXT: Record<Exclude<VatCategory, 'S'>, string> = {
  K: 'Steuerfreie innergemeinschaftliche Lieferung (§ 4 Nr. 1 b UStG)',
  AE: 'Steuerschuldnerschaft des Leistungsempfängers (§ 13b UStG, Reverse Charge)',
}

type LineInput = Pick<InvoiceLine, 'kind' | 'name' | 'quantity' | 'grossUnitCents'> & {
  articleNumber?: string
}

/** VAT contained in a gross amount at `percent`, rounded half up to the cent (integer math). */
function vatOfGross(grossCents: number, percent: number): number {
  return Math.round((grossCents * percent) / (100 + percent))
}

/**
 * Builds lines, allowances, breakdown and totals the way the shop does: gross amounts are the
 * order's; VAT per rate is taken from the rate's gross total (the order's stored tax), the net is
 * gross − VAT, and line/allowance nets are rounded individually with the remainder on the largest
 * line so that every sum in document.ts holds to the cent.
 */
function amounts(
  inputs: LineInput[],
  allowanceInputs: { reason: string; grossCents: number }[],
  category: VatCategory,
  paid: boolean,
): Pick<InvoiceDocument, 'lines' | 'allowances' | 'vatBreakdown' | 'totals'> {
  const percent = category === 'S' ? 19 : 0
  const net = (gross: number) => gross - vatOfGross(gross, percent)
  const lines: InvoiceLine[] = inputs.map((l, i) => {
    const grossCents = l.grossUnitCents * l.quantity
    return {
      position: i + 1,
      orderLineId: l.kind === 'shipping' ? null : 1000 + i,
      kind: l.kind,
      articleNumber: l.articleNumber ?? null,
      name: l.name,
      quantity: l.quantity,
      unitCode: l.kind === 'shipping' || l.kind === 'payment_fee' ? 'C62' : 'H87',
      grossUnitCents: l.grossUnitCents,
      grossCents,
      netCents: net(grossCents),
      vatPercent: percent,
      vatCategory: category,
    }
  })
  const allowances: InvoiceAllowance[] = allowanceInputs.map((a) => ({
    reason: a.reason,
    grossCents: a.grossCents,
    netCents: net(a.grossCents),
    vatPercent: percent,
    vatCategory: category,
  }))
  const grossCents =
    lines.reduce((s, l) => s + l.grossCents, 0) - allowances.reduce((s, a) => s + a.grossCents, 0)
  const vatCents = vatOfGross(grossCents, percent)
  const netCents = grossCents - vatCents
  // Put the rounding remainder on the largest line.
  const allowanceNetCents = allowances.reduce((s, a) => s + a.netCents, 0)
  const lineNetSum = lines.reduce((s, l) => s + l.netCents, 0)
  const largest = lines.reduce((a, b) => (b.netCents > a.netCents ? b : a))
  largest.netCents += netCents + allowanceNetCents - lineNetSum
  const lineNetCents = netCents + allowanceNetCents
  const breakdown: InvoiceVatBreakdown = {
    category,
    percent,
    taxableCents: netCents,
    vatCents,
    exemptionReason: category === 'S' ? null : EXEMPTION_TEXT[category],
  }
  return {
    lines,
    allowances,
    vatBreakdown: [breakdown],
    totals: {
      lineNetCents,
      allowanceNetCents,
      netCents,
      vatCents,
      grossCents,
      paidCents: paid ? grossCents : 0,
      dueCents: paid ? 0 : grossCents,
    },
  }
}

function buyer(partial: Partial<InvoiceBuyer> & Pick<InvoiceBuyer, 'name'>): InvoiceBuyer {
  return {
    contactName: partial.name,
    street: 'Hauptstraße 5',
    zip: '80331',
    city: 'München',
    countryCode: 'DE',
    vatId: null,
    email: 'kunde@example.org',
    customerNumber: 'K-100001',
    customerType: 'private',
    buyerReference: null,
    ...partial,
  }
}

const paidByCard = {
  methodName: 'Kreditkarte',
  meansCode: '48',
  terms: 'Bereits bezahlt.',
  dueDate: null,
  card: { lastDigits: '4242', network: 'VISA' },
} as const

/** Private customer, paid by credit card, free shipping. */
export const privateCardInvoice: InvoiceDocument = {
  kind: 'invoice',
  number: 'RE-2026-000001',
  issueDate: '2026-11-20',
  deliveryDate: '2026-11-20',
  orderNumber: '100042',
  orderDate: '2026-11-18',
  deliveryNumber: 'LS-100042-1',
  precedingInvoice: null,
  reason: null,
  seller: TEST_SELLER,
  buyer: buyer({ name: 'Max Mustermann', email: 'max@example.org' }),
  deliverTo: null,
  currency: 'EUR',
  ...amounts(
    [
      {
        kind: 'product',
        articleNumber: '7000123',
        name: 'Notebook Aero 14',
        quantity: 1,
        grossUnitCents: 99_900,
      },
      {
        kind: 'product',
        articleNumber: '7000456',
        name: 'USB-C-Hub 7-in-1',
        quantity: 2,
        grossUnitCents: 3_999,
      },
      {
        kind: 'warranty',
        name: 'Garantieverlängerung 3 Jahre (Notebook Aero 14)',
        quantity: 1,
        grossUnitCents: 8_999,
      },
    ],
    [],
    'S',
    true,
  ),
  notes: ['Leistungsdatum entspricht dem Rechnungsdatum.'],
  payment: { ...paidByCard, reference: 'RE-2026-000001' },
}

/** Public business customer in DE with Leitweg-ID, on invoice with due date, separate delivery address. */
export const publicBuyerInvoice: InvoiceDocument = {
  kind: 'invoice',
  number: 'RE-2026-000002',
  issueDate: '2026-11-21',
  deliveryDate: '2026-11-21',
  orderNumber: '100043',
  orderDate: '2026-11-19',
  deliveryNumber: 'LS-100043-1',
  precedingInvoice: null,
  reason: null,
  seller: TEST_SELLER,
  buyer: buyer({
    name: 'Stadtverwaltung Musterstadt',
    contactName: 'Beschaffungsstelle, Frau Beispiel',
    street: 'Rathausplatz 1',
    zip: '50667',
    city: 'Köln',
    vatId: 'DE987654321',
    email: 'beschaffung@musterstadt.example',
    customerNumber: 'K-200017',
    customerType: 'business',
    buyerReference: '05315-12345-67',
  }),
  deliverTo: {
    name: 'Stadtverwaltung Musterstadt, IT-Abteilung',
    contactName: 'Herr Muster',
    street: 'Technikweg 3',
    zip: '50668',
    city: 'Köln',
    countryCode: 'DE',
    vatId: null,
    email: null,
  },
  currency: 'EUR',
  ...amounts(
    [
      {
        kind: 'product',
        articleNumber: '7001001',
        name: 'Monitor 27" QHD',
        quantity: 5,
        grossUnitCents: 28_990,
      },
      {
        kind: 'product',
        articleNumber: '7001002',
        name: 'Dockingstation USB-C',
        quantity: 5,
        grossUnitCents: 14_999,
      },
      { kind: 'shipping', name: 'Versand (Spedition)', quantity: 1, grossUnitCents: 4_990 },
    ],
    [],
    'S',
    false,
  ),
  notes: ['Lieferung gemäß Bestellung 100043.'],
  payment: {
    methodName: 'Rechnung',
    meansCode: '58',
    terms: 'Zahlbar bis 05.12.2026 ohne Abzug.',
    dueDate: '2026-12-05',
    reference: 'RE-2026-000002',
  },
}

/** Business customer in AT with a valid VAT id: intra-community supply, category K, 0 %. */
export const intraCommunityInvoice: InvoiceDocument = {
  kind: 'invoice',
  number: 'RE-2026-000003',
  issueDate: '2026-11-22',
  deliveryDate: '2026-11-22',
  orderNumber: '100044',
  orderDate: '2026-11-20',
  deliveryNumber: 'LS-100044-1',
  precedingInvoice: null,
  reason: null,
  seller: TEST_SELLER,
  buyer: buyer({
    name: 'Alpen Elektronik GmbH',
    contactName: 'Anna Huber',
    street: 'Mariahilfer Straße 10',
    zip: '1070',
    city: 'Wien',
    countryCode: 'AT',
    vatId: 'ATU12345678',
    email: 'einkauf@alpen-elektronik.example',
    customerNumber: 'K-300005',
    customerType: 'business',
  }),
  deliverTo: null,
  currency: 'EUR',
  ...amounts(
    [
      {
        kind: 'product',
        articleNumber: '7002001',
        name: 'Smartphone X12 128 GB',
        quantity: 3,
        grossUnitCents: 52_101,
      },
      { kind: 'shipping', name: 'Versand EU', quantity: 1, grossUnitCents: 1_500 },
    ],
    [],
    'K',
    false,
  ),
  notes: [
    'Steuerfreie innergemeinschaftliche Lieferung (§ 4 Nr. 1 b UStG). Steuerschuldnerschaft des Leistungsempfängers.',
  ],
  payment: {
    methodName: 'Vorkasse (Überweisung)',
    meansCode: '58',
    terms: 'Zahlbar bis 06.12.2026 ohne Abzug.',
    dueDate: '2026-12-06',
    reference: 'RE-2026-000003',
  },
}

/** Domestic business buyer, smartphones worth 5,000 EUR or more: reverse charge (§ 13b UStG), AE. */
export const reverseChargeInvoice: InvoiceDocument = {
  kind: 'invoice',
  number: 'RE-2026-000005',
  issueDate: '2026-11-24',
  deliveryDate: '2026-11-24',
  orderNumber: '100046',
  orderDate: '2026-11-22',
  deliveryNumber: 'LS-100046-1',
  precedingInvoice: null,
  reason: null,
  seller: TEST_SELLER,
  buyer: buyer({
    name: 'Handy-Handel Nord GmbH',
    contactName: 'Jan Petersen',
    street: 'Hafenstraße 12',
    zip: '20457',
    city: 'Hamburg',
    vatId: 'DE111222333',
    email: 'einkauf@handy-nord.example',
    customerNumber: 'K-400010',
    customerType: 'business',
  }),
  deliverTo: null,
  currency: 'EUR',
  ...amounts(
    [
      {
        kind: 'product',
        articleNumber: '7002001',
        name: 'Smartphone X12 128 GB',
        quantity: 12,
        grossUnitCents: 52_101,
      },
    ],
    [],
    'AE',
    false,
  ),
  notes: ['Steuerschuldnerschaft des Leistungsempfängers (§ 13b Abs. 2 Nr. 10 UStG).'],
  payment: {
    methodName: 'Rechnung',
    meansCode: '58',
    terms: 'Zahlbar bis 08.12.2026 ohne Abzug.',
    dueDate: '2026-12-08',
    reference: 'RE-2026-000005',
  },
}

/** Coupon allowance and a shipping line, private customer paid via PayPal & co. (means 1). */
export const couponInvoice: InvoiceDocument = {
  kind: 'invoice',
  number: 'RE-2026-000004',
  issueDate: '2026-11-23',
  deliveryDate: '2026-11-23',
  orderNumber: '100045',
  orderDate: '2026-11-21',
  deliveryNumber: 'LS-100045-1',
  precedingInvoice: null,
  reason: null,
  seller: TEST_SELLER,
  buyer: buyer({ name: 'Erika Beispiel', email: 'erika@example.org', customerNumber: 'K-100777' }),
  deliverTo: null,
  currency: 'EUR',
  ...amounts(
    [
      {
        kind: 'product',
        articleNumber: '7003001',
        name: 'Kopfhörer NoiseFree 700',
        quantity: 1,
        grossUnitCents: 24_999,
      },
      {
        kind: 'product',
        articleNumber: '7003002',
        name: 'Ladekabel USB-C 2 m',
        quantity: 3,
        grossUnitCents: 1_299,
      },
      { kind: 'shipping', name: 'Versand (Standard)', quantity: 1, grossUnitCents: 495 },
    ],
    [{ reason: 'Gutschein HERBST10', grossCents: 2_997 }],
    'S',
    true,
  ),
  notes: [],
  payment: {
    methodName: 'PayPal',
    meansCode: '1',
    terms: 'Bereits bezahlt.',
    dueDate: null,
    reference: 'RE-2026-000004',
  },
}

/** Credit note (Rechnungskorrektur) for one returned item of the first invoice, positive amounts. */
export const creditNote: InvoiceDocument = {
  kind: 'credit_note',
  number: 'RK-2026-000001',
  issueDate: '2026-11-26',
  deliveryDate: '2026-11-20',
  orderNumber: '100042',
  orderDate: '2026-11-18',
  deliveryNumber: 'LS-100042-1',
  precedingInvoice: { number: 'RE-2026-000001', issueDate: '2026-11-20' },
  reason: 'Widerruf',
  seller: TEST_SELLER,
  buyer: privateCardInvoice.buyer,
  deliverTo: null,
  currency: 'EUR',
  ...amounts(
    [
      {
        kind: 'product',
        articleNumber: '7000456',
        name: 'USB-C-Hub 7-in-1',
        quantity: 1,
        grossUnitCents: 3_999,
      },
    ],
    [],
    'S',
    true,
  ),
  notes: ['Rechnungskorrektur zu Rechnung RE-2026-000001 vom 20.11.2026.'],
  payment: {
    methodName: 'Kreditkarte',
    meansCode: '48',
    terms: 'Der Betrag wird auf die Kreditkarte erstattet.',
    dueDate: null,
    card: { lastDigits: '4242', network: 'VISA' },
    reference: 'RK-2026-000001',
  },
}

export const TEST_DOCUMENTS: Record<string, InvoiceDocument> = {
  privateCardInvoice,
  publicBuyerInvoice,
  intraCommunityInvoice,
  reverseChargeInvoice,
  couponInvoice,
  creditNote,
}

/** Throws unless the document obeys the amount rules of document.ts. */
export function assertDocumentSums(doc: InvoiceDocument): void {
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)
  const t = doc.totals
  const checks: [string, number, number][] = [
    ['lineNetCents', sum(doc.lines.map((l) => l.netCents)), t.lineNetCents],
    ['allowanceNetCents', sum(doc.allowances.map((a) => a.netCents)), t.allowanceNetCents],
    ['netCents', t.lineNetCents - t.allowanceNetCents, t.netCents],
    ['grossCents', t.netCents + t.vatCents, t.grossCents],
    ['taxable', sum(doc.vatBreakdown.map((v) => v.taxableCents)), t.netCents],
    ['vat', sum(doc.vatBreakdown.map((v) => v.vatCents)), t.vatCents],
    ['dueCents', t.grossCents - t.paidCents, t.dueCents],
    ...doc.lines.map((l): [string, number, number] => [
      `line ${l.position} gross`,
      l.grossUnitCents * l.quantity,
      l.grossCents,
    ]),
  ]
  const wrong = checks.filter(([, actual, expected]) => actual !== expected)
  if (wrong.length > 0) {
    throw new Error(`${doc.number}: ${wrong.map(([n, a, e]) => `${n} ${a} ≠ ${e}`).join(', ')}`)
  }
}
