// The category tree's second part through real HTTP (issue 21): an admin moves a category with its
// subtree under another parent or to the top level (a cycle is refused with 422, a slug clash
// among the new siblings with 409, both in German); the storefront's navigation, breadcrumb and
// address follow at once on another process (its own catalog cache, told by NOTIFY), and the old
// address answers a permanent redirect. Per-category filter lists: order, inheritance, the
// behaviour without any list, audit, and only admins change them.
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import type { BackofficeCategory } from '#contract/backoffice-products.ts'
import type { CategoryListing } from '#contract/catalog.ts'
import { contract } from '#contract/index.ts'
import { createDb, type Db } from '#db/client.ts'
import { createApp } from '#server/app.ts'
import { catalogCache } from '#server/catalog/index.ts'
import { loadConfig } from '#server/platform/config.ts'
import { inProcessFetcher, type RequestListener } from '#server/platform/in-process.ts'
import { createLogger } from '#server/platform/log.ts'
import { type PageRenderer, toFetchRequest } from '#server/platform/render.ts'
import type { Browser } from '#tests/support/client.ts'
import { cloneTemplate } from '#tests/support/template.ts'
import { browserFactory, registerCustomer, uniqueEmail } from './account-fixtures.ts'
import { expectStaffRoutesGuarded, insertStaffAccount, staffLogIn } from './staff-access.ts'

type Process = { url: string; db: Db; close: () => Promise<void> }

/** One shop process on the database, rendering pages like production (its own catalog cache). */
async function startProcess(dbUrl: string): Promise<Process> {
  const { db, close: closeDb } = createDb(dbUrl, { max: 6 })
  const { render } = await import('#web/entry-server.tsx')
  const renderer: PageRenderer = {
    assets: (_req, _res, next) => next(),
    render: (req) =>
      render(toFetchRequest(req), {
        api: inProcessFetcher(req.app as unknown as RequestListener, req),
        assets: { early: '', styles: [], scripts: [], preload: [], inlineModules: [] },
        site: { origin: 'http://127.0.0.1', whiteLabel: false },
      }),
    close: async () => {},
  }
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: '1' })
  const log = createLogger('silent')
  const app = createApp({ db, config, log, renderer })
  const server = app.listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  // The cache serves (and so could go stale) only once its LISTEN is confirmed.
  const cache = catalogCache({ db, log })
  cache.start()
  await vi.waitFor(() => {
    if (!cache.ready) throw new Error('catalog cache not listening yet')
  })
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    db,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await closeDb()
    },
  }
}

let office: Process
let storefront: Process
let newBrowser: ReturnType<typeof browserFactory>
let shopper: ReturnType<typeof browserFactory>
let admin: Browser
let service: Browser

beforeAll(async () => {
  const dbUrl = await cloneTemplate(inject('dbAdminUrl'), inject('dbTemplate'))
  office = await startProcess(dbUrl)
  storefront = await startProcess(dbUrl)
  newBrowser = browserFactory(office.url)
  shopper = browserFactory(storefront.url)
  admin = newBrowser()
  await staffLogIn(admin, await insertStaffAccount(office.db, 'admin'))
  service = newBrowser()
  await staffLogIn(service, await insertStaffAccount(office.db, 'service'))
}, 60_000)
afterAll(async () => {
  await storefront?.close()
  await office?.close()
})

/**
 * Another process learns of a change by NOTIFY, which arrives a moment after the commit: reads
 * on the storefront process after a write poll briefly (a busy machine delays the listener).
 */
const POLL = { timeout: 5000, interval: 50 }

const texts = { description: 'Alles rund um die Testwelt des Shops.' }

async function create(name: string, parentId: number | null): Promise<BackofficeCategory> {
  const answer = await admin.api.backoffice.createCategory({ body: { parentId, name, ...texts } })
  if (answer.status !== 200) throw new Error(`createCategory answered ${answer.status}`)
  return answer.body
}

async function listing(path: string, filter?: string[]) {
  return shopper().api.catalog.getCategoryListing({
    query: { path, ...(filter ? { filter } : {}) } as never,
  })
}

async function listingBody(path: string): Promise<CategoryListing> {
  const answer = await listing(path)
  if (answer.status !== 200) throw new Error(`listing of ${path} answered ${answer.status}`)
  return answer.body
}

async function auditOf(action: string) {
  const log = await admin.api.backofficeAccess.listAuditLog({ query: { action } })
  if (log.status !== 200) throw new Error(`audit log answered ${log.status}`)
  return log.body.entries
}

/** A page request without following redirects. */
function page(path: string) {
  return fetch(`${storefront.url}${path}`, { redirect: 'manual' })
}

describe('moving a category in the tree', () => {
  it('moves a subtree under another parent: navigation, breadcrumb and address follow on another process; the old address redirects 301', async () => {
    const run = Date.now() % 100_000
    const left = await create(`Linke Welt ${run}`, null)
    const right = await create(`Rechte Welt ${run}`, null)
    const shelf = await create('Regal', left.id)
    const box = await create('Kiste', shelf.id)
    // Warm the storefront's caches with the old tree.
    expect((await listingBody(box.path)).category.breadcrumb.map((c) => c.name)).toEqual([
      left.name,
      'Regal',
      'Kiste',
    ])
    expect((await page(`/kategorie/${box.path}`)).status).toBe(200)

    const moved = await admin.api.backofficeCategories.moveCategoryToParent({
      params: { id: shelf.id },
      body: { parentId: right.id },
    })
    expect(moved.status).toBe(200)
    if (moved.status !== 200) return
    const after = new Map(moved.body.categories.map((c) => [c.id, c]))
    expect(after.get(shelf.id)).toMatchObject({
      parentId: right.id,
      path: `rechte-welt-${run}/regal`,
      depth: 1,
    })
    expect(after.get(box.id)?.path).toBe(`rechte-welt-${run}/regal/kiste`)

    // The other process follows at once: navigation, breadcrumb, the new address.
    const navigation = await shopper().api.catalog.getNavigationData()
    if (navigation.status !== 200) throw new Error('navigation')
    const tops = new Map(navigation.body.categories.map((c) => [c.id, c]))
    expect(tops.get(left.id)?.children ?? []).toEqual([])
    expect(tops.get(right.id)?.children.map((c) => c.url)).toEqual([
      `/kategorie/rechte-welt-${run}/regal`,
    ])
    const boxNow = await listingBody(`rechte-welt-${run}/regal/kiste`)
    expect(boxNow.category.breadcrumb.map((c) => c.name)).toEqual([right.name, 'Regal', 'Kiste'])
    expect((await listing(box.path)).status).toBe(404)

    // The old addresses (the moved category and the one below it) answer 301 to the new ones,
    // keeping filters, sort and page.
    const old = await page(`/kategorie/${box.path}?sortierung=preis-aufsteigend&seite=2`)
    expect(old.status).toBe(301)
    expect(old.headers.get('location')).toBe(
      `/kategorie/rechte-welt-${run}/regal/kiste?sortierung=preis-aufsteigend&seite=2`,
    )
    const oldShelf = await page(`/kategorie/${shelf.path}`)
    expect(oldShelf.status).toBe(301)
    expect(oldShelf.headers.get('location')).toBe(`/kategorie/rechte-welt-${run}/regal`)
    expect((await page(`/kategorie/${left.path}/gibt-es-nicht`)).status).toBe(404)

    // Moved on to the top level: the first address still leads there in one hop.
    const top = await admin.api.backofficeCategories.moveCategoryToParent({
      params: { id: shelf.id },
      body: { parentId: null },
    })
    expect(top.status).toBe(200)
    const first = await page(`/kategorie/${box.path}`)
    expect(first.status).toBe(301)
    expect(first.headers.get('location')).toBe('/kategorie/regal/kiste')
    expect((await listingBody('regal')).category.breadcrumb.map((c) => c.name)).toEqual(['Regal'])

    // Back where it came from: the address is live again and redirects nowhere.
    const back = await admin.api.backofficeCategories.moveCategoryToParent({
      params: { id: shelf.id },
      body: { parentId: left.id },
    })
    expect(back.status).toBe(200)
    expect((await page(`/kategorie/${box.path}`)).status).toBe(200)
    const fromTop = await page('/kategorie/regal/kiste')
    expect(fromTop.status).toBe(301)
    expect(fromTop.headers.get('location')).toBe(`/kategorie/${box.path}`)

    const [entry] = await auditOf('category.parent')
    expect(entry).toMatchObject({
      entityId: String(shelf.id),
      before: { parentId: null, path: 'regal' },
      after: { parentId: left.id, path: shelf.path },
    })
  })

  it('refuses a move under itself or its descendants (422) and a slug clash among the new siblings (409), in German', async () => {
    const run = Date.now() % 100_000
    const top = await create(`Baumprobe ${run}`, null)
    const middle = await create('Mitte', top.id)
    const leaf = await create('Blatt', middle.id)
    const other = await create(`Andere Probe ${run}`, null)
    const twin = await create('Mitte', other.id)

    for (const parentId of [middle.id, leaf.id]) {
      const cycle = await admin.api.backofficeCategories.moveCategoryToParent({
        params: { id: middle.id },
        body: { parentId },
      })
      expect(cycle.status).toBe(422)
      expect(cycle.body).toMatchObject({
        code: 'backoffice_category_move_cycle',
        message:
          'Eine Kategorie kann nicht unter sich selbst oder eine ihrer Unterkategorien verschoben werden.',
      })
    }
    const clash = await admin.api.backofficeCategories.moveCategoryToParent({
      params: { id: middle.id },
      body: { parentId: other.id },
    })
    expect(clash.status).toBe(409)
    expect(clash.body).toMatchObject({
      code: 'backoffice_category_slug_taken',
      message: 'Unter dieser Kategorie gibt es schon eine mit diesem Namen (gleiche Adresse).',
    })
    // A top-level category of the same slug clashes at the top level too.
    const lookalike = await create(`Baumprobe ${run}`, twin.id)
    const clashTop = await admin.api.backofficeCategories.moveCategoryToParent({
      params: { id: lookalike.id },
      body: { parentId: null },
    })
    expect(clashTop.status).toBe(409)
    const orphan = await admin.api.backofficeCategories.moveCategoryToParent({
      params: { id: middle.id },
      body: { parentId: 999_999 },
    })
    expect(orphan.status === 422 && orphan.body.code).toBe('backoffice_category_parent_invalid')
    const missing = await admin.api.backofficeCategories.moveCategoryToParent({
      params: { id: 999_999 },
      body: { parentId: null },
    })
    expect(missing.status).toBe(404)
    // A parent holding products of its own takes no sub-categories.
    const notebooks = (await listingBody('notebooks/gaming-notebooks')).category
    const full = await admin.api.backofficeCategories.moveCategoryToParent({
      params: { id: leaf.id },
      body: { parentId: notebooks.id },
    })
    expect(full.status === 422 && full.body.code).toBe('backoffice_category_has_products')
    // Nothing moved.
    expect((await listingBody(leaf.path)).category.breadcrumb.map((c) => c.id)).toEqual([
      top.id,
      middle.id,
      leaf.id,
    ])
  })
})

describe("placing a category before a sibling (the tree's drag and drop)", () => {
  it('reorders among siblings, moves under a new parent at a chosen place, and refuses a place under another parent in German', async () => {
    const run = Date.now() % 100_000
    const world = await create(`Sortierwelt ${run}`, null)
    const a = await create('Anna', world.id)
    const b = await create('Bert', world.id)
    const c = await create('Carla', world.id)
    const other = await create(`Andere Welt ${run}`, null)
    const d = await create('Dora', other.id)
    const children = async () =>
      (await listingBody(world.path)).category.children.map((child) => child.name)
    await expect.poll(children, POLL).toEqual(['Anna', 'Bert', 'Carla'])

    // Same parent: Carla before Anna, nothing else changes (no redirect, same address).
    const reorder = await admin.api.backofficeCategories.moveCategoryToParent({
      params: { id: c.id },
      body: { parentId: world.id, beforeId: a.id },
    })
    expect(reorder.status).toBe(200)
    await expect.poll(children, POLL).toEqual(['Carla', 'Anna', 'Bert'])
    expect((await page(`/kategorie/${c.path}`)).status).toBe(200)

    // Another parent, placed before Bert: the address follows, the old one redirects.
    const moved = await admin.api.backofficeCategories.moveCategoryToParent({
      params: { id: d.id },
      body: { parentId: world.id, beforeId: b.id },
    })
    expect(moved.status).toBe(200)
    await expect.poll(children, POLL).toEqual(['Carla', 'Anna', 'Dora', 'Bert'])
    const old = await page(`/kategorie/${d.path}`)
    expect(old.status).toBe(301)
    expect(old.headers.get('location')).toBe(`/kategorie/${world.path}/${d.slug}`)

    // A place under another parent than the chosen one: 422, nothing moved.
    const wrong = await admin.api.backofficeCategories.moveCategoryToParent({
      params: { id: a.id },
      body: { parentId: other.id, beforeId: b.id },
    })
    expect(wrong.status === 422 && wrong.body).toMatchObject({
      code: 'backoffice_category_before_invalid',
      message:
        'Die Kategorie, vor die verschoben werden soll, liegt nicht unter der gewählten übergeordneten Kategorie.',
    })
    await expect.poll(children, POLL).toEqual(['Carla', 'Anna', 'Dora', 'Bert'])
  })
})

describe('filter lists per category', () => {
  const attributeKeys = (body: CategoryListing, known: Set<string>) =>
    body.filters.map((f) => f.id).filter((id) => known.has(id))

  it('offers the chosen attributes in their order; sub-categories inherit; without a list every attribute stays', async () => {
    const read = await admin.api.backofficeCategories.getCategoryFilters({
      params: { id: (await listingBody('notebooks')).category.id },
    })
    if (read.status !== 200) throw new Error('filters')
    const { attributes } = read.body
    expect(read.body).toMatchObject({ own: [], inherited: null })
    const known = new Set(attributes.map((a) => a.key))
    const id = (key: string) => {
      const found = attributes.find((a) => a.key === key)
      if (!found) throw new Error(`no attribute ${key}`)
      return found.id
    }
    const before = await listingBody('notebooks/gaming-notebooks')
    const shownBefore = attributeKeys(before, known)
    expect(shownBefore).toContain('hersteller')
    expect(shownBefore).toContain('arbeitsspeicher')
    expect(shownBefore.length).toBeGreaterThan(3)
    const notebooks = before.category.breadcrumb[0]
    if (!notebooks) throw new Error('no parent')

    // The parent's list: RAM before the brand, and nothing else.
    const set = await admin.api.backofficeCategories.setCategoryFilters({
      params: { id: notebooks.id },
      body: { attributeIds: [id('arbeitsspeicher'), id('hersteller')] },
    })
    expect(set.status).toBe(200)
    expect(set.status === 200 && set.body.own.map((a) => a.key)).toEqual([
      'arbeitsspeicher',
      'hersteller',
    ])
    // The storefront (other process) follows at once; the child inherits the list and order.
    await expect
      .poll(async () => attributeKeys(await listingBody('notebooks'), known), POLL)
      .toEqual(['arbeitsspeicher', 'hersteller'])
    const child = await listingBody('notebooks/gaming-notebooks')
    expect(attributeKeys(child, known)).toEqual(['arbeitsspeicher', 'hersteller'])
    // The derived filters (category, price, availability, ...) stay.
    expect(child.filters.map((f) => f.id)).toContain('preis')
    const inherited = await admin.api.backofficeCategories.getCategoryFilters({
      params: { id: child.category.id },
    })
    expect(inherited.status === 200 && inherited.body).toMatchObject({
      own: [],
      inherited: { categoryId: notebooks.id, categoryName: 'Notebooks' },
    })

    // The child's own list wins over the parent's.
    const own = await admin.api.backofficeCategories.setCategoryFilters({
      params: { id: child.category.id },
      body: { attributeIds: [id('grafikkarte'), id('hersteller'), id('arbeitsspeicher')] },
    })
    expect(own.status).toBe(200)
    await expect
      .poll(async () => attributeKeys(await listingBody('notebooks/gaming-notebooks'), known), POLL)
      .toEqual(['grafikkarte', 'hersteller', 'arbeitsspeicher'])
    await expect
      .poll(
        async () => attributeKeys(await listingBody('notebooks/business-notebooks'), known),
        POLL,
      )
      .toEqual(['arbeitsspeicher', 'hersteller'])
    // A category elsewhere keeps today's behaviour.
    expect(attributeKeys(await listingBody('monitore'), known).length).toBeGreaterThan(2)

    // Empty: inherit again; the audit has before and after.
    const cleared = await admin.api.backofficeCategories.setCategoryFilters({
      params: { id: child.category.id },
      body: { attributeIds: [] },
    })
    expect(cleared.status === 200 && cleared.body.own).toEqual([])
    await expect
      .poll(async () => attributeKeys(await listingBody('notebooks/gaming-notebooks'), known), POLL)
      .toEqual(['arbeitsspeicher', 'hersteller'])
    const [entry] = await auditOf('category.filters')
    expect(entry).toMatchObject({
      entityId: String(child.category.id),
      before: ['grafikkarte', 'hersteller', 'arbeitsspeicher'],
      after: [],
    })
    await admin.api.backofficeCategories.setCategoryFilters({
      params: { id: notebooks.id },
      body: { attributeIds: [] },
    })
    await expect
      .poll(async () => attributeKeys(await listingBody('notebooks/gaming-notebooks'), known), POLL)
      .toEqual(shownBefore)
  })

  it('refuses unknown attributes (422) and duplicates (400) in German', async () => {
    const category = (await listingBody('monitore')).category
    const unknown = await admin.api.backofficeCategories.setCategoryFilters({
      params: { id: category.id },
      body: { attributeIds: [999_999] },
    })
    expect(unknown.status).toBe(422)
    expect(unknown.body).toMatchObject({
      code: 'backoffice_category_filter_invalid',
      message: 'Dieses Filtermerkmal gibt es nicht.',
    })
    const twice = await admin.api.backofficeCategories.setCategoryFilters({
      params: { id: category.id },
      body: { attributeIds: [1, 1] },
    })
    expect(twice.status).toBe(400)
    expect(twice.body).toMatchObject({
      fields: { attributeIds: 'backoffice_category_filters_duplicate' },
    })
    const missing = await admin.api.backofficeCategories.getCategoryFilters({
      params: { id: 999_999 },
    })
    expect(missing.status).toBe(404)
  })
})

describe('staff guard', () => {
  it('lets customer service read filter lists and admins change the tree; nobody else', async () => {
    const customer = newBrowser()
    await registerCustomer(customer, { email: uniqueEmail('kunde-kategorien') })
    const unknownRole = newBrowser()
    await staffLogIn(unknownRole, await insertStaffAccount(office.db, 'lager'))
    const guarded = await expectStaffRoutesGuarded(contract.backofficeCategories, {
      guest: newBrowser(),
      customer,
      unknownRole,
      staff: { service, admin },
    })
    expect(guarded).toBe(Object.keys(contract.backofficeCategories).length)
  })
})
