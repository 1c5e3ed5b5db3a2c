// The consent manager in the browser: nothing is tracked before or without consent; accepting
// starts tracking; the settings dialog decides per service and can be reopened from the footer;
// the YouTube video appears only with consent and disappears when it is withdrawn.
import type { Page, Request } from '@playwright/test'
import { expect, expectAccessible, test } from './fixtures.ts'

test.use({ consent: 'none' })

const TRACKING = /\/api\/(tracking|criteo|epoq)\//

function trackingCalls(page: Page): string[] {
  const calls: string[] = []
  page.on('request', (request: Request) => {
    if (TRACKING.test(request.url())) calls.push(`${request.method()} ${request.url()}`)
  })
  return calls
}

test.beforeEach(async ({ context }) => {
  // No internet in tests: YouTube's player is a small local page.
  await context.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="de"><head><title>Video</title></head><body><p>Videoplayer</p></body></html>',
    }),
  )
})

test('"Alle ablehnen": no tracking call at all, and the banner stays closed', async ({
  page,
  context,
}) => {
  const calls = trackingCalls(page)
  await page.goto('/')
  const banner = page.getByRole('dialog', { name: 'Deine Privatsphäre, deine Wahl' })
  await expect(banner).toBeVisible()
  await expect(banner.getByRole('button', { name: 'Alle ablehnen' })).toBeVisible()
  await expect(banner.getByRole('button', { name: 'Alle akzeptieren' })).toBeVisible()
  await expectAccessible(page)
  await page.screenshot({ path: 'test-results/screens/consent-banner.png' })

  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/consent') && r.request().method() === 'POST',
  )
  await banner.getByRole('button', { name: 'Alle ablehnen' }).click()
  expect((await saved).status()).toBe(200)
  await expect(banner).toBeHidden()
  const cookie = (await context.cookies()).find((c) => c.name === 'bw_consent')
  expect(cookie?.value).toMatch(/^1\.[\w-]+\.0000000$/)
  expect(cookie?.httpOnly).toBe(false)

  // Browse, scroll and wait past the ad and tracking timers: still nothing.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Datenschutz' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Datenschutz')
  await page.mouse.wheel(0, 4000)
  await page.goto('/newsletter')
  await page.mouse.wheel(0, 2000)
  await page.waitForTimeout(2000)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await page.waitForTimeout(1500)
  expect(calls).toEqual([])
})

test('"Alle akzeptieren": page views and scroll depth are stored', async ({ page }) => {
  const calls = trackingCalls(page)
  // A short page that fits the window, so every 25 % step is reached at once (the Impressum of
  // issue 20 needs a tall window).
  await page.setViewportSize({ width: 1280, height: 1800 })
  await page.goto('/infocenter/section/imprint')
  const pageView = page.waitForResponse((r) => r.url().endsWith('/api/tracking/add'))
  const scroll = page.waitForResponse((r) => r.url().endsWith('/api/tracking/scroll'))
  await page.getByRole('button', { name: 'Alle akzeptieren' }).click()
  const stored = await pageView
  expect(stored.status()).toBe(200)
  expect(await stored.json()).toEqual({ successful: true })
  expect(stored.request().postDataJSON()).toMatchObject({ eventType: 'page_view' })
  const scrolled = await scroll
  expect(scrolled.status()).toBe(200)
  expect(scrolled.request().postDataJSON()).toMatchObject({
    action: 'nbb.scrolling',
    scrollings: [25, 50, 75, 100].map((depth) =>
      expect.objectContaining({ scrollDepth: depth, eventTrigger: 'init' }),
    ),
  })
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // The next page is a new page view; leaving the first sends its scroll data ("unload").
  const nextView = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/tracking/add') &&
      r.request().postDataJSON()?.url?.endsWith('/infocenter/section/privacy'),
  )
  await page.getByRole('contentinfo').getByRole('link', { name: 'Datenschutz' }).click()
  expect((await nextView).status()).toBe(200)
  expect(calls.some((call) => call.includes('/api/tracking/scroll'))).toBe(true)
})

test('settings decide per service; video only with consent, removed when withdrawn', async ({
  page,
}) => {
  const calls = trackingCalls(page)
  await page.goto('/newsletter')
  const placeholder = page.getByRole('button', { name: 'YouTube erlauben und Video laden' })
  await expect(placeholder).toBeVisible()
  await expect(page.locator('iframe')).toHaveCount(0)

  await page.getByRole('dialog').getByRole('button', { name: 'Einstellungen' }).click()
  const settings = page.getByRole('dialog', { name: 'Cookie-Einstellungen' })
  await expect(settings).toBeVisible()
  await expect(
    settings.getByRole('switch', { name: 'Technisch notwendige Cookies' }),
  ).toBeDisabled()
  const video = settings.getByRole('switch', { name: 'Videos (YouTube)' })
  await expect(video).not.toBeChecked()
  await video.check()
  await expectAccessible(page)
  await page.screenshot({ path: 'test-results/screens/consent-settings.png' })
  await settings.getByRole('button', { name: 'Auswahl speichern' }).click()
  await expect(settings).toBeHidden()
  const player = page.locator('iframe[title="Kaufberatung: Das richtige Notebook finden"]')
  await expect(player).toBeVisible()
  await expect(player).toHaveAttribute('src', /youtube-nocookie\.com\/embed\//)

  // Reopen from the footer and withdraw: the player is removed again.
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie-Einstellungen' }).click()
  await expect(settings.getByRole('switch', { name: 'Videos (YouTube)' })).toBeChecked()
  await expect(settings.getByText(/Deine Einwilligungs-ID/)).toBeVisible()
  await settings.getByRole('switch', { name: 'Videos (YouTube)' }).uncheck()
  await settings.getByRole('button', { name: 'Auswahl speichern' }).click()
  await expect(player).toHaveCount(0)
  await expect(placeholder).toBeVisible()

  // Allowing from the video box itself grants only YouTube.
  await placeholder.click()
  await expect(player).toBeVisible()
  await page.waitForTimeout(1500)
  expect(calls).toEqual([])
})

test('the banner fits a phone screen without covering the whole page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  const banner = page.getByRole('dialog', { name: 'Deine Privatsphäre, deine Wahl' })
  await expect(banner).toBeVisible()
  const box = await banner.boundingBox()
  expect(box?.height ?? 0).toBeLessThan(844 * 0.7)
  await page.screenshot({ path: 'test-results/screens/consent-banner-mobile.png' })
  // The help button is docked after the footer (issue 17): at the page's end, above the banner.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await page.getByRole('button', { name: 'Hilfe' }).click({ trial: true, timeout: 3000 })
})

test('the banner is part of the first HTML until a decision is stored', async ({ page }) => {
  const first = await page.request.get('/kategorie/notebooks')
  expect(await first.text()).toContain('Deine Privatsphäre, deine Wahl')
  await page.goto('/kategorie/notebooks')
  await page.getByRole('button', { name: 'Alle ablehnen' }).click()
  await expect(page.getByRole('dialog', { name: 'Deine Privatsphäre, deine Wahl' })).toBeHidden()
  // The browser context now carries the decision cookie.
  const later = await page.request.get('/kategorie/notebooks')
  expect(await later.text()).not.toContain('Deine Privatsphäre, deine Wahl')
})
