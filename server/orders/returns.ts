// Returns (issue 19): a customer (or a guest identified on /widerruf) sends goods back after a
// withdrawal or as a warranty claim (Reklamation) with a prepaid label from the shipping port;
// staff receive, inspect (restock or write off), close or cancel it. Rules and their reasons:
// docs/notes/returns.md and docs/decisions.md "Returns and the shipping simulator".
import { COUNTRY_IDS } from '#contract/fields.ts'
import {
  type OrderReturn,
  RETURN_KIND_LABELS,
  RETURN_STATUS_LABELS,
  type ReturnCreateBody,
  type ReturnOptionItem,
  type ReturnOptions,
  WARRANTY_YEARS,
} from '#contract/returns.ts'
import type { DbOrTx, Tx } from '#db/client.ts'
import type {
  OrderAddress,
  ReturnKind,
  ReturnLineOutcome,
  ReturnStatus,
} from '#db/schema/orders.ts'
import { returnStock } from '#server/catalog/index.ts'
import type { AppContext } from '#server/platform/http.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import type { LabelAddress } from '#server/platform/shipping/port.ts'
import type { OrderRow } from './repo.ts'
import { sendReturnAnnounced } from './returns-mail.ts'
import * as repo from './returns-repo.ts'
import { findOrderById, lockOrder } from './withdrawal-repo.ts'

export type CreateReturnError =
  | 'return_items_required'
  | 'return_not_available'
  | 'return_quantity_exceeded'
  | 'return_label_failed'

/** Who registers the return: a logged-in customer, or anyone identified on /widerruf. */
export type ReturnCreator = { channel: 'account'; customerId: number } | { channel: 'guest' }

/** A return as staff (and the back office queue) see it. */
export type ReturnView = {
  id: number
  returnNumber: string
  orderId: number
  orderNumber: string
  kind: ReturnKind
  withdrawalId: string | null
  reason: string | null
  status: ReturnStatus
  carrier: string
  trackingNumber: string
  createdAt: Date
  receivedAt: Date | null
  inspectedAt: Date | null
  closedAt: Date | null
  cancelledAt: Date | null
  lines: {
    orderLineId: number
    articleNumber: string
    name: string
    quantity: number
    unitPriceCents: number
    outcome: ReturnLineOutcome | null
    note: string | null
  }[]
}

/** Parcel weight for the label: 1 kg per unit, within the carrier's 31.5 kg. */
const GRAMS_PER_UNIT = 1000
const MAX_PARCEL_GRAMS = 31_500
/** Deliveries whose goods are on their way or arrived: only these can be sent back. */
const SENT = new Set(['shipped', 'delivered'])

type LineOptions = ReturnOptionItem & { productId: number | null }

async function lineOptions(db: DbOrTx, now: Date, orderId: number): Promise<LineOptions[]> {
  const [deliveries, lines] = await Promise.all([
    repo.deliveriesWithWarranty(db, orderId, WARRANTY_YEARS),
    repo.lineStates(db, orderId),
  ])
  return lines.flatMap((line) => {
    const delivery = deliveries.find((d) => d.id === line.deliveryId)
    if (!delivery) return []
    const open = Math.max(0, line.quantity - line.returned)
    // A withdrawal return covers declared units not yet sent back under the withdrawal;
    // a unit already in a Reklamation cannot go back twice.
    const withdrawalQuantity = SENT.has(delivery.status)
      ? Math.min(open, Math.max(0, line.declared - line.returnedAsWithdrawal))
      : 0
    const inWarranty =
      delivery.status !== 'cancelled' &&
      delivery.receivedAt !== null &&
      delivery.defectUntil !== null &&
      now <= delivery.defectUntil
    return [
      {
        orderLineId: line.id,
        productId: line.productId,
        deliveryNumber: delivery.deliveryNumber,
        productName: line.name,
        articleNumber: line.articleNumber,
        quantity: line.quantity,
        returnedQuantity: line.returned,
        withdrawalQuantity,
        defectQuantity: inWarranty ? open : 0,
        defectUntil: delivery.defectUntil?.toISOString() ?? null,
      },
    ]
  })
}

function statusAt(row: repo.ReturnRowWithoutPdf): Date {
  const at: Record<ReturnStatus, Date | null> = {
    announced: row.createdAt,
    received: row.receivedAt,
    inspected: row.inspectedAt,
    closed: row.closedAt,
    cancelled: row.cancelledAt,
  }
  return at[row.status] ?? row.updatedAt
}

function wireReturn(row: repo.ReturnRowWithoutPdf, lines: repo.ReturnLineRow[]): OrderReturn {
  return {
    returnNumber: row.returnNumber,
    kind: row.kind,
    kindLabel: RETURN_KIND_LABELS[row.kind],
    status: row.status,
    statusLabel: RETURN_STATUS_LABELS[row.status],
    reason: row.reason,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    createdAt: row.createdAt.toISOString(),
    statusAt: statusAt(row).toISOString(),
    items: lines
      .filter((line) => line.returnId === row.id)
      .map((line) => ({
        orderLineId: line.orderLineId,
        productName: line.name,
        articleNumber: line.articleNumber,
        quantity: line.quantity,
      })),
  }
}

async function wireReturnsOf(db: DbOrTx, orderId: number): Promise<OrderReturn[]> {
  const rows = await repo.returnsOf(db, orderId)
  const lines = await repo.linesOfReturns(
    db,
    rows.map((row) => row.id),
  )
  return rows.map((row) => wireReturn(row, lines))
}

/** The order's returns and what each product line can still send back, per kind. */
export async function returnOptions(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  order: OrderRow,
): Promise<ReturnOptions> {
  const [items, returns] = await Promise.all([
    lineOptions(ctx.db, ctx.clock.now(), order.id),
    wireReturnsOf(ctx.db, order.id),
  ])
  return {
    orderNumber: order.orderNumber,
    withdrawalAvailable: items.some((item) => item.withdrawalQuantity > 0),
    defectAvailable: items.some((item) => item.defectQuantity > 0),
    items: items.map(({ productId: _productId, ...item }) => item),
    returns,
  }
}

/** The chosen lines (summed per line, zeros dropped), checked against what can go back. */
function checkLines(
  options: LineOptions[],
  body: ReturnCreateBody,
): Result<{ line: LineOptions; quantity: number }[], CreateReturnError> {
  const wanted = new Map<number, number>()
  for (const { orderLineId, quantity } of body.lines)
    if (quantity > 0) wanted.set(orderLineId, (wanted.get(orderLineId) ?? 0) + quantity)
  if (wanted.size === 0) return err('return_items_required')
  const chosen: { line: LineOptions; quantity: number }[] = []
  for (const [orderLineId, quantity] of wanted) {
    const line = options.find((option) => option.orderLineId === orderLineId)
    const available = line
      ? body.kind === 'withdrawal'
        ? line.withdrawalQuantity
        : line.defectQuantity
      : 0
    if (!line || available === 0) return err('return_not_available')
    if (quantity > available) return err('return_quantity_exceeded')
    chosen.push({ line, quantity })
  }
  return ok(chosen)
}

const COUNTRY_CODES = new Map<number, string>(
  Object.entries(COUNTRY_IDS).map(([code, id]) => [id, code]),
)

/** The customer's address on the label: the invoice address (never a Packstation). */
function senderOf(address: OrderAddress): LabelAddress {
  return {
    name: `${address.firstName} ${address.lastName}`.trim(),
    company: address.company,
    street: address.streetName,
    houseNumber: address.streetNumber,
    zipCode: address.zipCode,
    city: address.cityName,
    countryCode: COUNTRY_CODES.get(address.countryId) ?? 'DE',
  }
}

function returnNumberOf(orderNumber: string, position: number): string {
  return `${orderNumber}-R${position}`
}

/**
 * Registers a return with its label. The label comes first, outside the transaction (a carrier
 * call never holds the order's lock), keyed by the order, the client's key and the return
 * number it will carry, so a retry gets the same label. Then, under the order row lock: a
 * replay of the key gives the stored return back; quantities are checked again; the return, its
 * lines and the mail are written together. If another return took the number meanwhile, the
 * label is asked again for the next number (a real carrier's unused label simply expires).
 */
export async function createReturn(
  ctx: AppContext,
  orderId: number,
  body: ReturnCreateBody,
  creator: ReturnCreator,
): Promise<Result<OrderReturn, CreateReturnError | 'not_found'>> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const order = await findOrderById(ctx.db, orderId)
    if (!order) return err('not_found')
    const replay = await repo.findReturnByKey(ctx.db, order.id, body.idempotencyKey)
    if (replay) return ok(wireReturn(replay, await repo.linesOfReturns(ctx.db, [replay.id])))
    const checked = checkLines(await lineOptions(ctx.db, ctx.clock.now(), order.id), body)
    if (!checked.ok) return checked
    const returnNumber = returnNumberOf(
      order.orderNumber,
      (await repo.countReturns(ctx.db, order.id)) + 1,
    )
    const units = checked.value.reduce((sum, { quantity }) => sum + quantity, 0)
    const label = await ctx.shipping.createReturnLabel({
      reference: returnNumber,
      sender: senderOf(order.billingAddress),
      weightGrams: Math.min(MAX_PARCEL_GRAMS, units * GRAMS_PER_UNIT),
      idempotencyKey: `return:${order.id}:${body.idempotencyKey}:${returnNumber}`,
    })
    if (!label.ok) {
      ctx.log.warn({ orderId, code: label.code }, 'return label refused')
      return err('return_label_failed')
    }
    const outcome = await ctx.db.transaction(
      async (tx): Promise<Result<OrderReturn, CreateReturnError | 'not_found'> | 'retry'> => {
        const locked = await lockOrder(tx, orderId)
        if (!locked) return err('not_found')
        const again = await repo.findReturnByKey(tx, locked.id, body.idempotencyKey)
        if (again) return ok(wireReturn(again, await repo.linesOfReturns(tx, [again.id])))
        const taken = await repo.countReturns(tx, locked.id)
        if (returnNumberOf(locked.orderNumber, taken + 1) !== returnNumber) return 'retry'
        const now = ctx.clock.now()
        const lines = checkLines(await lineOptions(tx, now, locked.id), body)
        if (!lines.ok) return lines
        const chosenIds = new Set(lines.value.map(({ line }) => line.orderLineId))
        // A withdrawal return belongs to the latest declaration covering its items.
        const withdrawalId =
          body.kind === 'withdrawal'
            ? ((await repo.declaredLines(tx, locked.id))
                .filter((declaration) => declaration.lineIds.some((id) => chosenIds.has(id)))
                .at(-1)?.id ?? null)
            : null
        const reason = body.kind === 'defect' ? (body.reason ?? null) : null
        const row = await repo.insertReturn(
          tx,
          {
            returnNumber,
            orderId: locked.id,
            kind: body.kind,
            withdrawalId,
            reason,
            status: 'announced',
            createdBy: creator.channel,
            carrier: label.value.carrier,
            labelId: label.value.labelId,
            trackingNumber: label.value.trackingNumber,
            labelPdf: label.value.pdf,
            idempotencyKey: body.idempotencyKey,
            createdAt: now,
            updatedAt: now,
          },
          lines.value.map(({ line, quantity }) => ({ orderLineId: line.orderLineId, quantity })),
        )
        const billing = locked.billingAddress
        await sendReturnAnnounced(tx, {
          to: locked.email,
          name: `${billing.firstName} ${billing.lastName}`.trim(),
          orderNumber: locked.orderNumber,
          returnNumber,
          kindLabel: RETURN_KIND_LABELS[body.kind],
          reason,
          carrier: label.value.carrier,
          trackingNumber: label.value.trackingNumber,
          items: lines.value.map(({ line, quantity }) => ({
            quantity,
            name: line.productName,
            articleNumber: line.articleNumber,
          })),
          labelUrl:
            creator.channel === 'account'
              ? `${ctx.config.publicUrl}/api/orders/${locked.orderNumber}/returns/${returnNumber}/label`
              : null,
          withdrawalPageUrl: `${ctx.config.publicUrl}/widerruf`,
        })
        return ok(wireReturn(row, await repo.linesOfReturns(tx, [row.id])))
      },
    )
    if (outcome !== 'retry') return outcome
  }
  throw new Error(`return of order ${orderId}: the return number kept changing`)
}

/** The stored label of one of the order's returns. */
export function returnLabel(db: DbOrTx, orderId: number, returnNumber: string) {
  return repo.findLabel(db, orderId, returnNumber)
}

// Staff steps (the back office calls them with the transaction of its audited change).

async function viewOf(db: DbOrTx, row: repo.ReturnRowWithoutPdf): Promise<ReturnView> {
  const [order, lines] = await Promise.all([
    findOrderById(db, row.orderId),
    repo.linesOfReturns(db, [row.id]),
  ])
  return {
    id: row.id,
    returnNumber: row.returnNumber,
    orderId: row.orderId,
    orderNumber: order?.orderNumber ?? '',
    kind: row.kind,
    withdrawalId: row.withdrawalId,
    reason: row.reason,
    status: row.status,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    createdAt: row.createdAt,
    receivedAt: row.receivedAt,
    inspectedAt: row.inspectedAt,
    closedAt: row.closedAt,
    cancelledAt: row.cancelledAt,
    lines: lines.map(({ returnId: _returnId, productId: _productId, ...line }) => line),
  }
}

type StaffInput = { returnId: number; actor: string }
type StepError = 'not_found' | 'return_status_not_allowed'

/** One status move: from the allowed status to the next, with its time. */
async function move<E extends string = never>(
  tx: Tx,
  ctx: Pick<AppContext, 'clock'>,
  input: StaffInput,
  from: ReturnStatus[],
  to: ReturnStatus,
  before?: (row: repo.ReturnRowWithoutPdf) => Promise<Result<void, E>>,
): Promise<Result<ReturnView, StepError | E>> {
  const row = await repo.lockReturn(tx, input.returnId)
  if (!row) return err('not_found')
  if (!from.includes(row.status)) return err('return_status_not_allowed')
  if (before) {
    const checked = await before(row)
    if (!checked.ok) return checked
  }
  const now = ctx.clock.now()
  const at = {
    received: { receivedAt: now },
    inspected: { inspectedAt: now },
    closed: { closedAt: now },
    cancelled: { cancelledAt: now },
    announced: {},
  }[to]
  await repo.updateReturn(tx, row.id, { status: to, ...at, updatedAt: now })
  return ok(await viewOf(tx, { ...row, status: to, ...at, updatedAt: now }))
}

/** The parcel arrived at the returns centre. */
export async function receiveReturn(
  tx: Tx,
  ctx: Pick<AppContext, 'clock'>,
  input: StaffInput,
): Promise<Result<ReturnView, StepError>> {
  return move(tx, ctx, input, ['announced'], 'received')
}

/**
 * Every line of the return inspected: `restock` puts the units back on the stock (catalog's
 * returnStock, in the same transaction), `write_off` keeps them off it (defective, damaged).
 */
export async function inspectReturn(
  tx: Tx,
  ctx: Pick<AppContext, 'clock'>,
  input: StaffInput & {
    lines: { orderLineId: number; outcome: ReturnLineOutcome; note?: string }[]
  },
): Promise<Result<ReturnView, StepError | 'return_lines_invalid'>> {
  return move(tx, ctx, input, ['received'], 'inspected', async (row) => {
    const lines = await repo.linesOfReturns(tx, [row.id])
    const decided = new Map(input.lines.map((line) => [line.orderLineId, line]))
    if (
      decided.size !== input.lines.length ||
      decided.size !== lines.length ||
      lines.some((line) => !decided.has(line.orderLineId))
    )
      return err('return_lines_invalid')
    const restock: { productId: number; quantity: number }[] = []
    for (const line of lines) {
      const decision = decided.get(line.orderLineId)
      if (!decision) return err('return_lines_invalid')
      await repo.setLineOutcome(
        tx,
        row.id,
        line.orderLineId,
        decision.outcome,
        decision.note?.trim() || null,
      )
      if (decision.outcome === 'restock' && line.productId !== null)
        restock.push({ productId: line.productId, quantity: line.quantity })
    }
    await returnStock(tx, restock)
    return ok(undefined)
  })
}

/** Settled (refunded, or the claim otherwise answered). */
export async function closeReturn(
  tx: Tx,
  ctx: Pick<AppContext, 'clock'>,
  input: StaffInput,
): Promise<Result<ReturnView, StepError>> {
  return move(tx, ctx, input, ['inspected'], 'closed')
}

/** Called off before the parcel arrived; its units can be returned again. */
export async function cancelReturn(
  tx: Tx,
  ctx: Pick<AppContext, 'clock'>,
  input: StaffInput,
): Promise<Result<ReturnView, StepError>> {
  return move(tx, ctx, input, ['announced'], 'cancelled')
}

/** Every return of an order, oldest first, for staff. */
export async function returnsOfOrder(db: DbOrTx, orderId: number): Promise<ReturnView[]> {
  const rows = await repo.returnsOf(db, orderId)
  return Promise.all(rows.map((row) => viewOf(db, row)))
}
