// Card payments through the sandbox over real HTTP on a real Postgres: hosted fields and their
// multipart check, alias, authorization (approve, decline, 3-D Secure), idempotency, capture,
// refund and void.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pspCardAliases, pspPayments } from '#db/schema/payments.ts'
import type { CardCheckSession, PaymentProvider } from '#server/platform/payments/index.ts'
import type { TestApp } from '#tests/support/app.ts'
import {
  futureExpiry,
  getPage,
  postCard,
  postForm,
  RETURN_URL,
  redirectOf,
  SHOP_ORIGIN,
  startPaymentsApp,
} from './payments-support.ts'

let shop: TestApp
let payments: PaymentProvider
let keyCounter = 0
const key = () => `card-test-${++keyCounter}`

beforeAll(async () => {
  ;({ shop, payments } = await startPaymentsApp())
})
afterAll(() => shop.close())

function newSession(): Promise<CardCheckSession> {
  return payments.card.createCheckSession({ reference: 'checkout-1', parentOrigin: SHOP_ORIGIN })
}

function card(number: string, extra: Record<string, string> = {}) {
  const { expiryMonth, expiryYear } = futureExpiry(shop)
  return { holder: 'Erika Mustermann', number, expiryMonth, expiryYear, cvc: '123', ...extra }
}

/** Hosted fields → check → alias, as the browser does it. */
async function aliasFor(number: string, extra: Record<string, string> = {}): Promise<string> {
  const session = await newSession()
  const response = await postCard(shop, session.checkUrl, card(number, extra))
  expect(response.status).toBe(200)
  return ((await response.json()) as { alias: string }).alias
}

describe('hosted card fields', () => {
  it('serves the provider form for the iframe, framable only by the shop origin', async () => {
    const session = await newSession()
    expect(session.fieldsUrl).toMatch(/^\/psp\/card\/fields\/cs_/)
    expect(session.checkUrl).toMatch(/^\/psp\/card\/check\/cs_/)
    const response = await getPage(shop, session.fieldsUrl)
    expect(response.status).toBe(200)
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain(`frame-ancestors ${SHOP_ORIGIN}`)
    expect(csp).toContain("script-src 'self'")
    expect(response.headers.get('x-frame-options')).toBeNull()
    expect(response.headers.get('cache-control')).toBe('no-store')
    const html = await response.text()
    for (const label of ['Karteninhaber', 'Kartennummer', 'Gültig bis', 'Monat (MM)', 'Jahr (JJ)'])
      expect(html).toContain(label)
    expect(html).toContain('Prüfnummer (CVC)')
    expect(html).toContain(`action="${session.checkUrl}"`)
    expect(html).toContain('enctype="multipart/form-data"')
    expect(html).toContain(`data-parent-origin="${SHOP_ORIGIN}"`)
    expect(html).toContain('/psp/assets/fields.js')
    const script = await getPage(shop, '/psp/assets/fields.js')
    expect(script.headers.get('content-type')).toContain('text/javascript')
    expect(await script.text()).toContain('postMessage(message, parentOrigin)')
  })

  it('answers a valid card with an alias and its safe data only', async () => {
    const session = await newSession()
    const response = await postCard(
      shop,
      session.checkUrl,
      card('4111 1111 1111 1111', { holder: 'Jörg Weiß-Groß' }),
    )
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(text).not.toContain('4111111111111111')
    const body = JSON.parse(text)
    const { expiryYear } = futureExpiry(shop)
    expect(body).toEqual({
      alias: expect.stringMatching(/^ca_/),
      brand: 'visa',
      maskedNumber: '**** **** **** 1111',
      expiry: `12/${expiryYear}`,
      holder: 'Jörg Weiß-Groß',
    })
    const info = await payments.card.getAlias(body.alias)
    expect(info).toMatchObject({ ...body, expiryMonth: 12 })
    // The provider keeps the number only encrypted in its vault.
    const [row] = await shop.db
      .select()
      .from(pspCardAliases)
      .where(eq(pspCardAliases.alias, body.alias))
    expect(row?.panEncrypted).not.toContain('4111')
    expect(row?.panEncrypted.startsWith('v1.')).toBe(true)
  })

  it.each([
    ['5555 5555 5555 4444', 'mastercard', '**** **** **** 4444', '123'],
    ['3782 822463 10005', 'amex', '**** ****** 10005', '1234'],
    ['3056 930902 5904', 'diners', '**** ****** 5904', '123'],
    ['6011 1111 1111 1117', 'discover', '**** **** **** 1117', '123'],
  ])('accepts %s as %s', async (number, brand, masked, cvc) => {
    const session = await newSession()
    const response = await postCard(shop, session.checkUrl, card(number, { cvc }))
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ brand, maskedNumber: masked })
  })

  it.each([
    [
      { number: '4111 1111 1111 1112' },
      'number',
      'card_number_invalid',
      'Die Kartennummer ist ungültig.',
    ],
    [
      { number: '3530 1113 3330 0000' },
      'number',
      'card_type_unsupported',
      'Dieser Kartentyp wird leider nicht unterstützt.',
    ],
    [
      { holder: 'Erika M.' },
      'holder',
      'card_holder_invalid',
      'Der Name des Karteninhabers darf nur Buchstaben, Leerzeichen und Bindestriche enthalten.',
    ],
    [{ expiryMonth: '13' }, 'expiryMonth', 'card_expiry_invalid', 'Das Ablaufdatum ist ungültig.'],
    [
      { expiryMonth: '01', expiryYear: '20' },
      'expiryYear',
      'card_expired',
      'Die Karte ist abgelaufen.',
    ],
    [{ cvc: '12' }, 'cvc', 'card_cvc_invalid', 'Die Prüfnummer ist ungültig.'],
    [{ holder: '' }, 'holder', 'required', 'Dies ist ein Pflichtfeld.'],
  ])('refuses %o with 422 %s %s', async (change, field, code, message) => {
    const session = await newSession()
    const response = await postCard(shop, session.checkUrl, card('4111 1111 1111 1111', change))
    expect(response.status).toBe(422)
    const body = await response.json()
    expect(body.code).toBe('validation_failed')
    expect(body.fields).toEqual({ [field]: code })
    expect(body.errors).toEqual([{ field, code, message }])
  })

  it('fails the check of the technical-error test card with credit_card_verification_failed', async () => {
    const session = await newSession()
    const response = await postCard(shop, session.checkUrl, card('4000 0000 0000 0119'))
    expect(response.status).toBe(502)
    expect(await response.json()).toEqual({
      code: 'credit_card_verification_failed',
      message: 'Deine Kreditkarte konnte nicht geprüft werden.',
    })
  })

  it('answers a form post without JavaScript with HTML that reports the alias', async () => {
    const session = await newSession()
    const ok = await postCard(shop, session.checkUrl, card('4111111111111111'), { json: false })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('content-security-policy')).toContain(`frame-ancestors ${SHOP_ORIGIN}`)
    const html = await ok.text()
    expect(html).toMatch(/data-alias="ca_[\w-]+"/)
    expect(html).toContain('Karte geprüft')
    expect(html).not.toContain('4111111111111111')
    const bad = await postCard(shop, session.checkUrl, card('4111111111111112'), { json: false })
    expect(bad.status).toBe(422)
    const badHtml = await bad.text()
    expect(badHtml).toContain('Die Kartennummer ist ungültig.')
    expect(badHtml).toContain('aria-invalid="true"')
    expect(badHtml).not.toContain('4111111111111112')
  })

  it('refuses unknown and expired sessions, and too many attempts', async () => {
    const unknown = await postCard(shop, '/psp/card/check/cs_unknown', card('4111111111111111'))
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ code: 'card_session_expired' })

    const session = await newSession()
    for (let i = 0; i < 10; i++) {
      const response = await postCard(shop, session.checkUrl, card('4111111111111112'))
      expect(response.status).toBe(422)
    }
    const blocked = await postCard(shop, session.checkUrl, card('4111111111111111'))
    expect(blocked.status).toBe(429)
    expect(await blocked.json()).toMatchObject({ code: 'credit_card_verification_failed' })

    const old = await newSession()
    shop.clock.advance(31 * 60 * 1000)
    const expired = await postCard(shop, old.checkUrl, card('4111111111111111'))
    expect(expired.status).toBe(410)
    expect(await expired.json()).toMatchObject({ code: 'card_session_expired' })
    expect((await getPage(shop, old.fieldsUrl)).status).toBe(410)
  })

  it('refuses files and oversized fields in the multipart post', async () => {
    const session = await newSession()
    const form = new FormData()
    form.append('number', '4111111111111111')
    form.append('upload', new Blob(['x']), 'x.txt')
    const withFile = await fetch(`${shop.url}${session.checkUrl}`, {
      method: 'POST',
      body: form,
      headers: { accept: 'application/json' },
    })
    expect(withFile.status).toBe(400)
    const big = await postCard(
      shop,
      session.checkUrl,
      card('4111111111111111', { holder: 'a'.repeat(500) }),
    )
    expect(big.status).toBe(400)
  })
})

describe('card authorization', () => {
  it('approves the Visa test card: authorized, with the card safe data', async () => {
    const alias = await aliasFor('4111 1111 1111 1111')
    const result = await payments.card.authorize({
      alias,
      amountCents: 4999,
      reference: 'order-1',
      idempotencyKey: key(),
      returnUrl: RETURN_URL,
    })
    expect(result).toMatchObject({
      ok: true,
      value: { status: 'authorized', card: { alias, brand: 'visa' } },
    })
    if (!result.ok) return
    const payment = await payments.payments.get(result.value.paymentId)
    expect(payment).toMatchObject({
      method: 'card',
      status: 'authorized',
      amountCents: 4999,
      capturedCents: 0,
      currency: 'EUR',
      reference: 'order-1',
      card: { maskedNumber: '**** **** **** 1111' },
    })
  })

  it('captures at once when asked', async () => {
    const alias = await aliasFor('5555 5555 5555 4444')
    const result = await payments.card.authorize({
      alias,
      amountCents: 1000,
      reference: 'order-2',
      idempotencyKey: key(),
      returnUrl: RETURN_URL,
      capture: true,
    })
    expect(result).toMatchObject({ ok: true, value: { status: 'captured' } })
    if (result.ok)
      expect(await payments.payments.get(result.value.paymentId)).toMatchObject({
        capturedCents: 1000,
      })
  })

  it('declines the decline test card with card_declined and records the payment', async () => {
    const alias = await aliasFor('4000 0000 0000 0002')
    const result = await payments.card.authorize({
      alias,
      amountCents: 4999,
      reference: 'order-3',
      idempotencyKey: key(),
      returnUrl: RETURN_URL,
    })
    expect(result).toMatchObject({ ok: false, code: 'card_declined' })
    if (result.ok || !result.data) throw new Error('expected a recorded decline')
    expect(await payments.payments.get(result.data.paymentId)).toMatchObject({
      status: 'declined',
      declineCode: 'card_declined',
    })
  })

  it('refuses an unknown alias with card_alias_unknown', async () => {
    const result = await payments.card.authorize({
      alias: 'ca_unknown',
      amountCents: 100,
      reference: 'order-4',
      idempotencyKey: key(),
      returnUrl: RETURN_URL,
    })
    expect(result).toMatchObject({ ok: false, code: 'card_alias_unknown' })
  })

  it('throws for caller bugs: cents that are not positive integers, foreign return URLs', async () => {
    const alias = await aliasFor('4111 1111 1111 1111')
    const input = { alias, reference: 'x', idempotencyKey: key(), returnUrl: RETURN_URL }
    await expect(payments.card.authorize({ ...input, amountCents: 49.99 })).rejects.toThrow(
      TypeError,
    )
    await expect(payments.card.authorize({ ...input, amountCents: 0 })).rejects.toThrow(TypeError)
    await expect(
      payments.card.authorize({ ...input, amountCents: 100, returnUrl: '//evil.example/x' }),
    ).rejects.toThrow(TypeError)
    await expect(
      payments.card.createCheckSession({
        reference: 'x',
        parentOrigin: 'https://shop.example/path',
      }),
    ).rejects.toThrow(TypeError)
  })
})

describe('3-D Secure', () => {
  async function challenged(amountCents = 4999, returnUrl = RETURN_URL) {
    const alias = await aliasFor('4000 0000 0000 3220')
    const result = await payments.card.authorize({
      alias,
      amountCents,
      reference: 'order-3ds',
      idempotencyKey: key(),
      returnUrl,
    })
    if (!result.ok || result.value.status !== 'challenge') throw new Error('expected a challenge')
    return result.value
  }

  it('approves after "Bestätigen" and sends the buyer back with the paymentId', async () => {
    const challenge = await challenged()
    expect(challenge.challengeUrl).toMatch(/^\/psp\/3ds\/tds_/)
    const pageResponse = await getPage(shop, challenge.challengeUrl)
    expect(pageResponse.status).toBe(200)
    const html = await pageResponse.text()
    expect(html).toContain('49,99')
    expect(html).toContain('Bestätigen')
    expect(html).toContain('Ablehnen')
    expect(html).toContain('**** **** **** 3220')
    expect(pageResponse.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(await payments.card.getAuthorization(challenge.paymentId)).toMatchObject({
      ok: true,
      value: { status: 'challenge' },
    })

    const answer = await postForm(shop, challenge.challengeUrl, { decision: 'approve' })
    expect(answer.status).toBe(303)
    const { location, params } = redirectOf(answer)
    expect(location.startsWith(`${RETURN_URL}?`)).toBe(true)
    expect(params.get('paymentId')).toBe(challenge.paymentId)
    expect(await payments.card.getAuthorization(challenge.paymentId)).toMatchObject({
      ok: true,
      value: { status: 'authorized', paymentId: challenge.paymentId },
    })
    // A second click changes nothing and leads back again.
    const again = await postForm(shop, challenge.challengeUrl, { decision: 'deny' })
    expect(redirectOf(again).location).toBe(location)
    expect((await payments.payments.get(challenge.paymentId))?.status).toBe('authorized')
    const done = await getPage(shop, challenge.challengeUrl)
    expect(await done.text()).toContain('bereits abgeschlossen')
  })

  it('declines after "Ablehnen" with credit_card_verification_failed', async () => {
    const challenge = await challenged(1234, 'https://shop.example/kasse/3ds?step=payment')
    const answer = await postForm(shop, challenge.challengeUrl, { decision: 'deny' })
    expect(answer.status).toBe(303)
    expect(redirectOf(answer).location).toBe(
      `https://shop.example/kasse/3ds?step=payment&paymentId=${challenge.paymentId}`,
    )
    expect(await payments.card.getAuthorization(challenge.paymentId)).toMatchObject({
      ok: false,
      code: 'credit_card_verification_failed',
      data: { paymentId: challenge.paymentId },
    })
  })

  it('expires an unanswered challenge after 15 minutes', async () => {
    const challenge = await challenged()
    shop.clock.advance(16 * 60 * 1000)
    expect(await payments.card.getAuthorization(challenge.paymentId)).toMatchObject({
      ok: false,
      code: 'payment_expired',
    })
    const answer = await postForm(shop, challenge.challengeUrl, { decision: 'approve' })
    expect(answer.status).toBe(303)
    expect((await payments.payments.get(challenge.paymentId))?.status).toBe('expired')
  })

  it('refuses an unknown challenge and an invalid decision', async () => {
    expect((await getPage(shop, '/psp/3ds/tds_unknown')).status).toBe(404)
    const challenge = await challenged()
    expect((await postForm(shop, challenge.challengeUrl, { decision: 'maybe' })).status).toBe(400)
  })
})

describe('idempotent authorization', () => {
  it('answers the same key with the same payment, also when sent at once', async () => {
    const alias = await aliasFor('4111 1111 1111 1111')
    const input = {
      alias,
      amountCents: 2500,
      reference: 'order-idem',
      idempotencyKey: key(),
      returnUrl: RETURN_URL,
    }
    const results = await Promise.all(
      Array.from({ length: 5 }, () => payments.card.authorize(input)),
    )
    const ids = new Set(results.map((r) => (r.ok ? r.value.paymentId : r.code)))
    expect(ids.size).toBe(1)
    const rows = await shop.db
      .select()
      .from(pspPayments)
      .where(eq(pspPayments.idempotencyKey, input.idempotencyKey))
    expect(rows).toHaveLength(1)
    const later = await payments.card.authorize(input)
    expect(later.ok && later.value.paymentId).toBe([...ids][0])
  })

  it('answers the same key with other parameters with idempotency_conflict', async () => {
    const alias = await aliasFor('4111 1111 1111 1111')
    const input = {
      alias,
      amountCents: 2500,
      reference: 'o',
      idempotencyKey: key(),
      returnUrl: RETURN_URL,
    }
    expect((await payments.card.authorize(input)).ok).toBe(true)
    expect(await payments.card.authorize({ ...input, amountCents: 2600 })).toMatchObject({
      ok: false,
      code: 'idempotency_conflict',
    })
  })

  it('replays a challenge with the same challenge URL', async () => {
    const alias = await aliasFor('5200 0000 0000 1096')
    const input = {
      alias,
      amountCents: 700,
      reference: 'o',
      idempotencyKey: key(),
      returnUrl: RETURN_URL,
    }
    const first = await payments.card.authorize(input)
    const second = await payments.card.authorize(input)
    expect(first).toMatchObject({ ok: true, value: { status: 'challenge' } })
    expect(second).toEqual(first)
  })
})

describe('capture, refund and void', () => {
  async function authorized(amountCents: number) {
    const alias = await aliasFor('4111 1111 1111 1111')
    const result = await payments.card.authorize({
      alias,
      amountCents,
      reference: 'order-ops',
      idempotencyKey: key(),
      returnUrl: RETURN_URL,
    })
    if (!result.ok) throw new Error(result.code)
    return result.value.paymentId
  }

  it('captures, refunds in parts up to the capture, and replays a refund by its key', async () => {
    const paymentId = await authorized(10_000)
    expect(
      await payments.payments.capture({ paymentId, amountCents: 20_000, idempotencyKey: key() }),
    ).toMatchObject({ ok: false, code: 'payment_amount_invalid' })
    const captured = await payments.payments.capture({ paymentId, idempotencyKey: key() })
    expect(captured).toMatchObject({
      ok: true,
      value: { status: 'captured', capturedCents: 10_000 },
    })

    const refundKey = key()
    const part = await payments.payments.refund({
      paymentId,
      amountCents: 3000,
      idempotencyKey: refundKey,
    })
    expect(part).toMatchObject({
      ok: true,
      value: { status: 'partially_refunded', refundedCents: 3000 },
    })
    const replay = await payments.payments.refund({
      paymentId,
      amountCents: 3000,
      idempotencyKey: refundKey,
    })
    expect(replay).toMatchObject({ ok: true, value: { refundedCents: 3000 } })
    expect(
      await payments.payments.refund({ paymentId, amountCents: 4000, idempotencyKey: refundKey }),
    ).toMatchObject({ ok: false, code: 'idempotency_conflict' })
    expect(
      await payments.payments.refund({ paymentId, amountCents: 7001, idempotencyKey: key() }),
    ).toMatchObject({ ok: false, code: 'payment_amount_invalid' })
    const rest = await payments.payments.refund({
      paymentId,
      amountCents: 7000,
      idempotencyKey: key(),
    })
    expect(rest).toMatchObject({ ok: true, value: { status: 'refunded', refundedCents: 10_000 } })
    expect(await payments.payments.void({ paymentId, idempotencyKey: key() })).toMatchObject({
      ok: false,
      code: 'payment_invalid_state',
    })
  })

  it('voids an authorization (a cancelled order); capture afterwards is refused', async () => {
    const paymentId = await authorized(5000)
    expect(
      await payments.payments.refund({ paymentId, amountCents: 100, idempotencyKey: key() }),
    ).toMatchObject({ ok: false, code: 'payment_invalid_state' })
    expect(await payments.payments.void({ paymentId, idempotencyKey: key() })).toMatchObject({
      ok: true,
      value: { status: 'voided' },
    })
    expect(await payments.payments.capture({ paymentId, idempotencyKey: key() })).toMatchObject({
      ok: false,
      code: 'payment_invalid_state',
    })
    expect(
      await payments.payments.capture({ paymentId: 'pay_unknown', idempotencyKey: key() }),
    ).toMatchObject({ ok: false, code: 'payment_not_found' })
  })

  it('serialises concurrent refunds: never more than was captured', async () => {
    const paymentId = await authorized(1000)
    await payments.payments.capture({ paymentId, idempotencyKey: key() })
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        payments.payments.refund({ paymentId, amountCents: 400, idempotencyKey: key() }),
      ),
    )
    expect(results.filter((r) => r.ok)).toHaveLength(2)
    expect(await payments.payments.get(paymentId)).toMatchObject({ refundedCents: 800 })
  })
})

describe('a card that expired after it was saved', () => {
  it('is refused at authorization with card_expired', async () => {
    const now = shop.clock.now()
    const month = String(now.getUTCMonth() + 1)
    const year = String(now.getUTCFullYear() % 100)
    const alias = await aliasFor('4111 1111 1111 1111', { expiryMonth: month, expiryYear: year })
    shop.clock.advance(40 * 24 * 60 * 60 * 1000)
    const result = await payments.card.authorize({
      alias,
      amountCents: 100,
      reference: 'o',
      idempotencyKey: key(),
      returnUrl: RETURN_URL,
    })
    expect(result).toMatchObject({ ok: false, code: 'card_expired' })
  })
})
