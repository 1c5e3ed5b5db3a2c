import { useId, useState } from 'react'
import type { ProductDetail } from '#contract/catalog.ts'
import { Button, CartIcon, HeartIcon } from '#web/components/ui/index.ts'
import { formatPrice } from '#web/lib/format.ts'
import { useSite } from '#web/lib/site.tsx'

/** Warranty extensions to choose (storefront section 1); the choice goes to the cart in #6. */
function WarrantyChoice({ warranties }: { warranties: ProductDetail['warranties'] }) {
  const name = useId()
  const [chosen, setChosen] = useState(0)
  if (warranties.length === 0) return null
  return (
    <fieldset className="warranty">
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

/** Quantity, add to cart and the wishlist heart. TODO(#6): the cart and wishlist issue wires them. */
export function BuyBox({ product }: { product: ProductDetail }) {
  const { whiteLabel } = useSite()
  const quantityId = useId()
  const [quantity, setQuantity] = useState(1)
  const soldOut = product.availability === 'out_of_stock'
  const max = Math.max(1, product.maxQuantity)
  return (
    <div className="buy-box">
      <WarrantyChoice warranties={product.warranties} />
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
            disabled={soldOut}
            onChange={(event) =>
              setQuantity(Math.min(max, Math.max(1, Math.round(Number(event.target.value) || 1))))
            }
          />
        </div>
        {/* TODO(#6): add-to-cart is wired by the cart issue (POST /cart/add/ with id, quantity). */}
        <Button size="lg" className="buy-box__cart" disabled={soldOut} data-todo="cart-6">
          <CartIcon size={20} /> {soldOut ? 'Derzeit nicht bestellbar' : 'In den Warenkorb'}
        </Button>
        {!whiteLabel && (
          // TODO(#6): the wishlist issue wires the heart (POST /wishlist/add, /wishlist/delete).
          <button
            type="button"
            className="buy-box__wishlist"
            aria-label="Auf den Merkzettel"
            aria-pressed={false}
            data-todo="wishlist-6"
          >
            <HeartIcon size={22} />
          </button>
        )}
      </div>
      <p className="buy-box__max">Maximal {max} Stück pro Bestellung</p>
    </div>
  )
}
