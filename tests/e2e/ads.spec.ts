// Ads and content: the house-ad slider on /newsletter, site-skins only on wide desktops, info
// pages from content blocks, and the help widget with the support chat loaded only when opened.
import { expect, test } from './fixtures.ts'

test('the newsletter page shows house ads that load when visible and can be paused', async ({
  page,
}) => {
  await page.goto('/newsletter')
  const slot = page.locator('[data-ad-target="newsletter-teaser"]')
  await slot.scrollIntoViewIfNeeded()
  const slider = slot.getByRole('region', { name: 'Angebote' })
  await expect(slider.getByText('Campus-Deals: bis zu 15 % sparen')).toBeVisible()
  await slider.getByRole('button', { name: 'Pausieren' }).click()
  await slider.getByRole('button', { name: 'Anzeige 2 von 2 zeigen' }).click()
  await expect(slider.getByText('20 € Gutschein für Geschäftskunden')).toBeVisible()
  await expect(slider.getByText(/20 € ab 1\.000 € Bestellwert/)).toBeVisible()
  await expect(slider.getByRole('link', { name: 'Geschäftskonto anlegen' })).toBeVisible()
  await slot.screenshot({ path: 'test-results/screens/ad-slider.png' })
})

test('site-skins appear left and right only when the window is wider than the page', async ({
  page,
}) => {
  const adCalls: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/api/banana-handler/get-multiple')) adCalls.push(r.url())
  })
  await page.goto('/')
  await page.waitForTimeout(1500)
  expect(adCalls.filter((url) => url.includes('skin'))).toEqual([])
  await expect(page.locator('.site-skin')).toHaveCount(0)

  await page.setViewportSize({ width: 1700, height: 900 })
  await expect(
    page.locator('.site-skin--left').getByText('Campus-Deals', { exact: true }),
  ).toBeVisible()
  await expect(page.locator('.site-skin--right').getByText('20 € für Firmen')).toBeVisible()
  const call = adCalls.find((url) => url.includes('skin-left'))
  expect(call).toContain('is-mobile=0')
  await page.screenshot({ path: 'test-results/screens/site-skins.png' })
})

test('info pages come from content blocks and stay marked as placeholders', async ({ page }) => {
  const response = await page.request.get('/infocenter/section/privacy')
  const html = await response.text()
  expect(html).toContain('Cookies und Einwilligungen')
  await page.goto('/infocenter/section/privacy')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Datenschutz')
  await expect(page.getByRole('note')).toContainText('Platzhalter')
  await expect(page.getByRole('heading', { name: 'Cookies und Einwilligungen' })).toBeVisible()
  await expect(page.getByText(/Videos \(YouTube\) \(Google Ireland Limited/)).toBeVisible()
})

test('the help widget and the support chat load only when opened', async ({ page }) => {
  const chunks: string[] = []
  page.on('request', (r) => {
    if (/help-panel|chat-panel/.test(r.url())) chunks.push(r.url())
  })
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  expect(chunks).toEqual([])

  await page.getByRole('button', { name: 'Hilfe' }).click()
  const help = page.getByRole('dialog', { name: 'Hilfe & Kontakt' })
  await expect(help).toBeVisible()
  expect(chunks.some((url) => url.includes('help-panel'))).toBe(true)
  expect(chunks.some((url) => url.includes('chat-panel'))).toBe(false)
  await help.getByRole('button', { name: 'Wie kann ich bezahlen?' }).click()
  await expect(help.getByText(/Per PayPal, Kreditkarte/)).toBeVisible()
  await page.screenshot({ path: 'test-results/screens/help-widget.png' })

  await help.getByRole('button', { name: 'Chat starten' }).click()
  const chat = page.getByRole('dialog', { name: 'Chat mit dem Kundenservice' })
  await chat.getByLabel('Deine Nachricht').fill('Ist die RTX 4070 morgen lieferbar?')
  await chat.getByRole('button', { name: 'Senden' }).click()
  const log = chat.getByRole('log', { name: 'Chatverlauf' })
  await expect(log.getByText('Ist die RTX 4070 morgen lieferbar?')).toBeVisible()
  await expect(log.getByText(/Danke für deine Nachricht!/)).toBeVisible()
  await expect(chat.getByLabel('Deine Nachricht')).toHaveValue('')
  await page.screenshot({ path: 'test-results/screens/support-chat.png' })
})
