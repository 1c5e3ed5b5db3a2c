// The order summary per delivery: products, shipping, payment fee, coupons, protection package,
// declared value, subtotal, VAT with its percent and the total; the VAT note of a business
// customer abroad (net prices of a tax-free intra-EU supply, or why VAT is charged after all).
import type { CheckoutState } from '#contract/checkout.ts'
import { formatPrice } from '#web/lib/format.ts'

export function OrderSummary({ state }: { state: CheckoutState }) {
  return (
    <div className="checkout-summary">
      {state.vat.note && (
        <p
          className={`checkout-vat-note checkout-vat-note--${state.vat.kind}`}
          data-testid="checkout-vat-note"
        >
          {state.vat.note}
        </p>
      )}
      <ul className="checkout-products">
        {state.products.map((product) => (
          <li key={product.id} className={product.available ? undefined : 'checkout-unavailable'}>
            <span>
              {product.quantity} × {product.name}
              {!product.available && ' (ausverkauft)'}
            </span>
            <span>{formatPrice(product.totalCents)}</span>
            {product.warranty && (
              <span className="checkout-warranty">
                {product.warranty.name}: {formatPrice(product.warranty.totalCents)}
              </span>
            )}
          </li>
        ))}
      </ul>
      {state.summary.deliveries.map((delivery) => (
        <dl key={delivery.position} className="checkout-lines">
          <dt>{delivery.subtotal.title}</dt>
          <dd>{formatPrice(delivery.subtotal.price)}</dd>
          <dt>{delivery.shipping.title}</dt>
          <dd>
            {delivery.shipping.price === 0 ? 'kostenlos' : formatPrice(delivery.shipping.price)}
          </dd>
          {delivery.payment && delivery.payment.price > 0 && (
            <>
              <dt>{delivery.payment.title}</dt>
              <dd>{formatPrice(delivery.payment.price)}</dd>
            </>
          )}
          {delivery.protection && (
            <>
              <dt>{delivery.protection.title}</dt>
              <dd>{formatPrice(delivery.protection.price)}</dd>
            </>
          )}
          {delivery.declaredValue && (
            <>
              <dt>{delivery.declaredValue.title}</dt>
              <dd>{formatPrice(delivery.declaredValue.price)}</dd>
            </>
          )}
          {delivery.coupons.map((coupon) => (
            <div key={coupon.title} className="checkout-line-coupon">
              <dt>{coupon.title}</dt>
              <dd>{formatPrice(coupon.price)}</dd>
            </div>
          ))}
          <dt>{delivery.tax.title}</dt>
          <dd>{formatPrice(delivery.tax.value)}</dd>
          <dt className="checkout-total">{delivery.total.title}</dt>
          <dd className="checkout-total">{formatPrice(delivery.total.price)}</dd>
        </dl>
      ))}
    </div>
  )
}
