// /warenkorb (storefront §2-§4, §8): the product cards with quantity, warranty and removal, the
// price summary with the sticky summary, the express buttons, the banner for server flash
// messages and failed actions, the general overlay, the loading overlay, and the empty cart.
// A soft login is asked for the password (login popup) before a quantity change or a removal;
// the action then runs again.
import { useIsMutating, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { CartActionResult, CartPage as CartPageData } from '#contract/cart.ts'
import { Button, Modal } from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import { useLoginPopup } from '#web/features/account/index.ts'
import { AdSlot } from '#web/features/ads/index.ts'
import { ExpressButtons } from '#web/features/checkout/index.ts'
import { trackWarrantyAddToCart } from '#web/features/consent/index.ts'
import { type MessageCode, t } from '#web/lib/messages.ts'
import { paths } from '#web/lib/paths.ts'
import { PageMeta } from '#web/lib/site.tsx'
import {
  CART_MUTATION_KEY,
  cartKeys,
  codeOf,
  isRequestError,
  useCart,
  useChangeQuantity,
  useEmptyCartTemplate,
  useExpressPayments,
  useRemoveFromCart,
  useSetWarranty,
} from '../api.ts'
import { CartLine } from '../components/cart-line.tsx'
import { CartSummary, StickySummary } from '../components/cart-summary.tsx'

type Banner = { kind: 'info' | 'error'; texts: string[] }

/** Codes whose own text says more than the action's failure text. */
const OWN_TEXTS = new Set(['cart_product_unavailable'])

function EmptyCart() {
  const template = useEmptyCartTemplate(true)
  if (template.isPending) return null
  if (template.isError || !template.data) {
    return <p className="cart-empty__fallback">{t('cart_no_products')}</p>
  }
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the shop's own fixed template
  return <div className="cart-empty" dangerouslySetInnerHTML={{ __html: template.data }} />
}

/** Shown while a cart request runs; the page does not scroll meanwhile. */
function LoadingOverlay() {
  const running = useIsMutating({ mutationKey: CART_MUTATION_KEY }) > 0
  useEffect(() => {
    if (!running) return
    document.body.classList.add('no-scroll')
    return () => document.body.classList.remove('no-scroll')
  }, [running])
  if (!running) return null
  return (
    <div className="cart-loading" role="status">
      <span className="cart-loading__spinner" aria-hidden="true" />
      <span className="visually-hidden">Der Warenkorb wird aktualisiert …</span>
    </div>
  )
}

function flashBanner(data: CartPageData | undefined): Banner | null {
  if (!data || data.flashMessages.length === 0) return null
  return { kind: 'info', texts: data.flashMessages.map((message) => message.message) }
}

export function CartPage() {
  const cart = useCart()
  const queryClient = useQueryClient()
  const loginPopup = useLoginPopup()
  const changeQuantity = useChangeQuantity()
  const remove = useRemoveFromCart()
  const setWarranty = useSetWarranty()
  const summaryRef = useRef<HTMLElement>(null)
  const data = cart.data
  // The server's flash messages (after a merge at login, after the add-to-cart form) show once,
  // in the banner: already in the server's HTML, so they show without the page's script too.
  const [banner, setBanner] = useState<Banner | null>(() => flashBanner(data))
  const [overlay, setOverlay] = useState<string | null>(null)

  const hasProducts = (data?.products.length ?? 0) > 0
  const express = useExpressPayments(hasProducts)

  useEffect(() => {
    const flash = flashBanner(data)
    if (!data || !flash) return
    setBanner(flash)
    queryClient.setQueryData(cartKeys.page(), { ...data, flashMessages: [] })
  }, [data, queryClient])

  /**
   * Runs an action: success clears the banner; soft_login_required opens the login popup and
   * repeats the action after the login; a failed request shows the action's banner text; an
   * error before any request shows the general overlay.
   */
  const run = async <T,>(failure: MessageCode, action: () => Promise<T>): Promise<T | null> => {
    try {
      const result = await action()
      setBanner(null)
      return result
    } catch (error) {
      const code = codeOf(error)
      if (code === 'soft_login_required') {
        return new Promise<T | null>((resolve) => {
          loginPopup.open({ onSuccess: () => void run(failure, action).then(resolve) })
        })
      }
      if (isRequestError(error)) {
        setBanner({ kind: 'error', texts: [t(code && OWN_TEXTS.has(code) ? code : failure)] })
        void cart.refetch()
      } else {
        setOverlay(t('cart_unexpected_error'))
      }
      return null
    }
  }

  const onQuantity = (id: number) => (quantity: number) =>
    run<CartActionResult>('cart_quantity_failed', () =>
      changeQuantity.mutateAsync({ id, quantity }),
    )
  const onWarranty = (id: number) => async (warrantyId: number | null) => {
    const answer = await run(
      warrantyId === null ? 'cart_remove_warranty_failed' : 'cart_add_warranty_failed',
      () => setWarranty.mutateAsync({ id, warrantyId }),
    )
    // The add-to-cart warranty event (only with consent to statistics).
    if (answer && warrantyId !== null) {
      void trackWarrantyAddToCart({ productIds: [id], clickElementName: 'cart-warranty' })
    }
  }
  const onRemove = (id: number) => () =>
    void run('cart_remove_failed', () => remove.mutateAsync({ id }))

  return (
    <div className="container cart-page">
      <PageMeta title="Warenkorb" noindex />
      {banner && (
        <div
          className={`cart-banner cart-banner--${banner.kind}`}
          role={banner.kind === 'error' ? 'alert' : 'status'}
        >
          {banner.texts.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      )}
      {cart.isPending ? (
        <p className="cart-page__loading">Der Warenkorb wird geladen …</p>
      ) : cart.isError || !data ? (
        <>
          <h1 className="visually-hidden">Warenkorb</h1>
          <p className="cart-empty__fallback">{t('cart_no_products')}</p>
        </>
      ) : !hasProducts ? (
        <>
          <h1 className="visually-hidden">Warenkorb</h1>
          <EmptyCart />
        </>
      ) : (
        <>
          <h1 className="cart-page__title">
            Warenkorb <span className="cart-page__count">({data.cartCount} Artikel)</span>
          </h1>
          <div className="cart-page__grid">
            <ul className="cart-page__lines" aria-label="Produkte im Warenkorb">
              {data.products.map((product) => (
                <CartLine
                  key={product.id}
                  product={product}
                  onQuantity={onQuantity(product.id)}
                  onWarranty={onWarranty(product.id)}
                  onRemove={onRemove(product.id)}
                />
              ))}
            </ul>
            <aside className="cart-summary" aria-labelledby="cart-summary-title" ref={summaryRef}>
              <h2 id="cart-summary-title" className="cart-summary__title">
                Zusammenfassung
              </h2>
              <CartSummary summary={data.cartSummary} />
              <Link className="btn btn--primary btn--lg btn--block" to={paths.checkout}>
                <span className="btn__label">Zur Kasse</span>
              </Link>
              {(express.data?.length ?? 0) > 0 && <ExpressButtons />}
            </aside>
          </div>
          <StickySummary summary={data.cartSummary} inPage={summaryRef} />
        </>
      )}
      {!cart.isPending && <AdSlot target="cart-banner" />}
      <LoadingOverlay />
      <Modal
        open={overlay !== null}
        title="Fehler"
        size="sm"
        onClose={() => setOverlay(null)}
        footer={<Button onClick={() => setOverlay(null)}>OK</Button>}
      >
        <p role="alert">{overlay}</p>
      </Modal>
    </div>
  )
}
