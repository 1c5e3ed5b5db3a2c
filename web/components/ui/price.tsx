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

/** German price display rule: VAT included, shipping extra, with a link to the costs. */
export function PriceNote({ className }: { className?: string }) {
  return (
    <span className={['price-note', className].filter(Boolean).join(' ')}>
      inkl. MwSt., zzgl. <a href="/infocenter/section/shipping">Versandkosten</a>
    </span>
  )
}
