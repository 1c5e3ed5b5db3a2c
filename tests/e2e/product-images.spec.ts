// Product pictures (issue 21): an admin uploads two pictures with alt texts in the product editor;
// a shopper sees them on the product page (desktop and phone width) and opens the zoom dialog.
import sharp from 'sharp'
import { expect, staffLogIn, test } from './fixtures.ts'

const SCREENS = 'test-results/screens'

function photo(background: string, accent: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><rect width="1600" height="1200" fill="${background}"/><rect x="300" y="250" width="1000" height="640" rx="40" fill="#111827"/><rect x="340" y="290" width="920" height="560" rx="20" fill="${accent}"/><rect x="200" y="890" width="1200" height="60" rx="20" fill="#374151"/></svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer()
}

test('an admin uploads pictures; a shopper sees them and opens the zoom', async ({ page }) => {
  test.slow()
  await staffLogIn(page)
  await page.goto('/backoffice/artikel')
  await page.getByRole('link', { name: 'Alle Daten' }).nth(3).click()
  await expect(page).toHaveURL(/\/backoffice\/artikel\/\d+$/)
  const section = page.getByRole('region', { name: 'Bilder' })
  await section.getByLabel(/Bilder hinzufügen/).setInputFiles([
    { name: 'vorne.jpg', mimeType: 'image/jpeg', buffer: await photo('#e0f2fe', '#0ea5e9') },
    { name: 'seite.jpg', mimeType: 'image/jpeg', buffer: await photo('#fef3c7', '#f97316') },
  ])
  await section.getByRole('button', { name: 'Hochladen' }).click()
  await expect(section.getByRole('status')).toHaveText('Die Bilder wurden gespeichert.')
  await section.getByLabel('Alternativtext zu Bild 1').fill('Vorderansicht mit blauem Bildschirm')
  await section.getByLabel('Alternativtext zu Bild 2').fill('Ansicht mit orangem Bildschirm')
  const save = section.getByRole('button', { name: 'Reihenfolge und Alternativtexte speichern' })
  await save.click()
  await expect(save).toBeHidden()
  await expect(section.getByRole('status')).toHaveText('Die Bilder wurden gespeichert.')
  const shopUrl = await page.getByRole('link', { name: 'Im Shop ansehen' }).getAttribute('href')
  if (!shopUrl) throw new Error('no shop link')

  for (const [width, height, label] of [
    [1366, 900, 'desktop'],
    [390, 844, 'mobile'],
  ] as const) {
    const shopper = page
    await shopper.setViewportSize({ width, height })
    await shopper.goto(shopUrl)
    const main = shopper.locator('.gallery__main img')
    await expect(main).toHaveAttribute('alt', 'Vorderansicht mit blauem Bildschirm')
    await expect(main).toHaveAttribute('fetchpriority', 'high')
    await expect(shopper.locator('.gallery__main source[type="image/avif"]')).toHaveCount(1)
    await expect
      .poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0)
    await shopper.screenshot({ path: `${SCREENS}/product-images-${label}.png` })
    await shopper.getByRole('button', { name: 'Bild 2 von 2 anzeigen' }).click()
    await expect(main).toHaveAttribute('alt', 'Ansicht mit orangem Bildschirm')
    await shopper.locator('.gallery__main').click()
    const dialog = shopper.getByRole('dialog')
    await expect(dialog.getByRole('img', { name: 'Ansicht mit orangem Bildschirm' })).toBeVisible()
    await shopper.screenshot({ path: `${SCREENS}/product-images-zoom-${label}.png` })
    await shopper.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  }
})
