// Catalog reads from a streaming replica (issue 23): a real primary and a real standby made with
// the low-level backup API (tests/support/replica.ts), the production server bundle run by node
// with DATABASE_URL (primary) and DATABASE_READ_URL (replica). Replay on the standby is paused
// where a test needs the replica to lag, and a product is renamed on the primary with triggers
// off (no NOTIFY): a read that answers the old name came from the replica, the new one from the
// primary. Proves: catalog reads (cached product page, last seen) are served by the replica; a
// visitor who has just written reads the primary (read-your-writes); a back-office price change
// shows at once although the replica lags, and on the replica after replay; the shop keeps
// answering when the replica is stopped.
import { eq } from 'drizzle-orm'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb, type Db } from '#db/client.ts'
import { products } from '#db/schema/catalog.ts'
import { registerCustomer } from '#tests/api/account-fixtures.ts'
import { findProduct } from '#tests/api/checkout-support.ts'
import { insertStaffAccount, staffLogIn } from '#tests/api/staff-access.ts'
import { type Browser, createBrowser } from '#tests/support/client.ts'
import { databaseUrl, type ReplicaPair, startReplicaPair } from '#tests/support/replica.ts'
import {
  buildServerBundle,
  type ServerProcess,
  startServerProcess,
} from '#tests/support/server-process.ts'
import { createTemplate } from '#tests/support/template.ts'

const DB = 'shop'

let pair: ReplicaPair
let bundle: Awaited<ReturnType<typeof buildServerBundle>>
let server: ServerProcess
let db: Db
let closeDb: () => Promise<void>
let primaryAdmin: ReturnType<typeof postgres>
let clients = 0

beforeAll(async () => {
  const [built, started] = await Promise.all([
    buildServerBundle(),
    startReplicaPair((adminUrl) => createTemplate(adminUrl, DB)),
  ])
  bundle = built
  pair = started
  ;({ db, close: closeDb } = createDb(databaseUrl(pair.primaryAdminUrl, DB), { max: 2 }))
  primaryAdmin = postgres(databaseUrl(pair.primaryAdminUrl, DB), { max: 1, onnotice: () => {} })
  server = await startServerProcess({
    bundle: bundle.file,
    databaseUrl: databaseUrl(pair.primaryAdminUrl, DB),
    env: { DATABASE_READ_URL: databaseUrl(pair.replicaAdminUrl, DB), TRUST_PROXY: '1' },
  })
  // The first catalog read starts the cache's listener (its first invalidation takes the LSN
  // replica reads must have replayed); then the replica catches up with everything so far.
  const warm = browser()
  await warm.api.catalog.getNavigationData()
  await waitFor(async () => (await warm.api.catalog.getNavigationData()).status === 200)
  await pair.caughtUp()
}, 180_000)

afterAll(async () => {
  await server?.close()
  await primaryAdmin?.end({ timeout: 1 })
  await closeDb?.()
  await pair?.remove()
  await bundle?.remove()
})

function browser(cookies: Record<string, string> = {}): Browser {
  clients += 1
  return createBrowser(server.url, {
    headers: { 'x-forwarded-for': `10.24.${(clients >> 8) & 255}.${clients & 255}` },
    jar: new Map(Object.entries(cookies)),
  })
}

async function waitFor(condition: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Renames a product on the primary without the catalog trigger (no NOTIFY, no invalidation). */
async function renameQuietly(id: number, name: string): Promise<void> {
  await primaryAdmin.begin(async (sql) => {
    await sql`set local session_replication_role = replica`
    await sql`update products set name = ${name} where id = ${id}`
  })
}

async function nameOf(id: number): Promise<string> {
  const [row] = await db.select({ name: products.name }).from(products).where(eq(products.id, id))
  return row?.name ?? ''
}

async function lastSeenName(visitor: Browser, id: number): Promise<string | undefined> {
  const answer = await visitor.api.catalog.getLastSeenProducts({ query: {} })
  expect(answer.status).toBe(200)
  if (answer.status !== 200) return undefined
  return answer.body.products.find((tile) => tile.id === id)?.name
}

describe('catalog reads from a streaming replica', () => {
  it('serves a product page and the last seen products from the replica', async () => {
    const product = await findProduct(db, { skip: 1 })
    const original = await nameOf(product.id)
    await pair.pauseReplay()
    try {
      await renameQuietly(product.id, 'Nur auf dem Primärserver')
      const guest = browser({ last_seen: String(product.id) })
      // Never asked for before: the product page is loaded now, from the lagging replica.
      const page = await guest.api.catalog.getProduct({ params: { productId: product.id } })
      expect(page.status).toBe(200)
      expect(page.body).toMatchObject({ id: product.id, name: original })
      expect(await lastSeenName(guest, product.id)).toBe(original)
    } finally {
      await pair.resumeReplay()
    }
    await pair.caughtUp()
    // Replayed: the replica now answers the new name too (last seen is not cached).
    expect(await lastSeenName(browser({ last_seen: String(product.id) }), product.id)).toBe(
      'Nur auf dem Primärserver',
    )
  })

  it("reads a customer's own change back at once: after a write the visitor reads the primary", async () => {
    const product = await findProduct(db, { skip: 2 })
    const original = await nameOf(product.id)
    await pair.pauseReplay()
    try {
      const customer = browser({ last_seen: String(product.id) })
      await registerCustomer(customer)
      const added = await customer.api.cart.addToCart({ body: { id: product.id, quantity: 2 } })
      expect(added.status).toBe(200)
      expect(customer.cookies.has('rw')).toBe(true)
      const header = await customer.api.header.getHeaderData()
      expect(header.body).toMatchObject({ cartAmount: 2 })

      await renameQuietly(product.id, 'Geändert, noch nicht repliziert')
      // The customer who has just written reads the primary; a guest still reads the replica.
      expect(await lastSeenName(customer, product.id)).toBe('Geändert, noch nicht repliziert')
      expect(await lastSeenName(browser({ last_seen: String(product.id) }), product.id)).toBe(
        original,
      )
    } finally {
      await pair.resumeReplay()
    }
    await pair.caughtUp()
  })

  it('shows a back-office price change at once while the replica lags, and from the replica after replay', async () => {
    const product = await findProduct(db, { skip: 3 })
    const guest = browser({ last_seen: String(product.id) })
    const before = await guest.api.catalog.getProduct({ params: { productId: product.id } })
    expect(before.body).toMatchObject({ priceCents: product.priceCents })

    await pair.pauseReplay()
    const newPrice = product.priceCents + 4321
    try {
      const staff = browser()
      await staffLogIn(staff, await insertStaffAccount(db, 'admin'))
      const updated = await staff.api.backoffice.updateProduct({
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
      // The writer's process dropped its cache after the commit; the refill must not come from
      // the replica, which has not replayed the change.
      const after = await guest.api.catalog.getProduct({ params: { productId: product.id } })
      expect(after.body).toMatchObject({ priceCents: newPrice })
    } finally {
      await pair.resumeReplay()
    }
    await pair.caughtUp()
    const tile = await guest.api.catalog.getLastSeenProducts({ query: {} })
    expect(tile.status === 200 && tile.body.products[0]?.priceCents).toBe(newPrice)
  })

  it('keeps answering from the primary when the replica is stopped', async () => {
    const product = await findProduct(db, { skip: 4 })
    await pair.stopReplica()
    const guest = browser({ last_seen: String(product.id) })
    const page = await guest.api.catalog.getProduct({ params: { productId: product.id } })
    expect(page.status).toBe(200)
    expect(await lastSeenName(guest, product.id)).toBe(await nameOf(product.id))
    const search = await guest.api.catalog.getSearchResults({
      query: { query: 'kabel', sort: 'relevanz', page: 1 },
    })
    expect(search.status).toBe(200)
    const navigation = await guest.api.catalog.getNavigationData()
    expect(navigation.status).toBe(200)
    const ready = await guest.fetch('/readyz')
    expect(ready.status).toBe(200)
  })
})
