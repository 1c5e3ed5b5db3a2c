// First-party tracking from the browser: every call first checks consent to statistics; without
// it no request is made. Checkout and cart call these (see index.ts).
import type {
  CheckoutStep,
  TrackingEventBody,
  TrackingEventType,
  TrackingProduct,
} from '#contract/consent.ts'
import { tsr } from '#web/lib/tsr.ts'
import { hasConsent, readConsent } from './consent-store.ts'

export type TrackDetails = Pick<
  TrackingEventBody,
  'products' | 'productIds' | 'clickElementName' | 'label'
>

/** The page without query string (links may carry tokens). */
function pageUrl(): string {
  return `${window.location.origin}${window.location.pathname}`
}

/**
 * Sends one tracking event when the visitor consented to statistics. Resolves to true when it
 * was stored, false when it was not sent (no consent, server rendering) or failed. Never throws.
 */
export async function track(
  eventType: TrackingEventType,
  details: TrackDetails = {},
): Promise<boolean> {
  if (typeof window === 'undefined' || !hasConsent('statistics')) return false
  try {
    const response = await tsr.consent.trackEvent.mutate({
      body: {
        eventType,
        eventTime: new Date().toISOString(),
        tid: readConsent()?.consentId ?? null,
        url: pageUrl(),
        ...details,
      },
      // Survives a navigation right after the event (e.g. to the success page).
      fetchOptions: { keepalive: true },
    })
    return response.status === 200
  } catch {
    return false
  }
}

/** Checkout step events: start, address, payment, delivery, summary, success. */
export function trackCheckoutStep(
  step: CheckoutStep,
  products?: TrackingProduct[],
): Promise<boolean> {
  return track(`checkout_${step}`, products ? { products } : {})
}

/** The add-to-cart warranty event: the warranty's product ids and the clicked element. */
export function trackWarrantyAddToCart(input: {
  productIds: number[]
  clickElementName: string
}): Promise<boolean> {
  return track('add_to_cart_warranty', input)
}
