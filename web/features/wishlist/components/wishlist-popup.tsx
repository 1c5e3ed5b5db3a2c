// The header's wishlist popup: the products (as in the cart popup); a removed product keeps its
// place with a restore element until the popup closes.
import { useState } from 'react'
import type { HeaderProduct } from '#contract/header.ts'
import { Link } from '#web/components/ui/link.tsx'
import { HeaderProductItem } from '#web/features/cart/index.ts'
import { useHeaderData } from '#web/features/header/index.ts'
import { paths } from '#web/lib/paths.ts'
import { useWishlistToggle } from '../api.ts'

export function WishlistPopup() {
  const header = useHeaderData().data?.body
  const toggle = useWishlistToggle()
  const [removed, setRemoved] = useState<HeaderProduct[]>([])
  const current = header?.wishlist ?? []
  const products = [
    ...current,
    ...removed.filter((item) => !current.some((p) => p.productId === item.productId)),
  ]
  const isRemoved = (id: number) =>
    removed.some((item) => item.productId === id) && !current.some((p) => p.productId === id)
  return (
    <div className="header-popup__content">
      <p className="header-popup__title">Merkzettel ({header?.wishlistItemCount ?? 0} Produkte)</p>
      {products.length === 0 ? (
        <p className="header-popup__empty">Dein Merkzettel ist leer.</p>
      ) : (
        <ul className="header-popup__list">
          {products.map((product) =>
            isRemoved(product.productId) ? (
              <li key={product.productId} className="header-item header-item--removed">
                <span>Entfernt.</span>
                <button
                  type="button"
                  className="header-item__restore"
                  disabled={toggle.isPending}
                  onClick={() =>
                    toggle.mutate(
                      { productId: product.productId, add: true },
                      {
                        onSuccess: () =>
                          setRemoved((items) =>
                            items.filter((item) => item.productId !== product.productId),
                          ),
                      },
                    )
                  }
                >
                  Wiederherstellen
                </button>
              </li>
            ) : (
              <li key={product.productId} className="header-item">
                <HeaderProductItem product={product} />
                <button
                  type="button"
                  className="header-item__remove"
                  aria-label={`${product.name} vom Merkzettel entfernen`}
                  disabled={toggle.isPending}
                  onClick={() =>
                    toggle.mutate(
                      { productId: product.productId, add: false },
                      { onSuccess: () => setRemoved((items) => [...items, product]) },
                    )
                  }
                >
                  ×
                </button>
              </li>
            ),
          )}
        </ul>
      )}
      <div className="header-popup__actions">
        <Link className="btn btn--secondary btn--sm" to={paths.wishlist}>
          <span className="btn__label">Zum Merkzettel</span>
        </Link>
      </div>
    </div>
  )
}
