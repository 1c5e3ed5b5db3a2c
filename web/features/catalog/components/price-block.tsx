import type { ProductTile } from '#contract/catalog.ts'
import { Price, PriceNote, ReferencePrice } from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import { formatPrice } from '#web/lib/format.ts'
import { paths } from '#web/lib/paths.ts'

type Prices = Pick<
  ProductTile,
  | 'priceCents'
  | 'strikeThroughPriceCents'
  | 'recommendedRetailPriceCents'
  | 'discountPercent'
  | 'hasCampusPrice'
  | 'campusPriceCents'
>

/**
 * Price with the German display rules: the price, the 30-day lowest price before an announced
 * reduction struck through with the saving against it (§ 11 PAngV, EuGH C-330/23), the
 * manufacturer's RRP, the Campus price for members, and "inkl. MwSt., zzgl. Versandkosten".
 */
export function PriceBlock({ prices, size = 'md' }: { prices: Prices; size?: 'md' | 'lg' }) {
  const hasStrike =
    prices.strikeThroughPriceCents !== null && prices.strikeThroughPriceCents > prices.priceCents
  const showRrp =
    prices.recommendedRetailPriceCents !== null &&
    prices.recommendedRetailPriceCents > prices.priceCents
  return (
    <div className={`price-block price-block--${size}`}>
      <div className="price-block__main">
        <Price cents={prices.priceCents} variant={size === 'lg' ? 'large' : 'regular'} />
        {hasStrike && prices.discountPercent > 0 && (
          <span className="discount-badge">
            <span className="visually-hidden">Du sparst </span>−{prices.discountPercent} %
          </span>
        )}
      </div>
      {(hasStrike || showRrp) && (
        <div className="price-block__former">
          {hasStrike && prices.strikeThroughPriceCents !== null && (
            <ReferencePrice cents={prices.strikeThroughPriceCents} />
          )}
          {showRrp && prices.recommendedRetailPriceCents !== null && (
            <span className="price-block__rrp">
              <abbr title="unverbindliche Preisempfehlung des Herstellers">UVP</abbr>{' '}
              {formatPrice(prices.recommendedRetailPriceCents)}
            </span>
          )}
        </div>
      )}
      {prices.campusPriceCents !== null && (
        <p className="price-block__campus">
          Campus-Preis <Price cents={prices.campusPriceCents} variant="campus" />
        </p>
      )}
      <PriceNote />
      {size === 'lg' && prices.hasCampusPrice && prices.campusPriceCents === null && (
        <p className="price-block__campus-hint">
          Für Studierende, Schüler, Azubis und Lehrkräfte gibt es einen Campus-Preis.{' '}
          <Link to={paths.campusDeals}>Mehr zum Campusprogramm</Link>
        </p>
      )}
    </div>
  )
}
