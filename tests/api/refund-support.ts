// Real authorizations in the payment sandbox (card, the redirect wallets, Apple Pay) for an order
// inserted straight into the database (tests/support/orders.ts), so its capture and refunds go
// through the provider like a checkout's.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { orders } from '#db/schema/orders.ts'
import type { PaymentProvider, RedirectMethod } from '#server/platform/payments/index.ts'
import type { TestApp } from '#tests/support/app.ts'
import {
  CANCEL_URL,
  futureExpiry,
  postCard,
  postForm,
  RETURN_URL,
  redirectOf,
  SHOP_ORIGIN,
} from './payments-support.ts'

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

type Order = { id: number; orderNumber: string; totalCents: number }

async function storePayment(shop: TestApp, orderId: number, paymentId: string) {
  await shop.db.update(orders).set({ pspPaymentId: paymentId }).where(eq(orders.id, orderId))
  return paymentId
}

/** A redirect wallet the buyer approved on the sandbox page, completed by the shop. */
export async function authorizeRedirect(
  shop: TestApp,
  payments: PaymentProvider,
  order: Order,
  method: RedirectMethod,
): Promise<string> {
  const session = await payments.redirect.createSession({
    method,
    amountCents: order.totalCents,
    reference: order.orderNumber,
    returnUrl: RETURN_URL,
    cancelUrl: CANCEL_URL,
  })
  if (!session.ok) throw new Error(session.code)
  const approved = await postForm(shop, session.value.redirectUrl, {
    decision: 'approve',
    ...(method === 'consors' ? { months: '12' } : {}),
  })
  const authorizationToken = redirectOf(approved).params.get('authorizationToken') ?? undefined
  const completed = await payments.redirect.complete({
    token: session.value.token,
    authorizationToken,
  })
  if (!completed.ok) throw new Error(completed.code)
  return storePayment(shop, order.id, completed.value.paymentId)
}

/** Apple Pay through the simulated payment sheet. */
export async function authorizeApplePay(
  shop: TestApp,
  payments: PaymentProvider,
  order: Order,
): Promise<string> {
  const merchant = await payments.applePay.createMerchantSession({
    shopOrigin: SHOP_ORIGIN,
    displayName: 'Bitwerk',
  })
  const sheet = await fetch(`${shop.url}${merchant.sheetUrl}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ amountCents: order.totalCents, card: 'visa' }),
  })
  const { token } = (await sheet.json()) as { token: unknown }
  const authorized = await payments.applePay.authorize({
    paymentToken: token,
    amountCents: order.totalCents,
    reference: order.orderNumber,
    idempotencyKey: randomUUID(),
  })
  if (!authorized.ok) throw new Error(authorized.code)
  return storePayment(shop, order.id, authorized.value.paymentId)
}
