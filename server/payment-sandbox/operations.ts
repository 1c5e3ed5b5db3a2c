// Capture, refund and void for every method. Each runs in one transaction with the payment row
// locked, so concurrent operations on a payment are serialised; the operation's idempotency key
// is unique, so a retried call is answered from the first one.
import { asc, eq } from 'drizzle-orm'
import type { Tx } from '#db/client.ts'
import { pspCardAliases, pspOperations, pspPayments } from '#db/schema/payments.ts'
import type {
  Payment,
  PaymentOperationError,
  PaymentOperations,
} from '#server/platform/payments/port.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import {
  assertAmount,
  assertText,
  expireIfDue,
  findPayment,
  loadPayment,
  type PaymentRow,
  type SimCtx,
  toPayment,
} from './context.ts'

type OperationKind = 'capture' | 'refund' | 'void'
type Change = { amountCents: number; set: Partial<PaymentRow> }

export function createPaymentOperations(ctx: SimCtx): PaymentOperations {
  async function operate(
    kind: OperationKind,
    input: { paymentId: string; idempotencyKey: string; amountCents?: number },
    change: (row: PaymentRow) => Result<Change, PaymentOperationError>,
  ): Promise<Result<Payment, PaymentOperationError>> {
    assertText(input.idempotencyKey, 'idempotencyKey')
    if (input.amountCents !== undefined) assertAmount(input.amountCents)
    const now = ctx.clock.now()
    const result = await ctx.db.transaction(
      async (tx: Tx): Promise<Result<{ row: PaymentRow }, PaymentOperationError>> => {
        const [row] = await tx
          .select()
          .from(pspPayments)
          .where(eq(pspPayments.id, input.paymentId))
          .for('update')
        if (!row) return err('payment_not_found')
        const [previous] = await tx
          .select()
          .from(pspOperations)
          .where(eq(pspOperations.idempotencyKey, input.idempotencyKey))
        if (previous) {
          const same =
            previous.paymentId === row.id &&
            previous.kind === kind &&
            (input.amountCents === undefined || input.amountCents === previous.amountCents)
          return same ? ok({ row }) : err('idempotency_conflict')
        }
        const decided = change(row)
        if (!decided.ok) return decided
        const [operation] = await tx
          .insert(pspOperations)
          .values({
            paymentId: row.id,
            kind,
            amountCents: decided.value.amountCents,
            idempotencyKey: input.idempotencyKey,
            createdAt: now,
          })
          .onConflictDoNothing({ target: pspOperations.idempotencyKey })
          .returning()
        // The key was just used for another payment by a concurrent call.
        if (!operation) return err('idempotency_conflict')
        const [updated] = await tx
          .update(pspPayments)
          .set({ ...decided.value.set, updatedAt: now })
          .where(eq(pspPayments.id, row.id))
          .returning()
        return ok({ row: updated ?? row })
      },
    )
    if (!result.ok) return result
    const found = await findPayment(ctx.db, { id: result.value.row.id })
    if (!found) return err('payment_not_found')
    return ok(toPayment(found.row, found.alias))
  }

  return {
    async get(paymentId) {
      const found = await loadPayment(ctx, { id: paymentId })
      return found ? toPayment(found.row, found.alias) : null
    },

    async findByReference(reference) {
      assertText(reference, 'reference')
      const rows = await ctx.db
        .select({ row: pspPayments, alias: pspCardAliases })
        .from(pspPayments)
        .leftJoin(pspCardAliases, eq(pspCardAliases.alias, pspPayments.cardAlias))
        .where(eq(pspPayments.reference, reference))
        .orderBy(asc(pspPayments.createdAt), asc(pspPayments.id))
      return Promise.all(
        rows.map(async ({ row, alias }) => toPayment(await expireIfDue(ctx, row), alias)),
      )
    },

    capture(input) {
      return operate('capture', input, (row) => {
        if (row.status !== 'authorized') return err('payment_invalid_state')
        const amountCents = input.amountCents ?? row.amountCents
        if (amountCents > row.amountCents) return err('payment_amount_invalid')
        return ok({ amountCents, set: { status: 'captured', capturedCents: amountCents } })
      })
    },

    refund(input) {
      assertAmount(input.amountCents)
      return operate('refund', input, (row) => {
        if (row.status !== 'captured' && row.status !== 'partially_refunded')
          return err('payment_invalid_state')
        const refundedCents = row.refundedCents + input.amountCents
        if (refundedCents > row.capturedCents) return err('payment_amount_invalid')
        return ok({
          amountCents: input.amountCents,
          set: {
            refundedCents,
            status: refundedCents === row.capturedCents ? 'refunded' : 'partially_refunded',
          },
        })
      })
    },

    void(input) {
      return operate('void', input, (row) => {
        if (row.status !== 'authorized') return err('payment_invalid_state')
        return ok({ amountCents: row.amountCents, set: { status: 'voided' } })
      })
    },
  }
}
