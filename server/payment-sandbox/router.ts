// The sandbox provider's own pages under /psp/: hosted card form and its check URL, 3-D Secure,
// wallet pages, the Amazon Pay button and Consors form targets, the Apple Pay sheet, the info
// page and (outside production) the test shop. Mounted before the shop's session and origin
// middleware: these pages belong to "another site" and trust only their tokens.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import express, { type ErrorRequestHandler, type Request, type Response, Router } from 'express'
import multer from 'multer'
import { translate } from '#contract/messages.de.ts'
import { boundedParser } from '#server/platform/input-guard.ts'
import type { PaymentErrorCode } from '#server/platform/payments/port.ts'
import { APPLE_PAY_SHEET_CARDS, type ApplePaySheetCard } from './apple-pay.ts'
import { cardPaths } from './card.ts'
import type { CardField } from './card-rules.ts'
import { MAX_AMOUNT_CENTS, originOf, withParams } from './context.ts'
import { cardCheckedPage, cardFieldsPage, challengePage, finishedPage } from './pages/card-pages.ts'
import {
  HARNESS_AMOUNT_CENTS,
  harnessConsorsPage,
  harnessPage,
  harnessResultPage,
} from './pages/harness-pages.ts'
import { sendPage } from './pages/html.ts'
import { applePaySheetPage, errorPage, infoPage } from './pages/sandbox-pages.ts'
import { walletClosedPage, walletPage } from './pages/wallet-pages.ts'
import { returnTarget } from './redirect.ts'
import type { Simulator } from './simulator.ts'

const ASSET_TYPES: Record<string, string> = {
  'sandbox.css': 'text/css; charset=utf-8',
  'fields.js': 'text/javascript; charset=utf-8',
  'harness.js': 'text/javascript; charset=utf-8',
  'applepay-sheet.js': 'text/javascript; charset=utf-8',
}

const CARD_FIELDS: CardField[] = ['holder', 'number', 'expiryMonth', 'expiryYear', 'cvc']

function loadAssets(): Map<string, string> {
  const dir = resolve(import.meta.dirname, 'assets')
  return new Map(
    Object.keys(ASSET_TYPES).map((name) => [name, readFileSync(resolve(dir, name), 'utf8')]),
  )
}

function wantsJson(req: Request): boolean {
  return (req.get('accept') ?? '').includes('application/json')
}

function originOfRequest(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`
}

function field(body: unknown, name: string): string | undefined {
  const value = (body as Record<string, unknown> | undefined)?.[name]
  return typeof value === 'string' ? value : undefined
}

export function createSimulatorRouter(sim: Simulator, options: { harness: boolean }): Router {
  const base = sim.ctx.basePath
  const paths = cardPaths(base)
  const assets = loadAssets()
  const router = Router()
  // Bodies above the limits are refused (413) before or while they are read (issue 16).
  const forms = boundedParser(
    express.urlencoded({ extended: false, limit: '32kb', parameterLimit: 20 }),
    32 * 1024,
  )
  const json = boundedParser(express.json({ limit: '16kb' }), 16 * 1024)
  // The card form: text fields only, small, no files.
  const cardForm = boundedParser(
    multer({
      limits: { fields: 10, fieldSize: 200, fieldNameSize: 50, files: 0, parts: 12 },
    }).none(),
    8 * 1024,
  )

  const notFound = (res: Response, text = 'Diese Seite gibt es in der Sandbox nicht.') =>
    sendPage(res, 404, errorPage(base, 'Nicht gefunden', text))

  router.get('/', (_req, res) => {
    sendPage(res, 200, infoPage(base, options.harness))
  })

  router.get('/assets/:file', (req, res, next) => {
    const type = ASSET_TYPES[req.params.file]
    const body = assets.get(req.params.file)
    if (!type || body === undefined) return next()
    res.type(type).setHeader('Cache-Control', 'no-cache').send(body)
  })

  // --- Card: hosted fields and their check -----------------------------------------------------

  router.get('/card/fields/:sessionId', async (req, res) => {
    const session = await sim.card.session(req.params.sessionId)
    if (!session) return notFound(res, translate('card_session_expired'))
    const expired = session.expiresAt <= sim.ctx.clock.now()
    sendPage(
      res,
      expired ? 410 : 200,
      cardFieldsPage({
        basePath: base,
        checkUrl: `${base}/card/check/${session.id}`,
        parentOrigin: session.parentOrigin,
        notice: expired ? translate('card_session_expired') : undefined,
      }),
      { frameAncestors: [session.parentOrigin] },
    )
  })

  router.post('/card/check/:sessionId', cardForm, async (req, res) => {
    const sessionId = String(req.params.sessionId)
    const input = Object.fromEntries(CARD_FIELDS.map((name) => [name, field(req.body, name)]))
    const outcome = await sim.card.check(sessionId, input)
    if (wantsJson(req)) {
      if (outcome.kind === 'ok') {
        const { alias, brand, maskedNumber, expiry, holder } = outcome.card
        res
          .setHeader('Cache-Control', 'no-store')
          .json({ alias, brand, maskedNumber, expiry, holder })
        return
      }
      if (outcome.kind === 'invalid') {
        const errors = Object.entries(outcome.errors).map(([name, code]) => ({
          field: name,
          code: code ?? 'invalid',
          message: translate(code ?? 'invalid'),
        }))
        res.status(422).json({
          code: 'validation_failed',
          message: translate('validation_failed'),
          fields: outcome.errors,
          errors,
        })
        return
      }
      res.status(outcome.status).json({ code: outcome.code, message: translate(outcome.code) })
      return
    }
    const session = await sim.card.session(sessionId)
    if (!session) return notFound(res, translate('card_session_expired'))
    const policy = { frameAncestors: [session.parentOrigin] }
    if (outcome.kind === 'ok') {
      sendPage(res, 200, cardCheckedPage(base, outcome.card, session.parentOrigin), policy)
      return
    }
    const values = {
      holder: input.holder,
      expiryMonth: input.expiryMonth,
      expiryYear: input.expiryYear,
    }
    const form = {
      basePath: base,
      checkUrl: `${base}/card/check/${session.id}`,
      parentOrigin: session.parentOrigin,
      values,
    }
    if (outcome.kind === 'invalid')
      sendPage(res, 422, cardFieldsPage({ ...form, errors: outcome.errors }), policy)
    else
      sendPage(
        res,
        outcome.status,
        cardFieldsPage({ ...form, notice: translate(outcome.code) }),
        policy,
      )
  })

  // --- Card: 3-D Secure ---------------------------------------------------------------------

  router.get('/3ds/:token', async (req, res) => {
    const found = await sim.card.challenge(req.params.token)
    if (!found) return notFound(res)
    const { payment, card } = found
    const policy = { formTargets: [originOf(payment.returnUrl)] }
    if (payment.status === 'challenge') {
      sendPage(
        res,
        200,
        challengePage(base, payment, card, paths.challenge(req.params.token)),
        policy,
      )
      return
    }
    const back = withParams(payment.returnUrl ?? '/', { paymentId: payment.id })
    sendPage(
      res,
      200,
      finishedPage(
        base,
        'Prüfung abgeschlossen',
        'Diese 3-D-Secure-Prüfung ist bereits abgeschlossen.',
        back,
      ),
      policy,
    )
  })

  router.post('/3ds/:token', forms, async (req, res) => {
    const decision = field(req.body, 'decision')
    if (decision !== 'approve' && decision !== 'deny')
      return sendPage(
        res,
        400,
        errorPage(base, 'Ungültige Anfrage', 'Bitte bestätige oder lehne ab.'),
      )
    const back = await sim.card.decideChallenge(req.params.token, decision)
    if (!back) return notFound(res)
    res.redirect(303, back)
  })

  // --- Redirect wallets ---------------------------------------------------------------------

  router.get('/pay/:token', async (req, res) => {
    const row = await sim.redirect.page(req.params.token)
    if (!row) return notFound(res)
    const policy = { formTargets: [originOf(row.returnUrl), originOf(row.cancelUrl)] }
    if (row.status !== 'created') {
      sendPage(res, 200, walletClosedPage(base, row, returnTarget(row)), policy)
      return
    }
    sendPage(res, 200, walletPage(base, row, `${base}/pay/${req.params.token}`), policy)
  })

  router.post('/pay/:token', forms, async (req, res) => {
    const decision = field(req.body, 'decision')
    if (decision !== 'approve' && decision !== 'cancel' && decision !== 'decline')
      return sendPage(
        res,
        400,
        errorPage(base, 'Ungültige Anfrage', 'Bitte genehmige oder brich ab.'),
      )
    const months = field(req.body, 'months')
    const result = await sim.redirect.decide(req.params.token, decision, {
      buyerId: field(req.body, 'buyerId'),
      klarnaPaymentMethod: field(req.body, 'klarnaPaymentMethod'),
      months: months && /^[0-9]{1,2}$/.test(months) ? Number(months) : undefined,
    })
    if (result.ok) return res.redirect(303, result.value)
    if (result.code === 'not_found') return notFound(res)
    const row = await sim.redirect.page(req.params.token)
    if (!row) return notFound(res)
    sendPage(
      res,
      422,
      walletPage(base, row, `${base}/pay/${req.params.token}`, { monthsError: true }),
      {
        formTargets: [originOf(row.returnUrl), originOf(row.cancelUrl)],
      },
    )
  })

  router.post('/amazonpay/checkout', forms, async (req, res) => {
    const result = await sim.redirect.startAmazonCheckout(req.body ?? {})
    if (result.ok) return res.redirect(303, result.value)
    sendPage(
      res,
      400,
      errorPage(
        base,
        'Ungültige Zahlungsanfrage',
        result.code === 'signature_invalid'
          ? 'Die Signatur der Zahlungsanfrage ist ungültig.'
          : 'Die Zahlungsanfrage ist unvollständig.',
      ),
    )
  })

  router.post('/consors/apply', forms, async (req, res) => {
    const result = await sim.redirect.startConsors(req.body ?? {})
    if (result.ok) return res.redirect(303, result.value)
    sendPage(
      res,
      400,
      errorPage(base, 'Ungültige Zahlungsanfrage', 'Die Formulardaten sind ungültig.'),
    )
  })

  // --- Apple Pay sheet ----------------------------------------------------------------------

  router.get('/applepay/sheet/:sessionId', async (req, res) => {
    const session = await sim.applePay.session(req.params.sessionId)
    if (!session) return notFound(res)
    const policy = { frameAncestors: [session.shopOrigin] }
    const amount = Number(req.query.amount)
    if (!Number.isInteger(amount) || amount <= 0 || amount > MAX_AMOUNT_CENTS)
      return sendPage(res, 400, errorPage(base, 'Ungültige Anfrage', 'Der Betrag fehlt.'), policy)
    if (session.expiresAt <= sim.ctx.clock.now())
      return sendPage(
        res,
        410,
        errorPage(base, 'Abgelaufen', translate('apple_pay_unavailable')),
        policy,
      )
    const label = typeof req.query.label === 'string' ? req.query.label.slice(0, 64) : ''
    sendPage(
      res,
      200,
      applePaySheetPage({
        basePath: base,
        sessionId: session.id,
        shopOrigin: session.shopOrigin,
        displayName: session.displayName,
        amountCents: amount,
        label,
      }),
      policy,
    )
  })

  router.post('/applepay/sheet/:sessionId/token', json, async (req, res) => {
    const amountCents = Number(req.body?.amountCents)
    const card = String(req.body?.card ?? '')
    if (
      !Number.isInteger(amountCents) ||
      amountCents <= 0 ||
      amountCents > MAX_AMOUNT_CENTS ||
      !Object.hasOwn(APPLE_PAY_SHEET_CARDS, card)
    ) {
      res.status(400).json({ code: 'validation_failed', message: translate('validation_failed') })
      return
    }
    const token = await sim.applePay.issueToken(req.params.sessionId, {
      amountCents,
      card: card as ApplePaySheetCard,
    })
    if (!token) {
      res
        .status(410)
        .json({ code: 'apple_pay_unavailable', message: translate('apple_pay_unavailable') })
      return
    }
    res.setHeader('Cache-Control', 'no-store').json({ token })
  })

  if (options.harness) mountHarness(router, sim, { forms, json })

  router.use((_req, res) => notFound(res))
  const errors: ErrorRequestHandler = (error, req, res, _next) => {
    const status = typeof error?.status === 'number' && error.status < 500 ? error.status : 400
    const isMulter = error instanceof multer.MulterError
    if (!isMulter && !(typeof error?.status === 'number' && error.status < 500)) {
      req.log?.error({ err: error }, 'payment simulator error')
      sendPage(res, 500, errorPage(base, 'Technischer Fehler', translate('general_error')))
      return
    }
    if (wantsJson(req)) {
      res
        .status(status)
        .json({ code: 'validation_failed', message: translate('validation_failed') })
      return
    }
    sendPage(res, status, errorPage(base, 'Ungültige Anfrage', translate('validation_failed')))
  }
  router.use(errors)
  return router
}

/** The test shop: uses only the port, as the checkout will. */
function mountHarness(
  router: Router,
  sim: Simulator,
  parsers: { forms: express.RequestHandler; json: express.RequestHandler },
) {
  const base = sim.ctx.basePath
  const provider = sim.provider
  const resultUrl = `${base}/dev/harness/result`

  router.get('/dev/harness', async (req, res) => {
    const origin = originOfRequest(req)
    const session = await provider.card.createCheckSession({
      reference: 'harness',
      parentOrigin: origin,
    })
    const amazon = await provider.amazonPay.createButtonPayload({
      amountCents: HARNESS_AMOUNT_CENTS,
      reference: 'harness',
      returnUrl: resultUrl,
      cancelUrl: resultUrl,
      express: true,
      placement: 'Cart',
    })
    sendPage(
      res,
      200,
      harnessPage({
        basePath: base,
        fieldsUrl: session.fieldsUrl,
        idempotencyKey: randomUUID(),
        amazon,
      }),
      { framesSelf: true },
    )
  })

  router.post('/dev/harness/card', parsers.forms, async (req, res) => {
    const alias = field(req.body, 'alias') ?? ''
    const result = await provider.card.authorize({
      alias,
      amountCents: HARNESS_AMOUNT_CENTS,
      reference: 'harness',
      idempotencyKey: field(req.body, 'idempotencyKey') || randomUUID(),
      returnUrl: resultUrl,
      capture: field(req.body, 'capture') === '1',
    })
    if (result.ok && result.value.status === 'challenge')
      return res.redirect(303, result.value.challengeUrl)
    if (result.ok) return res.redirect(303, `${resultUrl}?paymentId=${result.value.paymentId}`)
    const payment = result.data ? await provider.payments.get(result.data.paymentId) : null
    sendPage(res, 200, harnessResultPage(base, { payment, error: result.code }))
  })

  router.post('/dev/harness/wallet', parsers.forms, async (req, res) => {
    const choice = field(req.body, 'method')
    const method =
      choice === 'paypal-express'
        ? 'paypal'
        : choice === 'klarna' || choice === 'consors'
          ? choice
          : 'paypal'
    const session = await provider.redirect.createSession({
      method,
      amountCents: HARNESS_AMOUNT_CENTS,
      reference: 'harness',
      returnUrl: resultUrl,
      cancelUrl: resultUrl,
      express: choice === 'paypal-express',
    })
    if (!session.ok) return sendPage(res, 409, errorPage(base, 'Konflikt', session.code))
    if (session.value.form) return sendPage(res, 200, harnessConsorsPage(base, session.value))
    res.redirect(303, session.value.redirectUrl)
  })

  router.get('/dev/harness/result', async (req, res) => {
    const paymentId = typeof req.query.paymentId === 'string' ? req.query.paymentId : null
    const token = typeof req.query.token === 'string' ? req.query.token : null
    let error: PaymentErrorCode | null = null
    if (paymentId) {
      const result = await provider.card.getAuthorization(paymentId)
      if (!result.ok) error = result.code
      const payment = await provider.payments.get(paymentId)
      return sendPage(res, 200, harnessResultPage(base, { payment, error }))
    }
    if (!token)
      return sendPage(
        res,
        200,
        harnessResultPage(base, { payment: null, error: 'payment_not_found' }),
      )
    const session = await provider.redirect.getSession(token)
    if (session?.status === 'approved') {
      const completed = await provider.redirect.complete({
        token,
        authorizationToken:
          typeof req.query.authorizationToken === 'string'
            ? req.query.authorizationToken
            : undefined,
      })
      if (!completed.ok) error = completed.code
    } else if (!session) error = 'payment_not_found'
    else if (session.declineCode) error = session.declineCode
    const payment = await provider.redirect.getSession(token)
    sendPage(res, 200, harnessResultPage(base, { payment, error }))
  })

  router.get('/dev/harness/applepay/init', async (req, res) => {
    const merchantSession = await provider.applePay.createMerchantSession({
      shopOrigin: originOfRequest(req),
      displayName: 'Bitwerk',
    })
    res.setHeader('Cache-Control', 'no-store').json({
      applePayMerchantSession: merchantSession,
      paymentRequest: provider.applePay.paymentRequest({
        amountCents: HARNESS_AMOUNT_CENTS,
        label: 'Bitwerk',
      }),
    })
  })

  router.post('/dev/harness/applepay/process', parsers.json, async (req, res) => {
    const result = await provider.applePay.authorize({
      paymentToken: req.body?.paymentToken,
      amountCents: HARNESS_AMOUNT_CENTS,
      reference: 'harness',
      idempotencyKey: randomUUID(),
    })
    if (result.ok) {
      res.json({ successful: true, paymentId: result.value.paymentId, status: result.value.status })
      return
    }
    res.status(422).json({ successful: false, code: result.code, message: translate(result.code) })
  })
}
