// Consent and tracking through real HTTP on a real Postgres: consent records with history, the
// bw_consent cookie, and no event stored without consent.
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SaveConsentBody } from '#contract/consent.ts'
import {
  type ConsentServiceId,
  formatConsentCookie,
  noConsent,
  parseConsentCookie,
} from '#contract/consent-services.ts'
import { CONSENT_SERVICES } from '#contract/consent-texts.ts'
import {
  consentRecords,
  conversions,
  recommendationEvents,
  trackingEvents,
} from '#db/schema/consent.ts'
import {
  consentJobs,
  countTrackingEvents,
  loadVisitorConsent,
  marketingPartnersOf,
  recordConversion,
} from '#server/consent/index.ts'
import { runJobOnce } from '#server/platform/jobs.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import { type Browser, createBrowser } from '#tests/support/client.ts'

let shop: TestApp
beforeAll(async () => {
  shop = await startTestApp()
})
afterAll(() => shop.close())

function decision(
  action: SaveConsentBody['action'],
  granted: Partial<Record<ConsentServiceId, boolean>>,
  referrer = 'https://shop.example/produkte/rtx?utm=1#top',
): SaveConsentBody {
  return {
    referrer,
    action,
    consentData: CONSENT_SERVICES.map((service) => ({
      serviceName: service.serviceName,
      templateId: service.templateId,
      consentStatus: granted[service.templateId] ?? false,
    })),
  }
}

const ALL = Object.fromEntries(CONSENT_SERVICES.map((s) => [s.templateId, true]))

function event(eventType: 'page_view' | 'checkout_start' = 'page_view') {
  return {
    body: {
      eventType,
      eventTime: shop.clock.now().toISOString(),
      tid: 'tid-1',
      url: 'https://shop.example/',
    },
  }
}

async function eventsOf(consentId: string) {
  const [row] = await shop.db
    .select({ n: count() })
    .from(trackingEvents)
    .where(eq(trackingEvents.consentId, consentId))
  return row?.n ?? 0
}

async function totalEvents() {
  const [row] = await shop.db.select({ n: count() }).from(trackingEvents)
  return row?.n ?? 0
}

function consentOf(browser: Browser) {
  return parseConsentCookie(browser.cookies.get('bw_consent'))
}

describe('POST /api/consent', () => {
  it('stores one record per service with history and sets the readable bw_consent cookie', async () => {
    const browser = createBrowser(shop.url)
    const response = await browser.api.consent.saveConsent({ body: decision('accept_all', ALL) })
    expect(response.status).toBe(200)
    if (response.status !== 200) return
    expect(response.body.services).toHaveLength(CONSENT_SERVICES.length)
    const statistics = response.body.services.find((s) => s.templateId === 'statistics')
    expect(statistics).toMatchObject({
      serviceName: 'Statistik & Tracking',
      consentStatus: true,
      consentHistory: [
        {
          action: 'accept_all',
          consentStatus: true,
          referrer: 'https://shop.example/produkte/rtx',
          version: 1,
        },
      ],
    })
    const state = consentOf(browser)
    expect(state?.consentId).toBe(response.body.consentId)
    expect(state?.granted.youtube).toBe(true)
    // No session is needed for a consent decision.
    expect(browser.cookies.has('sid')).toBe(false)
    const raw = await browser.fetch('/api/consent')
    expect(raw.headers.get('cache-control')).toContain('no-store')
  })

  it('keeps the consent id and appends to the history on every later save', async () => {
    const browser = createBrowser(shop.url)
    await browser.api.consent.saveConsent({ body: decision('accept_all', ALL) })
    const first = consentOf(browser)?.consentId
    const response = await browser.api.consent.saveConsent({
      body: decision('save', { statistics: false, youtube: true }),
    })
    if (response.status !== 200) throw new Error('save failed')
    expect(response.body.consentId).toBe(first)
    const youtube = response.body.services.find((s) => s.templateId === 'youtube')
    expect(youtube?.consentHistory.map((h) => [h.action, h.consentStatus])).toEqual([
      ['accept_all', true],
      ['save', true],
    ])
    const rows = await shop.db
      .select()
      .from(consentRecords)
      .where(eq(consentRecords.consentId, first ?? ''))
    expect(rows).toHaveLength(CONSENT_SERVICES.length)
    expect(consentOf(browser)?.granted).toMatchObject({ statistics: false, youtube: true })
    const read = await browser.api.consent.getConsent()
    expect(read.status).toBe(200)
  })

  it('does not reuse a consent id that has no record (a hand-made cookie)', async () => {
    const browser = createBrowser(shop.url)
    browser.cookies.set('bw_consent', '1.made-up-id.1111111')
    const response = await browser.api.consent.saveConsent({ body: decision('deny_all', {}) })
    if (response.status !== 200) throw new Error('save failed')
    expect(response.body.consentId).not.toBe('made-up-id')
    expect((await createBrowser(shop.url).api.consent.getConsent()).status).toBe(404)
  })

  it('refuses unknown services with 400', async () => {
    const response = await createBrowser(shop.url).fetch('/api/consent', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        referrer: '',
        action: 'save',
        consentData: [{ serviceName: 'X', templateId: 'facebook_pixel', consentStatus: true }],
      }),
    })
    expect(response.status).toBe(400)
  })
})

describe('POST /api/tracking/add stores events only with consent', () => {
  it('refuses an event without any consent cookie and stores nothing', async () => {
    const before = await totalEvents()
    const response = await createBrowser(shop.url).api.consent.trackEvent(event())
    expect(response.status).toBe(422)
    expect(response.body).toMatchObject({ code: 'consent_required' })
    expect(await totalEvents()).toBe(before)
  })

  it('refuses an event after "Alle ablehnen"', async () => {
    const browser = createBrowser(shop.url)
    await browser.api.consent.saveConsent({ body: decision('deny_all', {}) })
    const before = await totalEvents()
    const response = await browser.api.consent.trackEvent(event())
    expect(response.status).toBe(422)
    const scroll = await browser.api.consent.trackScrolling({
      body: {
        action: 'nbb.scrolling',
        referrer: '',
        scrollings: [
          {
            scrollDepth: 25,
            maxScrollDepth: 25,
            scrollTime: 3,
            dynamicUrl: 'https://shop.example/',
            eventId: 'e1',
            eventTrigger: 'init',
          },
        ],
      },
    })
    expect(scroll.status).toBe(422)
    expect(await totalEvents()).toBe(before)
  })

  it('refuses an event when the cookie claims consent the record does not hold', async () => {
    const browser = createBrowser(shop.url)
    await browser.api.consent.saveConsent({ body: decision('deny_all', {}) })
    const state = consentOf(browser)
    if (!state) throw new Error('no consent cookie')
    const forged = formatConsentCookie({
      consentId: state.consentId,
      granted: { ...noConsent(), statistics: true },
    })
    browser.cookies.set('bw_consent', forged)
    const response = await browser.api.consent.trackEvent(event())
    expect(response.status).toBe(422)
    expect(await eventsOf(state.consentId)).toBe(0)
  })

  it('stores events and scroll depths with consent to statistics', async () => {
    const browser = createBrowser(shop.url)
    await browser.api.consent.saveConsent({ body: decision('save', { statistics: true }) })
    const consentId = consentOf(browser)?.consentId ?? ''
    const response = await browser.api.consent.trackEvent({
      body: {
        ...event('checkout_start').body,
        products: [
          {
            productId: 7,
            articleNumber: 'A-7',
            productPrice: 129.9,
            productQuantity: 1,
            productName: 'Maus',
          },
        ],
      },
    })
    expect(response.status).toBe(200)
    const warranty = await browser.api.consent.trackEvent({
      body: {
        eventType: 'add_to_cart_warranty',
        eventTime: shop.clock.now().toISOString(),
        tid: null,
        url: 'https://shop.example/warenkorb',
        productIds: [7, 8],
        clickElementName: 'warranty-radio-2y',
      },
    })
    expect(warranty.status).toBe(200)
    const scroll = await browser.api.consent.trackScrolling({
      body: {
        action: 'nbb.scrolling',
        referrer: 'https://shop.example/?token=secret',
        scrollings: [25, 50].map((depth, index) => ({
          scrollDepth: depth,
          maxScrollDepth: depth,
          scrollTime: index * 5,
          dynamicUrl: 'https://shop.example/',
          eventId: `e${index}`,
          eventTrigger: 'timer' as const,
        })),
      },
    })
    expect(scroll.status).toBe(200)
    const rows = await shop.db
      .select()
      .from(trackingEvents)
      .where(eq(trackingEvents.consentId, consentId))
    expect(rows.map((r) => r.eventType).sort()).toEqual([
      'add_to_cart_warranty',
      'checkout_start',
      'scroll',
      'scroll',
    ])
    const warrantyRow = rows.find((r) => r.eventType === 'add_to_cart_warranty')
    expect(warrantyRow?.data).toEqual({ productIds: [7, 8], clickElementName: 'warranty-radio-2y' })
    expect(rows.find((r) => r.eventType === 'scroll')?.data).toMatchObject({
      referrer: 'https://shop.example/',
      eventTrigger: 'timer',
    })
  })

  it('deletes the stored events when statistics is withdrawn, and refuses new ones', async () => {
    const browser = createBrowser(shop.url)
    await browser.api.consent.saveConsent({ body: decision('accept_all', ALL) })
    const consentId = consentOf(browser)?.consentId ?? ''
    await browser.api.consent.trackEvent(event())
    expect(await eventsOf(consentId)).toBe(1)
    await browser.api.consent.saveConsent({ body: decision('save', { youtube: true }) })
    expect(await eventsOf(consentId)).toBe(0)
    expect((await browser.api.consent.trackEvent(event())).status).toBe(422)
  })

  it('refuses an unknown event type with 400', async () => {
    const response = await createBrowser(shop.url).fetch('/api/tracking/add', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...event().body, eventType: 'hack' }),
    })
    expect(response.status).toBe(400)
  })
})

describe('recommendation events and clicks (criteo/push, epoq/click)', () => {
  it('refuses them without consent to recommendations and stores them with it', async () => {
    const browser = createBrowser(shop.url)
    await browser.api.consent.saveConsent({ body: decision('save', { statistics: true }) })
    const push = {
      body: { event: 'view_item' as const, productIds: [3], url: 'https://shop.example/p/3' },
    }
    const click = {
      body: {
        productId: 4,
        recommendationType: 'bought_together' as const,
        position: 2,
        sourceProductId: 3,
        url: 'https://shop.example/p/3',
      },
    }
    expect((await browser.api.ads.pushRecommendationEvent(push)).status).toBe(422)
    expect((await browser.api.ads.clickRecommendation(click)).status).toBe(422)
    const recommendations = {
      body: { type: 'bought_together' as const, productId: 3 },
    }
    const refused = await browser.api.ads.getRecommendations(recommendations)
    expect(refused.status).toBe(422)
    expect(refused.body).toMatchObject({ code: 'consent_required' })

    await browser.api.consent.saveConsent({ body: decision('save', { recommendations: true }) })
    const consentId = consentOf(browser)?.consentId ?? ''
    expect((await browser.api.ads.pushRecommendationEvent(push)).status).toBe(200)
    expect((await browser.api.ads.clickRecommendation(click)).status).toBe(200)
    const rows = await shop.db
      .select()
      .from(recommendationEvents)
      .where(eq(recommendationEvents.consentId, consentId))
    expect(rows.map((r) => [r.kind, r.event, r.productIds])).toEqual(
      expect.arrayContaining([
        ['push', 'view_item', [3]],
        ['click', 'bought_together', [4]],
      ]),
    )
    // With consent the list is answered (its content is tested in ads.test.ts).
    const answer = await browser.api.ads.getRecommendations(recommendations)
    expect(answer).toMatchObject({ status: 200, body: { type: 'bought_together' } })

    await browser.api.consent.saveConsent({ body: decision('deny_all', {}) })
    const left = await shop.db
      .select({ n: count() })
      .from(recommendationEvents)
      .where(eq(recommendationEvents.consentId, consentId))
    expect(left[0]?.n).toBe(0)
  })
})

describe('recordConversion (written by checkout in the order transaction)', () => {
  it('stores orderId, affiliate and the three partner flags once per order', async () => {
    const browser = createBrowser(shop.url)
    await browser.api.consent.saveConsent({
      body: decision('save', { marketing_google: true, marketing_awin: true }),
    })
    const consent = await loadVisitorConsent(shop.db, browser.cookies.get('bw_consent'))
    const partners = marketingPartnersOf(consent)
    expect(partners).toEqual({ google: true, microsoft: false, awin: true })
    const stored = await shop.db.transaction((tx) =>
      recordConversion(tx, { orderId: 'BW-1001', affiliate: 'partner-42', partners }),
    )
    expect(stored).toBe(true)
    const again = await shop.db.transaction((tx) =>
      recordConversion(tx, { orderId: 'BW-1001', affiliate: 'x', partners }),
    )
    expect(again).toBe(false)
    await shop.db.transaction((tx) =>
      recordConversion(tx, {
        orderId: 1002,
        affiliate: 'partner-42',
        partners: marketingPartnersOf(null),
      }),
    )
    const rows = await shop.db.select().from(conversions).orderBy(conversions.id)
    expect(
      rows.map((r) => [
        r.orderId,
        r.affiliate,
        r.googleAdsConsent,
        r.microsoftAdsConsent,
        r.awinConsent,
      ]),
    ).toEqual([
      ['BW-1001', 'partner-42', true, false, true],
      // Without Awin consent the affiliate id is not kept.
      ['1002', null, false, false, false],
    ])
  })

  it('rolls back with the order transaction', async () => {
    await expect(
      shop.db.transaction(async (tx) => {
        await recordConversion(tx, {
          orderId: 'BW-rollback',
          affiliate: null,
          partners: marketingPartnersOf(null),
        })
        throw new Error('order failed')
      }),
    ).rejects.toThrow('order failed')
    const rows = await shop.db
      .select()
      .from(conversions)
      .where(eq(conversions.orderId, 'BW-rollback'))
    expect(rows).toHaveLength(0)
  })
})

describe('staff report: events per type and day', () => {
  it('counts events by type and Berlin day of arrival', async () => {
    const browser = createBrowser(shop.url)
    await browser.api.consent.saveConsent({ body: decision('save', { statistics: true }) })
    shop.clock.set(new Date('2031-03-10T22:30:00Z')) // 23:30 in Berlin, 10 March
    await browser.api.consent.trackEvent(event('page_view'))
    await browser.api.consent.trackEvent(event('checkout_start'))
    shop.clock.set(new Date('2031-03-10T23:30:00Z')) // 00:30 in Berlin, 11 March
    await browser.api.consent.trackEvent(event('page_view'))
    await browser.api.consent.trackEvent(event('page_view'))
    const report = await countTrackingEvents(shop.db, {
      from: new Date('2031-03-10T00:00:00Z'),
      to: new Date('2031-03-12T00:00:00Z'),
    })
    expect(report).toEqual([
      { day: '2031-03-10', eventType: 'checkout_start', count: 1 },
      { day: '2031-03-10', eventType: 'page_view', count: 1 },
      { day: '2031-03-11', eventType: 'page_view', count: 2 },
    ])
    shop.clock.set(new Date())
  })
})

describe('retention', () => {
  it('deletes tracking events after 13 months', async () => {
    const browser = createBrowser(shop.url)
    await browser.api.consent.saveConsent({ body: decision('save', { statistics: true }) })
    const consentId = consentOf(browser)?.consentId ?? ''
    shop.clock.set(new Date('2029-11-01T12:00:00Z'))
    await browser.api.consent.trackEvent(event())
    shop.clock.set(new Date('2031-01-01T12:00:00Z'))
    await browser.api.consent.trackEvent(event())
    expect(await eventsOf(consentId)).toBe(2)
    const [job] = consentJobs(shop.clock)
    if (!job) throw new Error('no job')
    expect(await runJobOnce(shop.db, job)).toBe(true)
    expect(await eventsOf(consentId)).toBe(1)
    shop.clock.set(new Date())
  })
})
