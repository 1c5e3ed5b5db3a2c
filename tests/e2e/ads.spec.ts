// Ads and content: the house-ad slider on /newsletter, site-skins only on wide desktops, info
// pages from content blocks, and the help widget with the support chat loaded only when opened.
import type { Page } from '@playwright/test'
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

test('info pages show the newest legal text, marked as a template (issue 20)', async ({ page }) => {
  const response = await page.request.get('/infocenter/section/privacy')
  const html = await response.text()
  expect(html).toContain('Dienste mit Einwilligung')
  await page.goto('/infocenter/section/privacy')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Datenschutz')
  await expect(page.getByText(/Dieser Text ist eine Vorlage/)).toBeVisible()
  await expect(page.getByRole('heading', { name: /Dienste mit Einwilligung/ })).toBeVisible()
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

// The ad API's page slots (home, category, product, cart) on the pages, per device: desktop at
// 1366 px asks for the desktop variant (is-mobile=0), a phone at 390 px for the mobile one.
const DEVICES = [
  { name: 'desktop', viewport: { width: 1366, height: 800 }, mobile: false },
  { name: 'mobile', viewport: { width: 390, height: 844 }, mobile: true },
] as const

for (const device of DEVICES) {
  test.describe(`page ad slots (${device.name})`, () => {
    test.use({ viewport: device.viewport })

    /** Scrolls the slot into view and waits for its ad: it loads after 1 s at least half visible. */
    async function expectAd(page: Page, target: string, headline: string | RegExp) {
      const slot = page.locator(`[data-ad-target="${target}"]`)
      await slot.scrollIntoViewIfNeeded()
      await expect(slot.getByText('Anzeige', { exact: true }).first()).toBeVisible()
      await expect(slot.getByText(headline).first()).toBeVisible()
      // The reserved height holds the whole ad: nothing is cut off.
      const body = slot.locator('.ad-card__body').first()
      const fits = await body.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)
      expect(fits, `${target}: the ad's text and link fit its slot`).toBe(true)
      const box = await slot.boundingBox()
      expect(box?.width ?? 0).toBeLessThanOrEqual(device.viewport.width)
      await page.screenshot({ path: `test-results/screens/ad-${target}-${device.name}.png` })
    }

    test('home shows the slider, category and product their banners', async ({ page }) => {
      await page.goto('/')
      await expectAd(page, 'home-slider', 'Campus-Deals: bis zu 15 % sparen')

      // The page's first HTML already holds the slot's ad (no empty room above the listing).
      const html = await (await page.request.get('/kategorie/pc-komponenten/grafikkarten')).text()
      expect(html).toContain('Gaming-Wochen')
      const refresh = page.waitForRequest((r) =>
        Boolean(
          new URL(r.url()).pathname === '/api/banana-handler/get-multiple' &&
            new URL(r.url()).searchParams.get('targets')?.startsWith('category-top'),
        ),
      )
      await page.goto('/kategorie/pc-komponenten/grafikkarten')
      const categoryTarget = device.mobile ? 'category-top-mobile' : 'category-top'
      // The desktop banner is targeted by category (Gaming-Wochen), the mobile one is not.
      await expectAd(page, categoryTarget, device.mobile ? /Campus-Deals/ : /Gaming-Wochen/)
      // Seen for 1 s, the slot asks again for its device (the refresh rule).
      const categoryCall = new URL((await refresh).url())
      expect(categoryCall?.searchParams.get('targets')).toBe(categoryTarget)
      expect(categoryCall?.searchParams.get('is-mobile')).toBe(device.mobile ? '1' : '0')
      expect(categoryCall?.searchParams.get('categories')).toBe('pc-komponenten,grafikkarten')

      await page.locator('main a[href^="/artikel/"]').first().click()
      await expect(page).toHaveURL(/\/artikel\//)
      await expectAd(page, 'product-sidebar', /Campus-Deals|Gutschein für Geschäftskunden/)
    })

    test('the cart shows its banner', async ({ page }) => {
      await page.goto('/kategorie/notebooks')
      const href = await page.locator('a[href^="/artikel/"]').first().getAttribute('href')
      const id = Number(href?.match(/-(\d+)$/)?.[1])
      expect((await page.request.post('/cart/add/', { data: { id, quantity: 1 } })).ok()).toBe(true)
      await page.goto('/warenkorb')
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Warenkorb')
      await expectAd(page, 'cart-banner', '20 € Gutschein für Geschäftskunden')
    })
  })
}
