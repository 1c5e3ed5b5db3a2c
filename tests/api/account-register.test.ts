// Registration (private, business, guest) and the customer data, through real HTTP on a real
// Postgres (account-area sections 3, 5 and 8).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import {
  browserFactory,
  businessRegistration,
  mailsTo,
  PASSWORD,
  registerCustomer,
  uniqueEmail,
} from './account-fixtures.ts'

const REGISTRATION_FAILED =
  'Es ist ein technischer Fehler aufgetreten. Bitte versuche es später noch mal. Solltest du bereits ein Konto besitzen, hast du per E-Mail Anweisungen für die Wiederherstellung deines Kontos bekommen.'

let shop: TestApp
beforeAll(async () => {
  shop = await startTestApp({ env: { TRUST_PROXY: '1' } })
  newBrowser = browserFactory(shop.url)
})
afterAll(() => shop.close())

let newBrowser: ReturnType<typeof browserFactory>

function privateBody(overrides: Record<string, string> = {}) {
  return {
    email: uniqueEmail('privat'),
    firstName: 'Jonas',
    lastName: 'Weber',
    password: PASSWORD,
    passwordRepeat: PASSWORD,
    ...overrides,
  }
}

describe('POST /auth/register (private)', () => {
  it('creates the account with a customer number, logs in fully and sends a welcome mail', async () => {
    const browser = newBrowser()
    const body = privateBody()
    const response = await browser.api.account.register({ body })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      successful: true,
      needs2FaAuthentication: false,
      data: { registered: true },
      errorFields: {},
      firstName: 'Jonas',
      email: body.email,
      businessCustomer: false,
      guestCustomer: false,
    })
    const customer = await browser.api.account.getCustomer()
    expect(customer.status).toBe(200)
    expect(customer.body).toMatchObject({
      customerType: 'private',
      firstName: 'Jonas',
      lastName: 'Weber',
      email: body.email,
      isLightAccount: false,
      lightAccountId: 0,
      isLoggedIn: true,
      businessFormId: 0,
      ownerRequired: false,
      vatRequired: false,
    })
    if (customer.status !== 200) return
    expect(customer.body.customerNumber).toMatch(/^K1\d{5}$/)
    expect(customer.body.customerId).toBe(customer.body.id)
    const [welcome] = await mailsTo(browser, body.email)
    expect(welcome?.subject).toBe('Willkommen bei Bitwerk')
    expect(welcome?.text).toContain(`Deine Kundennummer: ${customer.body.customerNumber}`)
  })

  it('answers an e-mail in use with the technical-error text and mails its owner', async () => {
    const owner = await registerCustomer(newBrowser())
    const browser = newBrowser()
    const response = await browser.api.account.register({
      body: privateBody({ email: owner.email.toUpperCase() }),
    })
    expect(response.status).toBe(422)
    expect(response.body).toEqual({
      code: 'registration_failed',
      message: REGISTRATION_FAILED,
      data: { registered: false },
      errorFields: {},
    })
    expect(browser.cookies.has('sid')).toBe(false)
    const [notice] = await mailsTo(browser, owner.email)
    expect(notice?.subject).toBe('Du hast bereits ein Kundenkonto bei Bitwerk')
    expect(notice?.links.some((link) => link.endsWith('/kundenkonto/passwort+vergessen'))).toBe(
      true,
    )
  })

  it('refuses a common password with password_not_secure', async () => {
    const response = await newBrowser().api.account.register({
      body: privateBody({ password: 'Passwort123', passwordRepeat: 'Passwort123' }),
    })
    expect(response.status).toBe(422)
    expect(response.body).toEqual({
      code: 'password_not_secure',
      message: 'Dieses Passwort ist nicht sicher genug. Bitte wähle ein anderes.',
      data: { registered: false },
      errorFields: { password: 'password_not_secure' },
    })
  })

  it('checks the fields of section 5 with 400 and German messages', async () => {
    const response = await newBrowser().api.account.register({
      body: privateBody({
        email: 'ohne-at.example.de',
        firstName: 'Max GmbH',
        lastName: 'W',
        password: 'kurz1',
        passwordRepeat: 'anders',
      }),
    })
    expect(response.status).toBe(400)
    if (response.status !== 400) return
    expect(response.body.fields).toEqual({
      email: 'email_missing_at',
      firstName: 'forbidden_keyword_business',
      lastName: 'min_length',
      password: 'password_too_short',
      passwordRepeat: 'password_mismatch',
    })
    const message = (field: string) => response.body.errors.find((e) => e.field === field)?.message
    expect(message('firstName')).toBe(
      'Du darfst "GmbH" nicht im Namen benutzen. Bitte registriere dich als Geschäftskunde.',
    )
    expect(message('passwordRepeat')).toBe(
      'Das eingegebene Passwort ist nicht identisch mit dem neuen Passwort.',
    )
    expect(message('lastName')).toBe('Bitte gib mindestens 2 Zeichen ein.')
  })

  it('names each missing password criterion', async () => {
    const cases: [string, string][] = [
      ['ohneziffer', 'password_needs_digit'],
      ['OHNEKLEIN1', 'password_needs_lowercase'],
      ['ohnegross1', 'password_needs_uppercase'],
      ['Mit/Slash1', 'password_forbidden_chars'],
    ]
    for (const [password, code] of cases) {
      const response = await newBrowser().api.account.register({
        body: privateBody({ password, passwordRepeat: password }),
      })
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({ fields: { password: code } })
    }
  })

  it('limits registrations per e-mail address (429 rate_limited)', async () => {
    const email = uniqueEmail('limit')
    const statuses: number[] = []
    for (let i = 0; i < 6; i += 1) {
      const response = await newBrowser().api.account.register({
        body: privateBody({ email, password: 'Passwort1', passwordRepeat: 'Passwort1' }),
      })
      statuses.push(response.status)
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429])
  })
})

describe('POST /auth/registration (business)', () => {
  it('registers a German company without VAT id, with its billing address', async () => {
    const browser = newBrowser()
    const body = businessRegistration()
    const response = await browser.api.account.registerBusiness({ body })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      successful: true,
      businessCustomer: true,
      data: { registered: true },
    })
    const customer = await browser.api.account.getCustomer()
    expect(customer.body).toMatchObject({
      customerType: 'business',
      companyName: 'Schulz Elektro GmbH',
      businessFormId: 1,
      businessForm: 'Kapitalgesellschaft (GmbH, AG, e.G.)',
      businessType: 'consumer',
      ownerRequired: false,
      ownerFirstName: null,
      vatId: null,
      vatRequired: false,
    })
  })

  it('needs a VAT id outside Germany (400 required on ustId)', async () => {
    const response = await newBrowser().api.account.registerBusiness({
      body: businessRegistration({ countryId: 14, zipCode: '1010', cityName: 'Wien' }),
    })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ fields: { ustId: 'required' } })
  })

  it('flags a VAT id in the wrong format for the country in errorFields.account_ustid', async () => {
    const response = await newBrowser().api.account.registerBusiness({
      body: businessRegistration({
        countryId: 14,
        zipCode: '1010',
        cityName: 'Wien',
        ustId: 'DE123456789',
      }),
    })
    expect(response.status).toBe(422)
    expect(response.body).toEqual({
      code: 'vat_id_invalid',
      message: 'Ust. ID. ist nicht gültig, bitte überprüfe deine Eingabe.',
      data: { registered: false },
      errorFields: { account_ustid: 'vat_id_invalid' },
    })
  })

  it('answers every malformed VAT id on errorFields.account_ustid, too short or too long (§8)', async () => {
    for (const ustId of ['AT', 'ATU1234567890123456789']) {
      const response = await newBrowser().api.account.registerBusiness({
        body: businessRegistration({ countryId: 14, zipCode: '1010', cityName: 'Wien', ustId }),
      })
      expect(response.status, ustId).toBe(422)
      expect(response.body, ustId).toMatchObject({
        code: 'vat_id_invalid',
        errorFields: { account_ustid: 'vat_id_invalid' },
      })
    }
    const guest = await newBrowser().api.account.registerGuest({
      body: {
        customerType: 'business',
        email: uniqueEmail('gast-ust'),
        firstName: '',
        lastName: '',
        company: 'Gast GmbH',
        businessForm: 1,
        businessType: 'reseller',
        streetName: 'Ringstraße',
        streetNumber: '3',
        zipCode: '1010',
        cityName: 'Wien',
        countryId: 14,
        ustId: 'A',
      },
    })
    expect(guest.status).toBe(422)
    expect(guest.body).toMatchObject({ errorFields: { account_ustid: 'vat_id_invalid' } })
  })

  it('accepts an Austrian VAT id and marks it as required in the customer data', async () => {
    const browser = newBrowser()
    const response = await browser.api.account.registerBusiness({
      body: businessRegistration({
        countryId: 14,
        zipCode: '1010',
        cityName: 'Wien',
        ustId: 'ATU 1234 5678',
        businessForm: 2,
        businessType: 'reseller',
        ownerFirstname: 'Karl',
        ownerLastname: 'Huber',
      }),
    })
    expect(response.status).toBe(200)
    const customer = await browser.api.account.getCustomer()
    expect(customer.body).toMatchObject({
      vatId: 'ATU12345678',
      vatRequired: true,
      businessType: 'reseller',
      ownerRequired: true,
      ownerFirstName: 'Karl',
      ownerLastName: 'Huber',
    })
  })

  it('needs contact and owner names for forms 2 and 4; owner names never contain GmbH', async () => {
    const missing = await newBrowser().api.account.registerBusiness({
      body: businessRegistration({
        businessForm: 4,
        firstName: '',
        ownerFirstname: '',
        ownerLastname: '',
      }),
    })
    expect(missing.status).toBe(400)
    expect(missing.body).toMatchObject({
      fields: { firstName: 'required', ownerFirstname: 'required', ownerLastname: 'required' },
    })
    const gmbh = await newBrowser().api.account.registerBusiness({
      body: businessRegistration({
        businessForm: 2,
        ownerFirstname: 'Karl',
        ownerLastname: 'Huber GmbH',
      }),
    })
    expect(gmbh.status).toBe(400)
    expect(gmbh.body).toMatchObject({ fields: { ownerLastname: 'forbidden_keyword' } })
  })

  it('needs a business form and type (0 means nothing chosen)', async () => {
    const response = await newBrowser().api.account.registerBusiness({
      body: businessRegistration({ businessForm: 0, businessType: '0' }),
    })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      fields: { businessForm: 'business_form_required', businessType: 'business_type_required' },
    })
  })

  it('checks the postcode by the country format', async () => {
    const response = await newBrowser().api.account.registerBusiness({
      body: businessRegistration({ zipCode: '123' }),
    })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ fields: { zipCode: 'zip_invalid' } })
  })

  it('answers an e-mail in use like the private registration', async () => {
    const owner = await registerCustomer(newBrowser())
    const response = await newBrowser().api.account.registerBusiness({
      body: businessRegistration({ email: owner.email }),
    })
    expect(response.status).toBe(422)
    expect(response.body).toMatchObject({ code: 'registration_failed' })
  })
})

describe('POST /api/account/registerguest', () => {
  it('makes a light account: customerId 0, no customer number, logged in', async () => {
    const browser = newBrowser()
    const response = await browser.api.account.registerGuest({
      body: {
        customerType: 'private',
        email: uniqueEmail('gast'),
        firstName: 'Mia',
        lastName: 'Krause',
        streetName: 'Ringstraße',
        streetNumber: '3',
        zipCode: '50667',
        cityName: 'Köln',
        countryId: 81,
      },
    })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      successful: true,
      customerId: 0,
      guestCustomer: true,
      data: { registered: true },
    })
    if (response.status === 200) expect(response.body.userId).toBeGreaterThan(0)
    const customer = await browser.api.account.getCustomer()
    expect(customer.body).toMatchObject({
      customerId: 0,
      customerNumber: null,
      isLightAccount: true,
      firstName: 'Mia',
    })
    if (customer.status === 200) expect(customer.body.lightAccountId).toBe(customer.body.id)
    const header = await browser.api.header.getHeaderData()
    expect(header.body).toMatchObject({ isLoggedIn: true, isLoggedInSoft: false, firstName: 'Mia' })
  })

  it('registers a guest even when the e-mail has a full account (reveals nothing)', async () => {
    const owner = await registerCustomer(newBrowser())
    const response = await newBrowser().api.account.registerGuest({
      body: {
        customerType: 'business',
        email: owner.email,
        firstName: '',
        lastName: '',
        company: 'Gast GmbH',
        businessForm: 1,
        businessType: 'reseller',
        streetName: 'Ringstraße',
        streetNumber: '3',
        zipCode: '1010',
        cityName: 'Wien',
        countryId: 14,
        ustId: 'ATU12345678',
      },
    })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ customerId: 0, businessCustomer: true })
  })
})
