// Helpers of the payment API tests: the real app plus a provider on the same database (state
// lives in Postgres, so the test's provider and the app's pages see the same payments), and the
// browser's side of the sandbox pages as plain HTTP.

import { createPaymentProvider } from '#server/payment-sandbox/index.ts'
import type { PaymentProvider } from '#server/platform/payments/index.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'

export const SHOP_ORIGIN = 'https://shop.example'
export const RETURN_URL = '/kasse/zahlung/zurueck'
export const CANCEL_URL = '/kasse/zahlung/abbruch'

export type PaymentsApp = { shop: TestApp; payments: PaymentProvider }

export async function startPaymentsApp(env?: Record<string, string>): Promise<PaymentsApp> {
  const shop = await startTestApp({ env })
  const { provider } = createPaymentProvider({
    db: shop.db,
    config: shop.config,
    clock: shop.clock,
  })
  return { shop, payments: provider }
}

/** A card expiry some years after the test clock's now, as the form wants it (MM, YY). */
export function futureExpiry(shop: TestApp, years = 3) {
  const year = shop.clock.now().getUTCFullYear() + years
  return { expiryMonth: '12', expiryYear: String(year % 100).padStart(2, '0'), year }
}

/** What the hosted form's script does: a multipart post of the card to the check URL. */
export function postCard(
  shop: TestApp,
  checkUrl: string,
  fields: Record<string, string>,
  options: { json?: boolean } = {},
) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  return fetch(`${shop.url}${checkUrl}`, {
    method: 'POST',
    body: form,
    headers: options.json === false ? { accept: 'text/html' } : { accept: 'application/json' },
  })
}

/** A browser's form post (urlencoded), without following the redirect. */
export function postForm(shop: TestApp, url: string, fields: Record<string, string>) {
  return fetch(`${shop.url}${url}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
  })
}

export function getPage(shop: TestApp, url: string) {
  return fetch(`${shop.url}${url}`, { redirect: 'manual' })
}

/** The redirect target as path + query, and its query parameters. */
export function redirectOf(response: Response): { location: string; params: URLSearchParams } {
  const location = response.headers.get('location') ?? ''
  return { location, params: new URL(location, 'http://x').searchParams }
}
