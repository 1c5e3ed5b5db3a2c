// Redirect wallets through the sandbox over real HTTP: PayPal (express), Amazon Pay (signed
// button payload), Klarna (session update, authorization token) and Consors financing (form
// post), each with approve, cancel and decline, plus session expiry and idempotency.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pspOperations, pspPayments } from '#db/schema/payments.ts'
import { paymentSandboxJobs } from '#server/payment-sandbox/index.ts'
import { runJobOnce } from '#server/platform/jobs.ts'
import type {
  PaymentProvider,
  RedirectMethod,
  RedirectSession,
} from '#server/platform/payments/index.ts'
import type { TestApp } from '#tests/support/app.ts'
import {
  CANCEL_URL,
  getPage,
  postForm,
  RETURN_URL,
  redirectOf,
  startPaymentsApp,
} from './payments-support.ts'

let shop: TestApp
let payments: PaymentProvider

beforeAll(async () => {
  ;({ shop, payments } = await startPaymentsApp())
})
afterAll(() => shop.close())

async function session(
  method: RedirectMethod,
  extra: { express?: boolean; amountCents?: number; idempotencyKey?: string } = {},
): Promise<RedirectSession> {
  const result = await payments.redirect.createSession({
    method,
    amountCents: extra.amountCents ?? 4999,
    reference: `checkout-${method}`,
    returnUrl: RETURN_URL,
    cancelUrl: CANCEL_URL,
    express: extra.express,
    idempotencyKey: extra.idempotencyKey,
  })
  if (!result.ok) throw new Error(result.code)
  return result.value
}

/** The buyer's answer on the provider's page. */
async function decide(s: RedirectSession, decision: string, choices: Record<string, string> = {}) {
  const response = await postForm(shop, s.redirectUrl, { decision, ...choices })
  expect(response.status).toBe(303)
  return redirectOf(response)
}

describe.each(['paypal', 'amazonpay', 'klarna', 'consors'] as const)('%s', (method) => {
  const approveChoices: Record<string, string> = method === 'consors' ? { months: '12' } : {}

  it('shows the amount, approve and cancel on the provider page', async () => {
    const s = await session(method)
    expect(s.redirectUrl).toBe(`/psp/pay/${s.token}`)
    const response = await getPage(shop, s.redirectUrl)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('49,99')
    expect(html).toContain('Zahlung genehmigen')
    expect(html).toContain('Abbrechen')
    expect(html).toContain('Bitpay')
    expect(response.headers.get('content-security-policy')).toContain("form-action 'self'")
  })

  it('approve → return URL with the token → complete → authorized', async () => {
    const s = await session(method)
    expect(await payments.redirect.complete({ token: s.token })).toMatchObject({
      ok: false,
      code: 'payment_invalid_state',
    })
    const back = await decide(s, 'approve', approveChoices)
    expect(back.location.startsWith(`${RETURN_URL}?`)).toBe(true)
    expect(back.params.get('token')).toBe(s.token)
    expect(await payments.redirect.getSession(s.token)).toMatchObject({
      status: 'approved',
      method,
      amountCents: 4999,
    })
    const authorizationToken = back.params.get('authorizationToken') ?? undefined
    const completed = await payments.redirect.complete({ token: s.token, authorizationToken })
    expect(completed).toMatchObject({
      ok: true,
      value: { status: 'authorized', paymentId: s.paymentId, amountCents: 4999 },
    })
    // Completing again answers the same; the page no longer offers a decision.
    expect(await payments.redirect.complete({ token: s.token, authorizationToken })).toMatchObject({
      ok: true,
      value: { status: 'authorized' },
    })
    const page = await getPage(shop, s.redirectUrl)
    expect(await page.text()).toContain('nicht mehr offen')
    expect(
      await payments.payments.capture({ paymentId: s.paymentId, idempotencyKey: `${s.token}-c` }),
    ).toMatchObject({ ok: true, value: { status: 'captured', capturedCents: 4999 } })
  })

  it('cancel → cancel URL with the token; complete answers payment_cancelled', async () => {
    const s = await session(method)
    const back = await decide(s, 'cancel')
    expect(back.location).toBe(`${CANCEL_URL}?token=${s.token}`)
    expect(await payments.redirect.getSession(s.token)).toMatchObject({
      status: 'cancelled',
      declineCode: 'payment_cancelled',
    })
    expect(await payments.redirect.complete({ token: s.token })).toMatchObject({
      ok: false,
      code: 'payment_cancelled',
    })
  })

  it('decline → return URL; complete answers payment_declined', async () => {
    const s = await session(method)
    const back = await decide(s, 'decline')
    expect(back.location).toBe(`${RETURN_URL}?token=${s.token}`)
    expect(await payments.redirect.getSession(s.token)).toMatchObject({ status: 'declined' })
    expect(await payments.redirect.complete({ token: s.token })).toMatchObject({
      ok: false,
      code: 'payment_declined',
    })
  })
})

describe('PayPal express', () => {
  it('hands over the chosen sandbox buyer with the shipping address', async () => {
    const s = await session('paypal', { express: true })
    const page = await (await getPage(shop, s.redirectUrl)).text()
    expect(page).toContain('Lukas Gruber')
    expect(page).toContain('Packstation')
    await decide(s, 'approve', { buyerId: 'buyer-at' })
    const details = await payments.redirect.getSession(s.token)
    expect(details).toMatchObject({
      express: true,
      payer: {
        firstName: 'Lukas',
        lastName: 'Gruber',
        email: 'lukas.gruber@example.at',
        shippingAddress: {
          streetName: 'Mariahilfer Straße',
          streetNumber: '45',
          zipCode: '1060',
          cityName: 'Wien',
          countryCode: 'AT',
        },
      },
    })
  })

  it('gives no shipping address outside express', async () => {
    const s = await session('paypal')
    await decide(s, 'approve', { buyerId: 'buyer-de' })
    expect(await payments.redirect.getSession(s.token)).toMatchObject({
      payer: { email: 'erika.mustermann@example.de', shippingAddress: null },
    })
  })

  it('lets an express checkout complete with up to 15 % more (shipping), not more', async () => {
    const s = await session('paypal', { express: true, amountCents: 10_000 })
    await decide(s, 'approve')
    expect(await payments.redirect.complete({ token: s.token, amountCents: 11_501 })).toMatchObject(
      { ok: false, code: 'payment_amount_invalid' },
    )
    expect(await payments.redirect.complete({ token: s.token, amountCents: 10_490 })).toMatchObject(
      { ok: true, value: { amountCents: 10_490, status: 'authorized' } },
    )
    const plain = await session('paypal', { amountCents: 10_000 })
    await decide(plain, 'approve')
    expect(
      await payments.redirect.complete({ token: plain.token, amountCents: 10_490 }),
    ).toMatchObject({ ok: false, code: 'payment_amount_invalid' })
  })

  it('captures at completion when asked', async () => {
    const s = await session('paypal', { express: true })
    await decide(s, 'approve')
    expect(await payments.redirect.complete({ token: s.token, capture: true })).toMatchObject({
      ok: true,
      value: { status: 'captured', capturedCents: 4999 },
    })
  })
})

describe('redirect sessions', () => {
  it('expire after 3 hours: the page leads back to the cancel URL, complete answers payment_expired', async () => {
    const s = await session('paypal')
    shop.clock.advance(3 * 60 * 60 * 1000 + 1000)
    expect(await payments.redirect.getSession(s.token)).toMatchObject({ status: 'expired' })
    const page = await getPage(shop, s.redirectUrl)
    expect(await page.text()).toContain(`${CANCEL_URL}?token=${s.token}`)
    expect(await payments.redirect.complete({ token: s.token })).toMatchObject({
      ok: false,
      code: 'payment_expired',
    })
  })

  it('left alone, turn expired through the housekeeping job without anybody reading them', async () => {
    const s = await session('amazonpay')
    const idOf = async () =>
      (await shop.db.select().from(pspPayments).where(eq(pspPayments.sessionToken, s.token)))[0]
    shop.clock.advance(3 * 60 * 60 * 1000 + 1000)
    expect((await idOf())?.status).toBe('created')
    const job = paymentSandboxJobs(shop.clock).find((j) => j.name === 'clean-payment-simulator')
    if (!job) throw new Error('no job')
    expect(await runJobOnce(shop.db, job)).toBe(true)
    expect((await idOf())?.status).toBe('expired')
  })

  it('are idempotent by key; other parameters under the same key conflict', async () => {
    const first = await session('klarna', { idempotencyKey: 'klarna-idem-1' })
    const again = await session('klarna', { idempotencyKey: 'klarna-idem-1' })
    expect(again.token).toBe(first.token)
    expect(
      await payments.redirect.createSession({
        method: 'klarna',
        amountCents: 1,
        reference: 'checkout-klarna',
        returnUrl: RETURN_URL,
        cancelUrl: CANCEL_URL,
        idempotencyKey: 'klarna-idem-1',
      }),
    ).toMatchObject({ ok: false, code: 'idempotency_conflict' })
  })

  it('complete once when the return is handled several times at once', async () => {
    const s = await session('paypal')
    await decide(s, 'approve')
    const results = await Promise.all(
      Array.from({ length: 5 }, () => payments.redirect.complete({ token: s.token })),
    )
    expect(results.every((r) => r.ok && r.value.status === 'authorized')).toBe(true)
    const operations = await shop.db
      .select()
      .from(pspOperations)
      .where(eq(pspOperations.paymentId, s.paymentId))
    expect(operations.map((o) => o.kind)).toEqual(['authorize'])
  })

  it('answer unknown tokens with 404 and payment_not_found', async () => {
    expect((await getPage(shop, '/psp/pay/ps_unknown')).status).toBe(404)
    expect((await postForm(shop, '/psp/pay/ps_unknown', { decision: 'approve' })).status).toBe(404)
    expect(await payments.redirect.getSession('ps_unknown')).toBeNull()
    expect(await payments.redirect.complete({ token: 'ps_unknown' })).toMatchObject({
      ok: false,
      code: 'payment_not_found',
    })
  })

  it('keep absolute return URLs and their query', async () => {
    const result = await payments.redirect.createSession({
      method: 'paypal',
      amountCents: 100,
      reference: 'r',
      returnUrl: 'https://shop.example/kasse/paypal?step=review',
      cancelUrl: 'https://shop.example/warenkorb',
    })
    if (!result.ok) throw new Error(result.code)
    const page = await getPage(shop, result.value.redirectUrl)
    expect(page.headers.get('content-security-policy')).toContain(
      "form-action 'self' https://shop.example",
    )
    const back = await decide(result.value, 'approve')
    expect(back.location).toBe(
      `https://shop.example/kasse/paypal?step=review&token=${result.value.token}`,
    )
  })
})

describe('Amazon Pay button payload', () => {
  async function button(express = true) {
    return payments.amazonPay.createButtonPayload({
      amountCents: 12_345,
      reference: 'checkout-amazon',
      returnUrl: RETURN_URL,
      cancelUrl: CANCEL_URL,
      express,
      placement: 'Cart',
    })
  }

  it('is signed, with merchant id, public key id and the amount', async () => {
    const b = await button()
    expect(b).toMatchObject({
      merchantId: expect.any(String),
      publicKeyId: expect.any(String),
      ledgerCurrency: 'EUR',
      checkoutLanguage: 'de_DE',
      productType: 'PayAndShip',
      placement: 'Cart',
      checkoutUrl: '/psp/amazonpay/checkout',
      signature: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/),
    })
    const payload = JSON.parse(b.payloadJSON)
    expect(payload.paymentDetails.chargeAmount).toEqual({ amount: '123.45', currencyCode: 'EUR' })
    expect(payload.webCheckoutDetails.checkoutReviewReturnUrl).toBe(RETURN_URL)
    expect(payload.scopes).toContain('shippingAddress')
    expect((await button(false)).productType).toBe('PayOnly')
  })

  it('opens a session when the signature holds; the same button twice opens the same one', async () => {
    const b = await button()
    const form = { payloadJSON: b.payloadJSON, signature: b.signature, publicKeyId: b.publicKeyId }
    const response = await postForm(shop, b.checkoutUrl, form)
    expect(response.status).toBe(303)
    const { location } = redirectOf(response)
    expect(location).toMatch(/^\/psp\/pay\/ps_/)
    const twice = await postForm(shop, b.checkoutUrl, form)
    expect(redirectOf(twice).location).toBe(location)
    const token = location.split('/').pop() ?? ''
    expect(await payments.redirect.getSession(token)).toMatchObject({
      method: 'amazonpay',
      status: 'created',
      amountCents: 12_345,
      express: true,
      reference: 'checkout-amazon',
    })
    const html = await (await getPage(shop, location)).text()
    expect(html).toContain('Amazon Pay')
    expect(html).toContain('123,45')
    const back = await postForm(shop, location, {
      decision: 'approve',
      buyerId: 'buyer-packstation',
    })
    expect(redirectOf(back).location).toBe(`${RETURN_URL}?token=${token}`)
    expect(await payments.redirect.getSession(token)).toMatchObject({
      payer: { shippingAddress: { streetName: 'Packstation', addition: 'Postnummer 12345678' } },
    })
    expect(await payments.redirect.complete({ token })).toMatchObject({
      ok: true,
      value: { status: 'authorized', amountCents: 12_345 },
    })
  })

  it('refuses a tampered payload, a wrong signature and an unknown key with 400', async () => {
    const b = await button()
    const tampered = b.payloadJSON.replace('"123.45"', '"1.00"')
    expect(tampered).not.toBe(b.payloadJSON)
    const attempts = [
      { payloadJSON: tampered, signature: b.signature, publicKeyId: b.publicKeyId },
      {
        payloadJSON: b.payloadJSON,
        signature: `${b.signature.slice(0, -4)}AAA=`,
        publicKeyId: b.publicKeyId,
      },
      { payloadJSON: b.payloadJSON, signature: b.signature, publicKeyId: 'OTHER-KEY' },
      { payloadJSON: b.payloadJSON, publicKeyId: b.publicKeyId },
    ]
    for (const form of attempts) {
      const response = await postForm(shop, b.checkoutUrl, form as Record<string, string>)
      expect(response.status).toBe(400)
      expect(await response.text()).toContain('Signatur der Zahlungsanfrage ist ungültig')
    }
  })
})

describe('Klarna', () => {
  it('offers pay later and pay now; the session update switches the method and amount', async () => {
    const s = await session('klarna')
    expect(s.klarna).toEqual({
      klarnaSessionId: s.token,
      clientToken: expect.stringMatching(/^kct_/),
      paymentMethodCategories: ['klarnapaylater', 'klarnapaynow'],
    })
    expect(await payments.redirect.getSession(s.token)).toMatchObject({
      klarna: { klarnaSessionId: s.token, paymentMethod: 'klarnapaylater' },
    })
    const updated = await payments.klarna.updateSession({
      klarnaSessionId: s.token,
      paymentMethod: 'klarnapaynow',
      amountCents: 5999,
    })
    expect(updated).toMatchObject({
      ok: true,
      value: { amountCents: 5999, klarna: { paymentMethod: 'klarnapaynow' } },
    })
    const html = await (await getPage(shop, s.redirectUrl)).text()
    expect(html).toContain('Später bezahlen')
    expect(html).toMatch(/value="klarnapaynow" checked/)
    expect(html).toContain('59,99')
  })

  it('needs the authorization token from the return URL to complete', async () => {
    const s = await session('klarna')
    const back = await decide(s, 'approve', { klarnaPaymentMethod: 'klarnapaynow' })
    const authorizationToken = back.params.get('authorizationToken')
    expect(authorizationToken).toMatch(/^kat_/)
    expect(await payments.redirect.complete({ token: s.token })).toMatchObject({
      ok: false,
      code: 'payment_authorization_invalid',
    })
    expect(
      await payments.redirect.complete({ token: s.token, authorizationToken: 'kat_forged' }),
    ).toMatchObject({ ok: false, code: 'payment_authorization_invalid' })
    expect(
      await payments.redirect.complete({
        token: s.token,
        authorizationToken: authorizationToken ?? '',
      }),
    ).toMatchObject({
      ok: true,
      value: { status: 'authorized', klarna: { paymentMethod: 'klarnapaynow' } },
    })
    expect(
      await payments.klarna.updateSession({
        klarnaSessionId: s.token,
        paymentMethod: 'klarnapaylater',
      }),
    ).toMatchObject({ ok: false, code: 'payment_invalid_state' })
    expect(
      await payments.klarna.updateSession({
        klarnaSessionId: 'ps_unknown',
        paymentMethod: 'klarnapaylater',
      }),
    ).toMatchObject({ ok: false, code: 'payment_not_found' })
  })
})

describe('Consors financing', () => {
  it('starts by a signed form post and offers 0 % for 6, 9 and 12 months, up to 72 months', async () => {
    const s = await session('consors', { amountCents: 120_000 })
    expect(s.form?.formUrl).toBe('/psp/consors/apply')
    expect(s.form?.formData).toMatchObject({
      token: s.token,
      amountCents: '120000',
      currency: 'EUR',
      signature: expect.any(String),
    })
    const response = await postForm(shop, s.form?.formUrl ?? '', s.form?.formData ?? {})
    expect(response.status).toBe(303)
    expect(redirectOf(response).location).toBe(s.redirectUrl)
    const html = await (await getPage(shop, s.redirectUrl)).text()
    for (const months of [6, 9, 12, 18, 24, 36, 48, 60, 72])
      expect(html).toContain(`${months} Monate`)
    expect(html).toContain('0 % Zinsen')
    expect(html).toContain('200,00') // 6 months × 200,00 € for 1.200,00 €

    const tampered = { ...(s.form?.formData ?? {}), amountCents: '100' }
    expect((await postForm(shop, s.form?.formUrl ?? '', tampered)).status).toBe(400)
  })

  it('wants a term to approve, then hands the chosen terms to the shop', async () => {
    const s = await session('consors', { amountCents: 120_000 })
    const missing = await postForm(shop, s.redirectUrl, { decision: 'approve' })
    expect(missing.status).toBe(422)
    expect(await missing.text()).toContain('Bitte wähle eine Laufzeit aus.')
    const wrong = await postForm(shop, s.redirectUrl, { decision: 'approve', months: '7' })
    expect(wrong.status).toBe(422)
    await decide(s, 'approve', { months: '9' })
    expect(await payments.redirect.getSession(s.token)).toMatchObject({
      status: 'approved',
      financing: { months: 9, annualRatePercent: 0, monthlyRateCents: 13_334, totalCents: 120_000 },
    })
    const long = await session('consors', { amountCents: 120_000 })
    await decide(long, 'approve', { months: '72' })
    const financing = (await payments.redirect.getSession(long.token))?.financing
    expect(financing?.annualRatePercent).toBe(9.9)
    expect(financing?.totalCents).toBeGreaterThan(120_000)
  })
})
