// The header's cart popup (storefront §2): the products with picture, manufacturer, name (cut
// at 25 characters), price, quantity and energy class; "Zum Warenkorb" and "Zur Kasse".

import type { HeaderProduct } from '#contract/header.ts'
import { Link } from '#web/components/ui/link.tsx'
import { useHeaderData } from '#web/features/header/index.ts'
import { formatPrice, truncate } from '#web/lib/format.ts'
import { paths } from '#web/lib/paths.ts'

/** Names in the header's lists are cut at 25 characters. */
export const HEADER_NAME_LIMIT = 25

export function HeaderProductItem({ product }: { product: HeaderProduct }) {
  return (
    <>
      <img src={product.image} alt="" width={56} height={56} loading="lazy" />
      <div className="header-item__text">
        <span className="header-item__brand">{product.baseName}</span>
        <Link to={product.url} className="header-item__name" title={product.name}>
          {truncate(product.name, HEADER_NAME_LIMIT)}
        </Link>
        <span className="header-item__meta">
          {`${product.quantity} × `}
          {formatPrice(product.priceCents)}
          {product.energyEfficiency && (
            <span
              className={`header-item__energy energy-class--${product.energyEfficiency.classLevel}`}
              title={`Energieeffizienzklasse ${product.energyEfficiency.label} (Skala ${product.energyEfficiency.scale})`}
            >
              {product.energyEfficiency.label}
            </span>
          )}
        </span>
      </div>
    </>
  )
}

export function CartPopup() {
  const header = useHeaderData().data?.body
  const products = header?.cartContent ?? []
  return (
    <div className="header-popup__content">
      <p className="header-popup__title">Warenkorb ({header?.cartAmount ?? 0} Artikel)</p>
      {products.length === 0 ? (
        <p className="header-popup__empty">Dein Warenkorb ist leer.</p>
      ) : (
        <ul className="header-popup__list">
          {products.map((product) => (
            <li key={product.productId} className="header-item">
              <HeaderProductItem product={product} />
            </li>
          ))}
        </ul>
      )}
      <div className="header-popup__actions">
        <Link className="btn btn--secondary btn--sm" to={paths.cart}>
          <span className="btn__label">Zum Warenkorb</span>
        </Link>
        {products.length > 0 && (
          <Link className="btn btn--primary btn--sm" to={paths.checkout}>
            <span className="btn__label">Zur Kasse</span>
          </Link>
        )}
      </div>
    </div>
  )
}
