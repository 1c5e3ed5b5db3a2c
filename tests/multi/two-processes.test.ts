// Many instances (issue 23): two real server processes (the production bundle run by node, as in
// the container) on one database, a client switching between them as a load balancer without
// sticky sessions would send it. Proves the shop keeps no state in a process that matters:
// a session made on A works on B, a cart filled on A is B's cart, a rate limit counts tries on
// both, a periodic job runs once (its advisory lock), and a price changed in the back office on A
// shows on B at once (the catalog cache's LISTEN/NOTIFY, migration 0007), a logout on B ends the
// session that A has cached (NOTIFY session_changed, migration 0032).
import { sql } from 'drizzle-orm'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createDb, type Db } from '#db/client.ts'
import { DEFAULT_PRODUCT_COUNT } from '#db/seed/index.ts'
import { INVOICE_BACKFILL_BATCH } from '#server/orders/jobs.ts'
import { PASSWORD, registerCustomer } from '#tests/api/account-fixtures.ts'
import { findProduct } from '#tests/api/checkout-support.ts'
import { insertStaffAccount, staffLogIn } from '#tests/api/staff-access.ts'
import { createBrowser } from '#tests/support/client.ts'
import {
  buildServerBundle,
  type ServerProcess,
  startServerProcess,
} from '#tests/support/server-process.ts'
import { cloneTemplate } from '#tests/support/template.ts'
import { databaseUrl as databaseUrlOf } from '#tests/support/test-db.ts'

/** The invoice backfill (server/orders/jobs.ts) first runs this long after a process started. */
const INVOICE_JOB_MS = 20_000

let bundle: Awaited<ReturnType<typeof buildServerBundle>>
let a: ServerProcess
let b: ServerProcess
let startedAt = 0
let withoutInvoice = 0
let db: Db
let closeDb: () => Promise<void>
let clients = 0
let emptyStart: ReturnType<typeof startTwoOnEmptyDatabase> | undefined
const fresh: ServerProcess[] = []

beforeAll(async () => {
  const [built, databaseUrl] = await Promise.all([
    buildServerBundle(),
    cloneTemplate(inject('dbAdminUrl'), inject('dbTemplate'), 'twoprocesses'),
  ])
  bundle = built
  ;({ db, close: closeDb } = createDb(databaseUrl, { max: 2 }))
  withoutInvoice = await deliveriesWithoutInvoice()
  startedAt = Date.now()
  const start = () =>
    startServerProcess({ bundle: bundle.file, databaseUrl, env: { TRUST_PROXY: '1' } })
  ;[a, b] = await Promise.all([start(), start()])
  // Meanwhile (awaited by the last case): two more processes started together on an empty
  // database, where both would migrate and seed without the start lock.
  emptyStart = startTwoOnEmptyDatabase()
  emptyStart.catch(() => {})
})

async function startTwoOnEmptyDatabase() {
  const adminUrl = inject('dbAdminUrl')
  const name = `twoprocesses_empty_${Date.now().toString(36)}`
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
  try {
    await admin.unsafe(`create database ${name}`)
  } finally {
    await admin.end({ timeout: 5 })
  }
  const databaseUrl = databaseUrlOf(adminUrl, name)
  const start = () =>
    startServerProcess({ bundle: bundle.file, databaseUrl, startTimeoutMs: 90_000 })
  const started = await Promise.allSettled([start(), start()])
  for (const result of started) if (result.status === 'fulfilled') fresh.push(result.value)
  return { databaseUrl, started }
}

/** Shipped deliveries without their invoice (the backfill job's work). */
async function deliveriesWithoutInvoice(): Promise<number> {
  const [row] = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from order_deliveries d
    where d.status in ('shipped', 'delivered')
      and not exists (select 1 from invoices i where i.delivery_id = d.id and i.kind = 'invoice')`)
  return row?.n ?? 0
}

afterAll(async () => {
  await emptyStart?.catch(() => {})
  await Promise.all([a?.close(), b?.close(), ...fresh.map((server) => server.close())])
  await closeDb?.()
  await bundle?.remove()
})

/**
 * One client (one address, one cookie jar) that can talk to either process: `on(a)` and `on(b)`
 * share the cookies, as a browser behind a load balancer without sticky sessions does.
 */
function client() {
  clients += 1
  const jar = new Map<string, string>()
  const headers = { 'x-forwarded-for': `10.23.${(clients >> 8) & 255}.${clients & 255}` }
  return { on: (server: ServerProcess) => createBrowser(server.url, { headers, jar }) }
}

describe('two server processes on one database', () => {
  it('a session made on A is logged in on B, and logging out on B ends it on A', async () => {
    const shopper = client()
    const body = await registerCustomer(shopper.on(a))
    const header = await shopper.on(b).api.header.getHeaderData()
    expect(header.status).toBe(200)
    expect(header.body).toMatchObject({ isLoggedIn: true, firstName: body.firstName })

    // A has the session in its session cache (server/platform/session-cache.ts) now.
    const onA = await shopper.on(a).api.header.getHeaderData()
    expect(onA.body).toMatchObject({ isLoggedIn: true })

    expect((await shopper.on(b).api.account.logout()).status).toBeLessThan(400)
    // The trigger's NOTIFY session_changed reaches A's listener asynchronously: A drops the
    // session within a second (in practice before the next request arrives).
    const deadline = Date.now() + 1000
    let loggedIn = true
    while (Date.now() < deadline) {
      const after = await shopper.on(a).api.header.getHeaderData()
      loggedIn = after.status === 200 && after.body.isLoggedIn
      if (!loggedIn) break
      await new Promise((wait) => setTimeout(wait, 20))
    }
    expect(loggedIn).toBe(false)
  })

  it('a cart filled on A is the cart on B, and a change on B shows on A', async () => {
    const shopper = client()
    const product = await findProduct(db)
    const added = await shopper.on(a).api.cart.addToCart({ body: { id: product.id, quantity: 2 } })
    expect(added.status).toBe(200)
    const onB = await shopper.on(b).api.header.getHeaderData()
    expect(onB.body).toMatchObject({ cartAmount: 2 })

    const more = await shopper.on(b).api.cart.addToCart({ body: { id: product.id, quantity: 1 } })
    expect(more.status).toBe(200)
    const onA = await shopper.on(a).api.header.getHeaderData()
    expect(onA.body).toMatchObject({ cartAmount: 3 })
  })

  it('login failures count on both: the 5th blocks, wherever it lands', async () => {
    const { email } = await registerCustomer(client().on(a))
    const attacker = client()
    const statuses: number[] = []
    for (let i = 0; i < 6; i += 1) {
      const server = i % 2 === 0 ? a : b
      const answer = await attacker
        .on(server)
        .api.account.login({ body: { email, password: `Falsch-${i}x` } })
      statuses.push(answer.status)
    }
    // The 5th failure blocks (403), as on one process: it is A's 3rd try, so B's two counted.
    expect(statuses).toEqual([422, 422, 422, 422, 403, 403])
    const right = await attacker.on(a).api.account.login({ body: { email, password: PASSWORD } })
    expect(right.status).toBe(403)
    expect(right.body).toMatchObject({ code: 'login_blocked' })
  })

  it("a price changed in the back office on A is B's price at once (no stale cache)", async () => {
    const product = await findProduct(db, { skip: 3 })
    const shopper = client()
    // B has the product in its cache.
    const before = await shopper.on(b).api.catalog.getProduct({ params: { productId: product.id } })
    expect(before.body).toMatchObject({ priceCents: product.priceCents })
    const again = await shopper.on(b).api.catalog.getProduct({ params: { productId: product.id } })
    expect(again.body).toMatchObject({ priceCents: product.priceCents })

    const staff = client()
    const email = await insertStaffAccount(db, 'admin')
    await staffLogIn(staff.on(a), email)
    const newPrice = product.priceCents + 1234
    const updated = await staff.on(a).api.backoffice.updateProduct({
      params: { id: product.id },
      body: {
        priceCents: newPrice,
        strikeThroughPriceCents: null,
        campusPriceCents: null,
        stock: product.stock,
        active: true,
      },
    })
    expect(updated.status).toBe(200)

    // The NOTIFY reaches B's listener asynchronously: B answers the new price within a second.
    const deadline = Date.now() + 1000
    let price = 0
    while (Date.now() < deadline) {
      const answer = await shopper
        .on(b)
        .api.catalog.getProduct({ params: { productId: product.id } })
      price = answer.status === 200 ? answer.body.priceCents : 0
      if (price === newPrice) break
      await new Promise((wait) => setTimeout(wait, 20))
    }
    expect(price).toBe(newPrice)
  })

  it('a periodic job runs in one process at a time: the invoice backfill issues each invoice once', async () => {
    const missing = deliveriesWithoutInvoice
    const before = withoutInvoice
    expect(before).toBeGreaterThan(0)
    // Both processes' timers fire about INVOICE_JOB_MS after they started, nearly together: one
    // takes the job's advisory lock and issues a batch, the other finds it taken and skips.
    await new Promise((wait) =>
      setTimeout(wait, Math.max(0, startedAt + INVOICE_JOB_MS - Date.now())),
    )
    const expected = Math.max(0, before - INVOICE_BACKFILL_BATCH)
    const deadline = Date.now() + 20_000
    while ((await missing()) > expected && Date.now() < deadline)
      await new Promise((wait) => setTimeout(wait, 250))
    expect(await missing()).toBeLessThanOrEqual(expected)
    const [counts] = await db.execute<{
      deliveries: number
      invoices: number
      numbers: number
    }>(sql`
      select count(distinct delivery_id)::int as deliveries, count(*)::int as invoices,
        count(distinct number)::int as numbers
      from invoices where kind = 'invoice'`)
    expect(counts?.invoices).toBe(counts?.deliveries)
    expect(counts?.numbers).toBe(counts?.invoices)
    // Two runs at once would have taken the same deliveries and collided on the unique invoice
    // per delivery: the loser logs "job failed".
    await new Promise((wait) => setTimeout(wait, 1000))
    for (const server of [a, b])
      expect(server.logs().filter((line) => line.msg === 'job failed')).toEqual([])
  }, 60_000)

  it('two processes started at once on an empty database: migrated and seeded once, both serve', async () => {
    if (!emptyStart) throw new Error('not started')
    const { databaseUrl, started } = await emptyStart
    expect(started.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled'])
    for (const server of fresh) expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
    const check = createDb(databaseUrl, { max: 1 })
    try {
      // Seeded once (a second seed would double the products) and each migration applied once.
      const [row] = await check.db.execute<{ products: number; applied: number; distinct: number }>(
        sql`select (select count(*)::int from products) as products,
          (select count(*)::int from drizzle.__drizzle_migrations) as applied,
          (select count(distinct hash)::int from drizzle.__drizzle_migrations) as distinct`,
      )
      expect(row?.products).toBe(DEFAULT_PRODUCT_COUNT)
      expect(row?.applied).toBeGreaterThan(0)
      expect(row?.applied).toBe(row?.distinct)
    } finally {
      await check.close()
    }
  }, 90_000)
})
