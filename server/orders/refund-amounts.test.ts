import { describe, expect, it } from 'vitest'
import type { RefundBreakdown } from '#db/schema/orders.ts'
import {
  type AmountLine,
  type AmountOrder,
  computeRefund,
  distribute,
  groupsOf,
} from './refund-amounts.ts'

function line(
  id: number,
  quantity: number,
  unitPriceCents: number,
  extra: Partial<AmountLine> = {},
): AmountLine {
  return {
    id,
    kind: 'product',
    parentLineId: null,
    quantity,
    unitPriceCents,
    articleNumber: `A-${id}`,
    name: `Artikel ${id}`,
    ...extra,
  }
}

function orderOf(
  lines: AmountLine[],
  extra: Partial<Omit<AmountOrder, 'totalCents'>> = {},
): AmountOrder {
  const goods = lines
    .filter((l) => l.kind !== 'protection')
    .reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0)
  const base = {
    shippingCents: 0,
    paymentFeeCents: 0,
    declaredValueCents: 0,
    protectionCents: 0,
    couponCents: 0,
    ...extra,
  }
  return {
    ...base,
    totalCents:
      goods +
      base.shippingCents +
      base.paymentFeeCents +
      base.declaredValueCents +
      base.protectionCents -
      base.couponCents,
  }
}

type Done = { breakdown: RefundBreakdown; amountCents: number }

function refund(
  order: AmountOrder,
  lines: AmountLine[],
  prior: Done[],
  request: Parameters<typeof computeRefund>[3],
): Done {
  const result = computeRefund(order, lines, prior, request)
  if (!result.ok) throw new Error(result.code)
  return result.value
}

/** A small deterministic generator (mulberry32): the same orders on every run. */
function random(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe('distribute', () => {
  it('splits pro rata and gives the cents left to the largest remainders', () => {
    expect(distribute(100, [1, 1, 1])).toEqual([34, 33, 33])
    expect(distribute(1000, [7999, 1999])).toEqual([800, 200])
    expect(distribute(5, [0, 0])).toEqual([0, 0])
    expect(distribute(1, [1, 3])).toEqual([0, 1])
  })
})

describe('computeRefund', () => {
  it('a product with its warranty, a coupon and the protection package, line by line', () => {
    const lines = [
      line(1, 2, 10_000),
      line(2, 2, 1_500, { kind: 'warranty', parentLineId: 1 }),
      line(3, 1, 5_000),
      line(4, 1, 1_999, { kind: 'protection' }),
    ]
    const order = orderOf(lines.slice(0, 3), {
      shippingCents: 495,
      couponCents: 1_000,
      protectionCents: 1_999,
    })
    const groups = groupsOf(order, lines)
    // Goods 23 000 and 5 000: the coupon 821.43 / 178.57 → 821 / 179 (largest remainder).
    expect(groups.map((g) => [g.goodsCents, g.couponShare, g.extrasShare])).toEqual([
      [23_000, 821, 1642],
      [5_000, 179, 357],
    ])
    const first = refund(order, lines, [], { lines: [{ orderLineId: 1, quantity: 1 }] })
    expect(first.breakdown.lines[0]).toMatchObject({
      quantity: 1,
      goodsCents: 11_500,
      couponCents: -410,
      extrasCents: 821,
    })
    expect(first.breakdown.shippingCents).toBe(0)
    const second = refund(order, lines, [first], {
      lines: [
        { orderLineId: 1, quantity: 1 },
        { orderLineId: 3, quantity: 1 },
      ],
    })
    expect(second.breakdown.shippingCents).toBe(495)
    expect(first.amountCents + second.amountCents).toBe(order.totalCents)
  })

  it('refuses more than bought, a warranty line with its product, and more than paid', () => {
    const lines = [line(1, 1, 1000), line(2, 1, 100, { kind: 'warranty', parentLineId: 1 })]
    const order = orderOf(lines)
    const request = (orderLineId: number, quantity: number) => ({
      lines: [{ orderLineId, quantity }],
    })
    expect(computeRefund(order, lines, [], request(1, 2))).toMatchObject({
      code: 'refund_quantity_exceeded',
    })
    expect(computeRefund(order, lines, [], request(2, 1))).toMatchObject({
      code: 'refund_line_invalid',
    })
    expect(computeRefund(order, lines, [], request(99, 1))).toMatchObject({
      code: 'refund_line_invalid',
    })
    expect(
      computeRefund(order, lines, [], {
        lines: [{ orderLineId: 1, quantity: 1 }],
        adjustmentCents: 1,
      }),
    ).toMatchObject({ code: 'refund_exceeds_paid' })
  })

  it('a cancelled delivery takes its own shipping; the fee goes back with the last units', () => {
    const lines = [line(1, 1, 2000), line(2, 1, 3000)]
    const order = orderOf(lines, { shippingCents: 990, paymentFeeCents: 700 })
    const first = refund(order, lines, [], {
      lines: [{ orderLineId: 1, quantity: 1 }],
      deliveryShippingCents: 495,
    })
    expect(first.breakdown).toMatchObject({ shippingCents: 495, paymentFeeCents: 0 })
    const last = refund(order, lines, [first], { lines: [{ orderLineId: 2, quantity: 1 }] })
    expect(last.breakdown).toMatchObject({ shippingCents: 495, paymentFeeCents: 700 })
    expect(first.amountCents + last.amountCents).toBe(order.totalCents)
  })

  it('every sequence of partial refunds of seeded-like orders adds up to what was paid', () => {
    const next = random(19)
    const pick = (n: number) => Math.floor(next() * n)
    for (let round = 0; round < 300; round++) {
      const lines: AmountLine[] = []
      let id = 1
      for (let g = 0; g < 1 + pick(4); g++) {
        const quantity = 1 + pick(5)
        const product = line(id++, quantity, 99 + pick(200_000))
        lines.push(product)
        if (next() < 0.4)
          lines.push(
            line(id++, quantity, 499 + pick(20_000), {
              kind: 'warranty',
              parentLineId: product.id,
            }),
          )
      }
      const goods = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0)
      const order = orderOf(lines, {
        shippingCents: [0, 495, 990][pick(3)] ?? 0,
        paymentFeeCents: next() < 0.2 ? 700 : 0,
        declaredValueCents: next() < 0.3 ? Math.round(goods * 0.0075) : 0,
        protectionCents: next() < 0.2 ? 1999 : 0,
        couponCents: next() < 0.5 ? Math.min(goods, 1 + pick(goods)) : 0,
      })
      const left = new Map(lines.filter((l) => l.kind === 'product').map((l) => [l.id, l.quantity]))
      const done: Done[] = []
      while ([...left.values()].some((q) => q > 0)) {
        const request = [...left]
          .filter(([, q]) => q > 0 && next() < 0.5)
          .map(([orderLineId, q]) => ({ orderLineId, quantity: 1 + pick(q) }))
        if (request.length === 0) continue
        for (const r of request)
          left.set(r.orderLineId, (left.get(r.orderLineId) ?? 0) - r.quantity)
        done.push(refund(order, lines, done, { lines: request }))
      }
      expect(done.reduce((sum, r) => sum + r.amountCents, 0)).toBe(order.totalCents)
      for (const r of done) {
        for (const l of r.breakdown.lines) {
          expect(l.couponCents).toBeLessThanOrEqual(0)
          expect(l.extrasCents).toBeGreaterThanOrEqual(0)
        }
      }
      // Nothing left to refund: one cent more is refused.
      expect(computeRefund(order, lines, done, { lines: [], adjustmentCents: 1 })).toMatchObject({
        code: 'refund_exceeds_paid',
      })
    }
  })
})
