// One product card of the cart page: picture, manufacturer, name, article number, energy label,
// prices (strike-through, Campus price), quantity, the warranty radios with the chosen warranty
// as a child line, and removal after a confirmation.
// The page's first HTML carries the cart (issue 23); its controls wait for the script (disabled
// until hydration): a tap before would be lost, and a radio chosen before would jump back.
import { useId, useState } from 'react'
import type { CartActionResult, CartProduct } from '#contract/cart.ts'
import { Button, Modal, Price, ReferencePrice, useHydrated } from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import { EnergyBadge } from '#web/features/catalog/index.ts'
import { formatPrice } from '#web/lib/format.ts'
import { QuantityControl } from './quantity-control.tsx'

type CartLineProps = {
  product: CartProduct
  onQuantity: (quantity: number) => Promise<CartActionResult | null>
  onWarranty: (warrantyId: number | null) => void
  onRemove: () => void
}

function WarrantyRadios({
  product,
  onWarranty,
  disabled,
}: {
  product: CartProduct
  onWarranty: (id: number | null) => void
  disabled: boolean
}) {
  const name = useId()
  if (product.warranties.length === 0) return null
  const chosen = product.warranty?.id ?? null
  return (
    <fieldset className="cart-warranty" disabled={disabled}>
      <legend className="cart-warranty__legend">Garantieverlängerung für {product.name}</legend>
      <label className="cart-warranty__option">
        <input
          type="radio"
          name={name}
          checked={chosen === null}
          onChange={() => onWarranty(null)}
        />
        <span>Keine Garantieverlängerung</span>
      </label>
      {product.warranties.map((warranty) => (
        <label key={warranty.id} className="cart-warranty__option">
          <input
            type="radio"
            name={name}
            checked={chosen === warranty.id}
            onChange={() => onWarranty(warranty.id)}
          />
          <span>{warranty.name}</span>
          <span className="cart-warranty__price">+ {formatPrice(warranty.priceCents)}</span>
        </label>
      ))}
    </fieldset>
  )
}

export function CartLine({ product, onQuantity, onWarranty, onRemove }: CartLineProps) {
  const [confirming, setConfirming] = useState(false)
  const hydrated = useHydrated()
  const strike =
    product.strikeThroughPriceCents !== null && product.strikeThroughPriceCents > product.priceCents
      ? product.strikeThroughPriceCents
      : null
  return (
    <li className="cart-line" data-product-id={product.id}>
      <div className="cart-line__main">
        <Link to={product.url} className="cart-line__media" tabIndex={-1} aria-hidden="true">
          <img src={product.image} alt="" width={120} height={120} loading="lazy" />
        </Link>
        <div className="cart-line__info">
          <p className="cart-line__brand">{product.baseName}</p>
          <h2 className="cart-line__name">
            <Link to={product.url}>{product.name}</Link>
          </h2>
          <p className="cart-line__article">Art.-Nr. {product.articleNumber}</p>
          {product.available && <p className="cart-line__delivery">{product.deliveryTime}</p>}
          {product.energyEfficiency && (
            <EnergyBadge productId={product.id} energy={product.energyEfficiency} size="sm" />
          )}
          {!product.available && (
            <p className="cart-line__unavailable" role="status">
              Dieses Produkt ist leider nicht mehr verfügbar und wird nicht berechnet.
            </p>
          )}
        </div>
        <div className="cart-line__prices">
          {product.inCartAsStudentProduct && (
            <span className="cart-line__campus">Campus-Preis</span>
          )}
          <Price
            cents={product.priceCents}
            variant={product.inCartAsStudentProduct ? 'campus' : 'regular'}
          />
          {strike !== null && <ReferencePrice cents={strike} />}
          <span className="cart-line__each">pro Stück</span>
        </div>
        <div className="cart-line__quantity">
          <QuantityControl
            productId={product.id}
            productName={product.name}
            quantity={product.quantity}
            limit={product.quantityLimit}
            disabled={!hydrated || !product.available}
            onCommit={onQuantity}
          />
        </div>
        <div className="cart-line__total">
          <span className="visually-hidden">Summe: </span>
          <Price cents={product.totalCents} />
        </div>
      </div>
      <WarrantyRadios product={product} onWarranty={onWarranty} disabled={!hydrated} />
      {product.warranty && (
        <div className="cart-line__child" data-testid="warranty-line">
          <span className="cart-line__child-name">
            {product.warranty.name} für {product.name}
          </span>
          <span className="cart-line__child-quantity">{product.warranty.quantity} ×</span>
          <Price cents={product.warranty.totalCents} />
        </div>
      )}
      <div className="cart-line__actions">
        <Button variant="link" size="sm" disabled={!hydrated} onClick={() => setConfirming(true)}>
          Entfernen
        </Button>
      </div>
      <Modal
        open={confirming}
        title="Produkt entfernen"
        size="sm"
        onClose={() => setConfirming(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Abbrechen
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                setConfirming(false)
                onRemove()
              }}
            >
              Entfernen
            </Button>
          </>
        }
      >
        <p>Möchtest du „{product.name}“ wirklich aus dem Warenkorb entfernen?</p>
      </Modal>
    </li>
  )
}
