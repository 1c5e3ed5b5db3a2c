// "In den Warenkorb" for product tiles and the product page's buy box (injected into the catalog
// by the app). The answer is the cart: a capped quantity says how many are possible.
// The button is a form's submit button: a click before the page's script has taken over (a slow
// phone, a script that failed to load) is sent by the browser itself, and the server's answer is
// the cart page with the outcome in its banner (POST /warenkorb/hinzufuegen). Afterwards the
// script adds in place.
import { type FormEvent, useState } from 'react'
import { ADD_TO_CART_FORM_PATH } from '#contract/cart-paths.ts'
import { translateCore as t } from '#contract/messages-core.de.ts'
import {
  Button,
  CartIcon,
  type Feedback,
  FeedbackMessage,
  feedback,
} from '#web/components/ui/index.ts'
import type { AddToCartProps } from '#web/features/catalog/index.ts'
import { trackWarrantyAddToCart } from '#web/features/consent/index.ts'
import { codeOf, useAddToCart } from '../api.ts'

/** Refusals with their own text; anything else is the general add failure. */
const OWN_TEXTS = ['cart_product_unavailable', 'cart_full'] as const
const failureText = (code: string | undefined) =>
  t(OWN_TEXTS.find((own) => own === code) ?? 'cart_add_failed')

export function AddToCartButton({
  productId,
  productName,
  quantity = 1,
  warrantyId = null,
  disabled = false,
  variant,
}: AddToCartProps) {
  const add = useAddToCart()
  const [message, setMessage] = useState<Feedback | null>(null)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (add.isPending) return
    add.mutate(
      { id: productId, quantity, warrantyId },
      {
        onSuccess: (result) => {
          // The add-to-cart warranty event (only with consent to statistics; see consent).
          if (warrantyId !== null) {
            void trackWarrantyAddToCart({ productIds: [productId], clickElementName: variant })
          }
          setMessage(
            result.maxQuantity !== undefined
              ? feedback('info', t('cart_quantity_capped', { maxQuantity: result.maxQuantity }))
              : feedback('success', t('cart_added')),
          )
        },
        onError: (error) => {
          const code = codeOf(error)
          setMessage(feedback('error', failureText(code)))
        },
      },
    )
  }
  const label = disabled ? 'Derzeit nicht bestellbar' : 'In den Warenkorb'
  return (
    <form
      method="post"
      action={ADD_TO_CART_FORM_PATH}
      className={`add-to-cart add-to-cart--${variant}`}
      onSubmit={onSubmit}
    >
      <input type="hidden" name="id" value={productId} />
      {/* One piece is the form's default: every tile of a listing spares the field. */}
      {quantity !== 1 && <input type="hidden" name="quantity" value={quantity} />}
      {warrantyId !== null && <input type="hidden" name="warrantyId" value={warrantyId} />}
      <Button
        type="submit"
        size={variant === 'buy-box' ? 'lg' : 'sm'}
        className={variant === 'buy-box' ? 'buy-box__cart' : 'add-to-cart__button'}
        disabled={disabled}
        pending={add.isPending}
        aria-label={variant === 'tile' ? `${productName} in den Warenkorb` : undefined}
      >
        <CartIcon size={variant === 'buy-box' ? 20 : 16} /> {label}
      </Button>
      <FeedbackMessage feedback={message} onDone={() => setMessage(null)} />
    </form>
  )
}
