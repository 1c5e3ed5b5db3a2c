import { formatPrice } from '#web/lib/format.ts'

type PriceProps = {
  cents: number
  /** A former price, struck through. */
  variant?: 'regular' | 'strike' | 'large' | 'campus'
  className?: string
}

/** A price in EUR, de-DE: 129900 -> "1.299,00 €". */
export function Price({ cents, variant = 'regular', className }: PriceProps) {
  const classes = ['price', `price--${variant}`, className].filter(Boolean).join(' ')
  if (variant === 'strike') {
    return (
      <del className={classes}>
        <span className="visually-hidden">statt </span>
        {formatPrice(cents)}
      </del>
    )
  }
  return <span className={classes}>{formatPrice(cents)}</span>
}

/** The label of the comparison price, one wording for listing, product page, cart and wishlist. */
export const REFERENCE_PRICE_LABEL = 'Niedrigster Preis der 30 Tage vor der Preissenkung:'

/**
 * The comparison price of an announced reduction (§ 11 PAngV): the lowest price of the 30 days
 * before the reduction, struck through and labelled as such; the server sends it only when the
 * price is below it (docs/decisions.md "30-day price").
 */
export function ReferencePrice({ cents, className }: { cents: number; className?: string }) {
  return (
    <span className={['reference-price', className].filter(Boolean).join(' ')}>
      {REFERENCE_PRICE_LABEL} <del className="price price--strike">{formatPrice(cents)}</del>
    </span>
  )
}

/** German price display rule: VAT included, shipping extra, with a link to the costs. */
export function PriceNote({ className }: { className?: string }) {
  return (
    <span className={['price-note', className].filter(Boolean).join(' ')}>
      inkl. MwSt., zzgl. <a href="/infocenter/section/shipping">Versandkosten</a>
    </span>
  )
}
