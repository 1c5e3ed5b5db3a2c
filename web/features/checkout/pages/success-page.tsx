// /kasse/erfolgreich: the order number, what happens next with the payment, the ordered items,
// the delivery address, the payment method and the expected delivery.
import { useEffect } from 'react'
import { Link } from '#web/components/ui/link.tsx'
import { trackCheckoutStep } from '#web/features/consent/index.ts'
import { formatPrice } from '#web/lib/format.ts'
import { PageMeta } from '#web/lib/site.tsx'
import { useLastOrder } from '../api.ts'

export function CheckoutSuccessPage() {
  const order = useLastOrder()
  useEffect(() => {
    if (order.data) void trackCheckoutStep('success')
  }, [order.data])
  return (
    <div className="checkout-page checkout-success">
      <PageMeta
        title="Bestellung erfolgreich"
        description="Vielen Dank für deine Bestellung"
        canonicalPath="/kasse/erfolgreich"
        noindex
      />
      <h1>Vielen Dank für deine Bestellung!</h1>
      {order.isPending && <p>Deine Bestellung wird geladen …</p>}
      {order.data ? (
        <>
          <p>
            Deine Bestellnummer:{' '}
            <strong data-testid="order-number">{order.data.orderNumber}</strong>
          </p>
          <p>
            Wir haben dir eine Bestellbestätigung an {order.data.email} geschickt. Gesamtsumme:{' '}
            {formatPrice(order.data.totalCents)} ({order.data.paymentName}).
          </p>
          <p>{order.data.paymentNote}</p>
          <div className="checkout-success-details">
            <section className="checkout-box" aria-labelledby="success-items">
              <h2 id="success-items">Deine Artikel</h2>
              <ul className="checkout-success-items">
                {order.data.items.map((item) => (
                  <li key={`${item.articleNumber}-${item.name}`}>
                    {item.imageUrl ? <img src={item.imageUrl} alt="" /> : <span />}
                    <span>
                      {item.quantity} × {item.name}
                      <small>Art.-Nr. {item.articleNumber}</small>
                    </span>
                    <span>{formatPrice(item.totalCents)}</span>
                  </li>
                ))}
              </ul>
            </section>
            <section className="checkout-box" aria-labelledby="success-delivery">
              <h2 id="success-delivery">Lieferung und Zahlung</h2>
              {order.data.deliveryAddress && (
                <>
                  <h3>Lieferadresse</h3>
                  <address>
                    {order.data.deliveryAddress.company && (
                      <>
                        {order.data.deliveryAddress.company}
                        <br />
                      </>
                    )}
                    {order.data.deliveryAddress.firstName} {order.data.deliveryAddress.lastName}
                    <br />
                    {order.data.deliveryAddress.streetName}{' '}
                    {order.data.deliveryAddress.streetNumber}
                    <br />
                    {order.data.deliveryAddress.zipCode} {order.data.deliveryAddress.cityName}
                    <br />
                    {order.data.deliveryAddress.countryName}
                  </address>
                </>
              )}
              <h3>Zahlart</h3>
              <p>{order.data.paymentName}</p>
              {order.data.expectedDelivery && (
                <>
                  <h3>Voraussichtliche Lieferung</h3>
                  <p data-testid="expected-delivery">
                    {order.data.expectedDelivery}
                    {order.data.shippingLabel ? ` (${order.data.shippingLabel})` : ''}
                  </p>
                </>
              )}
            </section>
          </div>
        </>
      ) : (
        !order.isPending && <p>Wir konnten keine aktuelle Bestellung finden.</p>
      )}
      <Link to="/">Weiter einkaufen</Link>
    </div>
  )
}
