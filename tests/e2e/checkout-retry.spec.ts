// A lost answer at "Zahlungspflichtig bestellen" (issue 16): the browser keeps the order's
// idempotency key until the shop answers, so clicking again (or reloading the checkout) shows the
// order the first try placed, and there is one order only.
import type { Page, Request } from '@playwright/test'
import { expect, productForCheckout, registerBusinessCustomer, test } from './fixtures.ts'

const PASSWORD = 'Blau-Tasse-42'
const PROCESS = '**/api/checkout/process'

function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.de`
}

/** A business customer at the confirmation step, paying by invoice. */
async function readyToOrder(page: Page) {
  await page.goto('/')
  await registerBusinessCustomer(page, uniqueEmail('verloren'), PASSWORD)
  const id = await productForCheckout(page, 2000)
  expect((await page.request.post('/cart/add/', { data: { id, quantity: 1 } })).status()).toBe(200)
  await page.goto('/kasse')
  await page.getByRole('radio', { name: 'Rechnung', exact: true }).click()
  await expect(page.getByRole('radio', { name: 'Rechnung', exact: true })).toBeChecked()
}

function keyOf(request: Request): string {
  return (request.postDataJSON() as { idempotencyKey: string }).idempotencyKey
}

async function ordersCount(page: Page): Promise<number> {
  const response = await page.request.post('/account/get-orders', { data: {} })
  expect(response.status()).toBe(200)
  return ((await response.json()) as { ordersCount: number }).ordersCount
}

test('clicking again after lost answers sends the same key and shows the one order', async ({
  page,
}) => {
  await readyToOrder(page)
  const keys: string[] = []
  let call = 0
  await page.route(PROCESS, async (route) => {
    keys.push(keyOf(route.request()))
    call++
    // 1: the request never reaches the shop; 2: the order commits, the answer is lost (503).
    if (call === 1) return route.abort('connectionreset')
    if (call === 2) {
      await route.fetch()
      return route.fulfill({ status: 503, json: { code: 'general_error', message: 'weg' } })
    }
    return route.continue()
  })
  const order = page.getByRole('button', { name: 'Zahlungspflichtig bestellen' })
  await order.click()
  await expect(page.getByRole('alert')).toBeVisible()
  await order.click()
  await expect.poll(() => call).toBe(2)
  await expect(order).toBeEnabled()
  await order.click()
  await expect(page).toHaveURL(/\/kasse\/erfolgreich$/)
  await expect(page.getByTestId('order-number')).toHaveText(/^B\d{7}$/)
  expect(keys).toHaveLength(3)
  expect(new Set(keys).size).toBe(1)
  expect(await ordersCount(page)).toBe(1)
})

test('reloading the checkout after a lost answer finds the placed order', async ({ page }) => {
  await readyToOrder(page)
  let lost = false
  await page.route(PROCESS, async (route) => {
    if (lost) return route.continue()
    lost = true
    await route.fetch()
    return route.fulfill({ status: 503, json: { code: 'general_error', message: 'weg' } })
  })
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click()
  await expect(page.getByRole('alert')).toBeVisible()
  // The cart was emptied by the order the shopper did not see; the checkout asks for it.
  await page.reload()
  await expect(page).toHaveURL(/\/kasse\/erfolgreich$/)
  await expect(page.getByTestId('order-number')).toHaveText(/^B\d{7}$/)
  expect(await ordersCount(page)).toBe(1)
})
