// Manufacturers' product-safety contacts (issue 20, GPSR Art. 19): an admin adds a manufacturer
// from outside the EU; the form asks for the responsible person in the EU, in German, before
// anything is sent, and the list shows the new entry.
import { expect, staffLogIn, test } from './fixtures.ts'

test('an admin adds a manufacturer outside the EU with its responsible person', async ({
  page,
}) => {
  const brand = `Testmarke ${Date.now() % 100_000}`
  await staffLogIn(page)
  await page.getByRole('navigation').getByRole('link', { name: 'Hersteller' }).click()
  await expect(
    page.getByRole('table', { name: 'Hersteller und verantwortliche Personen' }),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Neuer Hersteller' }).click()
  const form = page.getByRole('form', { name: 'Neuer Hersteller' })
  await form.getByLabel('Marke (wie an den Artikeln)').fill(brand)
  const maker = form.getByRole('group', { name: 'Hersteller (Art. 19 b GPSR)' })
  await maker.getByLabel('Name').fill('Testmarke Electronics Ltd.')
  await maker.getByLabel('Straße und Hausnummer').fill('1 Harbour Road')
  await maker.getByLabel('PLZ').fill('999077')
  await maker.getByLabel('Ort').fill('Hongkong')
  await maker.getByLabel('Land (Code)').fill('HK')
  await maker.getByLabel('E-Mail oder Kontaktformular').fill('support@testmarke.example')
  await form.getByRole('button', { name: 'Hersteller anlegen' }).click()
  await expect(form.getByRole('alert')).toHaveText(
    'Für einen Hersteller außerhalb der EU ist eine verantwortliche Person in der EU nötig (Art. 16 GPSR).',
  )

  await form.getByLabel(/Verantwortliche Person in der EU angeben/).check()
  const person = form.getByRole('group', {
    name: 'Verantwortliche Person in der EU (Art. 16 GPSR)',
  })
  await person.getByLabel('Name').fill('Testmarke Europe B.V.')
  await person.getByLabel('Straße und Hausnummer').fill('Keizersgracht 1')
  await person.getByLabel('PLZ').fill('1015 CJ')
  await person.getByLabel('Ort').fill('Amsterdam')
  await person.getByLabel('Land (Code)').fill('NL')
  await person.getByLabel('E-Mail oder Kontaktformular').fill('https://testmarke.example/eu')
  await form.getByRole('button', { name: 'Hersteller anlegen' }).click()
  await expect(page.getByRole('status')).toHaveText(`„${brand}“ wurde angelegt.`)
  const row = page.getByRole('row', { name: new RegExp(brand) })
  await expect(row).toContainText('Testmarke Europe B.V., Keizersgracht 1, 1015 CJ Amsterdam, NL')
  await expect(row).toContainText('mailto:support@testmarke.example')
  await page.screenshot({ path: 'test-results/screens/backoffice-manufacturers-1366.png' })
})
