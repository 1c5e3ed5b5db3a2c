// Legal texts (issue 20) through real HTTP on a real Postgres: the seeded templates on the shop's
// pages, admins saving new versions in the back office (service staff refused, every save
// audited, old versions kept and viewable, the database refusing changes), and the order
// confirmation mail carrying the AGB and the Widerrufsbelehrung in the version of the order.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contract } from '#contract/index.ts'
import { orders } from '#db/schema/orders.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import type { Browser } from '#tests/support/client.ts'
import { browserFactory, mailsTo, registerCustomer, uniqueEmail } from './account-fixtures.ts'
import { choose, fillCart, findProduct, key, shoppers, startCheckout } from './checkout-support.ts'
import { expectStaffRoutesGuarded, insertStaffAccount, staffLogIn } from './staff-access.ts'

let shop: TestApp
let newBrowser: ReturnType<typeof browserFactory>
let service: Browser
let admin: Browser
let adminEmail: string

async function staffAs(role: string) {
  const email = await insertStaffAccount(shop.db, role)
  const browser = newBrowser()
  await staffLogIn(browser, email)
  return { browser, email }
}

beforeAll(async () => {
  shop = await startTestApp({ env: { TRUST_PROXY: '1' } })
  shop.clock.set(new Date('2026-07-01T10:00:00Z'))
  newBrowser = browserFactory(shop.url)
  service = (await staffAs('service')).browser
  const adminLogin = await staffAs('admin')
  admin = adminLogin.browser
  adminEmail = adminLogin.email
})
afterAll(() => shop.close())

/** A guest's bank-transfer order; returns its number and the confirmation mail's text. */
async function placeOrder() {
  const { browser, email } = await shoppers(shop).guest()
  const product = await findProduct(shop.db, { minStock: 20 })
  await fillCart(browser, product.id)
  await startCheckout(browser)
  await choose(browser, { payment: 'moneyorder' })
  const response = await browser.api.checkout.process({ body: { idempotencyKey: key() } })
  if (response.status !== 200 || response.body.type !== 'redirect' || !response.body.order)
    throw new Error(`no order: ${JSON.stringify(response.body)}`)
  const orderNumber = response.body.order.orderNumber
  const mails = await mailsTo(browser, email)
  const mail = mails.find((m) => m.subject.includes(orderNumber))
  if (!mail) throw new Error('no confirmation mail')
  const [row] = await shop.db.select().from(orders).where(eq(orders.orderNumber, orderNumber))
  return { orderNumber, text: mail.text, row }
}

describe('the shop', () => {
  it('serves every legal text, marked as a template, and the Impressum with e-mail and phone', async () => {
    const browser = newBrowser()
    for (const section of ['imprint', 'conditions', 'withdrawal', 'privacy', 'shipping'] as const) {
      const response = await browser.api.legal.current({ params: { section } })
      expect(response.status).toBe(200)
      if (response.status !== 200) continue
      expect(response.body.version).toBeGreaterThanOrEqual(1)
      expect(response.body.body).toContain('Dieser Text ist eine Vorlage')
    }
    const imprint = await browser.api.legal.current({ params: { section: 'imprint' } })
    const body = imprint.status === 200 ? imprint.body.body : ''
    for (const field of [
      'Bitwerk GmbH',
      'Musterstraße 1',
      '10115 Berlin',
      'Geschäftsführerin',
      'service@bitwerk.example',
      'Telefon: 030 000 000',
      'HRB 123456 B',
      'DE123456789',
      '§ 36 VSBG',
    ]) {
      expect(body).toContain(field)
    }
    const withdrawal = await browser.api.legal.current({ params: { section: 'withdrawal' } })
    const text = withdrawal.status === 200 ? withdrawal.body.body : ''
    expect(text).toContain('Muster-Widerrufsformular')
    expect(text).toContain('Wir tragen die Kosten der Rücksendung der Waren.')
    expect(text).toContain('„Vertrag widerrufen“')
    const privacy = await browser.api.legal.current({ params: { section: 'privacy' } })
    for (const service of [
      'Google Ireland Limited',
      'Microsoft Ireland',
      'AWIN AG',
      'PayPal',
      'DHL',
    ])
      expect(privacy.status === 200 ? privacy.body.body : '').toContain(service)
  })
})

describe('the back office', () => {
  it('guards every Rechtstexte route; only admins save', async () => {
    const customer = newBrowser()
    await registerCustomer(customer, { email: uniqueEmail('kunde-recht') })
    const guarded = await expectStaffRoutesGuarded(contract.backofficeLegal, {
      guest: newBrowser(),
      customer,
      unknownRole: (await staffAs('lager')).browser,
      staff: { service, admin },
    })
    expect(guarded).toBe(Object.keys(contract.backofficeLegal).length)
    const refused = await service.api.backofficeLegal.save({
      params: { section: 'conditions' },
      body: { title: 'AGB', body: 'Nicht erlaubt.' },
    })
    expect(refused.status).toBe(403)
  })

  it('saves a new version with author and time, keeps the old one and audits the save; the shop shows the newest', async () => {
    const before = await admin.api.backofficeLegal.versions({ params: { section: 'shipping' } })
    if (before.status !== 200) throw new Error('no shipping text')
    const old = before.body.current
    const saved = await admin.api.backofficeLegal.save({
      params: { section: 'shipping' },
      body: { title: 'Versand', body: '## Versandkosten\nNeu: 3,99 € in Deutschland.\n- Punkt' },
    })
    expect(saved.status).toBe(200)
    if (saved.status !== 200) return
    expect(saved.body).toMatchObject({
      section: 'shipping',
      version: old.version + 1,
      createdBy: adminEmail,
      createdAt: shop.clock.now().toISOString(),
    })
    const after = await service.api.backofficeLegal.versions({ params: { section: 'shipping' } })
    if (after.status !== 200) throw new Error('no versions')
    expect(after.body.versions.map((v) => v.version)).toEqual([
      old.version + 1,
      ...before.body.versions.map((v) => v.version),
    ])
    const first = await service.api.backofficeLegal.version({
      params: { section: 'shipping', version: old.version },
    })
    expect(first.status === 200 && first.body.body).toBe(old.body)
    const list = await service.api.backofficeLegal.list()
    expect(
      list.status === 200 && list.body.texts.find((t) => t.section === 'shipping')?.version,
    ).toBe(old.version + 1)
    const shopText = await newBrowser().api.legal.current({ params: { section: 'shipping' } })
    expect(shopText.status === 200 && shopText.body.body).toContain('Neu: 3,99 €')
    const log = await admin.api.backofficeAccess.listAuditLog({
      query: { action: 'legal_text.version.create' },
    })
    const entry = log.status === 200 ? log.body.entries[0] : undefined
    expect(entry).toMatchObject({
      staffEmail: adminEmail,
      entityType: 'legal_text',
      entityId: 'shipping',
      before: { version: old.version },
      after: { version: old.version + 1 },
    })
  })

  it('refuses an empty text with a field code', async () => {
    const response = await admin.api.backofficeLegal.save({
      params: { section: 'imprint' },
      body: { title: 'Impressum', body: '   ' },
    })
    expect(response.status).toBe(400)
  })

  it('lets the database refuse changing or deleting a version', async () => {
    await expect(
      shop.db.execute(sql`update legal_text_versions set body = 'x' where section = 'imprint'`),
    ).rejects.toThrow()
    await expect(
      shop.db.execute(sql`delete from legal_text_versions where section = 'imprint'`),
    ).rejects.toThrow()
  })
})

describe('the order confirmation mail', () => {
  it('carries the AGB and Widerrufsbelehrung in the version that applied when the order was placed', async () => {
    const earlier = await placeOrder()
    const terms = await admin.api.backofficeLegal.versions({ params: { section: 'conditions' } })
    if (terms.status !== 200) throw new Error('no AGB')
    const oldTerms = terms.body.current
    expect(earlier.row?.termsVersionId).toBe(oldTerms.id)
    expect(earlier.text).toContain(
      'Unten in dieser E-Mail findest du unsere Allgemeinen Geschäftsbedingungen',
    )
    expect(earlier.text).toContain(
      `ALLGEMEINE GESCHÄFTSBEDINGUNGEN (Fassung ${oldTerms.version} vom`,
    )
    expect(earlier.text).toContain('Zahlungspflichtig bestellen')
    expect(earlier.text).toContain('MUSTER-WIDERRUFSFORMULAR')
    expect(earlier.text).toContain('Wir tragen die Kosten der Rücksendung der Waren.')
    expect(earlier.text).not.toContain('findest du in unseren AGB')

    shop.clock.set(new Date(shop.clock.now().getTime() + 60_000))
    const saved = await admin.api.backofficeLegal.save({
      params: { section: 'conditions' },
      body: {
        title: 'AGB neu',
        body: `${oldTerms.body}\n## § 13 Neue Klausel\nDiese Klausel ist neu.`,
      },
    })
    if (saved.status !== 200) throw new Error('save failed')

    const later = await placeOrder()
    expect(later.row?.termsVersionId).toBe(saved.body.id)
    expect(later.row?.withdrawalVersionId).toBe(earlier.row?.withdrawalVersionId)
    expect(later.text).toContain(`AGB NEU (Fassung ${saved.body.version} vom`)
    expect(later.text).toContain('Diese Klausel ist neu.')
    expect(earlier.text).not.toContain('Diese Klausel ist neu.')
    // The first order still names its version (stored on the order, unchanged).
    const [first] = await shop.db
      .select({ termsVersionId: orders.termsVersionId })
      .from(orders)
      .where(eq(orders.orderNumber, earlier.orderNumber))
    expect(first?.termsVersionId).toBe(oldTerms.id)
  })
})
