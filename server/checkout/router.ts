import type { Request } from 'express'
import type { ProcessError } from '#contract/checkout.ts'
import { contract } from '#contract/index.ts'
import { consentCookieOf } from '#server/consent/index.ts'
import { type ErrorCode, respond } from '#server/platform/errors.ts'
import { s } from '#server/platform/http.ts'
import type { Result } from '#server/platform/result.ts'
import {
  amazonPaymentContext,
  applePayInit,
  applePayProcess,
  type Client,
  expressDetails,
  finishCardChallenge,
  lastOrder,
  processCheckout,
  startAmazonPayExpress,
  startPayPalExpress,
  updateKlarna,
} from './payments.ts'
import {
  addDeliveryAddress,
  applyCard,
  changeDeliveryAddress,
  changeInvoiceAddress,
  changePaymentShipping,
  creditCardFields,
  customerAddresses,
  getCheckoutData,
  initCheckout,
  redeemVoucher,
  reInitCheckout,
  removeVoucher,
  selectStoredCard,
  setOldDeviceTakeBack,
  setProtection,
} from './service.ts'

function clientOf(req: Request): Client {
  return { consentCookie: consentCookieOf(req) }
}

function originOf(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`
}

function processFailure(code: ProcessError) {
  return respond(code, { type: 'error' as const })
}

function state<T, C extends ErrorCode>(result: Result<T, C>) {
  return result.ok ? { status: 200 as const, body: result.value } : respond(result.code)
}

const loginRequired = respond('unauthorized')

export const checkoutRouter = s.router(contract.checkout, {
  init: async ({ body, req }) => state(await initCheckout(req.ctx, req.session, body?.type)),
  data: async ({ req }) => state(await getCheckoutData(req.ctx, req.session)),
  reInit: async ({ req }) => state(await reInitCheckout(req.ctx, req.session)),
  paymentShipping: async ({ body, req }) =>
    state(await changePaymentShipping(req.ctx, req.session, body)),
  oldDeviceTakeBack: async ({ body, req }) =>
    state(await setOldDeviceTakeBack(req.ctx, req.session, body.takeBack)),
  noRiskMuchFun: async ({ body, req }) =>
    state(await setProtection(req.ctx, req.session, body.selected)),
  voucher: async ({ body, req }) => {
    const result = await redeemVoucher(req.ctx, req.session, body.voucherCode)
    if (result.ok) return { status: 200, body: result.value }
    const params = result.data?.params
    return respond(result.code, params && { params }, params)
  },
  voucherRemove: async ({ body, req }) =>
    state(await removeVoucher(req.ctx, req.session, body.voucherCode)),
  changeDeliveryAddress: async ({ body, req }) => {
    if (!(await req.session.customerId())) return loginRequired
    const result = await changeDeliveryAddress(req.ctx, req.session, body.deliveryAddressId)
    if (result.ok) return { status: 200, body: result.value }
    return respond(result.code)
  },
  changeInvoiceAddress: async ({ body, req }) => {
    if (!(await req.session.customerId())) return loginRequired
    const result = await changeInvoiceAddress(req.ctx, req.session, body)
    if (result.ok) return { status: 200, body: result.value }
    return respond(result.code, { errorFields: result.data?.errorFields ?? {} })
  },
  addDeliveryAddress: async ({ body, req }) => {
    if (!(await req.session.customerId())) return loginRequired
    const result = await addDeliveryAddress(req.ctx, req.session, body)
    if (result.ok) return { status: 200, body: result.value }
    const data = result.data ?? {
      code: 'checkout_delivery_address_invalid' as const,
      errorFields: {},
    }
    return respond(data.code as 'checkout_delivery_address_invalid', {
      errorFields: data.errorFields,
    })
  },
  customerAddresses: async ({ req }) => {
    if (!(await req.session.customerId())) return loginRequired
    return { status: 200, body: await customerAddresses(req.ctx, req.session) }
  },
  process: async ({ body, req }) => {
    const result = await processCheckout(req.ctx, req.session, body, clientOf(req))
    return result.ok ? { status: 200, body: result.value } : processFailure(result.code)
  },
  processAmazonPayExpress: async ({ body, req }) => {
    const result = await processCheckout(req.ctx, req.session, body, clientOf(req), ['amazonpay'])
    if (!result.ok) return processFailure(result.code)
    if (result.value.type !== 'redirect') return processFailure('checkout_payment_pending')
    return {
      status: 200,
      body: { successful: true, redirectUrl: result.value.redirectUrl, order: result.value.order },
    }
  },
  processKlarna: async ({ body, req }) => {
    const result = await processCheckout(
      req.ctx,
      req.session,
      { ...body, paymentToken: body.klarnaSessionId },
      clientOf(req),
      ['klarnapaylater', 'klarnapaynow'],
    )
    if (!result.ok) return processFailure(result.code)
    if (result.value.type !== 'redirect') return processFailure('checkout_payment_pending')
    return {
      status: 200,
      body: { successful: true, redirectUrl: result.value.redirectUrl, order: result.value.order },
    }
  },
  updateKlarnaSession: async ({ body, req }) => {
    const result = await updateKlarna(req.ctx, body.klarnaSessionId, body.paymentMethod)
    return result.ok ? { status: 200, body: { successful: true } } : respond(result.code)
  },
  processCreditCard: async ({ body, req }) => {
    const result = await finishCardChallenge(
      req.ctx,
      req.session,
      body.paymentId,
      body,
      clientOf(req),
    )
    if (!result.ok) return processFailure(result.code)
    if (result.value.type !== 'redirect') return processFailure('payment_failed')
    return {
      status: 200,
      body: { successful: true, redirectUrl: result.value.redirectUrl, order: result.value.order },
    }
  },
  paymentCreditCard: async ({ body, req }) => {
    const result = await processCheckout(req.ctx, req.session, body, clientOf(req), ['creditcard'])
    if (!result.ok) return processFailure(result.code)
    if (result.value.type !== 'redirect') return processFailure('payment_failed')
    return {
      status: 200,
      body: { successful: true, redirectUrl: result.value.redirectUrl, order: result.value.order },
    }
  },
  initConsorsFinance: async ({ body, req }) => {
    const result = await processCheckout(req.ctx, req.session, body, clientOf(req), [
      'commerzfinanz',
    ])
    if (!result.ok) return processFailure(result.code)
    if (result.value.type !== 'consors_finance') return processFailure('payment_failed')
    return {
      status: 200,
      body: { successful: true, formUrl: result.value.formUrl, formData: result.value.formData },
    }
  },
  getPaymentRedirectUrl: async ({ body, req }) => {
    const result = await processCheckout(req.ctx, req.session, body, clientOf(req), [
      'paypal',
      'klarnapaylater',
      'klarnapaynow',
    ])
    if (!result.ok) return processFailure(result.code)
    if (result.value.type !== 'redirect') return processFailure('payment_failed')
    return { status: 200, body: { url: result.value.redirectUrl } }
  },
  getCreditCardFields: async ({ req }) => ({
    status: 200,
    body: await creditCardFields(req.ctx, req.session, originOf(req)),
  }),
  saveCreditCard: async ({ body, req }) => {
    if (!(await req.session.customerId())) return loginRequired
    const result = await applyCard(req.ctx, req.session, body.alias, body.save)
    if (!result.ok) return respond(result.code)
    const card = result.value.stored.card
    if (!card) return respond('card_alias_unknown')
    return {
      status: 200,
      body: {
        successful: true,
        alias: card.alias,
        card: {
          alias: card.alias,
          brand: card.brand,
          maskedNumber: card.maskedNumber,
          expiry: card.expiry,
        },
      },
    }
  },
  selectCreditCard: async ({ body, req }) => {
    if (!(await req.session.customerId())) return loginRequired
    const result = await selectStoredCard(req.ctx, req.session, body.alias)
    return result.ok ? { status: 200, body: result.value } : respond('not_found')
  },
  paypalInit: async ({ body, req }) => {
    const result = await startPayPalExpress(req.ctx, req.session, body.idempotencyKey)
    return result.ok ? { status: 200, body: result.value } : processFailure(result.code)
  },
  paypalCheckoutDetails: async ({ body, req }) => {
    const result = await expressDetails(req.ctx, req.session, body.token, 'paypal')
    return result.ok ? { status: 200, body: result.value } : processFailure(result.code)
  },
  amazonPayCheckoutDetails: async ({ body, req }) => {
    const result = await expressDetails(req.ctx, req.session, body.token, 'amazonpay')
    return result.ok ? { status: 200, body: result.value } : processFailure(result.code)
  },
  amazonPayInit: async ({ body, req }) => {
    const result = await startAmazonPayExpress(req.ctx, req.session, body.idempotencyKey, 'Cart')
    return result.ok ? { status: 200, body: result.value } : processFailure(result.code)
  },
  amazonPayPaymentContext: async ({ req }) => {
    const result = await amazonPaymentContext(req.ctx, req.session)
    return result.ok ? { status: 200, body: result.value } : processFailure(result.code)
  },
  amazonPayButtonPayload: async ({ body, req }) => {
    const result = await startAmazonPayExpress(
      req.ctx,
      req.session,
      body.idempotencyKey,
      'Checkout',
    )
    return result.ok ? { status: 200, body: result.value } : processFailure(result.code)
  },
  applePayInit: async ({ req }) => {
    const result = await applePayInit(req.ctx, req.session, originOf(req))
    return result.ok ? { status: 200, body: result.value } : processFailure(result.code)
  },
  applePayProcess: async ({ body, req }) => {
    const result = await applePayProcess(req.ctx, req.session, body, clientOf(req))
    if (!result.ok) return processFailure(result.code)
    if (result.value.type !== 'redirect') return processFailure('apple_pay_unavailable')
    return {
      status: 200,
      body: { successful: true, redirectUrl: result.value.redirectUrl, order: result.value.order },
    }
  },
  lastOrder: async ({ req }) => {
    const order = await lastOrder(req.ctx, req.session)
    return order ? { status: 200, body: order } : respond('not_found')
  },
})
