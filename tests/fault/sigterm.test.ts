// SIGTERM under load (issue 16): a real server process (the production bundle run by node) gets
// SIGTERM in the middle of a burst of 60 card checkouts. Every request the server took in must get
// its whole answer, requests after the listener closed are refused (ECONNREFUSED), the process
// exits 0 within the drain bound, every order belongs to an answered request and no card
// authorization is left without an order.
//
// "Took in" is read from the server's own request log (the request logger logs every request it handled,
// under the id the client sent in X-Request-Id): each logged request must have reached the client
// complete, and a request the client lost must not be in the log. Two kinds of request are reset
// before the app reads them, and no server can prevent it: one sent on a keep-alive connection at
// the instant the server closes it as idle (HTTP/1.1 cannot announce the close), and one whose
// connection the kernel had completed but the app not yet accepted when the listener closed. They
// are counted as "reset before read" and must leave no trace (a real client retries them with the
// same idempotency key).
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createDb, type Db } from '#db/client.ts'
import { CLEANUP_MS, DRAIN_MS } from '#server/platform/shutdown.ts'
import { browserFactory } from '#tests/api/account-fixtures.ts'
import {
  fillCart,
  findProduct,
  registerGuest,
  setStock,
  startCheckout,
} from '#tests/api/checkout-support.ts'
import type { Browser } from '#tests/support/client.ts'
import {
  buildServerBundle,
  type LogLine,
  type ServerProcess,
  startServerProcess,
} from '#tests/support/server-process.ts'
import { cloneTemplate } from '#tests/support/template.ts'

const CHECKOUTS = 60
/** The signal goes out right after this many checkouts were sent. */
const SIGNAL_AFTER = 20
/** Pause between two checkouts of the burst. */
const STAGGER_MS = 10
const VISA = '4111 1111 1111 1111'

let bundle: Awaited<ReturnType<typeof buildServerBundle>>
let server: ServerProcess
let db: Db
let closeDb: () => Promise<void>

beforeAll(async () => {
  const [built, databaseUrl] = await Promise.all([
    buildServerBundle(),
    cloneTemplate(inject('dbAdminUrl'), inject('dbTemplate'), 'sigterm'),
  ])
  bundle = built
  ;({ db, close: closeDb } = createDb(databaseUrl, { max: 2 }))
  server = await startServerProcess({
    bundle: bundle.file,
    databaseUrl,
    // Each shopper has its own client address (X-Forwarded-For): per-address limits stay apart.
    env: { TRUST_PROXY: '1' },
  })
})

afterAll(async () => {
  await server?.close()
  await closeDb?.()
  await bundle?.remove()
})

type Shopper = { browser: Browser; key: string; requestId: string }

async function readyShopper(newBrowser: () => Browser, productId: number): Promise<Shopper> {
  const browser = newBrowser()
  await registerGuest(browser, 'sigterm')
  await fillCart(browser, productId)
  await startCheckout(browser)
  // What the hosted card form does: the card goes to the provider, the shop gets an alias.
  const fields = await browser.api.checkout.getCreditCardFields()
  if (fields.status !== 200) throw new Error(`card fields: ${fields.status}`)
  const form = new FormData()
  const year = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')
  for (const [name, value] of Object.entries({
    holder: 'Erika Mustermann',
    number: VISA,
    expiryMonth: '12',
    expiryYear: year,
    cvc: '123',
  }))
    form.append(name, value)
  const checked = await fetch(`${server.url}${fields.body.creditCard.checkUrl}`, {
    method: 'POST',
    body: form,
    headers: { accept: 'application/json' },
  })
  expect(checked.status).toBe(200)
  const { alias } = (await checked.json()) as { alias: string }
  const saved = await browser.api.checkout.saveCreditCard({ body: { alias, save: false } })
  expect(saved.status).toBe(200)
  return { browser, key: randomUUID(), requestId: `sigterm-${randomUUID()}` }
}

type Outcome =
  | { kind: 'answered'; status: number; orderNumber: string | null }
  | { kind: 'refused' }
  | { kind: 'lost'; code: string }

/** The checkout's last call; an answer counts only when its whole body arrived. */
async function placeOrder(shopper: Shopper): Promise<Outcome> {
  try {
    const response = await shopper.browser.fetch('/api/checkout/process', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': shopper.requestId },
      body: JSON.stringify({ idempotencyKey: shopper.key }),
    })
    const body = JSON.parse(await response.text()) as { order?: { orderNumber?: string } }
    return {
      kind: 'answered',
      status: response.status,
      orderNumber: body.order?.orderNumber ?? null,
    }
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause
    const code = cause?.code ?? String(error)
    return code === 'ECONNREFUSED' ? { kind: 'refused' } : { kind: 'lost', code }
  }
}

async function inBatches<T>(count: number, size: number, make: () => Promise<T>): Promise<T[]> {
  const all: T[] = []
  for (let done = 0; done < count; done += size) {
    all.push(...(await Promise.all(Array.from({ length: Math.min(size, count - done) }, make))))
  }
  return all
}

const logged = (lines: LogLine[], msg: string) => lines.find((line) => line.msg === msg)

describe('SIGTERM during a burst of checkouts', () => {
  it('answers every request it took in, refuses the rest, exits 0 and leaves no orphan', async () => {
    const product = await findProduct(db, { minStock: 5 })
    await setStock(db, product.id, 1000)
    const newBrowser = browserFactory(server.url)
    const shoppers = await inBatches(CHECKOUTS, 10, () => readyShopper(newBrowser, product.id))

    const pending: Promise<Outcome>[] = []
    let signalledAt = 0
    for (const [index, shopper] of shoppers.entries()) {
      pending.push(placeOrder(shopper))
      if (index + 1 === SIGNAL_AFTER) {
        server.signal('SIGTERM')
        signalledAt = Date.now()
      }
      await new Promise((pause) => setTimeout(pause, STAGGER_MS))
    }
    const outcomes = await Promise.all(pending)
    const exit = await server.exited

    // What the server says it handled: every request it logged, by the id the client sent.
    const lines = server.logs()
    const handled = new Map<string, { msg: string; status: number }>()
    for (const line of lines) {
      const req = line.req as { id?: string; url?: string } | undefined
      const res = line.res as { statusCode?: number } | undefined
      if (req?.url === '/api/checkout/process' && req.id)
        handled.set(req.id, { msg: line.msg, status: res?.statusCode ?? 0 })
    }
    const keys = shoppers.map((s) => s.key)
    const orders = (await db.execute(
      sql`select idempotency_key as key, order_number as "orderNumber", psp_payment_id as "pspPaymentId"
          from orders where idempotency_key in ${keys}`,
    )) as unknown as { key: string; orderNumber: string; pspPaymentId: string | null }[]
    const authorizations = (await db.execute(
      sql`select p.id, p.status, exists (select 1 from orders o where o.psp_payment_id = p.id) as "hasOrder"
          from psp_payments p where p.method = 'card' and p.reference in ${keys}`,
    )) as unknown as { id: string; status: string; hasOrder: boolean }[]
    const holding = new Set(['authorized', 'captured', 'partially_refunded'])
    const orphaned = authorizations.filter((a) => holding.has(a.status) && !a.hasOrder)

    const answered = outcomes.filter((o) => o.kind === 'answered')
    const figures = {
      sent: CHECKOUTS,
      signalAfter: SIGNAL_AFTER,
      inFlightAtSignal: logged(
        lines,
        'stopping: no new connections, finishing the requests in flight',
      )?.inFlight,
      answered: answered.length,
      placed: answered.filter((o) => o.status === 200).length,
      refused: outcomes.filter((o) => o.kind === 'refused').length,
      resetBeforeRead: outcomes.filter((o) => o.kind === 'lost').length,
      resetCodes: [...new Set(outcomes.flatMap((o) => (o.kind === 'lost' ? [o.code] : [])))],
      handledByServer: handled.size,
      orders: orders.length,
      authorizations: authorizations.length,
      orphanedAuthorizations: orphaned.length,
      exitCode: exit.code,
      drainMs: logged(lines, 'drained')?.ms,
      exitAfterMs: exit.at - signalledAt,
    }
    console.log('SIGTERM under load:', JSON.stringify(figures))

    expect(exit, server.output()).toMatchObject({ code: 0, signal: null })
    expect(exit.at - signalledAt).toBeLessThan(DRAIN_MS + CLEANUP_MS)
    // The signal came while checkouts were running, and the drain let every one of them finish.
    expect(figures.inFlightAtSignal).toBeGreaterThan(0)
    expect(logged(lines, 'drained')).toMatchObject({ complete: true, aborted: 0 })

    // Every request the server handled reached its client whole, with the status it logged;
    // every request the client lost or had refused never reached the app.
    for (const [index, outcome] of outcomes.entries()) {
      const shopper = shoppers[index] as Shopper
      const seen = handled.get(shopper.requestId)
      if (outcome.kind === 'answered') {
        expect(seen).toEqual({ msg: 'request completed', status: outcome.status })
        expect(outcome.status).toBe(200)
        expect(outcome.orderNumber).toMatch(/^B\d+$/)
      } else {
        expect(seen, `${outcome.kind} request ${shopper.requestId}`).toBeUndefined()
      }
    }
    expect(handled.size).toBe(answered.length)
    expect(figures.answered + figures.refused + figures.resetBeforeRead).toBe(CHECKOUTS)

    // Orders only for answered checkouts, the same ones; no money held without an order.
    const placedKeys = shoppers
      .filter((_, index) => outcomes[index]?.kind === 'answered')
      .map((s) => s.key)
      .sort()
    expect(orders.map((o) => o.key).sort()).toEqual(placedKeys)
    expect(orphaned).toEqual([])
    expect(authorizations.filter((a) => a.hasOrder)).toHaveLength(orders.length)
  }, 90_000)
})
