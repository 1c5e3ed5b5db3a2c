// The invoice document's sums (issue 20): whatever the positions, coupons and VAT share, the
// document adds up to the cent – lines' net minus the allowance is the net total, net plus VAT is
// the gross the orders slice handed over – and the legal notes and payment terms follow the case.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildInvoiceDocument, cardOf, type InvoiceDraft } from './build.ts'
import { SELLER } from './seller.ts'

const party = {
  company: null,
  firstName: 'Lena',
  lastName: 'Berger',
  street: 'Musterweg 7',
  zip: '10115',
  city: 'Berlin',
  countryCode: 'DE',
}

function draft(overrides: Partial<InvoiceDraft> = {}): InvoiceDraft {
  return {
    kind: 'invoice',
    orderId: 1,
    orderNumber: 'B4000001',
    orderDate: new Date('2026-11-18T10:00:00Z'),
    deliveryId: 1,
    deliveryNumber: 'B4000001-1',
    refundId: null,
    reason: null,
    customerId: 1,
    customerNumber: '100101',
    customerType: 'private',
    email: 'lena@example.de',
    buyer: { ...party, vatId: null },
    deliverTo: party,
    deliveryDate: new Date('2026-11-20T22:30:00Z'),
    positions: [
      {
        orderLineId: 1,
        kind: 'product',
        articleNumber: '1456094',
        name: 'Notebook',
        quantity: 1,
        grossUnitCents: 96990,
        grossCents: 96990,
      },
    ],
    couponGrossCents: 0,
    couponNames: [],
    grossCents: 96990,
    vatCents: 15486,
    vatPercent: 19,
    paymentMethod: 'creditcard',
    paymentMethodName: 'Kreditkarte',
    paymentLabel: 'Visa **** 1111',
    paymentDueDays: null,
    ...overrides,
  }
}

const issue = (at = new Date('2026-11-21T08:00:00Z')) => ({
  number: 'RE-2026-000001',
  issuedAt: at,
  seller: SELLER,
  buyerReference: null,
  preceding: null,
})

describe('cardOf', () => {
  it('reads network and last digits of masked card labels only', () => {
    expect(cardOf('Visa **** 1111')).toEqual({ network: 'Visa', lastDigits: '1111' })
    expect(cardOf('Mastercard •••• 4444')).toEqual({ network: 'Mastercard', lastDigits: '4444' })
    expect(cardOf('max.mustermann@example.de')).toBeNull()
    expect(cardOf(null)).toBeNull()
  })
})

describe('buildInvoiceDocument', () => {
  it('adds up to the cent for any positions, coupon and VAT share', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            unit: fc.integer({ min: 1, max: 500_000 }),
            qty: fc.integer({ min: 1, max: 9 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: -2, max: 2 }),
        (items, couponPercent, vatSkew) => {
          const positions = items.map((item, i) => ({
            orderLineId: i + 1,
            kind: 'product' as const,
            articleNumber: String(1000 + i),
            name: `Artikel ${i}`,
            quantity: item.qty,
            grossUnitCents: item.unit,
            grossCents: item.unit * item.qty,
          }))
          const goods = positions.reduce((s, p) => s + p.grossCents, 0)
          const coupon = Math.floor((goods * couponPercent) / 100)
          const gross = goods - coupon
          const vat = Math.max(0, Math.round((gross * 19) / 119) + vatSkew)
          const doc = buildInvoiceDocument(
            draft({ positions, couponGrossCents: coupon, grossCents: gross, vatCents: vat }),
            issue(),
          )
          const t = doc.totals
          expect(t.lineNetCents).toBe(doc.lines.reduce((s, l) => s + l.netCents, 0))
          expect(t.allowanceNetCents).toBe(doc.allowances.reduce((s, a) => s + a.netCents, 0))
          expect(t.netCents).toBe(t.lineNetCents - t.allowanceNetCents)
          expect(t.netCents + t.vatCents).toBe(gross)
          expect(doc.vatBreakdown).toEqual([
            {
              category: 'S',
              percent: 19,
              taxableCents: t.netCents,
              vatCents: vat,
              exemptionReason: null,
            },
          ])
        },
      ),
      { numRuns: 300 },
    )
  })

  it('dates by the Berlin calendar day and states the delivery date', () => {
    const doc = buildInvoiceDocument(draft(), issue(new Date('2026-11-21T23:30:00Z')))
    expect(doc.issueDate).toBe('2026-11-22')
    expect(doc.deliveryDate).toBe('2026-11-20')
    expect(doc.notes).toContain('Lieferdatum (Leistungsdatum): 20.11.2026.')
    expect(doc.totals).toMatchObject({ paidCents: 96990, dueCents: 0 })
    expect(doc.payment.terms).toBe('Bereits bezahlt (Kreditkarte).')
    expect(doc.payment).toMatchObject({
      meansCode: '48',
      card: { network: 'Visa', lastDigits: '1111' },
    })
    expect(doc.deliverTo).toBeNull()
  })

  it('gives invoice payments a due date and the delivery address where it differs', () => {
    const doc = buildInvoiceDocument(
      draft({
        paymentMethod: 'invoice',
        paymentMethodName: 'Rechnung',
        paymentDueDays: 30,
        deliverTo: { ...party, street: 'Lagerweg 3' },
      }),
      issue(),
    )
    expect(doc.payment).toMatchObject({ dueDate: '2026-12-21', meansCode: '58' })
    expect(doc.payment.terms).toBe(
      'Zahlbar ohne Abzug bis 21.12.2026 unter Angabe der Rechnungsnummer.',
    )
    expect(doc.totals).toMatchObject({ paidCents: 0, dueCents: 96990 })
    expect(doc.deliverTo?.street).toBe('Lagerweg 3')
  })

  it('credit notes name the invoice they correct and why', () => {
    const doc = buildInvoiceDocument(draft({ kind: 'credit_note', reason: 'Widerruf' }), {
      ...issue(),
      number: 'RK-2026-000001',
      preceding: { number: 'RE-2026-000007', issueDate: '2026-11-20' },
    })
    expect(doc.precedingInvoice).toEqual({ number: 'RE-2026-000007', issueDate: '2026-11-20' })
    expect(doc.notes[0]).toBe(
      'Rechnungskorrektur zur Rechnung RE-2026-000007 vom 20.11.2026 (Widerruf).',
    )
  })
})
