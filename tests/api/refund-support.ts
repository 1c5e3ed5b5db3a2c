// A real card authorization in the payment sandbox for an order inserted straight into the
// database (tests/support/orders.ts), so its refunds go through the provider like a checkout's.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { orders } from '#db/schema/orders.ts'
import type { PaymentProvider } from '#server/platform/payments/index.ts'
import type { TestApp } from '#tests/support/app.ts'
import { futureExpiry, postCard } from './payments-support.ts'

/** Authorizes the order's total on a Visa test card and stores the payment on the order. */
export async function authorizeCard(
  shop: TestApp,
  payments: PaymentProvider,
  order: { id: number; orderNumber: string; totalCents: number },
): Promise<string> {
  const session = await payments.card.createCheckSession({
    reference: order.orderNumber,
    parentOrigin: shop.url,
  })
  const { expiryMonth, expiryYear } = futureExpiry(shop)
  const response = await postCard(shop, session.checkUrl, {
    holder: 'Lena Berger',
    number: '4111 1111 1111 1111',
    expiryMonth,
    expiryYear,
    cvc: '123',
  })
  const { alias } = (await response.json()) as { alias: string }
  const authorized = await payments.card.authorize({
    alias,
    amountCents: order.totalCents,
    reference: order.orderNumber,
    idempotencyKey: randomUUID(),
    returnUrl: '/kasse/zahlung/zurueck',
  })
  if (!authorized.ok) throw new Error(authorized.code)
  const paymentId = authorized.value.paymentId
  await shop.db.update(orders).set({ pspPaymentId: paymentId }).where(eq(orders.id, order.id))
  return paymentId
}
