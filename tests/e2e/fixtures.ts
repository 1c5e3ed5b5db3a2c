// The shared Playwright test: every page a test visits is checked with axe-core afterwards
// (WCAG 2.1 A/AA); a serious or critical violation fails the test.
import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'

export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(
    severe.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    ),
    `accessibility of ${page.url()}`,
  ).toEqual([])
}

export const test = base.extend<{ a11yAudit: undefined }>({
  a11yAudit: [
    async ({ page, context }, use) => {
      const visited = new Set<string>()
      const errors: string[] = []
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) visited.add(frame.url())
      })
      // Script errors and React's hydration warnings fail the test; failed resource loads
      // (a 404 page's own status, a refused login) are expected answers, not errors.
      page.on('pageerror', (error) => errors.push(error.message))
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
          errors.push(message.text())
      })
      await use(undefined)
      expect(errors, 'browser console errors').toEqual([])
      // Each visited page again, in the same browser state, then axe.
      const auditPage = await context.newPage()
      for (const url of visited) {
        if (!url.startsWith('http')) continue
        await auditPage.goto(url, { waitUntil: 'networkidle' })
        await expectAccessible(auditPage)
      }
      await auditPage.close()
    },
    { auto: true },
  ],
})

export { expect }

/** The newest mail to an address, from the dev mailbox. */
export async function latestMail(page: Page, to: string) {
  const response = await page.request.get(`/api/dev/mails?to=${encodeURIComponent(to)}`)
  const mails = (await response.json()) as { subject: string; text: string; links: string[] }[]
  return mails[0]
}
