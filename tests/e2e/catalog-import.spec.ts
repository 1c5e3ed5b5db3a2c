// Bulk import (issue 21): an admin uploads a small CSV as Excel writes it (Windows-1252, `;`),
// sees what was detected and the dry run, imports it with the progress shown, and a shopper finds
// the new product by search right after. A second flow imports a ZIP archive with a picture, and
// the shopper sees that picture on the product page.
import { createHash } from 'node:crypto'
import { strToU8, zipSync } from 'fflate'
import sharp from 'sharp'
import { isValidGtin } from '#contract/fields.ts'
import { expect, staffLogIn, test } from './fixtures.ts'

const SCREENS = 'test-results/screens'

// Both flows log the demo admin in with an e-mailed code: one after the other, so neither reads
// the other's code.
test.describe.configure({ mode: 'default' })

/** A valid EAN-13 in the GS1 in-store range 23 (never seeded). */
function freshEan(n: number): string {
  const body = `23${String(n).padStart(10, '0')}`
  for (let check = 0; check <= 9; check += 1) {
    if (isValidGtin(`${body}${check}`)) return `${body}${check}`
  }
  throw new Error('no check digit')
}

test('an admin imports a CSV after the dry run; a shopper finds the product by search', async ({
  page,
}) => {
  test.slow()
  const run = Date.now() % 100_000
  const name = `Würfelkühler Pro ${run}`
  const header =
    'artikelnummer;ean;name;hersteller;herstellernummer;kategorie;preis;bestand;status;kurztext;beschreibung'
  const row = [
    String(9_700_000 + run),
    freshEan(run),
    name,
    'Lenovo',
    `WK-${run}`,
    'notebooks/business-notebooks',
    '1.049,00',
    '12',
    'aktiv',
    'Leiser Kühler für Büro und Reise',
    '"Ein Notebook mit großem Kühler; geprüft für den Dauerbetrieb."',
  ].join(';')
  const csv = Buffer.from(`${header}\r\n${row}\r\n`, 'latin1')

  await staffLogIn(page)
  await page.getByRole('navigation').getByRole('link', { name: 'Import & Export' }).click()
  await expect(page).toHaveURL(/\/backoffice\/import$/)
  await expect(page.getByRole('link', { name: 'Katalog als CSV (Excel)' })).toBeVisible()

  await page.getByLabel('Datei (CSV, JSON oder ZIP mit Bildern)').setInputFiles({
    name: 'lieferant.csv',
    mimeType: 'text/csv',
    buffer: csv,
  })
  await page.getByRole('button', { name: 'Probelauf' }).click()
  await expect(
    page.getByText('Erkannt: CSV, Zeichensatz Windows-1252 (ANSI), Trennzeichen „;“, 1 Zeilen.'),
  ).toBeVisible()
  const table = page.getByRole('table', { name: /Probelauf/ })
  await expect(table.getByRole('row', { name: new RegExp(name) })).toContainText('Neu')
  await page.getByLabel('ganze Datei ablehnen (dann wird nichts geändert)').check()
  await page.screenshot({ path: `${SCREENS}/catalog-import-dry-run.png`, fullPage: true })
  await page.getByRole('button', { name: 'Importieren' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Import abgeschlossen' })).toContainText(
    'Neu: 1',
  )
  await expect(page.getByRole('progressbar', { name: 'Fortschritt des Imports' })).toBeVisible()
  await expect(page.getByText('1 von 1 Zeilen verarbeitet')).toBeVisible()

  // The shopper (the staff cookie is for /api/staff only) finds it by search at once.
  await page.goto('/kategorie/notebooks/business-notebooks')
  await page.locator('[data-hydrated]').first().waitFor()
  const search = page.getByRole('searchbox', { name: 'Suche' })
  await search.fill(name)
  await search.press('Enter')
  await expect(
    page
      .locator('.product-grid')
      .getByRole('link', { name: new RegExp(name) })
      .first(),
  ).toBeVisible()
})

test('an admin imports a ZIP with pictures; the shopper sees the picture on the product page', async ({
  page,
}) => {
  test.slow()
  const run = (Date.now() % 100_000) + 1
  const name = `Bilderkühler Max ${run}`
  const picture = await sharp({
    create: { width: 800, height: 600, channels: 3, background: '#1d4ed8' },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><circle cx="400" cy="300" r="200" fill="#f97316"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer()
  const hash = createHash('sha256').update(picture).digest('hex')
  const header =
    'artikelnummer;ean;name;hersteller;herstellernummer;kategorie;preis;bestand;status;kurztext;beschreibung;bilder'
  const row = [
    String(9_600_000 + run),
    freshEan(run + 500_000),
    name,
    'Lenovo',
    `BK-${run}`,
    'notebooks/business-notebooks',
    '999,00',
    '7',
    'aktiv',
    'Kühler mit echtem Produktfoto',
    'Ein Notebook, dessen Bild aus dem ZIP-Archiv des Lieferanten kommt.',
    'fotos/vorne.jpg=Vorderansicht des Bilderkühlers',
  ].join(';')
  const archive = zipSync({
    'lieferant/artikel.csv': strToU8(`${header}\r\n${row}\r\n`),
    'lieferant/fotos/vorne.jpg': picture,
  })

  await staffLogIn(page)
  await page.goto('/backoffice/import')
  await expect(page.getByRole('link', { name: 'Katalog mit Bildern (ZIP mit CSV)' })).toBeVisible()
  await page.getByLabel('Datei (CSV, JSON oder ZIP mit Bildern)').setInputFiles({
    name: 'lieferant.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(archive),
  })
  await page.getByRole('button', { name: 'Probelauf' }).click()
  await expect(page.getByText(/Erkannt: ZIP-Archiv mit CSV/)).toBeVisible()
  const table = page.getByRole('table', { name: /Probelauf/ })
  await expect(table.getByRole('row', { name: new RegExp(name) })).toContainText(
    'Bilder: 1 Bild neu (fotos/vorne.jpg)',
  )
  await page.screenshot({ path: `${SCREENS}/catalog-import-zip-dry-run.png`, fullPage: true })
  await page.getByRole('button', { name: 'Importieren' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Import abgeschlossen' })).toContainText(
    'Neu: 1',
  )

  await page.goto('/kategorie/notebooks/business-notebooks')
  await page.locator('[data-hydrated]').first().waitFor()
  const search = page.getByRole('searchbox', { name: 'Suche' })
  await search.fill(name)
  await search.press('Enter')
  await page
    .locator('.product-grid')
    .getByRole('link', { name: new RegExp(name) })
    .first()
    .click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  const photo = page.getByRole('img', { name: 'Vorderansicht des Bilderkühlers' }).first()
  await expect(photo).toBeVisible()
  await expect(photo).toHaveAttribute('src', new RegExp(hash))
  await page.screenshot({ path: `${SCREENS}/catalog-import-zip-product.png` })
})
