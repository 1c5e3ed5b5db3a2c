// The address book through real HTTP on a real Postgres (account-area §4-§8, storefront §5):
// billing and delivery addresses, Packstation, the business and Campus locks, the country lists,
// ownership (404, never the data) and the light account's conversion.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customers } from '#db/schema/account.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import type { createBrowser } from '#tests/support/client.ts'
import {
  browserFactory,
  businessRegistration,
  logIn,
  mailsTo,
  registerCustomer,
  uniqueEmail,
} from './account-fixtures.ts'

let shop: TestApp
beforeAll(async () => {
  shop = await startTestApp({ env: { TRUST_PROXY: '1' } })
  newBrowser = browserFactory(shop.url)
})
afterAll(() => shop.close())

type Browser = ReturnType<typeof createBrowser>
let newBrowser: ReturnType<typeof browserFactory>

const HOME = {
  firstName: 'Lena',
  lastName: 'Berger',
  streetName: 'Lindenallee',
  streetNumber: '5',
  zipCode: '50667',
  cityName: 'Köln',
  countryId: 81,
}
const DELIVERY = {
  firstName: 'Jonas',
  lastName: 'Berger',
  streetName: 'Am Hafen',
  streetNumber: '12b',
  zipCode: '20457',
  cityName: 'Hamburg',
  countryId: 81,
}

async function privateCustomer() {
  const browser = newBrowser()
  await registerCustomer(browser, { email: uniqueEmail('adressen') })
  return browser
}

/** A private customer with a billing address. */
async function customerWithBilling() {
  const browser = await privateCustomer()
  const response = await browser.api.addresses.addAddress({
    body: { ...HOME, defaultAddress: true },
  })
  expect(response.status).toBe(200)
  return browser
}

async function businessCustomer(overrides: Record<string, unknown> = {}) {
  const browser = newBrowser()
  const response = await browser.api.account.registerBusiness({
    body: businessRegistration(overrides),
  })
  expect(response.status).toBe(200)
  return browser
}

async function addresses(browser: Browser) {
  const response = await browser.api.addresses.getAddresses()
  if (response.status !== 200) throw new Error(`get-addresses answered ${response.status}`)
  return response.body
}

async function customerIdOf(browser: Browser) {
  const response = await browser.api.account.getCustomer()
  if (response.status !== 200) throw new Error('no customer')
  return response.body.id
}

describe('country lists', () => {
  it('answers the four lists with countryId and countryName, Deutschland first', async () => {
    const browser = newBrowser()
    const billing = await browser.api.addresses.getBillingPrivateCountries()
    expect(billing.status).toBe(200)
    if (billing.status !== 200) return
    expect(billing.body.countries[0]).toEqual({ countryId: 81, countryName: 'Deutschland' })
    expect(billing.body.countries).toHaveLength(27)
    expect(billing.body.countries).toContainEqual({ countryId: 14, countryName: 'Österreich' })
    const delivery = await browser.api.addresses.getDeliveryPrivateCountries()
    const ids = delivery.status === 200 ? delivery.body.countries.map((c) => c.countryId) : []
    expect(ids).toContain(150)
    expect(ids).not.toContain(55) // Zypern
    expect(ids).not.toContain(132) // Malta
    for (const list of [
      browser.api.addresses.getBillingBusinessCountries(),
      browser.api.addresses.getDeliveryBusinessCountries(),
    ]) {
      const response = await list
      expect(response.status === 200 && response.body.countries.length).toBe(27)
    }
  })
})

describe('billing and delivery addresses', () => {
  it('lists nothing for a new private customer; the first address is the billing address', async () => {
    const browser = await privateCustomer()
    expect(await addresses(browser)).toMatchObject({
      successful: true,
      address: [],
      accountType: 'private',
      rules: { billingLock: null, lockedDeliveryCountryId: null, isLightAccount: false },
    })
    const delivery = await browser.api.addresses.addAddress({ body: { ...DELIVERY } })
    expect(delivery.status).toBe(422)
    expect(delivery.body).toMatchObject({ code: 'address_billing_missing' })

    const added = await browser.api.addresses.addAddress({
      body: { ...HOME, countryName: 'Deutschland', defaultAddress: true },
    })
    expect(added.status).toBe(200)
    expect(added.body).toMatchObject({
      successful: true,
      addressAdded: true,
      addressUpdated: false,
      accountType: 'private',
      address: [
        {
          ...HOME,
          company: '',
          countryName: 'Deutschland',
          type: 'normal',
          postNumber: '',
          accountType: 'private',
          defaultAddress: true,
        },
      ],
    })
    const again = await browser.api.addresses.addAddress({
      body: { ...HOME, defaultAddress: true },
    })
    expect(again.body).toMatchObject({ code: 'address_billing_exists' })
  })

  it('adds, reads, updates and deletes a delivery address', async () => {
    const browser = await customerWithBilling()
    const added = await browser.api.addresses.addAddress({ body: DELIVERY })
    expect(added.status).toBe(200)
    if (added.status !== 200) return
    const id = added.body.addressId
    expect(added.body.address).toHaveLength(2)
    expect(added.body.address[1]).toMatchObject({ ...DELIVERY, id, defaultAddress: false })

    const one = await browser.api.addresses.getAddress({ body: { addressId: id } })
    expect(one.status).toBe(200)
    expect(one.body).toMatchObject({ successful: true, address: { id, cityName: 'Hamburg' } })

    const updated = await browser.api.addresses.updateAddress({
      body: {
        ...DELIVERY,
        addressId: id,
        streetNumber: '14',
        cityName: 'Bremen',
        zipCode: '28195',
      },
    })
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({ addressAdded: false, addressUpdated: true, addressId: id })
    expect((await addresses(browser)).address[1]).toMatchObject({ cityName: 'Bremen' })

    const deleted = await browser.api.addresses.deleteAddress({ body: { addressId: id } })
    expect(deleted.status).toBe(200)
    expect(deleted.body).toMatchObject({ successful: true })
    expect((await addresses(browser)).address).toHaveLength(1)
    const gone = await browser.api.addresses.getAddress({ body: { addressId: id } })
    expect(gone.status).toBe(404)
  })

  it('never deletes the default (billing) address', async () => {
    const browser = await customerWithBilling()
    const [billing] = (await addresses(browser)).address
    const response = await browser.api.addresses.deleteAddress({
      body: { addressId: billing?.id ?? 0 },
    })
    expect(response.status).toBe(422)
    expect(response.body).toMatchObject({
      code: 'address_default_not_deletable',
      message: 'Die Rechnungsadresse kann nicht gelöscht werden.',
    })
  })

  it('answers the field rules as backend codes (account_*) with the summary code', async () => {
    const browser = await customerWithBilling()
    const response = await browser.api.addresses.addAddress({
      body: {
        firstName: '',
        lastName: 'B',
        streetName: 'Weg$',
        streetNumber: 'a1',
        zipCode: '123',
        cityName: 'A'.repeat(31),
        countryId: 81,
      },
    })
    expect(response.status).toBe(422)
    expect(response.body).toMatchObject({
      code: 'address_save_failed',
      errorFields: {
        firstName: 'account_firstname_missing',
        lastName: 'account_lastname_too_short',
        streetName: 'account_street_invalid',
        streetNumber: 'account_street_number_invalid',
        zipCode: 'account_zip_invalid',
        cityName: 'account_city_too_long',
      },
    })
  })

  it('accepts a 2-letter city in the account (the checkout needs 3)', async () => {
    const browser = await customerWithBilling()
    const response = await browser.api.addresses.addAddress({
      body: { ...DELIVERY, cityName: 'Au', zipCode: '84072' },
    })
    expect(response.status).toBe(200)
  })

  it('limits first plus last name of a delivery address to 50 characters', async () => {
    const browser = await customerWithBilling()
    const response = await browser.api.addresses.addAddress({
      body: { ...DELIVERY, firstName: 'A'.repeat(25), lastName: 'B'.repeat(26) },
    })
    expect(response.body).toMatchObject({ errorFields: { lastName: 'account_lastname_too_long' } })
  })

  it('refuses countries outside the list: no private delivery to Malta', async () => {
    const browser = await customerWithBilling()
    const response = await browser.api.addresses.addAddress({
      body: { ...DELIVERY, countryId: 132, zipCode: 'VLT 1117' },
    })
    expect(response.status).toBe(422)
    expect(response.body).toMatchObject({ errorFields: { countryId: 'invalid' } })
  })

  it('stores a DHL Packstation with post number and 3-digit station number', async () => {
    const browser = await customerWithBilling()
    const bad = await browser.api.addresses.addAddress({
      body: { ...DELIVERY, type: 'packstation', postNumber: '12ab', streetNumber: '12' },
    })
    expect(bad.status).toBe(422)
    expect(bad.body).toMatchObject({
      errorFields: { postNumber: 'post_number_invalid', streetNumber: 'station_number_invalid' },
    })
    const good = await browser.api.addresses.addAddress({
      body: { ...DELIVERY, type: 'packstation', postNumber: '12345678', streetNumber: '123' },
    })
    expect(good.status).toBe(200)
    expect(good.status === 200 && good.body.address[1]).toMatchObject({
      type: 'packstation',
      streetName: 'Packstation',
      streetNumber: '123',
      postNumber: '12345678',
    })
    const billing = await browser.api.addresses.addAddress({
      body: { ...DELIVERY, type: 'paketshop', countryId: 14, zipCode: '1010' },
    })
    expect(billing.body).toMatchObject({ errorFields: { type: 'invalid' } })
  })

  it('keeps at most 20 delivery addresses', async () => {
    const browser = await customerWithBilling()
    for (let i = 0; i < 20; i += 1) {
      const response = await browser.api.addresses.addAddress({
        body: { ...DELIVERY, streetNumber: String(i + 1) },
      })
      expect(response.status).toBe(200)
    }
    const response = await browser.api.addresses.addAddress({ body: DELIVERY })
    expect(response.body).toMatchObject({ code: 'address_limit_reached' })
  })
})

describe('ownership: another customer gets 404, never the data', () => {
  it('for get, update and delete', async () => {
    const owner = await customerWithBilling()
    const added = await owner.api.addresses.addAddress({ body: DELIVERY })
    const id = added.status === 200 ? added.body.addressId : 0
    const stranger = await customerWithBilling()

    const get = await stranger.api.addresses.getAddress({ body: { addressId: id } })
    expect(get.status).toBe(404)
    expect(get.body).toEqual({ code: 'not_found', message: 'Die Seite wurde nicht gefunden' })
    expect(JSON.stringify(get.body)).not.toContain('Hamburg')

    const update = await stranger.api.addresses.updateAddress({
      body: { ...DELIVERY, addressId: id, cityName: 'Gekapert' },
    })
    expect(update.status).toBe(404)
    const remove = await stranger.api.addresses.deleteAddress({ body: { addressId: id } })
    expect(remove.status).toBe(404)

    const list = await addresses(owner)
    expect(list.address.find((a) => a.id === id)).toMatchObject({ cityName: 'Hamburg' })
    expect((await addresses(stranger)).address.some((a) => a.id === id)).toBe(false)
  })

  it('needs a full login: guests get 401', async () => {
    const response = await newBrowser().api.addresses.getAddresses()
    expect(response.status).toBe(401)
  })
})

describe('business rules', () => {
  it('locks the delivery country to the invoice country (address_delivery_country_locked)', async () => {
    const browser = await businessCustomer()
    const list = await addresses(browser)
    expect(list.accountType).toBe('business')
    expect(list.rules).toMatchObject({
      billingLock: null,
      lockedDeliveryCountryId: 81,
      companyLocked: true,
      billingNamesLocked: true,
    })
    const abroad = await browser.api.addresses.addAddress({
      body: { ...DELIVERY, company: 'Schulz Elektro GmbH', countryId: 14, zipCode: '1010' },
    })
    expect(abroad.status).toBe(422)
    expect(abroad.body).toMatchObject({ code: 'address_delivery_country_locked' })
    const home = await browser.api.addresses.addAddress({ body: { ...DELIVERY, company: 'X' } })
    expect(home.status).toBe(200)
    // The company is the customer's: what the form sends is not taken.
    expect(home.status === 200 && home.body.address[1]?.company).toBe('Schulz Elektro GmbH')
  })

  it('keeps company and billing names of an existing business customer', async () => {
    const browser = await businessCustomer()
    const [billing] = (await addresses(browser)).address
    const response = await browser.api.addresses.updateAddress({
      body: {
        addressId: billing?.id ?? 0,
        company: 'Andere AG',
        firstName: 'Fremd',
        lastName: 'Name',
        streetName: 'Neue Straße',
        streetNumber: '1',
        zipCode: '10117',
        cityName: 'Berlin',
        countryId: 81,
      },
    })
    expect(response.status).toBe(200)
    expect(response.status === 200 && response.body.address[0]).toMatchObject({
      company: 'Schulz Elektro GmbH',
      firstName: 'Petra',
      lastName: 'Schulz',
      streetName: 'Neue Straße',
    })
  })

  it('locks the billing address outside Germany and in Germany with a VAT id', async () => {
    const austrian = await businessCustomer({
      countryId: 14,
      zipCode: '1010',
      cityName: 'Wien',
      ustId: 'ATU12345678',
    })
    const list = await addresses(austrian)
    expect(list.rules).toMatchObject({
      billingLock: 'business_country',
      lockedDeliveryCountryId: 14,
    })
    const billing = list.address[0]
    const response = await austrian.api.addresses.updateAddress({
      body: { ...billing, addressId: billing?.id ?? 0, streetNumber: '99' },
    })
    expect(response.status).toBe(422)
    expect(response.body).toMatchObject({ code: 'address_billing_locked_business' })

    const withVat = await businessCustomer({ ustId: 'DE123456789' })
    const germanList = await addresses(withVat)
    expect(germanList.rules.billingLock).toBe('business_vat_id')
    const german = germanList.address[0]
    const refused = await withVat.api.addresses.updateAddress({
      body: { ...german, addressId: german?.id ?? 0, streetNumber: '99' },
    })
    expect(refused.body).toMatchObject({ code: 'address_billing_locked_business' })
  })

  it('does not move a German business billing address abroad', async () => {
    const browser = await businessCustomer()
    const [billing] = (await addresses(browser)).address
    const response = await browser.api.addresses.updateAddress({
      body: {
        ...billing,
        addressId: billing?.id ?? 0,
        countryId: 14,
        zipCode: '1010',
        vatId: 'ATU12345678',
      },
    })
    expect(response.body).toMatchObject({ code: 'address_billing_locked_business' })
  })
})

describe('Campus lock', () => {
  it('refuses billing changes of active Campus members; delivery addresses stay open', async () => {
    const browser = await customerWithBilling()
    const id = await customerIdOf(browser)
    await shop.db.update(customers).set({ studentStatus: 'valid' }).where(eq(customers.id, id))
    const list = await addresses(browser)
    expect(list.rules.billingLock).toBe('campus')
    const billing = list.address[0]
    const response = await browser.api.addresses.updateAddress({
      body: { ...billing, addressId: billing?.id ?? 0, streetNumber: '99' },
    })
    expect(response.status).toBe(422)
    expect(response.body).toMatchObject({ code: 'address_billing_locked_campus' })
    expect((await browser.api.addresses.addAddress({ body: DELIVERY })).status).toBe(200)
  })
})

describe('light accounts', () => {
  async function lightAccount(customerType: 'private' | 'business' = 'private') {
    const browser = newBrowser()
    const email = uniqueEmail('gast')
    const response = await browser.api.account.registerGuest({
      body: {
        customerType,
        email,
        firstName: 'Gero',
        lastName: 'Gast',
        ...(customerType === 'business'
          ? { company: 'Gast Handel GmbH', businessForm: 1, businessType: 'reseller' as const }
          : {}),
        streetName: 'Gartenweg',
        streetNumber: '3',
        zipCode: '20095',
        cityName: 'Hamburg',
        countryId: 81,
      },
    })
    expect(response.status).toBe(200)
    return { browser, email, userId: response.status === 200 ? response.body.userId : 0 }
  }

  it('must convert first: the address calls answer address_light_account', async () => {
    const { browser } = await lightAccount()
    const list = await addresses(browser)
    expect(list.rules.isLightAccount).toBe(true)
    expect(list.address).toHaveLength(1)
    const response = await browser.api.addresses.addAddress({ body: DELIVERY })
    expect(response.status).toBe(422)
    expect(response.body).toMatchObject({ code: 'address_light_account' })
  })

  it('converts with {id, address}: customer number, billing address, a set-password mail', async () => {
    const { browser, email, userId } = await lightAccount()
    const before = await browser.api.account.getCustomer()
    expect(before.body).toMatchObject({ customerId: 0, isLightAccount: true, hasPassword: false })
    const response = await browser.api.account.convertLightToFullUser({
      body: { id: userId, ...HOME, countryName: 'Deutschland' },
    })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      data: { successful: true },
      customerId: userId,
      notepadCount: 0,
      cartCount: 0,
    })
    const after = await browser.api.account.getCustomer()
    expect(after.body).toMatchObject({
      customerId: userId,
      lightAccountId: 0,
      isLightAccount: false,
      firstName: 'Lena',
      lastName: 'Berger',
    })
    expect(after.status === 200 && after.body.customerNumber).toMatch(/^K\d{6}$/)
    const list = await addresses(browser)
    expect(list.address).toEqual([expect.objectContaining({ ...HOME, defaultAddress: true })])
    expect(list.rules.isLightAccount).toBe(false)
    // Converted once only.
    const again = await browser.api.account.convertLightToFullUser({
      body: { id: userId, ...HOME },
    })
    expect(again.body).toMatchObject({ code: 'conversion_failed' })
    const [mail] = await mailsTo(browser, email)
    expect(mail?.subject).toBe('Dein Kundenkonto bei Bitwerk ist vollständig')
    // The mail's link sets the first password; the login works afterwards.
    const token = mail?.links.find((link) => link.includes('token='))?.split('token=')[1] ?? ''
    const set = await browser.api.account.processPasswordForgotten({
      body: { token, password: 'Neu-Start-2024x', passwordRepeat: 'Neu-Start-2024x' },
    })
    expect(set.status).toBe(200)
    expect((await logIn(newBrowser(), email, 'Neu-Start-2024x')).customerId).toBe(userId)
  })

  it('converts with {invoiceData, userId} (the checkout shape), business included', async () => {
    const { browser, userId } = await lightAccount('business')
    const response = await browser.api.account.convertLightToFullUser({
      body: { userId, invoiceData: { ...HOME, company: 'Berger Technik GmbH' } },
    })
    expect(response.status).toBe(200)
    const after = await browser.api.account.getCustomer()
    expect(after.body).toMatchObject({
      customerType: 'business',
      companyName: 'Berger Technik GmbH',
      isLightAccount: false,
    })
    expect((await addresses(browser)).address[0]).toMatchObject({ company: 'Berger Technik GmbH' })
  })

  it('converts a private guest as a business ("Ich bin Geschäftskunde"): form, type, company, owner', async () => {
    const { browser, userId } = await lightAccount()
    const missing = await browser.api.account.convertLightToFullUser({
      body: { id: userId, ...HOME, company: 'Berger Technik', customerType: 'business' },
    })
    expect(missing.status).toBe(422)
    expect(missing.body).toMatchObject({
      code: 'conversion_failed',
      errorFields: { businessForm: 'business_form_required' },
    })
    const noCompany = await browser.api.account.convertLightToFullUser({
      body: {
        id: userId,
        ...HOME,
        customerType: 'business',
        businessForm: 4,
        businessType: 'consumer',
      },
    })
    expect(noCompany.status).toBe(422)
    expect((await browser.api.account.getCustomer()).body).toMatchObject({
      customerType: 'private',
      isLightAccount: true,
    })
    const response = await browser.api.account.convertLightToFullUser({
      body: {
        id: userId,
        ...HOME,
        company: 'Berger Technik',
        customerType: 'business',
        businessForm: 4,
        businessType: 'consumer',
      },
    })
    expect(response.status).toBe(200)
    expect((await browser.api.account.getCustomer()).body).toMatchObject({
      customerType: 'business',
      businessFormId: 4,
      businessType: 'consumer',
      companyName: 'Berger Technik',
      ownerRequired: true,
      ownerFirstName: 'Lena',
      ownerLastName: 'Berger',
      isLightAccount: false,
    })
    expect((await addresses(browser)).accountType).toBe('business')
  })

  it('converts a business guest as a private customer when the box is unticked', async () => {
    const { browser, userId } = await lightAccount('business')
    const response = await browser.api.account.convertLightToFullUser({
      body: { id: userId, ...HOME, customerType: 'private' },
    })
    expect(response.status).toBe(200)
    expect((await browser.api.account.getCustomer()).body).toMatchObject({
      customerType: 'private',
      businessFormId: 0,
      businessType: null,
      companyName: null,
      isLightAccount: false,
    })
  })

  it('answers 404 for another account id and conversion_failed with backend codes', async () => {
    const { browser, userId } = await lightAccount()
    const other = await browser.api.account.convertLightToFullUser({
      body: { id: userId + 1000, ...HOME },
    })
    expect(other.status).toBe(404)
    const invalid = await browser.api.account.convertLightToFullUser({
      body: { id: userId, ...HOME, zipCode: '1', streetName: '' },
    })
    expect(invalid.status).toBe(422)
    expect(invalid.body).toMatchObject({
      code: 'conversion_failed',
      errorFields: { zipCode: 'account_zip_too_short', streetName: 'account_street_missing' },
    })
    expect((await browser.api.account.getCustomer()).body).toMatchObject({ customerId: 0 })
  })

  it('does not convert when a full account owns the e-mail; the owner is told', async () => {
    const ownerBrowser = newBrowser()
    const owner = await registerCustomer(ownerBrowser, { email: uniqueEmail('besitzer') })
    const browser = newBrowser()
    const guest = await browser.api.account.registerGuest({
      body: {
        customerType: 'private',
        email: owner.email,
        firstName: 'Gero',
        lastName: 'Gast',
        streetName: 'Gartenweg',
        streetNumber: '3',
        zipCode: '20095',
        cityName: 'Hamburg',
        countryId: 81,
      },
    })
    const userId = guest.status === 200 ? guest.body.userId : 0
    const response = await browser.api.account.convertLightToFullUser({
      body: { id: userId, ...HOME },
    })
    expect(response.status).toBe(422)
    expect(response.body).toMatchObject({ code: 'conversion_failed', errorFields: {} })
    const [mail] = await mailsTo(browser, owner.email)
    expect(mail?.subject).toBe('Du hast bereits ein Kundenkonto bei Bitwerk')
  })

  it('is refused for a full customer', async () => {
    const browser = await privateCustomer()
    const id = await customerIdOf(browser)
    const response = await browser.api.account.convertLightToFullUser({ body: { id, ...HOME } })
    expect(response.status).toBe(422)
    expect(response.body).toMatchObject({ code: 'conversion_failed' })
  })
})
