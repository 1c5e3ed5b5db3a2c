// /kasse/erfolgreich: the order number and what happens next with the payment.
import { useEffect } from 'react'
import { Link } from 'react-router-dom'
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
        </>
      ) : (
        !order.isPending && <p>Wir konnten keine aktuelle Bestellung finden.</p>
      )}
      <Link to="/">Weiter einkaufen</Link>
    </div>
  )
}
