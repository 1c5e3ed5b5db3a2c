// The price summary (subtotal, shipping, total, VAT included) and the sticky summary with
// "Zur Kasse", which hides 250 ms after the in-page summary comes into view (or was scrolled
// past) and shows again 250 ms after it left downwards.
import { type RefObject, useEffect, useState } from 'react'
import type { CartSummary as Summary } from '#contract/cart.ts'
import { Price } from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import { formatPrice } from '#web/lib/format.ts'
import { paths } from '#web/lib/paths.ts'

export const STICKY_SUMMARY_DELAY_MS = 250

export function CartSummary({ summary }: { summary: Summary }) {
  return (
    <dl className="cart-summary__rows">
      <div className="cart-summary__row">
        <dt>Zwischensumme</dt>
        <dd>
          <Price cents={summary.subtotalCents} />
        </dd>
      </div>
      <div className="cart-summary__row cart-summary__row--shipping">
        <dt>Versandkosten</dt>
        <dd>{summary.shippingCents === 0 ? 'kostenlos' : formatPrice(summary.shippingCents)}</dd>
        {/* A dl holds only dt/dd groups: the hint is a second description of the shipping row. */}
        {summary.missingForFreeShippingCents > 0 && (
          <dd className="cart-summary__hint">
            Noch {formatPrice(summary.missingForFreeShippingCents)} bis zum kostenlosen Versand (ab{' '}
            {formatPrice(summary.freeShippingFromCents)}).
          </dd>
        )}
      </div>
      <div className="cart-summary__row cart-summary__row--total">
        <dt>Gesamtsumme</dt>
        <dd>
          <Price cents={summary.totalCents} />
        </dd>
      </div>
      <div className="cart-summary__row cart-summary__row--tax">
        <dt>enthaltene MwSt. ({summary.taxPercent} %)</dt>
        <dd>{formatPrice(summary.taxCents)}</dd>
      </div>
    </dl>
  )
}

/** True while the element is in view or above it (scrolled past), after the delay. */
function useSummaryReached(target: RefObject<HTMLElement | null>): boolean {
  const [reached, setReached] = useState(false)
  const [settled, setSettled] = useState(false)
  useEffect(() => {
    const element = target.current
    if (!element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(([entry]) => {
      if (!entry) return
      setReached(entry.isIntersecting || entry.boundingClientRect.top < 0)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [target])
  useEffect(() => {
    const timer = setTimeout(() => setSettled(reached), STICKY_SUMMARY_DELAY_MS)
    return () => clearTimeout(timer)
  }, [reached])
  return settled
}

export function StickySummary({
  summary,
  inPage,
}: {
  summary: Summary
  inPage: RefObject<HTMLElement | null>
}) {
  const hidden = useSummaryReached(inPage)
  return (
    <div className="cart-sticky" hidden={hidden} data-testid="sticky-summary">
      <div className="container cart-sticky__inner">
        <p className="cart-sticky__total">
          Gesamtsumme <Price cents={summary.totalCents} />
        </p>
        <Link className="btn btn--primary btn--md" to={paths.checkout}>
          <span className="btn__label">Zur Kasse</span>
        </Link>
      </div>
    </div>
  )
}
