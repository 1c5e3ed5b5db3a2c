// The heart on tiles and the product page (storefront §4): filled at once on add and emptied
// again when the answer is not successful; emptied on delete. The feedback stays 4 s and
// takes 1 s to close. Hidden in the white-label variant.
// The heart is a form's submit button: a tap before the page's script has taken over is sent by
// the browser itself, and the server answers with the wishlist page and the outcome
// (POST /merkzettel/hinzufuegen or /entfernen). Afterwards the script changes the list in place.
import { type FormEvent, useState } from 'react'
import { translateCore as t } from '#contract/messages-core.de.ts'
import { WISHLIST_ADD_FORM_PATH, WISHLIST_DELETE_FORM_PATH } from '#contract/wishlist-paths.ts'
import { type Feedback, FeedbackMessage, feedback, HeartIcon } from '#web/components/ui/index.ts'
import type { WishlistHeartProps } from '#web/features/catalog/index.ts'
import { useHeaderBody } from '#web/features/header/index.ts'
import { useSite } from '#web/lib/site.tsx'
import { useWishlistToggle, wishlistCodeOf } from '../api.ts'

export function WishlistHeart({ productId, productName, variant }: WishlistHeartProps) {
  const { whiteLabel } = useSite()
  const header = useHeaderBody()
  const toggle = useWishlistToggle()
  const [optimistic, setOptimistic] = useState<boolean | null>(null)
  const [message, setMessage] = useState<Feedback | null>(null)
  if (whiteLabel || header?.whiteLabel) return null
  const onList = header?.wishlist.some((item) => item.productId === productId) ?? false
  const filled = optimistic ?? onList

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (toggle.isPending) return
    const add = !filled
    setOptimistic(add)
    toggle.mutate(
      { productId, add },
      {
        onSuccess: () =>
          setMessage(feedback('success', t(add ? 'wishlist_added' : 'wishlist_removed'))),
        onError: (error) => {
          setOptimistic(!add)
          const code = wishlistCodeOf(error)
          setMessage(feedback('error', t(code === 'wishlist_full' ? code : 'wishlist_failed')))
        },
        // The header has the truth again: the local state gives way to it.
        onSettled: () => setOptimistic(null),
      },
    )
  }

  return (
    <form
      method="post"
      action={filled ? WISHLIST_DELETE_FORM_PATH : WISHLIST_ADD_FORM_PATH}
      className={`wishlist-heart wishlist-heart--${variant}`}
      onSubmit={onSubmit}
    >
      <button
        type="submit"
        name="productId"
        value={productId}
        className={`${variant === 'buy-box' ? 'buy-box__wishlist' : 'wishlist-heart__button'}${filled ? ' is-filled' : ''}`}
        aria-pressed={filled}
        aria-label={`${productName} auf den Merkzettel`}
        disabled={toggle.isPending}
      >
        <HeartIcon size={variant === 'buy-box' ? 22 : 18} filled={filled} />
      </button>
      <FeedbackMessage feedback={message} onDone={() => setMessage(null)} />
    </form>
  )
}
