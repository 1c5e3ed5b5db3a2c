// Walks the shop as a new visitor would and saves screenshots at 1366 px and 390 px, for a
// person to look at: guest (home, category, product, search, cart, checkout, PayPal sandbox,
// success page), customer (login with the mailed code, account, orders, order details, customer
// data, addresses, wishlist, Campus, cards, the soft login after the full login really expired)
// and staff (back office). Not a test: it asserts nothing beyond the steps it needs.
//
//   FULL_LOGIN_SECONDS=60 PORT=3999 node dist/node/main.js   (a shop with demo data)
//   npx tsx scripts/walk-screens.ts --base http://localhost:3999 --out /tmp/shots [--soft]
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test'

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://localhost:3000' },
    out: { type: 'string', default: 'test-results/walk' },
    soft: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
})
const BASE = values.base as string
const OUT = values.out as string
mkdirSync(OUT, { recursive: true })

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1366, height: 900 }, isMobile: false },
  { name: 'mobile', viewport: { width: 390, height: 844 }, isMobile: true },
] as const

async function shot(page: Page, width: string, name: string) {
  await page.waitForLoadState('networkidle').catch(() => undefined)
  const path = join(OUT, `${width}-${name}.png`)
  await page.screenshot({ path, fullPage: true })
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  console.log(`${path}${overflow > 0 ? `  (horizontal overflow ${overflow}px)` : ''}`)
}

async function latestCode(page: Page, to: string, subject: RegExp, pattern: RegExp) {
  await page.waitForTimeout(1500) // the newest code, not one of an earlier login
  for (let i = 0; i < 50; i++) {
    const response = await page.request.get(`${BASE}/api/dev/mails?to=${encodeURIComponent(to)}`)
    const mails = (await response.json()) as { subject: string; text: string }[]
    const mail = mails.find((m) => subject.test(m.subject))
    const code = mail?.text.match(pattern)?.[1]
    if (code) return code
    await page.waitForTimeout(200)
  }
  throw new Error(`no code for ${to}`)
}

async function productId(page: Page) {
  const response = await page.request.get(`${BASE}/api/catalog/search?query=kabel`)
  const { products } = (await response.json()) as {
    products: { id: number; availability: string; energyEfficiency: unknown }[]
  }
  const found = products.find((p) => p.availability === 'in_stock' && !p.energyEfficiency)
  if (!found) throw new Error('no product')
  return found.id
}

async function guest(context: BrowserContext, width: string) {
  const page = await context.newPage()
  await page.goto(BASE)
  await shot(page, width, '01-home-consent')
  await page.getByRole('button', { name: 'Alle ablehnen' }).first().click()
  await shot(page, width, '02-home')
  const category = await page.evaluate(
    () =>
      (document.querySelector('a[href^="/kategorie/"], a[href*="/c/"]') as HTMLAnchorElement)?.href,
  )
  if (category) {
    await page.goto(category)
    await shot(page, width, '03-category')
  }
  await page.goto(`${BASE}/suche?query=notebook`)
  await shot(page, width, '04-search')
  const id = await productId(page)
  await page.request.post(`${BASE}/cart/add/`, { data: { id, quantity: 1 } })
  await page.goto(`${BASE}/warenkorb`)
  await shot(page, width, '06-cart')
  const productLink = page.locator('main a[href*="/artikel/"]').first()
  if (await productLink.count()) {
    await productLink.click()
    await page.waitForLoadState('domcontentloaded')
    await shot(page, width, '05-product')
  }
  await page.goto(`${BASE}/kasse`)
  await shot(page, width, '07-checkout-guest')
  await page.getByLabel('E-Mail-Adresse').fill(`walk-${Date.now()}-${width}@example.de`)
  await page.getByLabel('Vorname').fill('Gustav')
  await page.getByLabel('Nachname').fill('Gast')
  await page.getByLabel('Straße').fill('Lindenstraße')
  await page.getByLabel('Hausnummer').fill('7')
  await page.getByLabel('PLZ').fill('50667')
  await page.getByLabel('Ort').fill('Köln')
  await page.getByRole('button', { name: 'Weiter zur Zahlung' }).click()
  await page.getByRole('radio', { name: 'PayPal', exact: true }).click()
  await shot(page, width, '08-checkout-payment')
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click()
  await page.getByRole('button', { name: 'Zahlung genehmigen' }).waitFor()
  await shot(page, width, '09-paypal-sandbox')
  await page.getByRole('button', { name: 'Zahlung genehmigen' }).click()
  await page.getByRole('heading', { name: 'Vielen Dank für deine Bestellung!' }).waitFor()
  await shot(page, width, '10-success')
  await page.close()
}

async function customer(context: BrowserContext, width: string, soft: boolean) {
  const email = 'max.mustermann@example.de'
  const page = await context.newPage()
  await page.goto(`${BASE}/kundenkonto/login`)
  await page.getByRole('button', { name: 'Alle ablehnen' }).first().click()
  await page.getByLabel('E-Mail').fill(email)
  await page.getByLabel('Passwort', { exact: true }).fill('Demo1234')
  const before = Date.now()
  await page.getByRole('button', { name: 'Anmelden' }).first().click()
  void before
  const code = await latestCode(page, email, /Bestätigungscode/, /Dein Code: (\d{6})/)
  const digits = page.getByRole('group', { name: 'Bestätigungscode eingeben' }).getByRole('textbox')
  for (const [index, digit] of code.split('').entries()) await digits.nth(index).fill(digit)
  await shot(page, width, '20-login-code')
  await page.getByRole('button', { name: 'Senden', exact: true }).click()
  await page.waitForURL(/\/kundenkonto$/)
  await shot(page, width, '21-account')
  for (const [name, path] of [
    ['22-orders', '/kundenkonto/bestellungen'],
    ['24-customer-data', '/kundenkonto/kontaktinformationen'],
    ['25-addresses', '/kundenkonto/adressen'],
    ['26-cards', '/kundenkonto/kreditkarten'],
    ['27-wishlist', '/merkzettel'],
    ['28-campus', '/studentenprogramm'],
  ] as const) {
    await page.goto(`${BASE}${path}`)
    await shot(page, width, name)
  }
  await page.goto(`${BASE}/kundenkonto/bestellungen`)
  const details = page.locator('a[href^="/kundenkonto/bestellungen/B"]').first()
  // The list renders after the page's data arrives.
  if (
    await details.waitFor({ timeout: 15_000 }).then(
      () => true,
      () => false,
    )
  ) {
    await details.click()
    await page.waitForLoadState('networkidle')
    await shot(page, width, '23-order-details')
  }
  if (soft) {
    const id = await productId(page)
    await page.request.post(`${BASE}/cart/add/`, { data: { id, quantity: 1 } })
    const seconds = Number(process.env.FULL_LOGIN_SECONDS ?? 60)
    console.log(`waiting ${seconds + 2}s for the full login to expire …`)
    await page.waitForTimeout((seconds + 2) * 1000)
    await page.goto(`${BASE}/warenkorb`)
    await shot(page, width, '30-soft-cart')
    await page
      .getByRole('button', { name: /erhöhen|Plus|\+/ })
      .first()
      .click()
    await page.waitForTimeout(1500)
    await shot(page, width, '31-soft-popup')
  }
  await page.close()
}

async function staff(browser: Browser, width: (typeof WIDTHS)[number]) {
  const context = await browser.newContext({ viewport: width.viewport, locale: 'de-DE' })
  const page = await context.newPage()
  const email = 'admin@bitwerk.example'
  await page.goto(`${BASE}/backoffice/login`)
  await page.getByLabel('E-Mail-Adresse').fill(email)
  await page.getByLabel('Passwort').fill('Backoffice-Demo-2026')
  await page.getByRole('button', { name: 'Weiter' }).click()
  await page.getByLabel('Code').waitFor()
  const code = await latestCode(page, email, /Backoffice/, /Dein Code: (\d{6})/)
  await page.getByLabel('Code').fill(code)
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await page.waitForURL(/\/backoffice(\/)?$/)
  await shot(page, width.name, '40-backoffice')
  for (const [name, path] of [
    ['41-bo-orders', '/backoffice/bestellungen'],
    ['42-bo-products', '/backoffice/produkte'],
    ['43-bo-vouchers', '/backoffice/gutscheine'],
    ['44-bo-customers', '/backoffice/kunden'],
  ] as const) {
    await page.goto(`${BASE}${path}`)
    await shot(page, width.name, name)
  }
  await context.close()
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
})
for (const width of WIDTHS) {
  const run = async (name: string, fn: () => Promise<void>) => {
    if (values.only && !values.only.split(',').includes(name)) return
    try {
      await fn()
    } catch (error) {
      console.error(`${width.name} ${name}: ${(error as Error).message.split('\n')[0]}`)
    }
  }
  const context = await browser.newContext({
    viewport: width.viewport,
    isMobile: width.isMobile,
    hasTouch: width.isMobile,
    locale: 'de-DE',
  })
  await run('guest', () => guest(context, width.name))
  await context.clearCookies()
  await run('customer', () => customer(context, width.name, Boolean(values.soft)))
  await context.close()
  await run('staff', () => staff(browser, width))
}
await browser.close()
