import { useId, useState } from 'react'
import type { ProductDetail } from '#contract/catalog.ts'
import { Button, CartIcon, useHydrated } from '#web/components/ui/index.ts'
import { formatPrice } from '#web/lib/format.ts'
import { useProductActions } from './product-actions.tsx'

/** Warranty extensions to choose (storefront section 1); the choice goes into the cart. */
function WarrantyChoice({
  warranties,
  chosen,
  setChosen,
  disabled,
}: {
  warranties: ProductDetail['warranties']
  chosen: number
  setChosen: (id: number) => void
  disabled: boolean
}) {
  const name = useId()
  if (warranties.length === 0) return null
  return (
    <fieldset className="warranty" disabled={disabled}>
      <legend className="warranty__legend">Garantie</legend>
      <label className="warranty__option">
        <input type="radio" name={name} checked={chosen === 0} onChange={() => setChosen(0)} />
        <span>Keine Garantieverlängerung</span>
      </label>
      {warranties.map((warranty) => (
        <label key={warranty.id} className="warranty__option">
          <input
            type="radio"
            name={name}
            checked={chosen === warranty.id}
            onChange={() => setChosen(warranty.id)}
          />
          <span>{warranty.name}</span>
          <span className="warranty__price">+ {formatPrice(warranty.priceCents)}</span>
        </label>
      ))}
    </fieldset>
  )
}

/**
 * Quantity, warranty, add to cart and the wishlist heart (the buttons come from the app).
 * Quantity and warranty wait for the script (disabled until hydration): chosen before, they would
 * jump back at hydration, while "In den Warenkorb" (a form) adds one piece without a warranty.
 */
export function BuyBox({ product }: { product: ProductDetail }) {
  const actions = useProductActions()
  const hydrated = useHydrated()
  const quantityId = useId()
  const [quantity, setQuantity] = useState(1)
  const [warrantyId, setWarrantyId] = useState(0)
  const soldOut = product.availability === 'out_of_stock'
  const max = Math.max(1, product.maxQuantity)
  return (
    <div className="buy-box">
      <WarrantyChoice
        warranties={product.warranties}
        chosen={warrantyId}
        setChosen={setWarrantyId}
        disabled={!hydrated}
      />
      <div className="buy-box__row">
        <div className="buy-box__quantity">
          <label htmlFor={quantityId}>Menge</label>
          <input
            id={quantityId}
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            step={1}
            value={quantity}
            disabled={soldOut || !hydrated}
            onChange={(event) =>
              setQuantity(Math.min(max, Math.max(1, Math.round(Number(event.target.value) || 1))))
            }
          />
        </div>
        {actions ? (
          <>
            <actions.AddToCart
              productId={product.id}
              productName={product.name}
              quantity={quantity}
              warrantyId={warrantyId || null}
              disabled={soldOut}
              variant="buy-box"
            />
            <actions.WishlistHeart
              productId={product.id}
              productName={product.name}
              variant="buy-box"
            />
          </>
        ) : (
          <Button size="lg" className="buy-box__cart" disabled>
            <CartIcon size={20} /> {soldOut ? 'Derzeit nicht bestellbar' : 'In den Warenkorb'}
          </Button>
        )}
      </div>
      <p className="buy-box__max">Maximal {max} Stück pro Bestellung</p>
      {actions?.CompareToggle && (
        <actions.CompareToggle
          productId={product.id}
          productName={product.name}
          variant="buy-box"
        />
      )}
    </div>
  )
}
