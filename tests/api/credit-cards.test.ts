// "Meine Kreditkartendaten" through real HTTP on a real Postgres (account-area §2, §3, §6-§9):
// the provider's hosted form, saving by alias only, the list with masked numbers and expiry,
// removal of several cards (all or nothing), ownership and light accounts.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storedCards } from '#db/schema/credit-cards.ts'
import { storeCard } from '#server/credit-cards/index.ts'
import type { TestApp } from '#tests/support/app.ts'
import type { Browser } from '#tests/support/client.ts'
import { customerIdOf } from '#tests/support/orders.ts'
import { browserFactory, registerCustomer, uniqueEmail } from './account-fixtures.ts'
import { futureExpiry, postCard, startPaymentsApp } from './payments-support.ts'

let shop: TestApp
let newBrowser: ReturnType<typeof browserFactory>

beforeAll(async () => {
  ;({ shop } = await startPaymentsApp({ TRUST_PROXY: '1' }))
  shop.clock.set(new Date('2026-06-15T10:00:00Z'))
  newBrowser = browserFactory(shop.url)
})
afterAll(() => shop.close())

async function customer(): Promise<{ browser: Browser; customerId: number }> {
  const browser = newBrowser()
  const { email } = await registerCustomer(browser, { email: uniqueEmail('karten') })
  return { browser, customerId: await customerIdOf(shop.db, email) }
}

/** What the browser does: the form data call, then the card posted to the provider's check. */
async function aliasThroughForm(browser: Browser, number: string, holder = 'Lena Berger') {
  const form = await browser.api.creditCards.getCreditCardFormData({})
  expect(form.status).toBe(200)
  if (form.status !== 200) throw new Error('no form data')
  expect(form.body.formUrl).toMatch(/^\/psp\/card\/fields\//)
  const { expiryMonth, expiryYear } = futureExpiry(shop)
  const checked = await postCard(shop, form.body.checkUrl, {
    holder,
    number,
    expiryMonth,
    expiryYear,
    cvc: number.startsWith('37') ? '1234' : '123',
  })
  expect(checked.status).toBe(200)
  return ((await checked.json()) as { alias: string }).alias
}

async function cards(browser: Browser) {
  const response = await browser.api.creditCards.getCreditCards({})
  if (response.status !== 200) throw new Error(`get answered ${response.status}`)
  return response.body.creditCards
}

describe('adding a card', () => {
  it('saves the alias from the provider form and lists the card masked', async () => {
    const { browser } = await customer()
    const alias = await aliasThroughForm(browser, '4111 1111 1111 1111')
    const saved = await browser.api.creditCards.saveCreditCard({ body: { alias } })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({
      successful: true,
      alias,
      creditCard: { brand: 'visa', number: '**** **** **** 1111', expired: false },
    })
    const list = await cards(browser)
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({
      alias,
      brand: 'visa',
      number: '**** **** **** 1111',
      expired: false,
      expiration: { date: `12${futureExpiry(shop).expiryYear}` },
      holder: 'Lena Berger',
    })
    // Nothing but the safe fields is kept.
    const [row] = await shop.db.select().from(storedCards).where(eq(storedCards.alias, alias))
    expect(JSON.stringify(row)).not.toContain('4111111111111111')
  })

  it('keeps the same card once, even with a new alias', async () => {
    const { browser } = await customer()
    for (let i = 0; i < 2; i++) {
      const alias = await aliasThroughForm(browser, '5555 5555 5555 4444')
      expect((await browser.api.creditCards.saveCreditCard({ body: { alias } })).status).toBe(200)
    }
    expect(await cards(browser)).toHaveLength(1)
  })

  it('refuses an alias the provider does not know with card_alias_unknown', async () => {
    const { browser } = await customer()
    const response = await browser.api.creditCards.saveCreditCard({
      body: { alias: 'ca_erfunden' },
    })
    expect(response.status).toBe(422)
    expect(response.body).toMatchObject({ code: 'card_alias_unknown' })
    expect(await cards(browser)).toEqual([])
  })

  it('stores nothing when the save flag is off', async () => {
    const { browser } = await customer()
    const alias = await aliasThroughForm(browser, '4111 1111 1111 1111')
    const response = await browser.api.creditCards.saveCreditCard({ body: { alias, save: false } })
    expect(response.body).toMatchObject({ successful: true, alias, creditCard: null })
    expect(await cards(browser)).toEqual([])
  })

  it('marks a card past its expiry month as expired', async () => {
    const { browser, customerId } = await customer()
    await storeCard(shop.db, {
      customerId,
      alias: `ca_alt_${customerId}`,
      brand: 'mastercard',
      maskedNumber: '555555******4444',
      expiryMonth: 5,
      expiryYear: 2026,
      holder: 'Lena Berger',
    })
    const [card] = await cards(browser)
    expect(card).toMatchObject({
      expired: true,
      expiration: { date: '0526' },
      number: '**** **** **** 4444',
    })
  })
})

describe('removing cards', () => {
  async function customerWithCards(count: number) {
    const { browser, customerId } = await customer()
    for (let i = 0; i < count; i++)
      await storeCard(shop.db, {
        customerId,
        alias: `ca_test_${customerId}_${i}`,
        brand: 'visa',
        maskedNumber: `**** **** **** 100${i}`,
        expiryMonth: 12,
        expiryYear: 2030,
        holder: 'Lena Berger',
      })
    return { browser, customerId, ids: (await cards(browser)).map((card) => card.id) }
  }

  it('removes several selected cards at once', async () => {
    const { browser, ids } = await customerWithCards(3)
    const response = await browser.api.creditCards.removeCreditCards({
      body: { ids: ids.slice(0, 2) },
    })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ successful: true, removed: 2 })
    expect((await cards(browser)).map((card) => card.id)).toEqual(ids.slice(2))
  })

  it('answers another customer’s card ids with 404 and the general error, removes nothing', async () => {
    const owner = await customerWithCards(2)
    const stranger = await customerWithCards(1)
    const foreign = await stranger.browser.api.creditCards.removeCreditCards({
      body: { ids: owner.ids },
    })
    expect(foreign.status).toBe(404)
    // §8: a failed removal shows the general error, not "page not found".
    expect(foreign.body).toEqual({
      code: 'general_error',
      message: 'Leider kam es zu einem technischen Problem. Bitte versuche es erneut.',
    })
    // Mixed with one of the stranger's own: still nothing happens.
    const mixed = await stranger.browser.api.creditCards.removeCreditCards({
      body: { ids: [...stranger.ids, owner.ids[0] ?? 0] },
    })
    expect(mixed.status).toBe(404)
    expect(await cards(owner.browser)).toHaveLength(2)
    expect(await cards(stranger.browser)).toHaveLength(1)
    // The stranger's list never shows the owner's cards.
    const aliases = (await cards(stranger.browser)).map((card) => card.alias)
    expect(aliases).not.toContain(`ca_test_${owner.customerId}_0`)
  })

  it('refuses an empty selection with 400', async () => {
    const { browser } = await customerWithCards(1)
    const response = await browser.api.creditCards.removeCreditCards({ body: { ids: [] } })
    expect(response.status).toBe(400)
  })
})

describe('who may', () => {
  it('refuses light accounts with 403 on every card call', async () => {
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
    const api = browser.api.creditCards
    const answers = [
      await api.getCreditCards({}),
      await api.getCreditCardFormData({}),
      await api.saveCreditCard({ body: { alias: 'ca_x' } }),
      await api.removeCreditCards({ body: { ids: [1] } }),
    ]
    for (const answer of answers) {
      expect(answer.status).toBe(403)
      expect(answer.body).toMatchObject({ code: 'forbidden' })
    }
  })

  it('answers guests with 401', async () => {
    const browser = newBrowser()
    expect((await browser.api.creditCards.getCreditCards({})).status).toBe(401)
  })
})
