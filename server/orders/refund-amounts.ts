// How much a refund gives back (issue 19; docs/decisions.md "Refunds and cancellation"). Pure:
// the order's stored amounts, its lines and the refunds recorded so far in, the breakdown out.
//
// - A product line's refund is its unit price × quantity plus its warranty lines (the warranty
//   follows its product, unit for unit), minus its share of the coupons, plus its share of the
//   protection package and the declared value insurance.
// - Coupons and extras are distributed over the product groups pro rata to their goods value
//   (largest remainder), and within a group over its units cumulatively (floor of share × k / Q,
//   the whole share at Q), so any sequence of partial refunds adds up to exactly the share.
// - Shipping and the cash-on-delivery fee go back when no product unit is left unrefunded; a
//   cancelled delivery's own shipping goes back with it.
// - Refunding every unit of every line gives back exactly the order's total.
import type { RefundBreakdown } from '#db/schema/orders.ts'
import { err, ok, type Result } from '#server/platform/result.ts'

export type AmountOrder = {
  totalCents: number
  shippingCents: number
  paymentFeeCents: number
  declaredValueCents: number
  protectionCents: number
  couponCents: number
}

export type AmountLine = {
  id: number
  kind: 'product' | 'warranty' | 'protection'
  parentLineId: number | null
  quantity: number
  unitPriceCents: number
  articleNumber: string
  name: string
}

export type AmountRequest = {
  lines: { orderLineId: number; quantity: number }[]
  /** Staff's amount on top (positive) or deducted (negative). */
  adjustmentCents?: number | undefined
  /** A cancelled delivery's own shipping, refunded with it. */
  deliveryShippingCents?: number | undefined
}

export type AmountError = 'refund_line_invalid' | 'refund_quantity_exceeded' | 'refund_exceeds_paid'

type Group = {
  line: AmountLine
  warranties: AmountLine[]
  goodsCents: number
  couponShare: number
  extrasShare: number
}

/** Splits `total` over `weights` pro rata; the cents left by rounding down go to the largest remainders. */
export function distribute(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0)
  if (sum <= 0 || total === 0) return weights.map(() => 0)
  const exact = weights.map((w) => (total * w) / sum)
  const shares = exact.map(Math.floor)
  let left = total - shares.reduce((a, b) => a + b, 0)
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index)
  for (const { index } of order) {
    if (left <= 0) break
    shares[index] = (shares[index] ?? 0) + 1
    left -= 1
  }
  return shares
}

/** The part of `total` that the first `k` of `q` units carry (the whole at k = q). */
function cumulative(total: number, k: number, q: number): number {
  if (k >= q) return total
  return Math.floor((total * k) / q)
}

/** Product lines (and warranties without their product) with what belongs to them. */
export function groupsOf(order: AmountOrder, lines: AmountLine[]): Group[] {
  const heads = lines.filter(
    (line) =>
      line.kind === 'product' ||
      (line.kind === 'warranty' &&
        !lines.some((p) => p.id === line.parentLineId && p.kind === 'product')),
  )
  const base = heads.map((line) => {
    const warranties =
      line.kind === 'product'
        ? lines.filter((w) => w.kind === 'warranty' && w.parentLineId === line.id)
        : []
    const goodsCents = [line, ...warranties].reduce(
      (sum, l) => sum + l.unitPriceCents * l.quantity,
      0,
    )
    return { line, warranties, goodsCents }
  })
  const weights = base.map((g) => g.goodsCents)
  const coupons = distribute(order.couponCents, weights)
  const extras = distribute(order.protectionCents + order.declaredValueCents, weights)
  return base.map((g, i) => ({ ...g, couponShare: coupons[i] ?? 0, extrasShare: extras[i] ?? 0 }))
}

/** Units of each line already covered by earlier refunds. */
export function refundedQuantities(prior: { breakdown: RefundBreakdown }[]): Map<number, number> {
  const done = new Map<number, number>()
  for (const refund of prior)
    for (const line of refund.breakdown.lines)
      done.set(line.orderLineId, (done.get(line.orderLineId) ?? 0) + line.quantity)
  return done
}

/**
 * The breakdown and amount of a new refund. The amount may come out 0 or negative (a line fully
 * paid by coupons, a deduction): the caller refuses those.
 */
export function computeRefund(
  order: AmountOrder,
  lines: AmountLine[],
  prior: { breakdown: RefundBreakdown; amountCents: number }[],
  request: AmountRequest,
): Result<{ amountCents: number; breakdown: RefundBreakdown }, AmountError> {
  const groups = groupsOf(order, lines)
  const done = refundedQuantities(prior)
  const wanted = new Map<number, number>()
  for (const { orderLineId, quantity } of request.lines) {
    if (!Number.isInteger(quantity) || quantity < 0) return err('refund_line_invalid')
    if (quantity > 0) wanted.set(orderLineId, (wanted.get(orderLineId) ?? 0) + quantity)
  }
  const breakdownLines: RefundBreakdown['lines'] = []
  for (const [lineId, quantity] of wanted) {
    const group = groups.find((g) => g.line.id === lineId)
    if (!group) return err('refund_line_invalid')
    const q = group.line.quantity
    const before = done.get(lineId) ?? 0
    if (before + quantity > q) return err('refund_quantity_exceeded')
    const after = before + quantity
    const goodsAt = (k: number) =>
      group.line.unitPriceCents * Math.min(k, q) +
      group.warranties.reduce((sum, w) => sum + cumulative(w.unitPriceCents * w.quantity, k, q), 0)
    breakdownLines.push({
      orderLineId: lineId,
      articleNumber: group.line.articleNumber,
      name: group.line.name,
      quantity,
      goodsCents: goodsAt(after) - goodsAt(before),
      couponCents: -(
        cumulative(group.couponShare, after, q) - cumulative(group.couponShare, before, q)
      ),
      extrasCents:
        cumulative(group.extrasShare, after, q) - cumulative(group.extrasShare, before, q),
    })
  }
  const nothingLeft = groups.every(
    (g) => (done.get(g.line.id) ?? 0) + (wanted.get(g.line.id) ?? 0) >= g.line.quantity,
  )
  const shippingDone = prior.reduce((sum, r) => sum + r.breakdown.shippingCents, 0)
  const feeDone = prior.reduce((sum, r) => sum + r.breakdown.paymentFeeCents, 0)
  const shippingLeft = Math.max(0, order.shippingCents - shippingDone)
  // The last units carry the rest of the shipping and the fee (§ 357 (2) BGB: the standard
  // delivery cost goes back on a full withdrawal); a request without lines (goodwill) does not.
  const isLast = nothingLeft && wanted.size > 0
  const shippingCents = isLast
    ? shippingLeft
    : Math.min(shippingLeft, Math.max(0, request.deliveryShippingCents ?? 0))
  const paymentFeeCents = isLast ? Math.max(0, order.paymentFeeCents - feeDone) : 0
  const adjustmentCents = request.adjustmentCents ?? 0
  const amountCents =
    breakdownLines.reduce((sum, l) => sum + l.goodsCents + l.couponCents + l.extrasCents, 0) +
    shippingCents +
    paymentFeeCents +
    adjustmentCents
  const priorCents = prior.reduce((sum, r) => sum + r.amountCents, 0)
  if (priorCents + amountCents > order.totalCents) return err('refund_exceeds_paid')
  return ok({
    amountCents,
    breakdown: { lines: breakdownLines, shippingCents, paymentFeeCents, adjustmentCents },
  })
}
