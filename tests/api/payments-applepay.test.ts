// Apple Pay through the sandbox: the payment request of the spec, merchant sessions, the
// simulated sheet's signed tokens and their check at authorization.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApplePayMerchantSession, PaymentProvider } from '#server/platform/payments/index.ts'
import type { TestApp } from '#tests/support/app.ts'
import { getPage, SHOP_ORIGIN, startPaymentsApp } from './payments-support.ts'

let shop: TestApp
let payments: PaymentProvider
let keyCounter = 0
const key = () => `applepay-test-${++keyCounter}`

beforeAll(async () => {
  ;({ shop, payments } = await startPaymentsApp())
})
afterAll(() => shop.close())

function merchantSession() {
  return payments.applePay.createMerchantSession({
    shopOrigin: SHOP_ORIGIN,
    displayName: 'Bitwerk',
  })
}

/** What the simulated sheet's "pay" button fetches. */
async function sheetToken(session: ApplePayMerchantSession, amountCents: number, card = 'visa') {
  const response = await fetch(`${shop.url}${session.sheetUrl}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ amountCents, card }),
  })
  return { status: response.status, body: (await response.json()) as { token: unknown } }
}

describe('Apple Pay', () => {
  it('builds the payment request of the spec: DE, EUR, visa and masterCard, 3DS/debit/credit', () => {
    expect(payments.applePay.paymentRequest({ amountCents: 4999, label: 'Bitwerk' })).toEqual({
      countryCode: 'DE',
      currencyCode: 'EUR',
      supportedNetworks: ['visa', 'masterCard'],
      merchantCapabilities: ['supports3DS', 'supportsDebit', 'supportsCredit'],
      total: { label: 'Bitwerk', amount: '49.99', type: 'final' },
    })
  })

  it('hands out a merchant session for the shop domain', async () => {
    const session = await merchantSession()
    expect(session).toMatchObject({
      merchantSessionIdentifier: expect.stringMatching(/^aps_/),
      merchantIdentifier: expect.any(String),
      domainName: 'shop.example',
      displayName: 'Bitwerk',
      signature: expect.any(String),
      nonce: expect.stringMatching(/^[0-9a-f]{8}$/),
    })
    expect(session.expiresAt - session.epochTimestamp).toBe(5 * 60 * 1000)
    const sheet = await getPage(shop, `${session.sheetUrl}?amount=4999&label=Bitwerk`)
    expect(sheet.status).toBe(200)
    expect(sheet.headers.get('content-security-policy')).toContain(`frame-ancestors ${SHOP_ORIGIN}`)
    const html = await sheet.text()
    expect(html).toContain('49,99')
    expect(html).toContain('Mit Apple Pay bezahlen')
    expect((await getPage(shop, `${session.sheetUrl}?amount=abc`)).status).toBe(400)
  })

  it('authorizes a sheet token for its amount; the same key replays, the token is single use', async () => {
    const session = await merchantSession()
    const { status, body } = await sheetToken(session, 4999)
    expect(status).toBe(200)
    const input = {
      paymentToken: body.token,
      amountCents: 4999,
      reference: 'ap-1',
      idempotencyKey: key(),
    }
    const result = await payments.applePay.authorize(input)
    expect(result).toMatchObject({
      ok: true,
      value: {
        method: 'applepay',
        status: 'authorized',
        amountCents: 4999,
        applePay: { network: 'Visa', displayName: 'Visa 1111' },
      },
    })
    const replay = await payments.applePay.authorize(input)
    expect(replay.ok && result.ok && replay.value.paymentId === result.value.paymentId).toBe(true)
    expect(await payments.applePay.authorize({ ...input, idempotencyKey: key() })).toMatchObject({
      ok: false,
      code: 'apple_pay_token_invalid',
    })
  })

  it('refuses a token for another amount, a tampered token and garbage', async () => {
    const session = await merchantSession()
    const { body } = await sheetToken(session, 4999)
    const base = { reference: 'ap-2', idempotencyKey: key() }
    expect(
      await payments.applePay.authorize({ ...base, paymentToken: body.token, amountCents: 5000 }),
    ).toMatchObject({ ok: false, code: 'apple_pay_token_invalid' })

    const token = structuredClone(body.token) as { paymentData: { data: string } }
    const data = JSON.parse(Buffer.from(token.paymentData.data, 'base64').toString())
    token.paymentData.data = Buffer.from(JSON.stringify({ ...data, amountCents: 1 })).toString(
      'base64',
    )
    expect(
      await payments.applePay.authorize({
        ...base,
        idempotencyKey: key(),
        paymentToken: token,
        amountCents: 1,
      }),
    ).toMatchObject({ ok: false, code: 'apple_pay_token_invalid' })

    for (const garbage of [null, 'token', { paymentData: {} }])
      expect(
        await payments.applePay.authorize({
          ...base,
          idempotencyKey: key(),
          paymentToken: garbage,
          amountCents: 4999,
        }),
      ).toMatchObject({ ok: false, code: 'apple_pay_token_invalid' })
  })

  it('declines the sheet card that the issuer declines, with card_declined', async () => {
    const session = await merchantSession()
    const { body } = await sheetToken(session, 2500, 'declined')
    const result = await payments.applePay.authorize({
      paymentToken: body.token,
      amountCents: 2500,
      reference: 'ap-3',
      idempotencyKey: key(),
    })
    expect(result).toMatchObject({ ok: false, code: 'card_declined' })
    if (result.ok || !result.data) throw new Error('expected a recorded decline')
    expect(await payments.payments.get(result.data.paymentId)).toMatchObject({ status: 'declined' })
  })

  it('captures at once when asked, and voids or refunds like any payment', async () => {
    const session = await merchantSession()
    const { body } = await sheetToken(session, 3000, 'mastercard')
    const result = await payments.applePay.authorize({
      paymentToken: body.token,
      amountCents: 3000,
      reference: 'ap-4',
      idempotencyKey: key(),
      capture: true,
    })
    expect(result).toMatchObject({ ok: true, value: { status: 'captured', capturedCents: 3000 } })
    if (!result.ok) return
    expect(
      await payments.payments.refund({
        paymentId: result.value.paymentId,
        amountCents: 3000,
        idempotencyKey: key(),
      }),
    ).toMatchObject({ ok: true, value: { status: 'refunded' } })
  })

  it('expires merchant sessions after 5 minutes and tokens after 10', async () => {
    const session = await merchantSession()
    const { body } = await sheetToken(session, 4999)
    shop.clock.advance(6 * 60 * 1000)
    expect((await sheetToken(session, 4999)).status).toBe(410)
    expect((await getPage(shop, `${session.sheetUrl}?amount=4999`)).status).toBe(410)
    shop.clock.advance(5 * 60 * 1000)
    expect(
      await payments.applePay.authorize({
        paymentToken: body.token,
        amountCents: 4999,
        reference: 'ap-5',
        idempotencyKey: key(),
      }),
    ).toMatchObject({ ok: false, code: 'apple_pay_token_invalid' })
  })
})
