// Placing the order: ONE transaction re-prices the cart from the database, checks address,
// payment, stock and vouchers, and writes order, delivery, lines, stock decrements, voucher
// redemptions, the payment record, the emptied cart, the conversion and the confirmation mail.
// The order's rows are the orders slice's (`placeOrderRows`), stock the catalog's, both in this
// transaction.
// The idempotency key makes a repeated or concurrent submit the same order. A provider payment's
// attempt is claimed in the same transaction (see reconcile.ts).

import { VAT_PERCENT } from '#contract/cart.ts'
import type { PaymentMethodId, PlacedOrder, ProcessError } from '#contract/checkout.ts'
import type { LegalText } from '#contract/legal.ts'
import { legalMarkupToPlainText } from '#contract/legal-markup.ts'
import { orderMailsDe } from '#contract/mails.de.ts'
import { formatEuro } from '#contract/money.ts'
import { fillText } from '#contract/text.ts'
import { INTRA_EU_NOTE } from '#contract/vat.de.ts'
import type { Db, Tx } from '#db/client.ts'
import { cartOwnerOf, emptyCart, lockCartForOrder, pricingOf } from '#server/cart/index.ts'
import { decrementStock } from '#server/catalog/index.ts'
import { recordConversion } from '#server/consent/index.ts'
import { storeCard } from '#server/credit-cards/index.ts'
import { orderLegalTexts } from '#server/legal/index.ts'
import {
  findOrderByKey,
  type NewLine,
  type OrderPaymentMethod,
  type PlacedOrderRow,
  placeOrderRows,
} from '#server/orders/index.ts'
import type { AppContext } from '#server/platform/http.ts'
import { enqueueMail } from '#server/platform/mail/outbox.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import type { SessionRow } from '#server/platform/session.ts'
import * as repo from './repo.ts'
import {
  initialStatus,
  orderPaymentMethod,
  paymentName,
  paymentNote,
  paymentRefusal,
  voucherProblem,
} from './rules.ts'
import { deliveryCountryProblem } from './service.ts'
import { buildQuote, type Quote, storedOf, toOrderAddress } from './state.ts'

export type PaymentRecord = {
  method: PaymentMethodId
  pspPaymentId: string | null
  label: string | null
  /** What the provider reserved; the order's total may not exceed it. Null offline. */
  authorizedCents: number | null
}

export type Partners = { google: boolean; microsoft: boolean; awin: boolean }

class Abort extends Error {
  constructor(readonly code: ProcessError) {
    super(code)
  }
}

const SPEC_METHOD: Record<OrderPaymentMethod, PaymentMethodId> = {
  creditcard: 'creditcard',
  paypal: 'paypal',
  amazonpay: 'amazonpay',
  klarnapaylater: 'klarnapaylater',
  klarnapaynow: 'klarnapaynow',
  applepay: 'applepay',
  banktransfer: 'moneyorder',
  invoice: 'invoice',
  cashondelivery: 'cod',
  cashpickup: 'cashec',
  installments: 'santanderfinanz',
  financing: 'commerzfinanz',
}

export function placedOrderOf(order: PlacedOrderRow): PlacedOrder {
  const method = SPEC_METHOD[order.paymentMethod]
  return {
    orderNumber: order.orderNumber,
    email: order.email,
    paymentMethod: method,
    paymentName: paymentName(method),
    paymentNote: paymentNote(method, order.orderNumber, formatEuro(order.totalCents)),
    totalCents: order.totalCents,
    placedAsGuest: order.placedAsGuest,
  }
}

/**
 * Checks that do not need the transaction: the quote can become an order with this method.
 * Used before a provider is asked for money, and again inside the transaction.
 */
export async function orderProblem(
  ctx: AppContext,
  quote: Quote,
  method: PaymentMethodId,
): Promise<ProcessError | null> {
  if (!quote.customer || !quote.kind) return 'checkout_login_required'
  // A product sold out since the shopper saw the price is not silently left out.
  if (quote.products.some((product) => !product.available)) return 'checkout_out_of_stock'
  if (quote.goodsCents <= 0) return 'cart_empty'
  if (!quote.invoice || !quote.delivery) return 'checkout_address_missing'
  const country = await deliveryCountryProblem(ctx, quote, quote.delivery.countryId)
  if (country) return country
  if (quote.payments.length === 0) return 'checkout_no_payments'
  const refusal = paymentRefusal(method, {
    ...quote.kind,
    countryId: quote.delivery.countryId,
    addressType: quote.delivery.type,
    amountCents: quote.pricing.totalCents,
    moduleId: quote.shipping?.moduleId ?? 'standard',
  })
  if (refusal === 'checkout_payment_method_not_available_for_delivery_country') return refusal
  if (refusal) return 'checkout_payment_missing'
  // ElektroG § 17 (1) sentence 3: asked at the conclusion of the contract, so answered before it.
  if (quote.largeAppliances.length > 0 && quote.stored.oldDeviceTakeBack === null)
    return 'checkout_take_back_choice_missing'
  return null
}

const berlinDate = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
})

/** The AGB and the Widerrufsbelehrung as the order was made under them, as plain text. */
function legalParagraphs(texts: (LegalText | null)[], publicUrl: string): string[] {
  const labels = orderMailsDe.confirmation
  if (texts.some((text) => !text)) {
    return [fillText(labels.legalMissing, { url: `${publicUrl}/infocenter/section/conditions` })]
  }
  return texts.flatMap((text) =>
    text
      ? [
          fillText(labels.legalHeading, {
            title: text.title.toUpperCase(),
            version: text.version,
            date: berlinDate.format(new Date(text.createdAt)),
          }),
          ...legalMarkupToPlainText(text.body, publicUrl),
        ]
      : [],
  )
}

function confirmationMail(
  order: PlacedOrderRow,
  quote: Quote,
  publicUrl: string,
  legal: { terms: LegalText | null; withdrawal: LegalText | null },
) {
  const texts = orderMailsDe.confirmation
  const customer = quote.customer
  const total = formatEuro(order.totalCents)
  const delivery = quote.delivery
  const priced = (text: string, cents: number) => fillText(text, { price: formatEuro(cents) })
  const lines = quote.products
    .filter((product) => product.available)
    .flatMap((product) => [
      fillText(texts.line, {
        quantity: product.quantity,
        name: product.name,
        articleNumber: product.articleNumber,
        price: formatEuro(product.totalCents),
      }),
      ...(product.warranty
        ? [
            fillText(texts.warrantyLine, {
              quantity: product.warranty.quantity,
              name: product.warranty.name,
              price: formatEuro(product.warranty.totalCents),
            }),
          ]
        : []),
    ])
  const method = SPEC_METHOD[order.paymentMethod]
  return {
    to: order.email,
    kind: 'order_confirmation',
    subject: fillText(texts.subject, { orderNumber: order.orderNumber }),
    greeting: customer
      ? fillText(texts.greeting, { firstName: customer.firstName })
      : texts.greetingAnonymous,
    paragraphs: [
      fillText(texts.intro, { orderNumber: order.orderNumber }),
      ...lines,
      priced(texts.shipping, order.shippingCents),
      ...(order.paymentFeeCents > 0
        ? [priced(texts.cashOnDeliveryFee, order.paymentFeeCents)]
        : []),
      ...(order.declaredValueCents > 0
        ? [priced(texts.declaredValue, order.declaredValueCents)]
        : []),
      ...(order.protectionCents > 0 ? [priced(texts.protection, order.protectionCents)] : []),
      ...order.coupons.map((coupon) =>
        fillText(texts.coupon, { title: coupon.title, price: formatEuro(coupon.cents) }),
      ),
      ...(order.vatTreatment === 'intra_eu'
        ? [
            fillText(texts.totalNet, { total }),
            INTRA_EU_NOTE,
            fillText(texts.buyerVatId, { vatId: order.buyerVatId ?? '' }),
          ]
        : [
            fillText(texts.total, {
              total,
              taxPercent: order.taxPercent,
              tax: formatEuro(order.taxCents),
            }),
          ]),
      fillText(texts.payment, {
        method: paymentName(method),
        note: paymentNote(method, order.orderNumber, total),
      }),
      delivery
        ? fillText(texts.deliveryAddress, {
            firstName: delivery.firstName,
            lastName: delivery.lastName,
            streetName: delivery.streetName,
            streetNumber: delivery.streetNumber,
            zipCode: delivery.zipCode,
            cityName: delivery.cityName,
            countryName: delivery.countryName,
          })
        : '',
      ...(order.oldDeviceTakeBack === null || order.oldDeviceTakeBack === undefined
        ? []
        : [order.oldDeviceTakeBack ? texts.takeBackYes : texts.takeBackNo]),
      texts.shippingNotice,
      order.placedAsGuest ? texts.invoiceNoticeGuest : texts.invoiceNotice,
      fillText(texts.legalIntro, { withdrawalUrl: `${publicUrl}/widerruf` }),
    ].filter(Boolean),
    footer: legalParagraphs([legal.terms, legal.withdrawal], publicUrl),
  }
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string }; code?: string }) ?? {}
  return cause.code === '23505' || cause.cause?.code === '23505'
}

/** Writes the order in one transaction. The same key again answers with the first order. */
export async function placeOrder(
  ctx: AppContext,
  session: SessionRow,
  input: { key: string; payment: PaymentRecord; partners: Partners; affiliate: string | null },
): Promise<Result<PlacedOrder, ProcessError>> {
  const owner = cartOwnerOf(session)
  const customerId = session.customerId
  if (!owner || !customerId) return err('checkout_login_required')
  const now = ctx.clock.now()
  try {
    const order = await ctx.db.transaction(async (tx: Tx) => {
      const txCtx: AppContext = { ...ctx, db: tx as unknown as Db }
      // The cart's lock serializes every attempt of this shopper (also the same key twice).
      const cart = await lockCartForOrder(tx, owner, await pricingOf(txCtx, session))
      const existing = await findOrderByKey(tx, input.key)
      if (existing) {
        if (existing.customerId !== customerId) throw new Abort('idempotency_conflict')
        return existing
      }
      if (!cart) throw new Abort('cart_empty')
      // The provider's money for this key: taken by this order unless the reconciliation job
      // already took the attempt to void it (then no order may use it).
      if (input.payment.pspPaymentId && !(await repo.claimAttemptForOrder(tx, input.key, now)))
        throw new Abort('payment_expired')
      const quote = await buildQuote(txCtx, session, { products: cart.products })
      const problem = await orderProblem(txCtx, quote, input.payment.method)
      if (problem) throw new Abort(problem)
      const customer = quote.customer
      const invoice = quote.invoice
      const delivery = quote.delivery
      const shipping = quote.shipping
      if (!customer || !invoice || !delivery || !shipping)
        throw new Abort('checkout_address_missing')
      const total = quote.pricing.totalCents
      if (input.payment.authorizedCents !== null && total > input.payment.authorizedCents) {
        throw new Abort('checkout_cart_changed')
      }
      const sold = quote.products.filter((product) => product.available)
      if (
        !(await decrementStock(
          tx,
          sold.map((p) => ({ productId: p.id, quantity: p.quantity })),
        ))
      ) {
        throw new Abort('checkout_out_of_stock')
      }
      for (const voucher of quote.vouchers) {
        const voucherIssue = voucherProblem(
          { ...voucher, usedCount: 0 },
          { now, goodsCents: quote.grossGoodsCents, customerType: customer.customerType },
        )
        if (voucherIssue) throw new Abort(voucherIssue)
        if (voucher.oncePerCustomer && (await repo.hasRedeemed(tx, voucher.id, customer.id))) {
          throw new Abort('voucher_used_up')
        }
        if (!(await repo.countVoucherUse(tx, voucher.id))) throw new Abort('voucher_used_up')
      }
      const lines: NewLine[] = []
      for (const product of sold) {
        lines.push({
          kind: 'product',
          productId: product.id,
          articleNumber: product.articleNumber,
          name: product.name,
          imageUrl: product.image,
          quantity: product.quantity,
          unitPriceCents: product.priceCents,
          campusPrice: product.inCartAsStudentProduct,
        })
        if (product.warranty) {
          lines.push({
            kind: 'warranty',
            productId: product.id,
            articleNumber: `GARANTIE-${product.warranty.id}`,
            name: product.warranty.name,
            imageUrl: null,
            quantity: product.warranty.quantity,
            unitPriceCents: product.warranty.priceCents,
            campusPrice: false,
            parentIndex: lines.length - 1,
          })
        }
      }
      if (quote.pricing.protectionCents > 0) {
        lines.push({
          kind: 'protection',
          productId: null,
          articleNumber: 'SCHUTZPAKET',
          name: 'Schutzpaket „No Risk, Much Fun“',
          imageUrl: null,
          quantity: 1,
          unitPriceCents: quote.pricing.protectionCents,
          campusPrice: false,
        })
      }
      const stored = storedOf(session)
      // The AGB and Widerrufsbelehrung in force now: recorded on the order, sent with its mail.
      const legal = await orderLegalTexts(tx)
      const order = await placeOrderRows(
        tx,
        {
          customerId: customer.id,
          email: customer.email,
          customerType: customer.customerType,
          idempotencyKey: input.key,
          paymentMethod: orderPaymentMethod(input.payment.method),
          paymentTermMonths: stored?.paymentTermMonths ?? null,
          pspPaymentId: input.payment.pspPaymentId,
          paymentLabel: input.payment.label,
          billingAddress: toOrderAddress(invoice),
          subtotalCents: quote.pricing.goodsCents,
          shippingCents: quote.pricing.shippingCents,
          paymentFeeCents: quote.pricing.paymentFeeCents,
          declaredValueCents: quote.pricing.declaredValueCents,
          protectionCents: quote.pricing.protectionCents,
          couponCents: quote.pricing.couponCents,
          totalCents: total,
          taxCents: quote.pricing.taxCents,
          ...(quote.vat.kind === 'exempt'
            ? {
                taxPercent: 0,
                vatTreatment: 'intra_eu' as const,
                buyerVatId: quote.vat.vatId,
                vatCheckRequestId: quote.vat.requestId,
              }
            : { taxPercent: VAT_PERCENT, vatTreatment: 'standard' as const }),
          coupons: quote.pricing.coupons,
          placedAsGuest: customer.isLight,
          termsVersionId: legal.terms?.id ?? null,
          withdrawalVersionId: legal.withdrawal?.id ?? null,
          oldDeviceTakeBack:
            quote.largeAppliances.length > 0 ? quote.stored.oldDeviceTakeBack : null,
        },
        {
          status: initialStatus(input.payment.method),
          shippingModule: `${shipping.moduleId}:${shipping.distributorId}`,
          shippingLabel: shipping.label,
          shippingCents: shipping.priceCents,
          deliveryAddress: toOrderAddress(delivery),
        },
        lines,
        now,
      )
      for (const coupon of quote.pricing.coupons) {
        const voucher = quote.vouchers.find((v) => v.code === coupon.code)
        if (!voucher) continue
        await repo.insertRedemption(tx, {
          voucherId: voucher.id,
          orderId: order.id,
          customerId: customer.id,
          amountCents: coupon.cents,
          at: now,
        })
      }
      await emptyCart(tx, owner)
      const card = stored?.card
      if (input.payment.method === 'creditcard' && card?.save && !customer.isLight) {
        await storeCard(tx, {
          customerId: customer.id,
          alias: card.alias,
          brand: card.brand,
          maskedNumber: card.maskedNumber,
          expiryMonth: card.expiryMonth,
          expiryYear: card.expiryYear,
          holder: card.holder,
        })
      }
      await recordConversion(tx, {
        orderId: order.orderNumber,
        affiliate: input.affiliate,
        partners: input.partners,
      })
      await enqueueMail(tx, confirmationMail(order, quote, ctx.config.publicUrl, legal))
      return order
    })
    return ok(placedOrderOf(order))
  } catch (error) {
    if (error instanceof Abort) return err(error.code)
    if (isUniqueViolation(error)) {
      const existing = await findOrderByKey(ctx.db, input.key)
      if (existing && existing.customerId === customerId) return ok(placedOrderOf(existing))
    }
    throw error
  }
}
