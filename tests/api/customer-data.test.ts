// Customer data changes through real HTTP on a real Postgres (account-area §2 modals, §3, §4,
// §6, §8): password, names, e-mail, owner names, company name, VAT id, and the codes of each.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customers } from '#db/schema/account.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import {
  browserFactory,
  businessRegistration,
  logIn,
  mailsTo,
  PASSWORD,
  registerCustomer,
  uniqueEmail,
} from './account-fixtures.ts'

const NEW_PASSWORD = 'Gruen-Kanne-77'

let shop: TestApp
beforeAll(async () => {
  shop = await startTestApp({ env: { TRUST_PROXY: '1' } })
  newBrowser = browserFactory(shop.url)
})
afterAll(() => shop.close())

let newBrowser: ReturnType<typeof browserFactory>

async function privateCustomer() {
  const browser = newBrowser()
  const body = await registerCustomer(browser, { email: uniqueEmail('daten') })
  return { browser, ...body }
}

async function businessCustomer(overrides: Record<string, unknown> = {}) {
  const browser = newBrowser()
  const body = businessRegistration(overrides)
  const response = await browser.api.account.registerBusiness({ body })
  expect(response.status).toBe(200)
  return { browser, ...body }
}

async function customerData(browser: ReturnType<typeof newBrowser>) {
  const response = await browser.api.account.getCustomer()
  if (response.status !== 200) throw new Error(`customer data answered ${response.status}`)
  return response.body
}

describe('POST /account/password/change', () => {
  it('changes the password, keeps this session and ends the other sessions', async () => {
    const { browser, email } = await privateCustomer()
    const other = newBrowser()
    await logIn(other, email)
    expect((await other.api.account.getCustomer()).status).toBe(200)

    const response = await browser.api.account.changePassword({
      body: {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmationPassword: NEW_PASSWORD,
      },
    })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ successful: true })
    expect((await browser.api.account.getCustomer()).status).toBe(200)
    expect((await other.api.account.getCustomer()).status).toBe(401)

    const mails = await mailsTo(browser, email)
    expect(mails[0]?.subject).toBe('Dein Passwort bei Bitwerk wurde geändert')
    const login = await newBrowser().api.account.login({ body: { email, password: PASSWORD } })
    expect(login.status).toBe(422)
    const fresh = newBrowser()
    expect((await logIn(fresh, email, NEW_PASSWORD)).successful).toBe(true)
  })

  it('answers old_password_incorrect for a wrong current password', async () => {
    const { browser } = await privateCustomer()
    const response = await browser.api.account.changePassword({
      body: {
        currentPassword: 'Falsch-123',
        newPassword: NEW_PASSWORD,
        confirmationPassword: NEW_PASSWORD,
      },
    })
    expect(response.status).toBe(422)
    expect(response.body).toEqual({
      code: 'old_password_incorrect',
      message: 'Das aktuelle Passwort war nicht korrekt.',
    })
  })

  it('answers old_and_new_password_equal when nothing would change', async () => {
    const { browser } = await privateCustomer()
    const response = await browser.api.account.changePassword({
      body: { currentPassword: PASSWORD, newPassword: PASSWORD, confirmationPassword: PASSWORD },
    })
    expect(response.status).toBe(422)
    expect(response.body).toMatchObject({ code: 'old_and_new_password_equal' })
  })

  it('answers missing_parameters with "Fülle bitte alle Felder aus." for empty fields', async () => {
    const { browser } = await privateCustomer()
    const response = await browser.api.account.changePassword({
      body: { currentPassword: PASSWORD, newPassword: '', confirmationPassword: '' },
    })
    expect(response.status).toBe(422)
    expect(response.body).toEqual({
      code: 'missing_parameters',
      message: 'Fülle bitte alle Felder aus.',
    })
  })

  it('checks the new password by the rules (400), the repeat (400) and the common list (422)', async () => {
    const { browser } = await privateCustomer()
    const weak = await browser.api.account.changePassword({
      body: { currentPassword: PASSWORD, newPassword: 'abc', confirmationPassword: 'abc' },
    })
    expect(weak.status).toBe(400)
    expect(weak.body).toMatchObject({ fields: { newPassword: 'password_too_short' } })
    const mismatch = await browser.api.account.changePassword({
      body: {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmationPassword: 'Gruen-Kanne-78',
      },
    })
    expect(mismatch.status).toBe(400)
    expect(mismatch.body).toMatchObject({ fields: { confirmationPassword: 'password_mismatch' } })
    const common = await browser.api.account.changePassword({
      body: {
        currentPassword: PASSWORD,
        newPassword: 'Sommer2024',
        confirmationPassword: 'Sommer2024',
      },
    })
    expect(common.status).toBe(422)
    expect(common.body).toMatchObject({ code: 'password_not_secure' })
  })

  it('answers password_change_failed for an account without a password (a converted guest)', async () => {
    const browser = newBrowser()
    const guest = await browser.api.account.registerGuest({
      body: {
        customerType: 'private',
        email: uniqueEmail('gast'),
        firstName: 'Gero',
        lastName: 'Gast',
        streetName: 'Gartenweg',
        streetNumber: '3',
        zipCode: '20095',
        cityName: 'Hamburg',
        countryId: 81,
      },
    })
    expect(guest.status).toBe(200)
    const response = await browser.api.account.changePassword({
      body: {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmationPassword: NEW_PASSWORD,
      },
    })
    expect(response.status).toBe(422)
    expect(response.body).toEqual({
      code: 'password_change_failed',
      message: 'Dein Passwort konnte nicht geändert werden.',
    })
  })

  it('needs a full login: guests get 401 unauthorized', async () => {
    const response = await newBrowser().api.account.changePassword({
      body: {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmationPassword: NEW_PASSWORD,
      },
    })
    expect(response.status).toBe(401)
    expect(response.body).toMatchObject({ code: 'unauthorized' })
  })
})

describe('POST /account/names/change', () => {
  it('changes first and last name with the current password', async () => {
    const { browser } = await privateCustomer()
    const response = await browser.api.account.changeNames({
      body: { firstName: 'Marie', lastName: 'Keller', confirmationPassword: PASSWORD },
    })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ successful: true })
    expect(await customerData(browser)).toMatchObject({ firstName: 'Marie', lastName: 'Keller' })
  })

  it('answers account_password_invalid for a wrong password and missing_parameters without one', async () => {
    const { browser } = await privateCustomer()
    const wrong = await browser.api.account.changeNames({
      body: { firstName: 'Marie', lastName: 'Keller', confirmationPassword: 'Falsch-123' },
    })
    expect(wrong.status).toBe(422)
    expect(wrong.body).toEqual({
      code: 'account_password_invalid',
      message: 'Das eingegebene Passwort ist nicht korrekt.',
    })
    const missing = await browser.api.account.changeNames({
      body: { firstName: 'Marie', lastName: 'Keller', confirmationPassword: '' },
    })
    expect(missing.body).toMatchObject({ code: 'missing_parameters' })
    expect(await customerData(browser)).toMatchObject({ firstName: 'Lena' })
  })

  it('refuses active Campus members with action_not_allow_for_student', async () => {
    for (const status of ['valid', 'valid_near_expire', 'pending'] as const) {
      const { browser } = await privateCustomer()
      const data = await customerData(browser)
      await shop.db
        .update(customers)
        .set({ studentStatus: status })
        .where(eq(customers.id, data.id))
      const response = await browser.api.account.changeNames({
        body: { firstName: 'Marie', lastName: 'Keller', confirmationPassword: PASSWORD },
      })
      expect(response.status).toBe(422)
      expect(response.body).toMatchObject({ code: 'action_not_allow_for_student' })
    }
  })

  it('lets expired Campus members change their name', async () => {
    const { browser } = await privateCustomer()
    const data = await customerData(browser)
    await shop.db
      .update(customers)
      .set({ studentStatus: 'expired' })
      .where(eq(customers.id, data.id))
    const response = await browser.api.account.changeNames({
      body: { firstName: 'Marie', lastName: 'Keller', confirmationPassword: PASSWORD },
    })
    expect(response.status).toBe(200)
  })

  it('checks the names: required, keywords, forbidden characters, 49 together', async () => {
    const { browser } = await privateCustomer()
    const response = await browser.api.account.changeNames({
      body: { firstName: '', lastName: 'Muster GmbH', confirmationPassword: PASSWORD },
    })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      fields: { firstName: 'required', lastName: 'forbidden_keyword' },
    })
    const chars = await browser.api.account.changeNames({
      body: { firstName: 'Ma$x', lastName: 'A'.repeat(30), confirmationPassword: PASSWORD },
    })
    expect(chars.body).toMatchObject({ fields: { firstName: 'forbidden_chars' } })
    const long = await browser.api.account.changeNames({
      body: { firstName: 'B'.repeat(25), lastName: 'C'.repeat(25), confirmationPassword: PASSWORD },
    })
    expect(long.body).toMatchObject({ fields: { lastName: 'full_name_too_long' } })
  })
})

describe('POST /account/email/change', () => {
  it('changes the e-mail and notifies the old address', async () => {
    const { browser, email } = await privateCustomer()
    const next = uniqueEmail('neu')
    const response = await browser.api.account.changeEmail({
      body: { email: next, confirmationPassword: PASSWORD },
    })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ successful: true })
    expect(await customerData(browser)).toMatchObject({ email: next })
    const [notice] = await mailsTo(browser, email)
    expect(notice?.subject).toBe('Deine E-Mail-Adresse bei Bitwerk wurde geändert')
    expect(notice?.text).toContain(next)
    // The login works with the new address only.
    expect((await logIn(newBrowser(), next)).successful).toBe(true)
    const old = await newBrowser().api.account.login({ body: { email, password: PASSWORD } })
    expect(old.status).toBe(422)
  })

  it('answers account_password_invalid for a wrong password', async () => {
    const { browser } = await privateCustomer()
    const response = await browser.api.account.changeEmail({
      body: { email: uniqueEmail('neu'), confirmationPassword: 'Falsch-123' },
    })
    expect(response.status).toBe(422)
    expect(response.body).toMatchObject({ code: 'account_password_invalid' })
  })

  it('answers account_new_email_invalid for an invalid address and for the same address', async () => {
    const { browser, email } = await privateCustomer()
    const invalid = await browser.api.account.changeEmail({
      body: { email: 'kein-at.example.de', confirmationPassword: PASSWORD },
    })
    expect(invalid.status).toBe(422)
    expect(invalid.body).toEqual({
      code: 'account_new_email_invalid',
      message: 'Die neue E-Mail-Adresse ist ungültig oder stimmt mit deiner bisherigen überein.',
    })
    const same = await browser.api.account.changeEmail({
      body: { email: email.toUpperCase(), confirmationPassword: PASSWORD },
    })
    expect(same.body).toMatchObject({ code: 'account_new_email_invalid' })
  })

  it('answers missing_parameters without e-mail or password', async () => {
    const { browser } = await privateCustomer()
    const response = await browser.api.account.changeEmail({
      body: { email: '', confirmationPassword: PASSWORD },
    })
    expect(response.status).toBe(422)
    expect(response.body).toMatchObject({ code: 'missing_parameters' })
  })

  it('refuses an address of another account with account_email_in_use', async () => {
    const first = await privateCustomer()
    const { browser } = await privateCustomer()
    const response = await browser.api.account.changeEmail({
      body: { email: first.email, confirmationPassword: PASSWORD },
    })
    expect(response.status).toBe(422)
    expect(response.body).toMatchObject({ code: 'account_email_in_use' })
  })
})

describe('business customer data', () => {
  it('changes owner names for forms 2 and 4 only', async () => {
    const partnership = await businessCustomer({
      businessForm: 2,
      ownerFirstname: 'Paul',
      ownerLastname: 'Schulz',
    })
    const response = await partnership.browser.api.account.changeOwnerNames({
      body: { ownerFirstName: 'Paula', ownerLastName: 'Schulz-Berg' },
    })
    expect(response.status).toBe(200)
    expect(await customerData(partnership.browser)).toMatchObject({
      ownerFirstName: 'Paula',
      ownerLastName: 'Schulz-Berg',
      ownerRequired: true,
    })
    const gmbh = await businessCustomer()
    const refused = await gmbh.browser.api.account.changeOwnerNames({
      body: { ownerFirstName: 'Paula', ownerLastName: 'Schulz' },
    })
    expect(refused.status).toBe(422)
    expect(refused.body).toMatchObject({ code: 'owner_change_not_allowed' })
    const keyword = await partnership.browser.api.account.changeOwnerNames({
      body: { ownerFirstName: 'Paula', ownerLastName: 'Schulz GmbH' },
    })
    expect(keyword.status).toBe(400)
  })

  it('lets sole proprietors rename the company (also on the addresses); others ask customer service', async () => {
    const sole = await businessCustomer({
      businessForm: 4,
      company: 'Elektro Schulz',
      ownerFirstname: 'Petra',
      ownerLastname: 'Schulz',
    })
    const renamed = await sole.browser.api.account.changeCompanyName({
      body: { companyName: 'Elektro Schulz & Co' },
    })
    expect(renamed.status).toBe(200)
    expect(await customerData(sole.browser)).toMatchObject({ companyName: 'Elektro Schulz & Co' })
    const list = await sole.browser.api.addresses.getAddresses()
    expect(list.status === 200 && list.body.address[0]?.company).toBe('Elektro Schulz & Co')

    const gmbh = await businessCustomer()
    const refused = await gmbh.browser.api.account.changeCompanyName({
      body: { companyName: 'Neue GmbH' },
    })
    expect(refused.status).toBe(422)
    expect(refused.body).toEqual({
      code: 'company_change_via_service',
      message: 'Firmenname, Rechtsform und Kundenart kann nur unser Kundenservice ändern.',
    })
    const { browser } = await privateCustomer()
    const privateRefused = await browser.api.account.changeCompanyName({
      body: { companyName: 'Neue GmbH' },
    })
    expect(privateRefused.body).toMatchObject({ code: 'company_change_via_service' })
  })

  it('changes the VAT id in the format of the billing country', async () => {
    const austrian = await businessCustomer({
      countryId: 14,
      zipCode: '1010',
      cityName: 'Wien',
      ustId: 'ATU12345678',
    })
    expect(await customerData(austrian.browser)).toMatchObject({
      vatId: 'ATU12345678',
      vatRequired: true,
    })
    const invalid = await austrian.browser.api.account.changeVatId({
      body: { vatId: 'DE123456789' },
    })
    expect(invalid.status).toBe(422)
    expect(invalid.body).toMatchObject({ code: 'vat_id_invalid' })
    const same = await austrian.browser.api.account.changeVatId({ body: { vatId: 'atu 12345678' } })
    expect(same.body).toMatchObject({ code: 'vat_id_unchanged' })
    const changed = await austrian.browser.api.account.changeVatId({
      body: { vatId: 'ATU87654321' },
    })
    expect(changed.status).toBe(200)
    expect(changed.body).toEqual({ data: { successful: true } })
    expect(await customerData(austrian.browser)).toMatchObject({ vatId: 'ATU87654321' })
    const { browser } = await privateCustomer()
    const privateRefused = await browser.api.account.changeVatId({ body: { vatId: 'ATU87654321' } })
    expect(privateRefused.body).toMatchObject({ code: 'forbidden' })
  })
})
