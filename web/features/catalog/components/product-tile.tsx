import type { ProductTile as Tile } from '#contract/catalog.ts'
import { Stars } from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import { truncate } from '#web/lib/format.ts'
import { LISTING_TEXT_LIMIT } from '../constants.ts'
import { Availability } from './availability.tsx'
import { EnergyBadge } from './energy-label.tsx'
import { PriceBlock } from './price-block.tsx'
import { useProductActions } from './product-actions.tsx'
import { ProductImage } from './product-image.tsx'

type ProductTileProps = {
  product: Tile
  /** Pictures of the first row load at once (they are the largest paint). */
  eager?: boolean
  /** Load the picture now although it may be out of view (the next slides of a slider). */
  preload?: boolean
  headingLevel?: 2 | 3
}

/** A product in a grid or slider: picture, brand, name, key data, energy badge, price, stock. */
export function ProductTile({
  product,
  eager = false,
  preload = false,
  headingLevel = 3,
}: ProductTileProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const actions = useProductActions()
  return (
    <article className="product-tile">
      <div className="product-tile__media">
        <ProductImage
          src={product.image}
          alt=""
          sizes="(min-width: 1200px) 240px, (min-width: 768px) 30vw, 50vw"
          loading={eager || preload ? 'eager' : 'lazy'}
          decoding={eager ? 'sync' : 'async'}
          fetchPriority={eager ? 'high' : 'auto'}
        />
      </div>
      <div className="product-tile__body">
        <p className="product-tile__brand">{product.brand}</p>
        <Heading className="product-tile__name">
          <Link to={product.url} className="product-tile__link" title={product.name}>
            {truncate(product.name, LISTING_TEXT_LIMIT)}
          </Link>
        </Heading>
        <p className="product-tile__teaser">{truncate(product.teaser, LISTING_TEXT_LIMIT)}</p>
        {product.rating && (
          <p className="product-tile__rating">
            <Stars averageX100={product.rating.averageX100} size="sm" />
            <span>({product.rating.count})</span>
          </p>
        )}
        {product.energyEfficiency && (
          <div className="product-tile__energy">
            <EnergyBadge productId={product.id} energy={product.energyEfficiency} size="sm" />
          </div>
        )}
        <div className="product-tile__footer">
          <PriceBlock prices={product} />
          <Availability
            availability={product.availability}
            lowStockQuantity={product.lowStockQuantity}
          />
        </div>
        {actions && (
          <div className="product-tile__actions">
            <actions.AddToCart
              productId={product.id}
              productName={product.name}
              disabled={product.availability === 'out_of_stock'}
              variant="tile"
            />
            <actions.WishlistHeart
              productId={product.id}
              productName={product.name}
              variant="tile"
            />
            {actions.CompareToggle && (
              <actions.CompareToggle
                productId={product.id}
                productName={product.name}
                variant="tile"
              />
            )}
          </div>
        )}
      </div>
    </article>
  )
}
