// Mein Adressbuch end to end in Chromium: a delivery address added, edited and deleted; a
// business customer outside Germany meets the locked billing address; a light account creates
// its first address and becomes a full customer.
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

const PASSWORD = 'Blau-Tasse-42'

function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.de`
}

async function fillAddress(
  scope: ReturnType<Page['getByRole']>,
  values: { street: string; number: string; zip: string; city: string },
) {
  await scope.getByLabel('Straße').fill(values.street)
  await scope.getByLabel('Hausnummer').fill(values.number)
  await scope.getByLabel('PLZ').fill(values.zip)
  await scope.getByLabel('Ort').fill(values.city)
}

test('a delivery address is added, edited and deleted', async ({ page }) => {
  const registered = await page.request.post('/auth/register', {
    data: {
      email: uniqueEmail('adressen'),
      firstName: 'Lena',
      lastName: 'Berger',
      password: PASSWORD,
      passwordRepeat: PASSWORD,
    },
  })
  expect(registered.status()).toBe(200)
  await page.goto('/kundenkonto/adressen')
  await expect(page.getByRole('heading', { level: 1, name: 'Mein Adressbuch' })).toBeVisible()
  await expect(page.getByText('Du hast noch keine Rechnungsadresse hinterlegt.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Neue Lieferadresse hinzufügen' })).toHaveCount(0)

  // The billing address first (names prefilled from the account).
  await page.getByRole('link', { name: 'Rechnungsadresse anlegen' }).click()
  const billing = page.getByRole('dialog', { name: 'Rechnungsadresse vervollständigen' })
  await expect(billing.getByLabel('Vorname')).toHaveValue('Lena')
  await fillAddress(billing, { street: 'Lindenallee', number: '5', zip: '50667', city: 'Köln' })
  await billing.getByRole('button', { name: 'Adresse speichern' }).click()
  await expect(billing).toBeHidden()
  await expect(
    page.getByRole('status').filter({ hasText: 'Deine Adresse wurde gespeichert.' }),
  ).toBeVisible()
  await expect(page.getByText('Lindenallee 5')).toBeVisible()

  // A delivery address: a wrong zip is refused in the form, then saved.
  await page.getByRole('link', { name: 'Neue Lieferadresse hinzufügen' }).click()
  const delivery = page.getByRole('dialog', { name: 'Lieferadresse vervollständigen' })
  await delivery.getByLabel('Vorname').fill('Jonas')
  await delivery.getByLabel('Nachname').fill('Berger')
  await fillAddress(delivery, { street: 'Am Hafen', number: '12b', zip: '2045', city: 'Hamburg' })
  await delivery.getByRole('button', { name: 'Adresse speichern' }).click()
  await expect(delivery.getByText('Bitte gib eine gültige Postleitzahl ein.')).toBeVisible()
  await delivery.getByLabel('PLZ').fill('20457')
  await page.screenshot({ path: 'test-results/screens/addresses-form.png' })
  await delivery.getByRole('button', { name: 'Adresse speichern' }).click()
  await expect(delivery).toBeHidden()
  await expect(page.getByRole('heading', { name: 'Lieferadresse', exact: true })).toBeVisible()
  await expect(page.getByText('Am Hafen 12b')).toBeVisible()

  // Edit: a DHL Packstation instead.
  await page.getByRole('link', { name: 'Adresse Am Hafen 12b, Hamburg bearbeiten' }).click()
  const edit = page.getByRole('dialog', { name: 'Lieferadresse vervollständigen' })
  const save = edit.getByRole('button', { name: 'Adresse speichern' })
  await expect(save).toBeDisabled()
  await edit.getByLabel('DHL Packstation').check()
  await edit.getByLabel('DHL-Postnummer').fill('12345678')
  await edit.getByLabel('Packstation-Nummer').fill('12')
  await save.click()
  await expect(edit.getByText('Bitte gib die 3-stellige Nummer der Packstation ein.')).toBeVisible()
  await edit.getByLabel('Packstation-Nummer').fill('123')
  await page.screenshot({ path: 'test-results/screens/addresses-packstation.png' })
  await edit.getByRole('button', { name: 'Adresse speichern' }).click()
  await expect(edit).toBeHidden()
  await expect(
    page.getByRole('status').filter({ hasText: 'Deine Adresse wurde erfolgreich geändert.' }),
  ).toBeVisible()
  await expect(page.getByText('Packstation 123')).toBeVisible()
  await expect(page.getByText('DHL Packstation')).toBeVisible()
  await page.screenshot({ path: 'test-results/screens/addresses-list.png', fullPage: true })

  // Delete with confirmation: "Nein" keeps it, "Ja" deletes it.
  const remove = page.getByRole('button', { name: /Adresse Packstation 123, Hamburg löschen/ })
  await remove.click()
  const confirm = page.getByRole('dialog', { name: 'Adresse löschen' })
  await confirm.getByRole('button', { name: 'Nein' }).click()
  await expect(confirm).toBeHidden()
  await remove.click()
  await page
    .getByRole('dialog', { name: 'Adresse löschen' })
    .getByRole('button', { name: 'Ja' })
    .click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Deine Adresse wurde gelöscht.' }),
  ).toBeVisible()
  await expect(page.getByText('Packstation 123')).toHaveCount(0)
  // The billing address has no delete button.
  await expect(page.getByRole('button', { name: /löschen/ })).toHaveCount(0)
})

test('a business customer outside Germany sees the locked billing address', async ({ page }) => {
  const response = await page.request.post('/auth/registration', {
    data: {
      customerType: 'business',
      email: uniqueEmail('wien'),
      firstName: 'Anna',
      lastName: 'Huber',
      password: PASSWORD,
      passwordRepeat: PASSWORD,
      company: 'Huber Technik GmbH',
      businessForm: 1,
      businessType: 'consumer',
      ustId: 'ATU12345678',
      streetName: 'Ringstraße',
      streetNumber: '8',
      zipCode: '1010',
      cityName: 'Wien',
      countryId: 14,
    },
  })
  expect(response.status()).toBe(200)
  await page.goto('/kundenkonto/adressen')
  await expect(page.getByText('Ringstraße 8')).toBeVisible()
  await page.getByRole('link', { name: 'Adresse Ringstraße 8, Wien bearbeiten' }).click()
  const locked = page.getByRole('dialog', { name: 'Rechnungsadresse ändern' })
  await expect(locked).toContainText(
    'Deine Rechnungsadresse kann nur unser Kundenservice ändern, da sie außerhalb Deutschlands liegt oder eine Ust. ID. hinterlegt ist.',
  )
  await page.screenshot({ path: 'test-results/screens/addresses-business-locked.png' })
  await locked.getByRole('button', { name: 'Verstanden' }).click()
  await expect(locked).toBeHidden()

  // Delivery addresses stay in the invoice country: locked, with the info text.
  await page.getByRole('link', { name: 'Neue Lieferadresse hinzufügen' }).click()
  const delivery = page.getByRole('dialog', { name: 'Lieferadresse vervollständigen' })
  await expect(delivery.getByLabel('Firma')).toHaveValue('Huber Technik GmbH')
  await expect(delivery.getByLabel('Land').locator('option')).toHaveText(['Österreich'])
  await expect(
    delivery.getByText(
      'Als Geschäftskunde kannst du nur in das Land deiner Rechnungsadresse liefern lassen.',
    ),
  ).toBeVisible()
  await page.screenshot({ path: 'test-results/screens/addresses-business-delivery.png' })
})

test('a light account creates its first address and becomes a full customer', async ({ page }) => {
  const guest = await page.request.post('/api/account/registerguest', {
    data: {
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
  expect(guest.status()).toBe(200)
  await page.goto('/kundenkonto/adressen')
  await expect(page.getByText('Du hast bisher als Gast bei uns bestellt')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Neue Lieferadresse hinzufügen' })).toHaveCount(0)
  await page.screenshot({ path: 'test-results/screens/addresses-light.png', fullPage: true })

  await page.getByRole('link', { name: 'Rechnungsadresse anlegen' }).click()
  const form = page.getByRole('dialog', { name: 'Rechnungsadresse vervollständigen' })
  // Prefilled from the guest order's address.
  await expect(form.getByLabel('Straße')).toHaveValue('Gartenweg')
  await form.getByLabel('Hausnummer').fill('3a')
  await form.getByRole('button', { name: 'Adresse speichern' }).click()
  await expect(form).toBeHidden()
  await expect(
    page.getByRole('status').filter({ hasText: 'Dein Kundenkonto ist jetzt vollständig.' }),
  ).toBeVisible()
  await expect(page.getByText('Gartenweg 3a')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Neue Lieferadresse hinzufügen' })).toBeVisible()

  const customer = await page.request.post('/account/customer/get')
  const data = (await customer.json()) as { customerId: number; customerNumber: string | null }
  expect(data.customerId).toBeGreaterThan(0)
  expect(data.customerNumber).toMatch(/^K\d+$/)
  // On a phone the cards stack and the buttons stay reachable.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole('link', { name: 'Adresse Gartenweg 3a, Hamburg bearbeiten' }).click()
  await expect(
    page.getByRole('dialog', { name: 'Rechnungsadresse vervollständigen' }),
  ).toBeVisible()
  await page.screenshot({ path: 'test-results/screens/addresses-mobile-form.png', fullPage: true })
  await page.getByRole('button', { name: 'Abbrechen' }).click()
  await page.screenshot({ path: 'test-results/screens/addresses-mobile.png', fullPage: true })
  await page.setViewportSize({ width: 1280, height: 900 })
  // Credit cards are no longer hidden in the navigation.
  await expect(
    page
      .getByRole('navigation', { name: 'Kundenkonto' })
      .getByRole('link', { name: 'Meine Kreditkartendaten' }),
  ).toBeVisible()
})

test('a light account ticks "Ich bin Geschäftskunde" on its first address: business rules and countries', async ({
  page,
}) => {
  const guest = await page.request.post('/api/account/registerguest', {
    data: {
      customerType: 'private',
      email: uniqueEmail('gast-firma'),
      firstName: 'Gero',
      lastName: 'Gast',
      streetName: 'Gartenweg',
      streetNumber: '3',
      zipCode: '20095',
      cityName: 'Hamburg',
      countryId: 81,
    },
  })
  expect(guest.status()).toBe(200)
  await page.goto('/kundenkonto/adressen/neue-rechnungsadresse')
  const form = page.getByRole('dialog', { name: 'Rechnungsadresse vervollständigen' })
  const box = form.getByRole('checkbox', { name: 'Ich bin Geschäftskunde' })
  await expect(box).not.toBeChecked()
  await expect(form.getByLabel('Firma')).toHaveCount(0)
  await form.getByLabel('Hausnummer').fill('3b')

  // Ticking it loads the business countries; what was typed stays.
  const businessCountries = page.waitForResponse((response) =>
    response.url().includes('/api/account/address/country/billing/business'),
  )
  await box.check()
  expect((await businessCountries).status()).toBe(200)
  await expect(form.getByLabel('Hausnummer')).toHaveValue('3b')
  await expect(form.getByLabel('Land')).toBeEnabled()
  await page.screenshot({ path: 'test-results/screens/addresses-light-business.png' })

  // Form and type are required; the company too.
  await form.getByRole('button', { name: 'Adresse speichern' }).click()
  await expect(form.getByText('Dies ist ein Pflichtfeld.').first()).toBeVisible()
  await form.getByLabel('Firma').fill('Gast Technik')
  await form.getByRole('button', { name: 'Adresse speichern' }).click()
  await expect(form.getByText('Bitte wähle eine Rechtsform aus.')).toBeVisible()
  await form.getByLabel('Rechtsform').selectOption('4')
  await form.getByRole('radio', { name: 'Gewerblicher Endkunde' }).check()
  await form.getByRole('button', { name: 'Adresse speichern' }).click()
  await expect(form).toBeHidden()
  await expect(
    page.getByRole('status').filter({ hasText: 'Dein Kundenkonto ist jetzt vollständig.' }),
  ).toBeVisible()
  const customer = await page.request.post('/account/customer/get')
  expect(await customer.json()).toMatchObject({
    customerType: 'business',
    businessFormId: 4,
    businessType: 'consumer',
    companyName: 'Gast Technik',
    isLightAccount: false,
  })
})
