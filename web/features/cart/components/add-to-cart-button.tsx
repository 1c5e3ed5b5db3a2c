// "In den Warenkorb" for product tiles and the product page's buy box (injected into the catalog
// by the app). The answer is the cart: a capped quantity says how many are possible.
import { useState } from 'react'
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
  const onClick = () =>
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
  const label = disabled ? 'Derzeit nicht bestellbar' : 'In den Warenkorb'
  return (
    <div className={`add-to-cart add-to-cart--${variant}`}>
      <Button
        size={variant === 'buy-box' ? 'lg' : 'sm'}
        className={variant === 'buy-box' ? 'buy-box__cart' : 'add-to-cart__button'}
        disabled={disabled}
        pending={add.isPending}
        onClick={onClick}
        aria-label={variant === 'tile' ? `${productName} in den Warenkorb` : undefined}
      >
        <CartIcon size={variant === 'buy-box' ? 20 : 16} /> {label}
      </Button>
      <FeedbackMessage feedback={message} onDone={() => setMessage(null)} />
    </div>
  )
}
