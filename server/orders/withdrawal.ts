// The withdrawal function (issue 19; Art. 11a Consumer Rights Directive, § 356a BGB): what an
// order offers (per delivery: withdrawable until when, or why not) and the declaration itself,
// stored unchangeably with its time and acknowledged by e-mail in the same transaction.
// Rules and their reasons: docs/notes/withdrawal.md.
import { randomUUID } from 'node:crypto'
import { ORDER_STATUS_LABELS } from '#contract/orders.ts'
import {
  WITHDRAWAL_PERIOD_DAYS,
  type WithdrawalDeclaration,
  type WithdrawalDeclareBody,
  type WithdrawalDelivery,
  type WithdrawalOptions,
  type WithdrawalUnavailable,
} from '#contract/withdrawal.ts'
import type { DbOrTx } from '#db/client.ts'
import type { WithdrawalScope } from '#db/schema/orders.ts'
import type { AppContext } from '#server/platform/http.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import { orderUrl } from './mails.ts'
import type { OrderRow } from './repo.ts'
import { sendWithdrawalAcknowledgement } from './withdrawal-mail.ts'
import * as repo from './withdrawal-repo.ts'

export type DeclareError =
  | 'withdrawal_business_customer'
  | 'withdrawal_not_available'
  | 'withdrawal_quantity_exceeded'
  | 'withdrawal_items_required'

/** Who declares: a logged-in customer from Bestelldetails, or anyone on the public page. */
export type Declarant = { channel: 'account'; customerId: number } | { channel: 'guest' }

function wireDeclaration(order: OrderRow, row: repo.DeclarationRow): WithdrawalDeclaration {
  return {
    id: row.id,
    orderNumber: order.orderNumber,
    name: row.name,
    email: row.email,
    wholeOrder: row.scope.kind === 'order',
    items: row.scope.items,
    declaredAt: row.declaredAt.toISOString(),
  }
}

/** The order's reason when nothing is offered: the most telling one of its deliveries. */
const ORDER_REASONS: WithdrawalUnavailable[] = [
  'withdrawal_business_customer',
  'withdrawal_period_over',
  'withdrawal_already_declared',
  'withdrawal_delivery_cancelled',
]

/**
 * Per delivery: a business order is never offered (the statutory right is the consumer's,
 * § 312g with § 13 BGB); a cancelled delivery has nothing to withdraw; a delivery not yet
 * received is withdrawable (its period has not even started); a received one until the end of
 * the 14th day after receipt; once every item is covered by a declaration, nothing is left.
 */
async function buildOptions(
  db: DbOrTx,
  now: Date,
  order: OrderRow,
): Promise<{ options: WithdrawalOptions; lines: repo.WithdrawalLineRow[] }> {
  const [deliveryRows, lines, declarations] = await Promise.all([
    repo.deliveriesWithPeriod(db, order.id, WITHDRAWAL_PERIOD_DAYS),
    repo.linesWithWithdrawn(db, order.id),
    repo.declarationsOf(db, order.id),
  ])
  const isBusiness = order.customerType === 'business'
  // Goods of one order delivered separately: the period starts for all of them with the receipt
  // of the last delivery (§ 356 (2) Nr. 1 b BGB); until then it has not started for any.
  const open = deliveryRows.filter((delivery) => delivery.status !== 'cancelled')
  const ends = open.map((delivery) => delivery.withdrawableUntil)
  const periodEnd =
    ends.length > 0 && ends.every((end) => end !== null)
      ? new Date(Math.max(...ends.map((end) => end?.getTime() ?? 0)))
      : null
  const deliveries: WithdrawalDelivery[] = deliveryRows.map((row) => {
    const delivery = { ...row, withdrawableUntil: row.status === 'cancelled' ? null : periodEnd }
    const own = lines.filter((line) => line.deliveryId === delivery.id)
    const left = own.some((line) => line.withdrawn < line.quantity)
    const reason: WithdrawalUnavailable | null = isBusiness
      ? 'withdrawal_business_customer'
      : delivery.status === 'cancelled'
        ? 'withdrawal_delivery_cancelled'
        : delivery.withdrawableUntil && delivery.withdrawableUntil < now
          ? 'withdrawal_period_over'
          : !left
            ? 'withdrawal_already_declared'
            : null
    return {
      deliveryNumber: delivery.deliveryNumber,
      status: delivery.status,
      statusLabel: ORDER_STATUS_LABELS[delivery.status],
      receivedAt: delivery.receivedAt?.toISOString() ?? null,
      withdrawableUntil: delivery.withdrawableUntil?.toISOString() ?? null,
      available: reason === null,
      reason,
      items: own.map((line) => ({
        lineId: line.id,
        productName: line.name,
        articleNumber: line.articleNumber,
        quantity: line.quantity,
        withdrawnQuantity: line.withdrawn,
        withdrawableQuantity: reason === null ? Math.max(0, line.quantity - line.withdrawn) : 0,
      })),
    }
  })
  const available = deliveries.some((delivery) => delivery.available)
  const reason = available
    ? null
    : (ORDER_REASONS.find((r) => deliveries.some((d) => d.reason === r)) ??
      'withdrawal_delivery_cancelled')
  const billing = order.billingAddress
  return {
    options: {
      orderNumber: order.orderNumber,
      datePurchased: order.createdAt.toISOString(),
      available,
      reason,
      name: `${billing.firstName} ${billing.lastName}`.trim(),
      email: order.email,
      deliveries,
      declarations: declarations.map((row) => wireDeclaration(order, row)),
    },
    lines,
  }
}

export async function withdrawalOptions(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  order: OrderRow,
): Promise<WithdrawalOptions> {
  return (await buildOptions(ctx.db, ctx.clock.now(), order)).options
}

/** The lines and quantities a declaration covers, or why it cannot. */
function resolveScope(
  options: WithdrawalOptions,
  body: WithdrawalDeclareBody,
): Result<WithdrawalScope, DeclareError> {
  const withdrawable = options.deliveries.flatMap((delivery) =>
    delivery.items.map((item) => ({ delivery, item })),
  )
  if (body.wholeOrder) {
    const items = withdrawable
      .filter(({ item }) => item.withdrawableQuantity > 0)
      .map(({ delivery, item }) => ({
        lineId: item.lineId,
        deliveryNumber: delivery.deliveryNumber,
        articleNumber: item.articleNumber,
        name: item.productName,
        quantity: item.withdrawableQuantity,
      }))
    return items.length > 0 ? ok({ kind: 'order', items }) : err('withdrawal_not_available')
  }
  const wanted = new Map<number, number>()
  for (const { lineId, quantity } of body.items)
    if (quantity > 0) wanted.set(lineId, (wanted.get(lineId) ?? 0) + quantity)
  if (wanted.size === 0) return err('withdrawal_items_required')
  const items: WithdrawalScope['items'] = []
  for (const [lineId, quantity] of wanted) {
    const found = withdrawable.find(({ item }) => item.lineId === lineId)
    if (!found?.delivery.available) return err('withdrawal_not_available')
    if (quantity > found.item.withdrawableQuantity) return err('withdrawal_quantity_exceeded')
    items.push({
      lineId,
      deliveryNumber: found.delivery.deliveryNumber,
      articleNumber: found.item.articleNumber,
      name: found.item.productName,
      quantity,
    })
  }
  return ok({ kind: 'items', items })
}

/**
 * Stores the declaration and queues its acknowledgement in one transaction. The order row is
 * locked first, so a double submit waits for the first and then finds it by its key (the same
 * declaration back, nothing stored twice), and two different declarations cannot together
 * cover more than was bought.
 */
export async function declareWithdrawal(
  ctx: AppContext,
  orderId: number,
  body: WithdrawalDeclareBody,
  declarant: Declarant,
): Promise<Result<WithdrawalDeclaration, DeclareError | 'not_found'>> {
  return ctx.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, orderId)
    if (!order) return err('not_found')
    const replay = await repo.findDeclarationByKey(tx, order.id, body.idempotencyKey)
    if (replay) return ok(wireDeclaration(order, replay))
    if (order.customerType === 'business') return err('withdrawal_business_customer')
    const now = ctx.clock.now()
    const { options } = await buildOptions(tx, now, order)
    const scope = resolveScope(options, body)
    if (!scope.ok) return scope
    const mailId = await sendWithdrawalAcknowledgement(tx, {
      to: body.email,
      name: body.name,
      orderNumber: order.orderNumber,
      declaredAt: now,
      scope: scope.value,
      orderUrl: declarant.channel === 'account' ? orderUrl(ctx, order.orderNumber) : null,
    })
    const row = await repo.insertDeclaration(tx, {
      id: randomUUID(),
      orderId: order.id,
      customerId: declarant.channel === 'account' ? declarant.customerId : null,
      channel: declarant.channel,
      name: body.name,
      email: body.email,
      scope: scope.value,
      idempotencyKey: body.idempotencyKey,
      declaredAt: now,
      acknowledgementMailId: mailId,
    })
    return ok(wireDeclaration(order, row))
  })
}
