// The shared Playwright test: every page a test visits is checked with axe-core afterwards
// (WCAG 2.1 A/AA); a serious or critical violation fails the test.
// Every test starts with a stored "Alle ablehnen" decision (the bw_consent cookie), so the consent
// banner does not cover the page; `test.use({ consent: 'none' })` starts without a decision.
import AxeBuilder from '@axe-core/playwright'
import { test as base, type Cookie, expect, type Locator, type Page } from '@playwright/test'
import { formatConsentCookie, noConsent } from '../../contract/consent-services.ts'

/** A "deny all" decision as the browser keeps it (no server record: nothing is tracked). */
export const DENIED_CONSENT_COOKIE = formatConsentCookie({
  consentId: 'e2e-denied',
  granted: noConsent(),
})

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

/**
 * What makes two visited pages the same page for axe: the path with its numbers and the names
 * (not values) of the query, and the cookies the browser holds (logged in or not, consent). The
 * same page in the same state is audited once per worker: every test opens the home page, a
 * category, the cart, but their markup depends on the template and the state, not on the test.
 */
export function auditKey(url: string, cookieNames: readonly string[]): string {
  const parsed = new URL(url)
  const path = parsed.pathname.replace(/\d+/g, '#')
  const query = [...new Set(parsed.searchParams.keys())].sort().join('&')
  return `${[...cookieNames].sort().join(',')} ${path}?${query}`
}

export const test = base.extend<
  { a11yAudit: undefined; consent: 'denied' | 'none' },
  { audited: Set<string> }
>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from the pattern
  audited: [async ({}, use) => use(new Set<string>()), { scope: 'worker' }],
  consent: ['denied', { option: true }],
  context: async ({ context, consent, baseURL }, use) => {
    if (consent === 'denied' && baseURL) {
      await context.addCookies([{ name: 'bw_consent', value: DENIED_CONSENT_COOKIE, url: baseURL }])
    }
    await use(context)
  },
  a11yAudit: [
    async ({ page, context, audited, javaScriptEnabled }, use) => {
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
      const cookieNames = (await context.cookies()).map((cookie) => cookie.name)
      const pending = [...visited].filter((url) => {
        if (!url.startsWith('http')) return false
        const key = auditKey(url, cookieNames)
        if (audited.has(key)) return false
        audited.add(key)
        return true
      })
      // axe runs as a script in the page: a test without JavaScript gets no audit (its pages are
      // audited where other tests visit them).
      if (pending.length === 0 || javaScriptEnabled === false) return
      const auditPage = await context.newPage()
      for (const url of pending) {
        await auditPage.goto(url, { waitUntil: 'networkidle' })
        await expectAccessible(auditPage)
      }
      await auditPage.close()
    },
    // Its own time: axe over every visited page takes seconds a page on a busy 2-core machine,
    // and that must not eat the test's 45 s.
    { auto: true, timeout: 120_000 },
  ],
})

export { expect }

/** The newest mail to an address, from the dev mailbox. */
/** The dev mailbox's mails to `to`, newest first. */
export async function allMails(page: Page, to: string) {
  const response = await page.request.get(`/api/dev/mails?to=${encodeURIComponent(to)}`)
  return (await response.json()) as { subject: string; text: string; links: string[] }[]
}

export async function latestMail(page: Page, to: string) {
  return (await allMails(page, to))[0]
}

/** Registers a business customer (a GmbH in Berlin) through the API; `page` is then logged in. */
export async function registerBusinessCustomer(
  page: Page,
  email: string,
  password: string,
  overrides: Record<string, string | number> = {},
) {
  const registered = await page.request.post('/auth/registration', {
    data: {
      customerType: 'business',
      email,
      firstName: 'Petra',
      lastName: 'Schulz',
      password,
      passwordRepeat: password,
      company: 'Schulz Elektro GmbH',
      businessForm: 1,
      businessType: 'consumer',
      ownerFirstname: '',
      ownerLastname: '',
      ustId: '',
      streetName: 'Hauptstraße',
      streetNumber: '12a',
      zipCode: '10115',
      cityName: 'Berlin',
      countryId: 81,
      ...overrides,
    },
  })
  expect(registered.status()).toBe(200)
}

type Tile = { id: number; priceCents: number; availability: string; energyEfficiency: unknown }

/** A product in stock without energy label (deliverable anywhere) from at least minCents. */
export async function productForCheckout(page: Page, minCents: number): Promise<number> {
  // Cheapest first; for an expensive minimum the dearest first too (a search answers one page,
  // and large appliances such as notebooks are skipped).
  const searches = ['kabel', 'rtx', 'notebook', 'laptop'].flatMap((query) => [
    `query=${query}&sort=preis-aufsteigend`,
    `query=${query}&sort=preis-absteigend`,
  ])
  for (const search of searches) {
    const response = await page.request.get(`/api/catalog/search?${search}`)
    const { products } = (await response.json()) as { products: Tile[] }
    const candidates = products.filter(
      (p) =>
        p.availability === 'in_stock' && p.energyEfficiency === null && p.priceCents >= minCents,
    )
    for (const candidate of candidates) {
      // Large appliances add the old-device question (ElektroG § 17), which these flows skip.
      const detail = await page.request.get(`/api/catalog/products/${candidate.id}`)
      const { disposal } = (await detail.json()) as { disposal?: { largeAppliance: boolean } }
      if (!disposal?.largeAppliance) return candidate.id
    }
  }
  throw new Error('no product for the checkout test')
}

/** The seed's admin (npm run seed). */
export const ADMIN = { email: 'admin@bitwerk.example', password: 'Backoffice-Demo-2026' }

/**
 * The admin's back-office cookie of this worker's last login. The back office allows 10 logins
 * per address and client in 15 minutes, and the suite has more flows than that which need staff:
 * a later flow of the same worker reuses the session while it is valid.
 */
let workerStaffCookie: Cookie | null = null

/** Logs the demo admin in to the back office (password, then the e-mailed code). */
export async function staffLogIn(staff: Page) {
  const overview = staff.getByRole('heading', { level: 1, name: 'Übersicht' })
  if (workerStaffCookie) {
    await staff.context().addCookies([workerStaffCookie])
    await staff.goto('/backoffice')
    await expect(overview.or(staff.getByLabel('E-Mail-Adresse'))).toBeVisible()
    if (await overview.isVisible()) {
      await expect(staff.getByRole('heading', { name: 'Bestellungen heute' })).toBeVisible()
      return
    }
    workerStaffCookie = null
  }
  await logInWithCode(staff, overview)
  const cookies = await staff.context().cookies()
  workerStaffCookie = cookies.find((cookie) => cookie.name === 'staff_sid') ?? null
}

async function logInWithCode(staff: Page, overview: Locator) {
  const codesSent = async () =>
    (await allMails(staff, ADMIN.email)).flatMap(
      (mail) => mail.text.match(/Dein Code: (\d{6})/)?.[1] ?? [],
    )
  const before = new Set(await codesSent())
  await staff.goto('/backoffice')
  await expect(staff).toHaveURL(/\/backoffice\/login/)
  await staff.getByLabel('E-Mail-Adresse').fill(ADMIN.email)
  await staff.getByLabel('Passwort').fill(ADMIN.password)
  await staff.getByRole('button', { name: 'Weiter' }).click()
  await expect(staff.getByLabel('Code')).toBeVisible()
  // The code of this login is one sent since: another worker may be logging the same admin in,
  // so the codes sent meanwhile are tried newest first until one is this login's.
  let fresh: string[] = []
  await expect
    .poll(async () => {
      fresh = (await codesSent()).filter((code) => !before.has(code))
      return fresh.length
    })
    .toBeGreaterThan(0)
  for (const code of fresh) {
    await staff.getByLabel('Code').fill(code)
    await staff.getByRole('button', { name: 'Anmelden' }).click()
    await expect(overview.or(staff.getByRole('alert'))).toBeVisible()
    if (await overview.isVisible()) break
  }
  await expect(overview).toBeVisible()
  await expect(staff.getByRole('heading', { name: 'Bestellungen heute' })).toBeVisible()
}

/**
 * Holds back the page's bundle (every built script but the early one, web/early.ts) until the
 * returned function is called: what a visitor does before hydration. Call before `goto`.
 */
export async function holdPageScript(page: Page): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/assets\/(?!early-)[^/]+\.js$/, async (route) => {
    await released
    await route.continue()
  })
  return release
}

/** A fresh customer's e-mail, unique per run. */
export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.de`
}

/**
 * Registers Lena Berger (logged in on `page` afterwards) with one order from the dev API:
 * placed `daysAgo` days ago (the seed's trail: delivered three days after placing) unless a
 * status is given, paid as `paymentMethod` (card by default).
 */
export async function customerWithOrder(
  page: Page,
  prefix: string,
  order: {
    daysAgo?: number
    status?: 'processing' | 'shipped' | 'delivered'
    paymentMethod?: 'creditcard' | 'invoice' | 'banktransfer'
  } = {},
) {
  const email = uniqueEmail(prefix)
  const password = 'Blau-Tasse-42'
  const registered = await page.request.post('/auth/register', {
    data: { email, firstName: 'Lena', lastName: 'Berger', password, passwordRepeat: password },
  })
  expect(registered.status()).toBe(200)
  const placedAt = new Date(Date.now() - (order.daysAgo ?? 5) * 24 * 60 * 60 * 1000)
  const created = await page.request.post('/api/dev/orders', {
    data: {
      orders: [
        {
          placedAt: placedAt.toISOString(),
          ...(order.status ? { status: order.status } : {}),
          ...(order.paymentMethod ? { paymentMethod: order.paymentMethod } : {}),
        },
      ],
    },
  })
  expect(created.status()).toBe(200)
  const { orderNumbers } = (await created.json()) as { orderNumbers: string[] }
  return { email, orderNumber: orderNumbers[0] ?? '' }
}
