// /merkzettel (storefront §2, §8): the products on the wishlist; a removed product keeps its
// place with a restore element; "Alle in den Warenkorb" moves every available product.
// The page comes from the server with the list; "Entfernen" and "Alle in den Warenkorb" are forms,
// so they work before the script has taken over (the server comes back with `?ergebnis=`, as the
// hearts' forms do), afterwards the script does them in place.
import { useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import type { WishlistProduct } from '#contract/wishlist.ts'
import {
  WISHLIST_DELETE_FORM_PATH,
  WISHLIST_FORM_RESULTS,
  WISHLIST_MOVE_ALL_FORM_PATH,
} from '#contract/wishlist-paths.ts'
import {
  Button,
  type Feedback,
  FeedbackMessage,
  feedback,
  Notice,
  PostButton,
  Price,
  ReferencePrice,
} from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import { AddToCartButton } from '#web/features/cart/index.ts'
import { t } from '#web/lib/messages.ts'
import { paths } from '#web/lib/paths.ts'
import { PageMeta, useSite } from '#web/lib/site.tsx'
import { useMoveAllToCart, useWishlist, useWishlistToggle, wishlistCodeOf } from '../api.ts'

type Arrival = { kind: 'success' | 'error'; text: string }

/** The outcome a form brought the shopper here with (`?ergebnis=`), as a notice. */
function arrivalNotice(result: string | null): Arrival | null {
  const code = Object.entries(WISHLIST_FORM_RESULTS).find(([value]) => value === result)?.[1]
  if (code === undefined) return null
  const good = ['wishlist_added', 'wishlist_removed', 'wishlist_moved_all', 'wishlist_moved_some']
  return { kind: good.includes(code) ? 'success' : 'error', text: t(code) }
}

const AVAILABILITY: Record<WishlistProduct['availability'], string> = {
  in_stock: 'Sofort lieferbar',
  low_stock: 'Nur noch wenige auf Lager',
  out_of_stock: 'Derzeit nicht auf Lager',
}

function WishlistItem({
  product,
  removed,
  onRemove,
  onRestore,
  busy,
}: {
  product: WishlistProduct
  removed: boolean
  onRemove: () => void
  onRestore: () => void
  busy: boolean
}) {
  if (removed) {
    return (
      <li className="wishlist-item wishlist-item--removed">
        <p>„{product.name}“ wurde von deinem Merkzettel entfernt.</p>
        <Button variant="link" size="sm" onClick={onRestore} disabled={busy}>
          Wiederherstellen
        </Button>
      </li>
    )
  }
  const price = product.campusPriceCents ?? product.priceCents
  return (
    <li className="wishlist-item">
      <img src={product.image} alt="" width={96} height={96} loading="lazy" />
      <div className="wishlist-item__info">
        <p className="wishlist-item__brand">{product.brand}</p>
        <h2 className="wishlist-item__name">
          <Link to={product.url}>{product.name}</Link>
        </h2>
        <p className="wishlist-item__article">Art.-Nr. {product.articleNumber}</p>
        <p className={`wishlist-item__stock wishlist-item__stock--${product.availability}`}>
          {AVAILABILITY[product.availability]}
        </p>
      </div>
      <div className="wishlist-item__price">
        <Price cents={price} variant={product.campusPriceCents !== null ? 'campus' : 'regular'} />
        {product.strikeThroughPriceCents !== null && product.strikeThroughPriceCents > price && (
          <ReferencePrice cents={product.strikeThroughPriceCents} />
        )}
      </div>
      <div className="wishlist-item__actions">
        <AddToCartButton
          productId={product.id}
          productName={product.name}
          disabled={product.availability === 'out_of_stock'}
          variant="tile"
        />
        <PostButton
          action={WISHLIST_DELETE_FORM_PATH}
          fields={{ productId: product.id }}
          onSubmit={onRemove}
          variant="link"
          size="sm"
          disabled={busy}
          aria-label={`Entfernen: ${product.name}`}
        >
          Entfernen
        </PostButton>
      </div>
    </li>
  )
}

export function WishlistPage() {
  const { whiteLabel } = useSite()
  const wishlist = useWishlist()
  const toggle = useWishlistToggle()
  const moveAll = useMoveAllToCart()
  const [removed, setRemoved] = useState<Set<number>>(() => new Set())
  const [message, setMessage] = useState<Feedback | null>(null)
  // Shown until the shopper does something here (then that action's own message speaks).
  const [params] = useSearchParams()
  const [arrival, setArrival] = useState(() => arrivalNotice(params.get('ergebnis')))

  if (whiteLabel) {
    return (
      <div className="container wishlist-page">
        <PageMeta title="Seite nicht gefunden" noindex />
        <h1>Seite nicht gefunden</h1>
      </div>
    )
  }

  const setRemovedState = (id: number, isRemoved: boolean) =>
    setRemoved((current) => {
      const next = new Set(current)
      if (isRemoved) next.add(id)
      else next.delete(id)
      return next
    })

  const change = (id: number, add: boolean) => {
    setArrival(null)
    toggle.mutate(
      { productId: id, add },
      {
        onSuccess: () => setRemovedState(id, !add),
        onError: () => setMessage(feedback('error', t('wishlist_failed'))),
      },
    )
  }

  const onMoveAll = () => {
    if (moveAll.isPending) return
    setArrival(null)
    moveAll.mutate(undefined, {
      onSuccess: (result) => {
        setRemoved(new Set())
        setMessage(feedback('success', result.message))
      },
      onError: (error) => {
        const code = wishlistCodeOf(error)
        setMessage(feedback('error', t(code === 'wishlist_empty' ? code : 'wishlist_move_failed')))
      },
    })
  }

  const products = wishlist.data?.products ?? []
  const active = products.filter((product) => !removed.has(product.id))
  return (
    <div className="container wishlist-page">
      <PageMeta title="Merkzettel" noindex />
      <div className="wishlist-page__head">
        <h1>Merkzettel</h1>
        {active.length > 0 && (
          <PostButton
            action={WISHLIST_MOVE_ALL_FORM_PATH}
            onSubmit={onMoveAll}
            pending={moveAll.isPending}
          >
            Alle in den Warenkorb
          </PostButton>
        )}
      </div>
      {arrival && <Notice kind={arrival.kind}>{arrival.text}</Notice>}
      <FeedbackMessage feedback={message} onDone={() => setMessage(null)} />
      {wishlist.isPending ? (
        <p>Der Merkzettel wird geladen …</p>
      ) : wishlist.isError ? (
        <p role="alert">{t('wishlist_failed')}</p>
      ) : products.length === 0 ? (
        <div className="wishlist-page__empty">
          <p>Dein Merkzettel ist leer. Mit dem Herz merkst du dir Produkte für später.</p>
          <Link to={paths.home}>Weiter einkaufen</Link>
        </div>
      ) : (
        <ul className="wishlist-page__list" aria-label="Produkte auf dem Merkzettel">
          {products.map((product) => (
            <WishlistItem
              key={product.id}
              product={product}
              removed={removed.has(product.id)}
              busy={toggle.isPending}
              onRemove={() => change(product.id, false)}
              onRestore={() => change(product.id, true)}
            />
          ))}
        </ul>
      )}
    </div>
  )
}
