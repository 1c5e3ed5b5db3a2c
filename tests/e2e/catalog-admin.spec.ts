// Product management (issue 21): an admin creates a product with a new filter value and pictures
// (alt text per file at upload, order by drag and drop) in the back office and chooses the
// filters its category offers; right after, a shopper finds it in its category by that filter
// (offered in the chosen order) and by search.
import sharp from 'sharp'
import { isValidGtin } from '#contract/fields.ts'
import { expect, staffLogIn, test } from './fixtures.ts'

const SCREENS = 'test-results/screens'

/** A valid EAN-13 in the GS1 in-store range 20-29 (never seeded). */
function freshEan(n: number): string {
  const body = `20${String(n).padStart(10, '0')}`
  for (let check = 0; check <= 9; check += 1) {
    if (isValidGtin(`${body}${check}`)) return `${body}${check}`
  }
  throw new Error('no check digit')
}

function photo(background: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="1200" height="900" fill="${background}"/><rect x="200" y="150" width="800" height="520" rx="30" fill="#111827"/></svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer()
}

test('an admin creates a product with pictures and filter attributes and a shopper finds it by filter and by search at once', async ({
  page,
}) => {
  test.slow()
  const run = Date.now() % 100_000
  const name = `Nebulabook Air ${run}`
  const ramValue = `40 GB E2E ${run}`
  await staffLogIn(page)
  await page.goto('/backoffice/artikel')
  await page.getByRole('link', { name: 'Neuer Artikel' }).click()
  await expect(page).toHaveURL(/\/backoffice\/artikel\/neu$/)
  const form = page.getByRole('form', { name: 'Artikel' })

  await form.getByLabel('Name', { exact: true }).fill(name)
  const lenovo = await form
    .getByLabel('Hersteller', { exact: true })
    .locator('option', { hasText: /^Lenovo \(/ })
    .getAttribute('value')
  await form.getByLabel('Hersteller', { exact: true }).selectOption(lenovo ?? '')
  await form.getByLabel('Artikelnummer', { exact: true }).fill(String(9_800_000 + run))
  // A wrong EAN check digit is refused in the browser, in German, before anything is sent.
  await form.getByLabel('EAN/GTIN', { exact: true }).fill('4006381333932')
  await form.getByLabel('Herstellernummer', { exact: true }).fill(`NB-${run}`)
  await form
    .getByLabel('Kategorie', { exact: true })
    .selectOption({ label: 'Notebooks › Business-Notebooks' })
  await form
    .getByLabel('Kurzbeschreibung', { exact: true })
    .fill('14 Zoll, 1,1 kg, ganztägiger Akku')
  await form
    .getByLabel('Beschreibung', { exact: true })
    .fill('Ein leichtes Business-Notebook für unterwegs.')
  await form.getByLabel('Preis (€)', { exact: true }).fill('999,00')
  await form.getByLabel('Bestand', { exact: true }).fill('25')
  await form.getByLabel('Arbeitsspeicher', { exact: true }).selectOption({ label: 'Neuer Wert …' })
  await form.getByLabel('Arbeitsspeicher: neuer Wert', { exact: true }).fill(ramValue)
  // An own line of the technical data and the order limit (the import's fields, here by hand).
  await form.getByRole('button', { name: 'Zeile hinzufügen' }).click()
  await form.getByLabel('Zeile 1: Gruppe', { exact: true }).fill('Display')
  await form.getByLabel('Zeile 1: Bezeichnung', { exact: true }).fill('Bildschirmdiagonale')
  await form.getByLabel('Zeile 1: Wert', { exact: true }).fill(`35,6 cm (14 Zoll) ${run}`)
  await form.getByLabel('Höchstmenge je Bestellung', { exact: true }).fill('2')
  await form.getByLabel('EPREL-Registriernummer (optional)', { exact: true }).fill('0815')
  await form.getByRole('button', { name: 'Artikel anlegen' }).click()
  await expect(form.getByText('Die Prüfziffer der EAN stimmt nicht')).toBeVisible()
  await expect(
    form.getByText('Die EPREL-Registriernummer besteht aus 1 bis 10 Ziffern.'),
  ).toBeVisible()
  await form.getByLabel('EPREL-Registriernummer (optional)', { exact: true }).fill('')
  await page.screenshot({ path: `${SCREENS}/catalog-admin-editor.png`, fullPage: true })
  await form.getByLabel('EAN/GTIN', { exact: true }).fill(freshEan(run * 1000 + 7))
  await form.getByRole('button', { name: 'Artikel anlegen' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Der Artikel wurde angelegt.' }),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/backoffice\/artikel\/\d+\?angelegt=1$/)
  await expect(page.getByRole('heading', { name: new RegExp(name) })).toBeVisible()

  // Pictures: each chosen file gets its alt text before the upload (default: the product name).
  const pictures = page.getByRole('region', { name: 'Bilder' })
  await pictures.getByLabel(/Bilder hinzufügen/).setInputFiles([
    { name: 'blau.jpg', mimeType: 'image/jpeg', buffer: await photo('#bfdbfe') },
    { name: 'gelb.jpg', mimeType: 'image/jpeg', buffer: await photo('#fde68a') },
  ])
  await expect(pictures.getByLabel('Alternativtext für blau.jpg')).toHaveValue(name)
  await pictures.getByLabel('Alternativtext für gelb.jpg').fill(`${name} von der Seite`)
  await pictures.getByRole('button', { name: 'Hochladen' }).click()
  await expect(pictures.getByRole('status')).toHaveText('Die Bilder wurden gespeichert.')
  await expect(pictures.getByLabel('Alternativtext zu Bild 1')).toHaveValue(name)
  await expect(pictures.getByLabel('Alternativtext zu Bild 2')).toHaveValue(`${name} von der Seite`)
  // Drag the second picture onto the first: it becomes the main picture.
  const rows = pictures.getByTestId('picture-row')
  await rows.nth(1).dragTo(rows.nth(0))
  await expect(pictures.getByLabel('Alternativtext zu Bild 1')).toHaveValue(`${name} von der Seite`)
  await pictures.getByRole('button', { name: 'Reihenfolge und Alternativtexte speichern' }).click()
  await expect(pictures.getByRole('status')).toHaveText('Die Bilder wurden gespeichert.')
  await page.reload()
  await expect(
    page.getByRole('region', { name: 'Bilder' }).getByLabel('Alternativtext zu Bild 1'),
  ).toHaveValue(`${name} von der Seite`)
  const productUrl = await page.getByRole('link', { name: 'Im Shop ansehen' }).getAttribute('href')

  // The category's filters: RAM first, then the brand, nothing else (RAM dragged to the top).
  await page.goto('/backoffice/kategorien')
  await page.getByRole('button', { name: /^Filter\s*:\s*Business-Notebooks$/ }).click()
  const list = page.getByRole('form', { name: 'Filter von Business-Notebooks' })
  await expect(list.getByText('Keine eigene Liste')).toBeVisible()
  for (const attribute of ['Hersteller', 'Arbeitsspeicher']) {
    await list.getByLabel('Filtermerkmal hinzufügen').selectOption({ label: attribute })
    await list.getByRole('button', { name: 'Hinzufügen' }).click()
  }
  const chosen = list.locator('.backoffice-filter-list li')
  await chosen.nth(1).dragTo(chosen.nth(0))
  await expect(chosen.nth(0)).toContainText('Arbeitsspeicher')
  await list.getByRole('button', { name: 'Filterliste speichern' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'gespeichert' })).toBeVisible()

  // The shopper (the staff cookie is for /api/staff only, so the shop sees a guest): the
  // category's filter offers the new value, and it leads to the product.
  const shopper = page
  await shopper.goto('/kategorie/notebooks/business-notebooks')
  await shopper.locator('[data-hydrated]').first().waitFor()
  const filters = shopper.getByRole('form', { name: 'Filter' })
  const groups = (await filters.getByRole('button').allTextContents()).map((t) => t.trim())
  expect(groups.indexOf('Arbeitsspeicher')).toBeGreaterThan(-1)
  expect(groups.indexOf('Arbeitsspeicher')).toBeLessThan(groups.indexOf('Hersteller'))
  expect(groups).not.toContain('Grafikkarte')
  await filters.getByRole('button', { name: 'Arbeitsspeicher' }).click()
  await filters.getByRole('checkbox', { name: new RegExp(`^${ramValue}`) }).check()
  await filters.getByRole('button', { name: /Produkte? anzeigen/ }).click()
  await expect(shopper).toHaveURL(/arbeitsspeicher=40-gb-e2e-\d+/)
  const grid = shopper.locator('.product-grid')
  await expect(grid.getByRole('link', { name: new RegExp(name) }).first()).toBeVisible()
  await expect(grid.locator('.product-tile')).toHaveCount(1)
  for (const [width, height, label] of [
    [1366, 900, 'desktop'],
    [390, 844, 'mobile'],
  ] as const) {
    await shopper.setViewportSize({ width, height })
    await shopper.screenshot({
      path: `${SCREENS}/catalog-admin-filter-${label}.png`,
      fullPage: true,
    })
  }
  await shopper.setViewportSize({ width: 1366, height: 900 })
  await shopper.goto(productUrl ?? '/')
  await expect(shopper.locator('.gallery__main img')).toHaveAttribute(
    'alt',
    `${name} von der Seite`,
  )
  await shopper.screenshot({ path: `${SCREENS}/catalog-admin-product-desktop.png` })
  const specs = shopper.getByRole('region', { name: 'Technische Daten' })
  await expect(specs.getByText(`35,6 cm (14 Zoll) ${run}`)).toBeVisible()
  await expect(specs.getByText(ramValue)).toBeVisible()

  // And by search.
  const search = shopper.getByRole('searchbox', { name: 'Suche' })
  await search.fill(name)
  await search.press('Enter')
  await expect(shopper).toHaveURL(/\/produkte\//)
  await expect(
    shopper
      .locator('.product-grid')
      .getByRole('link', { name: new RegExp(name) })
      .first(),
  ).toBeVisible()

  // Back to the inherited list (other flows expect the category's usual filters).
  await page.goto('/backoffice/kategorien')
  await page.getByRole('button', { name: /^Filter\s*:\s*Business-Notebooks$/ }).click()
  await page.getByRole('button', { name: 'Eigene Liste entfernen (erben)' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'gespeichert' })).toBeVisible()
})

test('a stale edit is refused with 409 and the form offers to reload', async ({
  page,
  context,
}) => {
  test.slow()
  const run = (Date.now() % 100_000) + 1
  await staffLogIn(page)
  // The category page renders the tree (axe checks it with every visited page).
  await page.getByRole('navigation').getByRole('link', { name: 'Kategorien' }).click()
  await expect(
    page.getByRole('table', { name: 'Kategorien in der Reihenfolge des Shops' }),
  ).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Neue Kategorie' })).toBeVisible()
  // A product of this test's own, made through the API with the admin's cookie.
  const choices = await (await page.request.get('/api/staff/catalog/choices')).json()
  const category = choices.categories.find((c: { label: string }) => c.label.endsWith('Notebooks'))
  const created = await page.request.post('/api/staff/products', {
    data: {
      name: `Parallelbook ${run}`,
      manufacturerId: choices.manufacturers[0].id,
      articleNumber: String(9_700_000 + run),
      ean: freshEan(run * 1000 + 3),
      manufacturerPartNumber: `PB-${run}`,
      categoryId: category.id,
      teaser: 'Für zwei Bearbeiter',
      description: 'Ein Artikel, den zwei Menschen zugleich bearbeiten.',
      priceCents: 50_000,
      strikeThroughPriceCents: null,
      campusPriceCents: null,
      stock: 5,
      deliveryTime: null,
      active: true,
      attributes: [],
      energyClass: null,
      energyScale: null,
      energyKwh: null,
      warranties: [],
      safetyWarnings: [],
      largeAppliance: false,
      containsBattery: false,
    },
  })
  expect(created.status()).toBe(200)
  const { id } = await created.json()

  // Two editors open the same version.
  const other = await context.newPage()
  await page.goto(`/backoffice/artikel/${id}`)
  await other.goto(`/backoffice/artikel/${id}`)
  const mine = page.getByRole('form', { name: 'Artikel' })
  const theirs = other.getByRole('form', { name: 'Artikel' })
  await theirs.getByLabel('Kurzbeschreibung', { exact: true }).fill('Zuerst gespeichert')
  await theirs.getByRole('button', { name: 'Speichern' }).click()
  await expect(other.getByRole('status').filter({ hasText: 'gespeichert' })).toBeVisible()
  await other.close()

  await mine.getByLabel('Kurzbeschreibung', { exact: true }).fill('Zu spät')
  await mine.getByRole('button', { name: 'Speichern' }).click()
  await expect(mine.getByRole('alert')).toContainText(
    'Das Produkt wurde inzwischen von jemand anderem geändert.',
  )
  await mine.getByRole('button', { name: /Neu laden/ }).click()
  await expect(page.getByLabel('Kurzbeschreibung', { exact: true })).toHaveValue(
    'Zuerst gespeichert',
  )
})

test('an admin reorders the category tree by drag and drop; the navigation of the shop follows', async ({
  page,
}) => {
  await staffLogIn(page)
  await page.goto('/backoffice/kategorien')
  const row = (name: string) =>
    page.locator('tbody tr').filter({ has: page.getByText(new RegExp(`^— ${name}$`)) })
  // MacBooks dropped on the upper half of Gaming-Notebooks: before it, same parent.
  await row('MacBooks').dragTo(row('Gaming-Notebooks'), { targetPosition: { x: 40, y: 3 } })
  await expect(page.getByRole('status').filter({ hasText: 'gespeichert' })).toBeVisible()
  const names = async () =>
    (await page.locator('tbody tr td:first-child').allTextContents()).map((t) => t.trim())
  await expect
    .poll(async () => (await names()).filter((n) => /Notebooks|MacBooks|books/.test(n)))
    .toEqual([
      'Notebooks',
      '— MacBooks',
      '— Gaming-Notebooks',
      '— Business-Notebooks',
      '— Ultrabooks',
    ])
  await page.goto('/')
  const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' })
  const notebookLinks = navigation.locator('#main-nav-1 .main-nav__children a')
  await expect(notebookLinks.first()).toHaveText('MacBooks')
  // Back to its place with the keyboard way (other flows expect the usual order).
  await page.goto('/backoffice/kategorien')
  for (let step = 0; step < 4; step += 1) {
    await page.getByRole('button', { name: /^Nach unten\s*:\s*MacBooks$/ }).click()
    await expect
      .poll(async () => (await names()).indexOf('— MacBooks'))
      .toBe((await names()).indexOf('Notebooks') + 2 + step)
  }
})
