// Product management in the back office through real HTTP (issue 21): an admin creates, edits and
// retires products; the contract's rules answer 400 with German messages (EAN check digit,
// article number, prices), taken article numbers and EANs 409, a stale edit 409; customer
// service reads only; every change has its audit entry and its price-history row, and the shop
// lists, filters and finds the product at once.
import { and, desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  BackofficeCatalogChoices,
  BackofficeProductCreateBody,
  BackofficeProductDetail,
} from '#contract/backoffice-products.ts'
import { isValidGtin } from '#contract/fields.ts'
import { categories, productPriceHistory, products } from '#db/schema/catalog.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import type { Browser } from '#tests/support/client.ts'
import { browserFactory } from './account-fixtures.ts'
import { insertStaffAccount, staffLogIn } from './staff-access.ts'

let shop: TestApp
let newBrowser: ReturnType<typeof browserFactory>
let admin: { browser: Browser; email: string }
let service: Browser
let choices: BackofficeCatalogChoices

async function staffAs(role: string) {
  const email = await insertStaffAccount(shop.db, role)
  const browser = newBrowser()
  await staffLogIn(browser, email)
  return { browser, email }
}

beforeAll(async () => {
  shop = await startTestApp({ env: { TRUST_PROXY: '1' } })
  newBrowser = browserFactory(shop.url)
  admin = await staffAs('admin')
  service = (await staffAs('service')).browser
  const answer = await admin.browser.api.backoffice.getCatalogChoices()
  if (answer.status !== 200) throw new Error(`choices answered ${answer.status}`)
  choices = answer.body
})
afterAll(() => shop.close())

/** A valid EAN-13 in the GS1 in-store range 20-29 (never seeded). */
function ean(n: number): string {
  const body = `20${String(n).padStart(10, '0')}`
  for (let check = 0; check <= 9; check += 1) {
    if (isValidGtin(`${body}${check}`)) return `${body}${check}`
  }
  throw new Error('no check digit')
}

let serial = 0
/** A fresh article number nobody has, and a fresh EAN. */
async function freshIds() {
  for (;;) {
    serial += 1
    const articleNumber = String(9_900_000 + ((Date.now() + serial * 7) % 99_999))
    const [taken] = await shop.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.articleNumber, articleNumber))
    if (!taken) return { articleNumber, ean: ean((Date.now() % 1_000_000_000) + serial) }
  }
}

const ram = () => {
  const attribute = choices.attributes.find((a) => a.key === 'arbeitsspeicher')
  if (!attribute) throw new Error('no RAM attribute')
  return attribute
}

async function productBody(
  over: Partial<BackofficeProductCreateBody> = {},
): Promise<BackofficeProductCreateBody> {
  const category = choices.categories.find((c) => c.label.includes('Notebooks'))
  const manufacturer = choices.manufacturers.find((m) => m.brand === 'Lenovo')
  if (!category || !manufacturer) throw new Error('no category or manufacturer')
  return {
    name: `Zephyrbook Testmodell ${serial + 1}`,
    manufacturerId: manufacturer.id,
    ...(await freshIds()),
    manufacturerPartNumber: `ZB-${serial + 1}`,
    categoryId: category.id,
    teaser: '14 Zoll, 1,1 kg, ganztägiger Akku',
    description: 'Ein leichtes Notebook für unterwegs.\n\nMit mattem Display.',
    priceCents: 89_900,
    strikeThroughPriceCents: null,
    campusPriceCents: 84_900,
    stock: 12,
    deliveryTime: '3–5 Werktage',
    active: true,
    attributes: [],
    energyClass: null,
    energyScale: null,
    energyKwh: null,
    warranties: [{ id: null, name: '2 Jahre Garantieverlängerung', months: 24, priceCents: 7900 }],
    safetyWarnings: ['Akku nicht über 60 °C erhitzen.'],
    largeAppliance: true,
    containsBattery: true,
    ...over,
  }
}

async function create(body: BackofficeProductCreateBody): Promise<BackofficeProductDetail> {
  const answer = await admin.browser.api.backoffice.createProduct({ body })
  if (answer.status !== 200) {
    throw new Error(`create answered ${answer.status}: ${JSON.stringify(answer.body)}`)
  }
  return answer.body
}

function editBody(product: BackofficeProductDetail, over: Partial<BackofficeProductCreateBody>) {
  return {
    name: product.name,
    manufacturerId: product.manufacturerId ?? 0,
    articleNumber: product.articleNumber,
    ean: product.ean,
    manufacturerPartNumber: product.manufacturerPartNumber ?? '',
    categoryId: product.categoryId,
    teaser: product.teaser,
    description: product.description,
    priceCents: product.priceCents,
    strikeThroughPriceCents: product.strikeThroughPriceCents,
    campusPriceCents: product.campusPriceCents,
    deliveryTime: product.deliveryTime,
    active: product.active,
    attributes: product.attributes.map((a) => ({ ...a, newText: null })),
    energyClass: product.energyClass,
    energyScale: product.energyScale,
    energyKwh: product.energyKwh,
    warranties: product.warranties,
    safetyWarnings: product.safetyWarnings,
    largeAppliance: product.largeAppliance,
    containsBattery: product.containsBattery,
    version: product.version,
    ...over,
  }
}

async function auditOf(action: string) {
  const log = await admin.browser.api.backofficeAccess.listAuditLog({ query: { action } })
  if (log.status !== 200) throw new Error(`audit log answered ${log.status}`)
  return log.body.entries
}

async function historyOf(productId: number) {
  return shop.db
    .select({
      priceCents: productPriceHistory.priceCents,
      announced: productPriceHistory.announced,
      source: productPriceHistory.source,
    })
    .from(productPriceHistory)
    .where(eq(productPriceHistory.productId, productId))
    .orderBy(desc(productPriceHistory.validFrom), desc(productPriceHistory.id))
}

async function categoryPath(id: number) {
  const [row] = await shop.db
    .select({ path: categories.path })
    .from(categories)
    .where(eq(categories.id, id))
  if (!row) throw new Error('no category')
  return row.path
}

describe('creating a product', () => {
  it('lists it in its category, by a new filter value and by search at once; history and audit written', async () => {
    const ramText = `48 GB Test ${Date.now() % 100_000}`
    const body = await productBody({
      attributes: [{ attributeId: ram().id, optionId: null, newText: ramText }],
    })
    // Warm the shop's caches: the new product must still show at once.
    const listingPath = await categoryPath(body.categoryId)
    await newBrowser().api.catalog.getCategoryListing({ query: { path: listingPath } as never })

    const product = await create(body)
    expect(product).toMatchObject({
      name: body.name,
      brand: 'Lenovo',
      version: 1,
      active: true,
      retiredAt: null,
      stock: 12,
      deliveryTime: '3–5 Werktage',
      warranties: [{ name: '2 Jahre Garantieverlängerung', months: 24, priceCents: 7900 }],
    })
    expect(product.attributes).toHaveLength(1)

    // The filter value is new: its slug comes from the text.
    const slug = ramText.toLowerCase().replace(/ /g, '-')
    const filtered = await newBrowser().api.catalog.getCategoryListing({
      query: { path: listingPath, filter: `arbeitsspeicher=${slug}` } as never,
    })
    expect(filtered.status).toBe(200)
    expect(filtered.status === 200 && filtered.body.products.map((p) => p.id)).toEqual([product.id])

    const found = await newBrowser().api.catalog.getSearchResults({
      query: { query: 'Zephyrbook' } as never,
    })
    expect(found.status === 200 && found.body.products.some((p) => p.id === product.id)).toBe(true)

    const page = await newBrowser().api.catalog.getProduct({ params: { productId: product.id } })
    expect(page.status).toBe(200)
    expect(page.body).toMatchObject({
      priceCents: 89_900,
      strikeThroughPriceCents: null,
      hasCampusPrice: true,
      deliveryTime: '3–5 Werktage',
      safety: { modelNumber: body.manufacturerPartNumber, warnings: body.safetyWarnings },
      disposal: { largeAppliance: true, containsBattery: true },
    })

    expect(await historyOf(product.id)).toEqual([
      { priceCents: 89_900, announced: false, source: 'backoffice' },
    ])
    const [entry] = await auditOf('product.create')
    expect(entry).toMatchObject({
      staffEmail: admin.email,
      entityId: body.articleNumber,
      before: null,
      after: { id: product.id, name: body.name },
    })
  })

  it('refuses a wrong EAN, article number and prices with German messages (400)', async () => {
    const body = await productBody()
    const cases: [Partial<BackofficeProductCreateBody>, string, string][] = [
      [{ ean: '400638133393' }, 'ean', 'ean_invalid'],
      [
        { ean: `${body.ean.slice(0, 12)}${(Number(body.ean[12]) + 1) % 10}` },
        'ean',
        'ean_checksum_invalid',
      ],
      [{ articleNumber: '0123456' }, 'articleNumber', 'article_number_invalid'],
      [{ articleNumber: '12345' }, 'articleNumber', 'article_number_invalid'],
      [
        { strikeThroughPriceCents: 80_000 },
        'strikeThroughPriceCents',
        'backoffice_strike_price_too_low',
      ],
      [{ campusPriceCents: 90_000 }, 'campusPriceCents', 'backoffice_campus_price_too_high'],
      [{ priceCents: 0 }, 'priceCents', 'invalid'],
      [{ name: '' }, 'name', 'required'],
      [
        { energyClass: 'B', energyScale: 'A bis G' },
        'energyScale',
        'backoffice_energy_scale_invalid',
      ],
    ]
    for (const [over, field, code] of cases) {
      const answer = await admin.browser.api.backoffice.createProduct({
        body: { ...body, ...over },
      })
      expect(answer.status, `${field} ${code}`).toBe(400)
      expect(answer.body).toMatchObject({ fields: { [field]: code } })
    }
    const wrongCheck = await admin.browser.api.backoffice.createProduct({
      body: { ...body, ean: `${body.ean.slice(0, 12)}${(Number(body.ean[12]) + 1) % 10}` },
    })
    expect(JSON.stringify(wrongCheck.body)).toContain('Die Prüfziffer der EAN stimmt nicht')
    // The EAN may be typed with spaces.
    const spaced = `${body.ean.slice(0, 1)} ${body.ean.slice(1, 7)} ${body.ean.slice(7)}`
    const created = await create({ ...body, ean: spaced })
    expect(created.ean).toBe(body.ean)
  })

  it('refuses a taken article number or EAN (409) and unknown references (422)', async () => {
    const first = await create(await productBody())
    const second = await productBody()
    const sameNumber = await admin.browser.api.backoffice.createProduct({
      body: { ...second, articleNumber: first.articleNumber },
    })
    expect(sameNumber.status).toBe(409)
    expect(sameNumber.body).toMatchObject({
      code: 'backoffice_article_number_taken',
      message: 'Diese Artikelnummer hat schon ein anderer Artikel.',
    })
    const sameEan = await admin.browser.api.backoffice.createProduct({
      body: { ...second, ean: first.ean },
    })
    expect(sameEan.status === 409 && sameEan.body.code).toBe('backoffice_ean_taken')

    const parent = await shop.db.execute<{ id: number }>(
      sql`select id from categories where parent_id is null limit 1`,
    )
    const notLeaf = await admin.browser.api.backoffice.createProduct({
      body: { ...second, categoryId: parent[0]?.id ?? 0 },
    })
    expect(notLeaf.status === 422 && notLeaf.body.code).toBe('backoffice_category_invalid')
    const colour = choices.attributes.find((a) => a.valueType === 'color')
    const newColour = await admin.browser.api.backoffice.createProduct({
      body: {
        ...second,
        attributes: [{ attributeId: colour?.id ?? 0, optionId: null, newText: 'Mondschein' }],
      },
    })
    expect(newColour.status === 422 && newColour.body.code).toBe('backoffice_attribute_value_fixed')
    const noMaker = await admin.browser.api.backoffice.createProduct({
      body: { ...second, manufacturerId: 999_999 },
    })
    expect(noMaker.status === 422 && noMaker.body.code).toBe('backoffice_manufacturer_invalid')
  })

  it('lets one of two racing creates with the same article number win; the other gets 409', async () => {
    const body = await productBody()
    const other = await productBody()
    const answers = await Promise.all([
      admin.browser.api.backoffice.createProduct({ body }),
      admin.browser.api.backoffice.createProduct({
        body: { ...other, articleNumber: body.articleNumber },
      }),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
  })
})

describe('editing a product', () => {
  it('writes the price history and the audit; the shop follows at once', async () => {
    const product = await create(await productBody())
    await newBrowser().api.catalog.getProduct({ params: { productId: product.id } })
    const edited = await admin.browser.api.backoffice.editProduct({
      params: { id: product.id },
      body: editBody(product, {
        name: 'Quasarbook Umbenannt',
        priceCents: 79_900,
        strikeThroughPriceCents: 89_900,
        campusPriceCents: null,
      }),
    })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({ version: 2, name: 'Quasarbook Umbenannt', stock: 12 })
    expect(await historyOf(product.id)).toEqual([
      { priceCents: 79_900, announced: true, source: 'backoffice' },
      { priceCents: 89_900, announced: false, source: 'backoffice' },
    ])
    const page = await newBrowser().api.catalog.getProduct({ params: { productId: product.id } })
    expect(page.body).toMatchObject({ name: 'Quasarbook Umbenannt', priceCents: 79_900 })
    const found = await newBrowser().api.catalog.getSearchResults({
      query: { query: 'Quasarbook' } as never,
    })
    expect(found.status === 200 && found.body.products.map((p) => p.id)).toEqual([product.id])
    const [entry] = await auditOf('product.edit')
    expect(entry).toMatchObject({
      entityId: String(product.id),
      before: { name: product.name, priceCents: 89_900, version: 1 },
      after: { name: 'Quasarbook Umbenannt', priceCents: 79_900, version: 2 },
    })
  })

  it('refuses a stale edit with 409 so two editors never overwrite each other', async () => {
    const product = await create(await productBody())
    const first = await admin.browser.api.backoffice.editProduct({
      params: { id: product.id },
      body: editBody(product, { teaser: 'Erste Bearbeitung' }),
    })
    expect(first.status).toBe(200)
    const second = await admin.browser.api.backoffice.editProduct({
      params: { id: product.id },
      body: editBody(product, { teaser: 'Zweite Bearbeitung' }),
    })
    expect(second.status).toBe(409)
    expect(second.body).toMatchObject({
      code: 'backoffice_product_changed',
      message: expect.stringContaining('inzwischen von jemand anderem geändert'),
    })
    const quick = await admin.browser.api.backoffice.updateProduct({
      params: { id: product.id },
      body: {
        priceCents: 1000,
        strikeThroughPriceCents: null,
        campusPriceCents: null,
        stock: 1,
        active: true,
        version: product.version,
      },
    })
    expect(quick.status === 409 && quick.body.code).toBe('backoffice_product_changed')
    const now = await admin.browser.api.backoffice.getProduct({ params: { id: product.id } })
    expect(now.body).toMatchObject({ teaser: 'Erste Bearbeitung', version: 2 })
  })

  it('keeps the stock an order moved when the edit leaves it out', async () => {
    const product = await create(await productBody())
    await shop.db.update(products).set({ stock: 7 }).where(eq(products.id, product.id))
    // editBody sends no stock, as the editor does when its stock field was not touched.
    const edited = await admin.browser.api.backoffice.editProduct({
      params: { id: product.id },
      body: editBody(product, { teaser: 'Ohne Bestand' }),
    })
    expect(edited.status === 200 && edited.body.stock).toBe(7)
  })
})

describe('the fields the import also carries', () => {
  it('edits model line, UVP, order limit, EPREL number and the own technical data; derived lines follow the fields', async () => {
    const [firstRam, secondRam] = ram().options
    if (!firstRam || !secondRam) throw new Error('RAM attribute needs two values')
    const product = await create(
      await productBody({
        attributes: [{ attributeId: ram().id, optionId: firstRam.id, newText: null }],
      }),
    )
    expect(product).toMatchObject({
      modelLine: '',
      recommendedRetailPriceCents: null,
      maxOrderQuantity: 10,
    })
    expect(product.specs).toContainEqual({
      group: 'Ausstattung',
      name: ram().name,
      value: firstRam.text,
    })

    const edited = await admin.browser.api.backoffice.editProduct({
      params: { id: product.id },
      body: editBody(product, {
        attributes: [{ attributeId: ram().id, optionId: secondRam.id, newText: null }],
        modelLine: 'Zephyrbook 14',
        recommendedRetailPriceCents: 99_900,
        maxOrderQuantity: 3,
        energyClass: 'E',
        energyKwh: 21,
        eprelNumber: '1234567',
        extraSpecs: [
          { group: 'Display', name: 'Bildschirmdiagonale', value: '35,6 cm (14 Zoll)' },
          { group: 'Akku', name: 'Laufzeit', value: 'bis 15 Stunden' },
        ],
      }),
    })
    if (edited.status !== 200) throw new Error(`edit answered ${edited.status}`)
    expect(edited.body).toMatchObject({
      modelLine: 'Zephyrbook 14',
      recommendedRetailPriceCents: 99_900,
      maxOrderQuantity: 3,
      eprelNumber: '1234567',
    })
    const lines = edited.body.specs.map((line) => `${line.name}: ${line.value}`)
    expect(lines).toContain(`${ram().name}: ${secondRam.text}`)
    expect(lines).not.toContain(`${ram().name}: ${firstRam.text}`)
    expect(lines).toContain('Energieeffizienzklasse: E (Skala A bis G)')
    expect(
      lines.filter(
        (line) =>
          !line.startsWith(`${ram().name}:`) &&
          !line.startsWith('Hersteller') &&
          !line.startsWith('Energie'),
      ),
    ).toEqual(['Bildschirmdiagonale: 35,6 cm (14 Zoll)', 'Laufzeit: bis 15 Stunden'])

    // A changed own line keeps its place; a removed one goes; the derived lines stay.
    const again = await admin.browser.api.backoffice.editProduct({
      params: { id: product.id },
      body: editBody(edited.body, {
        extraSpecs: [
          { group: 'Display', name: 'Bildschirmdiagonale', value: '35,6 cm (14,0 Zoll)' },
        ],
      }),
    })
    if (again.status !== 200) throw new Error(`edit answered ${again.status}`)
    expect(
      again.body.specs.filter((line) => line.group === 'Display' || line.group === 'Akku'),
    ).toEqual([{ group: 'Display', name: 'Bildschirmdiagonale', value: '35,6 cm (14,0 Zoll)' }])
    expect(again.body.specs).toContainEqual({
      group: 'Ausstattung',
      name: ram().name,
      value: secondRam.text,
    })

    // The shop shows the table and caps the quantity at the new limit.
    const page = await newBrowser().api.catalog.getProduct({ params: { productId: product.id } })
    expect(page.status === 200 && page.body.maxQuantity).toBe(3)
    expect(page.status === 200 && page.body.specs).toContainEqual({
      group: 'Display',
      name: 'Bildschirmdiagonale',
      value: '35,6 cm (14,0 Zoll)',
    })
    const [entry] = await auditOf('product.edit')
    expect(entry).toMatchObject({
      before: { specs: expect.arrayContaining([expect.objectContaining({ name: 'Laufzeit' })]) },
    })
  })

  it('refuses a bad EPREL number, order limit and technical data line with German messages (400)', async () => {
    const product = await create(await productBody())
    const answer = await admin.browser.api.backoffice.editProduct({
      params: { id: product.id },
      body: editBody(product, {
        energyClass: 'C',
        eprelNumber: '12AB',
        maxOrderQuantity: 100,
        extraSpecs: [{ group: 'Display', name: '', value: '14 Zoll' }],
      }),
    })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({
      fields: {
        eprelNumber: 'backoffice_eprel_invalid',
        maxOrderQuantity: expect.any(String),
        'extraSpecs.0.name': expect.any(String),
      },
    })
    expect(JSON.stringify(answer.body)).toContain(
      'Die EPREL-Registriernummer besteht aus 1 bis 10 Ziffern.',
    )
    const now = await admin.browser.api.backoffice.getProduct({ params: { id: product.id } })
    expect(now.body).toMatchObject({ version: 1, eprelNumber: null, maxOrderQuantity: 10 })
  })
})

describe('retiring a product', () => {
  it('takes it out of the shop, keeps the row and history, audited; stale versions 409', async () => {
    const product = await create(await productBody())
    const stale = await admin.browser.api.backoffice.retireProduct({
      params: { id: product.id },
      body: { version: product.version + 1 },
    })
    expect(stale.status).toBe(409)
    const retired = await admin.browser.api.backoffice.retireProduct({
      params: { id: product.id },
      body: { version: product.version },
    })
    expect(retired.status).toBe(200)
    expect(retired.status === 200 && retired.body).toMatchObject({ active: false, version: 2 })
    expect(retired.status === 200 && retired.body.retiredAt).not.toBeNull()
    expect(
      (await newBrowser().api.catalog.getProduct({ params: { productId: product.id } })).status,
    ).toBe(404)
    const [row] = await shop.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, product.id), eq(products.active, false)))
    expect(row?.id).toBe(product.id)
    expect(await historyOf(product.id)).toHaveLength(1)
    const list = await service.api.backoffice.listProducts({
      query: { q: product.articleNumber, inactive: '1' },
    })
    expect(list.status === 200 && list.body.products[0]).toMatchObject({
      retired: true,
      version: 2,
    })
    const [entry] = await auditOf('product.retire')
    expect(entry).toMatchObject({
      entityId: String(product.id),
      before: { active: true, retiredAt: null },
      after: { active: false },
    })
  })
})

describe('roles', () => {
  it('lets customer service read a product but not create, edit or retire it', async () => {
    const product = await create(await productBody())
    expect((await service.api.backoffice.getProduct({ params: { id: product.id } })).status).toBe(
      200,
    )
    expect((await service.api.backoffice.getCatalogChoices()).status).toBe(200)
    const body = await productBody()
    expect((await service.api.backoffice.createProduct({ body })).status).toBe(403)
    expect(
      (
        await service.api.backoffice.editProduct({
          params: { id: product.id },
          body: editBody(product, {}),
        })
      ).status,
    ).toBe(403)
    expect(
      (
        await service.api.backoffice.retireProduct({
          params: { id: product.id },
          body: { version: 1 },
        })
      ).status,
    ).toBe(403)
    expect((await newBrowser().api.backoffice.createProduct({ body })).status).toBe(401)
  })
})

describe('categories', () => {
  async function navigation() {
    const answer = await newBrowser().api.catalog.getNavigationData()
    if (answer.status !== 200) throw new Error(`navigation answered ${answer.status}`)
    return answer.body.categories
  }

  it('creates, renames and orders categories; the navigation follows at once, audited', async () => {
    await navigation() // warm the cache
    const run = Date.now() % 100_000
    const texts = { description: 'Alles rund um die Testwelt des Shops.' }
    const top = await admin.browser.api.backoffice.createCategory({
      body: { parentId: null, name: `Testwelt ${run}`, ...texts },
    })
    expect(top.status).toBe(200)
    if (top.status !== 200) return
    expect(top.body).toMatchObject({ path: `testwelt-${run}`, depth: 0, productCount: 0 })
    const first = await admin.browser.api.backoffice.createCategory({
      body: { parentId: top.body.id, name: 'Erstes Regal', ...texts },
    })
    const second = await admin.browser.api.backoffice.createCategory({
      body: { parentId: top.body.id, name: 'Zweites Regal', ...texts },
    })
    if (first.status !== 200 || second.status !== 200) throw new Error('children not created')
    expect(first.body.path).toBe(`testwelt-${run}/erstes-regal`)

    const shown = (await navigation()).find((c) => c.id === top.body.id)
    expect(shown?.children.map((c) => c.name)).toEqual(['Erstes Regal', 'Zweites Regal'])

    const moved = await admin.browser.api.backoffice.moveCategory({
      params: { id: second.body.id },
      body: { direction: 'up' },
    })
    expect(moved.status).toBe(200)
    const reordered = (await navigation()).find((c) => c.id === top.body.id)
    expect(reordered?.children.map((c) => c.name)).toEqual(['Zweites Regal', 'Erstes Regal'])

    const renamed = await admin.browser.api.backoffice.renameCategory({
      params: { id: first.body.id },
      body: { name: 'Umbenanntes Regal', ...texts },
    })
    expect(renamed.status === 200 && renamed.body).toMatchObject({
      name: 'Umbenanntes Regal',
      path: `testwelt-${run}/erstes-regal`,
    })
    const listing = await newBrowser().api.catalog.getCategoryListing({
      query: { path: first.body.path } as never,
    })
    expect(listing.status === 200 && listing.body.category.name).toBe('Umbenanntes Regal')

    // A product in the new leaf; then that leaf takes no sub-categories.
    const product = await create(await productBody({ categoryId: first.body.id }))
    expect(product.categoryId).toBe(first.body.id)
    const under = await admin.browser.api.backoffice.createCategory({
      body: { parentId: first.body.id, name: 'Zu tief', ...texts },
    })
    expect(under.status === 422 && under.body.code).toBe('backoffice_category_has_products')
    const twice = await admin.browser.api.backoffice.createCategory({
      body: { parentId: top.body.id, name: 'Zweites Regal', ...texts },
    })
    expect(twice.status === 409 && twice.body.code).toBe('backoffice_category_slug_taken')
    const orphan = await admin.browser.api.backoffice.createCategory({
      body: { parentId: 999_999, name: 'Waise', ...texts },
    })
    expect(orphan.status === 422 && orphan.body.code).toBe('backoffice_category_parent_invalid')
    const short = await admin.browser.api.backoffice.createCategory({
      body: { parentId: null, name: 'X', description: 'kurz' },
    })
    expect(short.status).toBe(400)
    expect(short.body).toMatchObject({ fields: { name: 'min_length', description: 'min_length' } })

    const [entry] = await auditOf('category.move')
    expect(entry).toMatchObject({
      entityId: String(second.body.id),
      before: [first.body.id, second.body.id],
      after: [second.body.id, first.body.id],
    })
    expect((await auditOf('category.rename'))[0]).toMatchObject({
      before: { name: 'Erstes Regal' },
      after: { name: 'Umbenanntes Regal' },
    })

    expect((await service.api.backoffice.listCategories()).status).toBe(200)
    expect(
      (
        await service.api.backoffice.createCategory({
          body: { parentId: null, name: 'Nicht erlaubt', ...texts },
        })
      ).status,
    ).toBe(403)
  })
})
