// Product reviews (issue 22): a customer writes a review at 1366 px (it waits for moderation),
// staff publish it in the back office, and a guest on a phone (390 px) sees it with the average
// and the statement how the shop checks reviews. axe runs on every visited page (fixtures).
import { expect, staffLogIn, test, uniqueEmail } from './fixtures.ts'

const SCREENS = 'test-results/screens'

type Tile = { id: number; url: string; name: string; rating?: { count: number } | null }

test('a customer reviews a product, staff publish it, a guest on a phone sees it', async ({
  page,
  browser,
}) => {
  test.slow()
  await page.setViewportSize({ width: 1366, height: 900 })
  const run = Date.now().toString(36)
  const title = `Leise und schnell ${run}`
  // A product nobody has reviewed yet in this database.
  const search = await page.request.get('/api/catalog/search?query=ssd&sort=preis-aufsteigend')
  const { products } = (await search.json()) as { products: Tile[] }
  const product = products.find((p) => !p.rating?.count) ?? products[0]
  if (!product) throw new Error('no product to review')

  const email = uniqueEmail('bewertung')
  const password = 'Blau-Tasse-42'
  await page.goto('/')
  const registered = await page.request.post('/auth/register', {
    data: { email, firstName: 'Lena', lastName: 'Berger', password, passwordRepeat: password },
  })
  expect(registered.status()).toBe(200)

  await page.goto(product.url)
  await page.locator('[data-hydrated]').first().waitFor()
  const reviews = page.getByRole('region', { name: 'Bewertungen' })
  await expect(reviews).toContainText('So prüfen wir Bewertungen')
  const form = reviews.getByRole('form', { name: 'Bewertung schreiben' })
  // The contract's rules answer in German before anything is sent.
  await form.getByRole('button', { name: 'Bewertung absenden' }).click()
  await expect(form.getByText('Bitte vergib 1 bis 5 Sterne.')).toBeVisible()
  await form.getByLabel('4 Sterne').check()
  await form.getByLabel('Titel').fill(title)
  await form
    .getByLabel('Deine Erfahrung')
    .fill('Die SSD ist im Alltag spürbar schneller als meine alte Platte und bleibt kühl.')
  await form.getByRole('button', { name: 'Bewertung absenden' }).click()
  await expect(reviews.getByRole('status')).toHaveText(
    'Danke für deine Bewertung! Wir prüfen sie und veröffentlichen sie nach der Freigabe.',
  )
  await expect(reviews.getByText('Wird geprüft')).toBeVisible()
  await page.screenshot({ path: `${SCREENS}/review-written-1366.png`, fullPage: true })

  // Staff publish it.
  const office = await browser.newPage()
  await staffLogIn(office)
  await office.getByRole('navigation').getByRole('link', { name: 'Bewertungen' }).click()
  const item = office.getByRole('listitem', { name: new RegExp(title) })
  await expect(item).toContainText('4 von 5 Sternen')
  await item.getByRole('button', { name: 'Veröffentlichen' }).click()
  await expect(item).toBeHidden()
  await office.close()

  // A guest on a phone sees it with the average.
  const guest = await browser.newPage({ viewport: { width: 390, height: 844 } })
  const ownStateCalls: string[] = []
  guest.on('request', (request) => {
    if (request.url().includes('/reviews/mine')) ownStateCalls.push(request.url())
  })
  await guest.goto(product.url)
  const shown = guest.getByRole('region', { name: 'Bewertungen' })
  await expect(shown.getByRole('heading', { name: title })).toBeVisible()
  // A guest is asked to log in; the page does not ask for the own review (that answers 401).
  await expect(shown.getByRole('link', { name: 'Melde dich an' })).toBeVisible()
  expect(ownStateCalls).toEqual([])
  await expect(shown).toContainText('von 5')
  await expect(shown).toContainText('So prüfen wir Bewertungen')
  // The server-rendered structured data carries the rating.
  const jsonLd = await guest.locator('script[type="application/ld+json"]').allTextContents()
  expect(jsonLd.join('\n')).toContain('"AggregateRating"')
  await shown.scrollIntoViewIfNeeded()
  await guest.screenshot({ path: `${SCREENS}/review-published-390.png`, fullPage: true })
  await guest.close()
})
