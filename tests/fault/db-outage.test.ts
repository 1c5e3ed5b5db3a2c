// Database outage under load (issue 16): a real server process (the production bundle run by
// node, tests/support/server-process.ts) on a Postgres of its own (tests/support/pg-process.ts),
// which the test stops (fast shutdown) in the middle of a burst of checkouts and reads, keeps away
// for 2 s and starts again. While it is away: the process lives (the unpatched postgres-js
// crashed it here, patches/postgres+3.4.9.patch), no answer is a 500, every refused request is a
// 503 with Retry-After and the German message, /readyz 503, /healthz 200. When it is back: a read
// that needs the database answers within 2 s of Postgres accepting connections (the figure is
// printed), the catalog cache hears changes again (LISTEN resubscribed), the checkouts that got a
// 503 are placed on retry with their key, and no order is half-written: each has its delivery,
// line, status event and confirmation mail, and the stock fell by exactly the orders.
// The shared test Postgres of global-setup.ts is not touched.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb, type Db } from '#db/client.ts'
import { runMigrations } from '#db/migrate.ts'
import { seedIfEmpty } from '#db/seed/index.ts'
import { hashPassword } from '#server/platform/password.ts'
import { browserFactory } from '#tests/api/account-fixtures.ts'
import {
  choose,
  countRows,
  fillCart,
  findProduct,
  registerGuest,
  setStock,
  startCheckout,
  stockOf,
} from '#tests/api/checkout-support.ts'
import type { Browser } from '#tests/support/client.ts'
import { type StoppablePostgres, startStoppablePostgres } from '#tests/support/pg-process.ts'
import {
  buildServerBundle,
  type ServerProcess,
  startServerProcess,
} from '#tests/support/server-process.ts'
import { databaseUrl } from '#tests/support/test-db.ts'

/** Enough products for the checkout helpers, seeded in a second or two. */
const PRODUCTS = 100
const CHECKOUTS = 30
/** Checkouts placed before the outage; the rest are sent at once and Postgres stops meanwhile. */
const BEFORE = 6
const STOCK = 1000
/** How long Postgres stays away. */
const OUTAGE_MS = 2000
const RECOVERY_BOUND_MS = 2000
const MESSAGE =
  'Der Shop ist gerade nicht erreichbar. Bitte versuche es in wenigen Sekunden erneut.'

let pg: StoppablePostgres
let bundle: Awaited<ReturnType<typeof buildServerBundle>>
let server: ServerProcess
let db: Db
let closeDb: () => Promise<void>
let alive = true

beforeAll(async () => {
  const [built, started] = await Promise.all([buildServerBundle(), startStoppablePostgres()])
  bundle = built
  pg = started
  const admin = postgres(pg.adminUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe('create database shop')
  await admin.end({ timeout: 5 })
  const url = databaseUrl(pg.adminUrl, 'shop')
  await runMigrations(url)
  ;({ db, close: closeDb } = createDb(url, { max: 2 }))
  await seedIfEmpty(db, { products: PRODUCTS, hashPassword })
  server = await startServerProcess({
    bundle: bundle.file,
    databaseUrl: url,
    env: { TRUST_PROXY: '1', LOG_LEVEL: 'info' },
  })
  void server.exited.then(() => {
    alive = false
  })
})

afterAll(async () => {
  await server?.close()
  await closeDb?.()
  await pg?.remove()
  await bundle?.remove()
})

type Shopper = { browser: Browser; email: string; key: string }
type Answer = { status: number; retryAfter: string | null; body: unknown; at: number }

async function readyShopper(newBrowser: () => Browser, productId: number): Promise<Shopper> {
  const browser = newBrowser()
  const email = await registerGuest(browser, 'ausfall')
  await fillCart(browser, productId)
  await startCheckout(browser)
  await choose(browser, { payment: 'moneyorder' })
  return { browser, email, key: randomUUID() }
}

/** A raw request; network errors count as status 0 (the test fails on them below). */
async function send(browser: Browser, path: string, init: RequestInit = {}): Promise<Answer> {
  try {
    const response = await browser.fetch(path, init)
    const text = await response.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {}
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body,
      at: Date.now(),
    }
  } catch (error) {
    return { status: 0, retryAfter: null, body: String(error), at: Date.now() }
  }
}

const checkout = (shopper: Shopper) =>
  send(shopper.browser, '/api/checkout/process', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idempotencyKey: shopper.key }),
  })

/** Reads that need the database: the cart (session and cart rows) and an uncached search. */
const needsDatabase = (browser: Browser) =>
  send(browser, `/api/catalog/search?query=${encodeURIComponent(`ausfall ${randomUUID()}`)}`)

function expectNoServerError(answers: Answer[]) {
  for (const answer of answers) {
    expect([200, 422, 503], JSON.stringify(answer)).toContain(answer.status)
    if (answer.status === 503) {
      expect(answer.retryAfter).toBe('2')
      expect(answer.body).toEqual({ code: 'service_unavailable', message: MESSAGE })
    }
  }
}

describe('Postgres stopped and started under a burst of checkouts', () => {
  it('answers 503 while it is away, recovers within 2 s, and leaves no half-written order', async () => {
    const product = await findProduct(db, { minStock: 5 })
    await setStock(db, product.id, STOCK)
    const newBrowser = browserFactory(server.url)
    const shoppers: Shopper[] = []
    while (shoppers.length < CHECKOUTS) {
      const batch = Math.min(10, CHECKOUTS - shoppers.length)
      shoppers.push(
        ...(await Promise.all(
          Array.from({ length: batch }, () => readyShopper(newBrowser, product.id)),
        )),
      )
    }
    const reader = shoppers[0] as Shopper
    // A product page the catalog cache holds from before the outage.
    const before = await send(reader.browser, `/api/catalog/products/${product.id}`)
    expect(before.status).toBe(200)

    // The burst, reads alongside: a first wave of checkouts is placed, then the second wave goes
    // out at once and Postgres stops (fast shutdown: open connections are terminated) as soon as
    // its first checkout is answered, while the others are inside their transactions.
    const reads: Promise<Answer>[] = []
    let reading = true
    const readLoop = (async () => {
      while (reading) {
        reads.push(send(reader.browser, '/api/cart'), needsDatabase(reader.browser))
        await new Promise((pause) => setTimeout(pause, 50))
      }
    })()
    const checkouts: Promise<Answer>[] = shoppers.slice(0, BEFORE).map(checkout)
    await Promise.all(checkouts)
    const wave = shoppers.slice(BEFORE).map(checkout)
    checkouts.push(...wave)
    await Promise.race(wave)
    await pg.stop()
    const stoppedAt = Date.now()
    const burst = await Promise.all(checkouts)

    // Postgres stays away for a while (reads go on, every connection attempt is refused); reads
    // that need it answer 503, the probes tell, the process lives.
    while (Date.now() - stoppedAt < OUTAGE_MS) await new Promise((pause) => setTimeout(pause, 50))
    expect(alive, `the server process ended:\n${server.output()}`).toBe(true)
    const away = await Promise.all([
      send(reader.browser, '/api/cart'),
      needsDatabase(reader.browser),
    ])
    for (const answer of away) expect(answer.status).toBe(503)
    const ready = await send(reader.browser, '/readyz')
    expect(ready).toMatchObject({ status: 503, retryAfter: '2' })
    const live = await send(reader.browser, '/healthz')
    expect(live).toMatchObject({ status: 200, body: { status: 'ok' } })
    reading = false
    await readLoop
    const readAnswers = await Promise.all(reads)
    expectNoServerError([...burst, ...readAnswers, ...away])
    expect(alive, server.output()).toBe(true)

    // Postgres comes back: the first read that needs it answers 200 within the bound.
    await pg.start()
    const acceptingAt = Date.now()
    let recoveredAt = 0
    const polls: Promise<unknown>[] = []
    while (!recoveredAt && Date.now() - acceptingAt < 10_000) {
      polls.push(
        send(reader.browser, '/api/cart').then((answer) => {
          if (answer.status === 200 && !recoveredAt) recoveredAt = answer.at
        }),
      )
      await new Promise((pause) => setTimeout(pause, 25))
    }
    await Promise.all(polls)
    const recoveryMs = recoveredAt - acceptingAt
    const readyAgain = await send(reader.browser, '/readyz')

    // The catalog cache listens again: a change made now reaches the product page.
    const renamed = `Ausfallsicher ${randomUUID().slice(0, 8)}`
    await db.execute(sql`update products set name = ${renamed} where id = ${product.id}`)
    let cacheFreshAfterMs = -1
    const renamedAt = Date.now()
    while (Date.now() - renamedAt < RECOVERY_BOUND_MS) {
      const page = await send(reader.browser, `/api/catalog/products/${product.id}`)
      if ((page.body as { name?: string }).name === renamed) {
        cacheFreshAfterMs = Date.now() - renamedAt
        break
      }
      await new Promise((pause) => setTimeout(pause, 50))
    }

    // A checkout that got a 503 is placed when the shopper tries again with the same key.
    const refused = shoppers.filter((_, index) => burst[index]?.status === 503)
    const retried = await Promise.all(refused.map((shopper) => checkout(shopper)))

    const keys = shoppers.map((s) => s.key)
    const orders = (await db.execute(
      sql.raw(`select o.idempotency_key as key, o.order_number as "orderNumber",
          (select count(*)::int from order_deliveries d where d.order_id = o.id) as deliveries,
          (select count(*)::int from order_lines l where l.order_id = o.id and l.kind = 'product') as lines,
          (select coalesce(sum(l.quantity), 0)::int from order_lines l
             where l.order_id = o.id and l.product_id = ${product.id}) as units,
          (select count(*)::int from order_status_events e join order_deliveries d on d.id = e.delivery_id
             where d.order_id = o.id) as events,
          (select count(*)::int from mail_outbox m
             where m.kind = 'order_confirmation' and m.to = o.email and m.subject like '%' || o.order_number || '%') as mails,
          o.subtotal_cents = (select sum(l.quantity * l.unit_price_cents) from order_lines l
             where l.order_id = o.id and l.kind <> 'protection') as "subtotalMatches"
        from orders o where o.idempotency_key in (${keys.map((k) => `'${k}'`).join(',')})`),
    )) as unknown as {
      key: string
      orderNumber: string
      deliveries: number
      lines: number
      units: number
      events: number
      mails: number
      subtotalMatches: boolean
    }[]
    const stock = await stockOf(db, product.id)
    const unitsSold = orders.reduce((sum, order) => sum + order.units, 0)

    const figures = {
      checkouts: CHECKOUTS,
      placedBefore: BEFORE,
      placedInBurst: burst.filter((a) => a.status === 200).length,
      refusedInBurst: burst.filter((a) => a.status === 503).length,
      reads: readAnswers.length,
      readsRefused: readAnswers.filter((a) => a.status === 503).length,
      answers500: [...burst, ...readAnswers].filter((a) => a.status >= 500 && a.status !== 503)
        .length,
      outageMs: acceptingAt - stoppedAt,
      recoveryMs,
      cacheFreshAfterMs,
      retried: retried.length,
      orders: orders.length,
      stockSold: STOCK - stock,
    }
    console.log('Database outage under load:', JSON.stringify(figures))

    expect(alive, server.output()).toBe(true)
    expect(server.output()).not.toMatch(/TypeError|uncaught/i)
    // Nothing reached the process guard: every database error was handled where it arose.
    const stray = server
      .logs()
      .filter((line) => /^(unhandled rejection|uncaught exception)/.test(line.msg))
    expect(stray).toEqual([])
    expect(recoveredAt, 'a read answered 200 after Postgres was back').toBeGreaterThan(0)
    expect(recoveryMs).toBeLessThan(RECOVERY_BOUND_MS)
    expect(readyAgain.status).toBe(200)
    expect(cacheFreshAfterMs, 'the catalog cache heard the change').toBeGreaterThanOrEqual(0)
    // The outage was felt by the burst and by the reads.
    expect(figures.refusedInBurst + figures.readsRefused).toBeGreaterThan(0)
    for (const answer of retried) expect(answer.status, JSON.stringify(answer)).toBe(200)

    // Every checkout ends as exactly one whole order; the stock fell by exactly those orders.
    expect(orders.map((o) => o.key).sort()).toEqual([...keys].sort())
    for (const order of orders) {
      expect(order, order.orderNumber).toMatchObject({
        deliveries: 1,
        lines: 1,
        units: 1,
        events: 1,
        mails: 1,
        subtotalMatches: true,
      })
    }
    expect(STOCK - stock).toBe(unitsSold)
    const cartItemsLeft = await countRows(
      db,
      'cart_items',
      `cart_id in (select c.id from carts c left join sessions s on s.id = c.session_id
         where coalesce(c.customer_id, s.customer_id) in (select id from customers
           where email in (${shoppers.map((s) => `'${s.email}'`).join(',')})))`,
    )
    expect(cartItemsLeft).toBe(0)
  }, 120_000)
})
