// Manufacturers and their product-safety contacts in the back office (issue 20, GPSR Art. 19):
// admins create and edit them with German messages from the contract's schema, each change is
// audited, product pages show the new contact at once, a responsible person shared by several
// manufacturers is never changed through one of them, and customer service only reads.
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { euResponsiblePersons, manufacturers, products } from '#db/schema/catalog.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import { type Browser, createBrowser } from '#tests/support/client.ts'
import { insertStaffAccount, staffLogIn } from './staff-access.ts'

let shop: TestApp
let admin: Browser
let service: Browser

beforeAll(async () => {
  shop = await startTestApp()
  admin = createBrowser(shop.url)
  await staffLogIn(admin, await insertStaffAccount(shop.db, 'admin'))
  service = createBrowser(shop.url)
  await staffLogIn(service, await insertStaffAccount(shop.db, 'service'))
})
afterAll(() => shop.close())

const operator = (over: Record<string, string> = {}) => ({
  name: 'Shenzhen Beispiel Technology Co., Ltd.',
  street: 'Keji Road 1',
  zipCode: '518057',
  city: 'Shenzhen',
  countryCode: 'CN',
  electronicAddress: 'https://beispiel.example/kontakt',
  ...over,
})
const euPerson = (over: Record<string, string> = {}) =>
  operator({
    name: 'Beispiel Europe GmbH',
    street: 'Hafenstraße 5',
    zipCode: '20457',
    city: 'Hamburg',
    countryCode: 'DE',
    electronicAddress: 'service@beispiel.example',
    ...over,
  })

async function productAnswer(id: number) {
  const response = await createBrowser(shop.url).api.catalog.getProduct({
    params: { productId: id },
  })
  if (response.status !== 200) throw new Error(`product ${id}: ${response.status}`)
  return response.body
}

describe('manufacturers in the back office', () => {
  it('refuses a manufacturer outside the EU without an EU person, and a person outside the EU', async () => {
    const missing = await admin.api.backofficeManufacturers.createManufacturer({
      body: { brand: 'Beispiel', manufacturer: operator(), responsiblePerson: null },
    })
    expect(missing.status).toBe(400)
    expect(missing.status === 400 && missing.body.errors).toEqual([
      expect.objectContaining({
        field: 'responsiblePerson',
        message:
          'Für einen Hersteller außerhalb der EU ist eine verantwortliche Person in der EU nötig (Art. 16 GPSR).',
      }),
    ])
    const outside = await admin.api.backofficeManufacturers.createManufacturer({
      body: {
        brand: 'Beispiel',
        manufacturer: operator(),
        responsiblePerson: euPerson({ countryCode: 'CH' }),
      },
    })
    expect(outside.status === 400 && outside.body.errors.map((e) => e.message)).toEqual([
      'Die verantwortliche Person muss in der EU niedergelassen sein.',
    ])
    const badAddress = await admin.api.backofficeManufacturers.createManufacturer({
      body: {
        brand: 'Beispiel',
        manufacturer: operator({ electronicAddress: 'keine Adresse', countryCode: 'China' }),
        responsiblePerson: euPerson(),
      },
    })
    expect(badAddress.status === 400 && badAddress.body.errors.map((e) => e.field).sort()).toEqual([
      'manufacturer.countryCode',
      'manufacturer.electronicAddress',
    ])
  })

  it('creates one (audited, brand unique), which the product editor offers; service only reads', async () => {
    const created = await admin.api.backofficeManufacturers.createManufacturer({
      body: { brand: 'Beispiel', manufacturer: operator(), responsiblePerson: euPerson() },
    })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({
      brand: 'Beispiel',
      manufacturer: { countryCode: 'CN' },
      // A plain e-mail address is stored as the link the product page shows.
      responsiblePerson: { electronicAddress: 'mailto:service@beispiel.example' },
      productCount: 0,
    })
    const again = await admin.api.backofficeManufacturers.createManufacturer({
      body: { brand: 'beispiel', manufacturer: operator(), responsiblePerson: euPerson() },
    })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ code: 'backoffice_brand_taken' })

    const choices = await admin.api.backoffice.getCatalogChoices()
    expect(choices.status === 200 && choices.body.manufacturers.map((m) => m.brand)).toContain(
      'Beispiel',
    )
    const log = await admin.api.backofficeAccess.listAuditLog({
      query: { action: 'manufacturer.create' },
    })
    expect(log.status === 200 && log.body.entries[0]?.entityId).toBe('Beispiel')

    const listed = await service.api.backofficeManufacturers.listManufacturers()
    expect(listed.status).toBe(200)
    const refused = await service.api.backofficeManufacturers.createManufacturer({
      body: { brand: 'Andere', manufacturer: operator(), responsiblePerson: euPerson() },
    })
    expect(refused.status).toBe(403)
  })

  it('changes the contact the product pages show at once; the brand of products stays', async () => {
    const [row] = await shop.db
      .select({ productId: products.id, manufacturerId: products.manufacturerId })
      .from(products)
      .innerJoin(manufacturers, eq(manufacturers.id, products.manufacturerId))
      .where(and(eq(products.active, true), eq(manufacturers.brand, 'ASUS')))
      .limit(1)
    if (!row?.manufacturerId) throw new Error('no ASUS product')
    expect((await productAnswer(row.productId)).safety?.manufacturer.electronicAddress).not.toBe(
      'https://www.asus.com/de/support/kontakt',
    )
    const list = await admin.api.backofficeManufacturers.listManufacturers()
    const asus =
      list.status === 200 ? list.body.manufacturers.find((m) => m.brand === 'ASUS') : undefined
    if (!asus) throw new Error('ASUS not listed')
    expect(asus.productCount).toBeGreaterThan(0)

    const renamed = await admin.api.backofficeManufacturers.updateManufacturer({
      params: { id: asus.id },
      body: { ...asus, brand: 'Asus Neu' },
    })
    expect(renamed.status).toBe(409)
    expect(renamed.body).toMatchObject({ code: 'backoffice_brand_in_use' })

    const saved = await admin.api.backofficeManufacturers.updateManufacturer({
      params: { id: asus.id },
      body: {
        ...asus,
        manufacturer: {
          ...asus.manufacturer,
          electronicAddress: 'https://www.asus.com/de/support/kontakt',
        },
      },
    })
    expect(saved.status).toBe(200)
    expect((await productAnswer(row.productId)).safety?.manufacturer.electronicAddress).toBe(
      'https://www.asus.com/de/support/kontakt',
    )
    const log = await admin.api.backofficeAccess.listAuditLog({
      query: { action: 'manufacturer.update' },
    })
    expect(log.status === 200 && log.body.entries.length).toBeGreaterThan(0)
  })

  it('never changes a responsible person shared with another manufacturer', async () => {
    const first = await admin.api.backofficeManufacturers.createManufacturer({
      body: { brand: 'Geteilt A', manufacturer: operator(), responsiblePerson: euPerson() },
    })
    if (first.status !== 200) throw new Error('create failed')
    const [personRow] = await shop.db
      .select({ id: manufacturers.responsiblePersonId })
      .from(manufacturers)
      .where(eq(manufacturers.id, first.body.id))
    const second = await admin.api.backofficeManufacturers.createManufacturer({
      body: { brand: 'Geteilt B', manufacturer: operator(), responsiblePerson: euPerson() },
    })
    if (second.status !== 200) throw new Error('create failed')
    // Share A's person with B, as the seed does for importers of several brands.
    await shop.db
      .update(manufacturers)
      .set({ responsiblePersonId: personRow?.id ?? null })
      .where(eq(manufacturers.id, second.body.id))

    const changed = await admin.api.backofficeManufacturers.updateManufacturer({
      params: { id: second.body.id },
      body: {
        brand: 'Geteilt B',
        manufacturer: operator(),
        responsiblePerson: euPerson({ city: 'Bremen', zipCode: '28195' }),
      },
    })
    expect(changed.status === 200 && changed.body.responsiblePerson?.city).toBe('Bremen')
    const [shared] = await shop.db
      .select()
      .from(euResponsiblePersons)
      .where(eq(euResponsiblePersons.id, personRow?.id ?? 0))
    expect(shared?.city).toBe('Hamburg')
    const [count] = await shop.db.execute<{ n: number }>(
      sql`select count(*)::int as n from manufacturers where responsible_person_id = ${personRow?.id ?? 0}`,
    )
    expect(count?.n).toBe(1)
  })

  it('answers 404 for an unknown manufacturer', async () => {
    const response = await admin.api.backofficeManufacturers.updateManufacturer({
      params: { id: 999_999 },
      body: { brand: 'X', manufacturer: euPerson(), responsiblePerson: null },
    })
    expect(response.status).toBe(404)
  })
})
