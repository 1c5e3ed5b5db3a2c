// The sandbox as a site of its own under /psp/: info page, assets, unknown paths, the test shop
// (only outside production), and its independence from the shop's session and origin check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '#tests/support/app.ts'
import { getPage, postForm, redirectOf, startPaymentsApp } from './payments-support.ts'

let shop: TestApp

beforeAll(async () => {
  ;({ shop } = await startPaymentsApp())
})
afterAll(() => shop.close())

describe('sandbox pages', () => {
  it('documents the test cards on the info page, in German, with its own style', async () => {
    const response = await getPage(shop, '/psp/')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('<html lang="de">')
    expect(html).toContain('Bitpay Sandbox')
    for (const number of [
      '4111 1111 1111 1111',
      '4000 0000 0000 0002',
      '4000 0000 0000 3220',
      '4000 0000 0000 0119',
    ])
      expect(html).toContain(number)
    expect(html).toContain('/psp/dev/harness')
    const css = await getPage(shop, '/psp/assets/sandbox.css')
    expect(css.headers.get('content-type')).toContain('text/css')
    expect((await getPage(shop, '/psp/assets/nope.js')).status).toBe(404)
  })

  it('answers unknown sandbox paths with its own 404 page, not the shop', async () => {
    const response = await getPage(shop, '/psp/gibt-es-nicht')
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('Bitpay')
  })

  it('sets no shop session and skips the shop origin check (another site)', async () => {
    const harness = await getPage(shop, '/psp/dev/harness')
    expect(harness.status).toBe(200)
    expect(harness.headers.get('set-cookie')).toBeNull()
    const response = await fetch(`${shop.url}/psp/dev/harness/wallet`, {
      method: 'POST',
      headers: {
        origin: 'https://bank.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'method=paypal',
      redirect: 'manual',
    })
    expect(response.status).toBe(303)
  })

  it('runs the test shop: a PayPal payment from the harness to its result page', async () => {
    const start = await postForm(shop, '/psp/dev/harness/wallet', { method: 'paypal-express' })
    const page = redirectOf(start).location
    expect(page).toMatch(/^\/psp\/pay\//)
    const back = await postForm(shop, page, { decision: 'approve', buyerId: 'buyer-de' })
    const result = await getPage(shop, redirectOf(back).location)
    const html = await result.text()
    expect(html).toContain('Zahlung erfolgreich')
    expect(html).toContain('autorisiert')
    expect(html).toContain('Heidestraße 17')
  })

  it('leaves the shop own security headers in place outside /psp/', async () => {
    const response = await fetch(`${shop.url}/api/header_data`)
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'")
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN')
  })
})

describe('in production', () => {
  it('has no test shop, but the sandbox pages remain', async () => {
    const { shop: production } = await startPaymentsApp({ NODE_ENV: 'production' })
    try {
      expect((await getPage(production, '/psp/dev/harness')).status).toBe(404)
      expect((await getPage(production, '/psp/')).status).toBe(200)
      expect(await (await getPage(production, '/psp/')).text()).not.toContain('/psp/dev/harness')
    } finally {
      await production.close()
    }
  })
})
