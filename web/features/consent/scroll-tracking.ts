// Scroll tracking (storefront sections 4, 7 and 9), loaded only with consent to statistics:
// a log entry at every 25 % of depth reached, posted at start (init), every 60 s (timer) and when
// the page is left (unload, by sendBeacon so it survives closing the tab).
import type { Scrolling, ScrollTrackingBody } from '#contract/consent.ts'
import { tsr } from '#web/lib/tsr.ts'
import { hasConsent } from './consent-store.ts'

export const SCROLL_POST_INTERVAL_MS = 60_000
export const SCROLL_DEPTH_STEP = 25
const ENDPOINT = '/api/tracking/scroll'

type Trigger = Scrolling['eventTrigger']

export function scrollDepth(): number {
  const { scrollHeight } = document.documentElement
  const seen = window.scrollY + window.innerHeight
  if (scrollHeight <= window.innerHeight) return 100
  return Math.min(100, Math.max(0, Math.round((seen / scrollHeight) * 100)))
}

/** Starts measuring the current page; returns a stop function (which sends what is left). */
export function startScrollTracking(options: { now?: () => number } = {}): () => void {
  const now = options.now ?? (() => performance.now())
  const started = now()
  const pageId = Math.random().toString(36).slice(2, 10)
  const url = `${window.location.origin}${window.location.pathname}`
  let counter = 0
  let maxDepth = 0
  let logged = 0 // the highest 25 % step logged so far
  let pending: Omit<Scrolling, 'eventTrigger'>[] = []

  const entry = (depth: number) => {
    counter += 1
    return {
      scrollDepth: depth,
      maxScrollDepth: maxDepth,
      scrollTime: Math.round((now() - started) / 1000),
      dynamicUrl: url,
      eventId: `${pageId}-${counter}`,
    }
  }

  const measure = () => {
    const depth = scrollDepth()
    maxDepth = Math.max(maxDepth, depth)
    const step = Math.floor(maxDepth / SCROLL_DEPTH_STEP) * SCROLL_DEPTH_STEP
    while (logged < step) {
      logged += SCROLL_DEPTH_STEP
      pending.push({ ...entry(logged), scrollDepth: logged })
    }
  }

  const body = (trigger: Trigger): ScrollTrackingBody | null => {
    if (!hasConsent('statistics')) return null
    const entries = pending.length > 0 ? pending : [entry(scrollDepth())]
    pending = []
    return {
      action: 'nbb.scrolling',
      referrer: document.referrer,
      scrollings: entries.slice(-50).map((e) => ({ ...e, eventTrigger: trigger })),
    }
  }

  const post = (trigger: Trigger) => {
    const payload = body(trigger)
    if (!payload) return
    tsr.consent.trackScrolling
      .mutate({ body: payload, fetchOptions: { keepalive: true } })
      .catch(() => {})
  }

  const beacon = () => {
    measure()
    const payload = body('unload')
    if (!payload) return
    const blob = new Blob([JSON.stringify(payload)], { type: 'application/json' })
    if (!navigator.sendBeacon?.(ENDPOINT, blob)) post('unload')
  }

  let frame = 0
  const onScroll = () => {
    if (frame) return
    frame = window.requestAnimationFrame(() => {
      frame = 0
      measure()
    })
  }

  measure()
  post('init')
  const timer = window.setInterval(() => {
    if (document.visibilityState !== 'visible') return
    measure()
    post('timer')
  }, SCROLL_POST_INTERVAL_MS)
  window.addEventListener('scroll', onScroll, { passive: true })
  window.addEventListener('pagehide', beacon)

  return () => {
    window.clearInterval(timer)
    window.removeEventListener('scroll', onScroll)
    window.removeEventListener('pagehide', beacon)
    if (frame) window.cancelAnimationFrame(frame)
    // Leaving the page inside the shop: the rest goes out as "unload" (consent is checked again).
    measure()
    if (pending.length > 0 || maxDepth > 0) post('unload')
  }
}
