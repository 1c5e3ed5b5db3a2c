import { useParams } from 'react-router-dom'
import type { OrderAddress, OrderDetails } from '#contract/orders.ts'
import { Link } from '#web/components/ui/link.tsx'
import { formatDate } from '#web/lib/format.ts'
import { errorCode, errorText } from '#web/lib/messages.ts'
import { paths } from '#web/lib/paths.ts'
import { useOrder } from '../api.ts'
import { InvoicesSection } from '../components/invoices-section.tsx'
import { RefundsSection } from '../components/refunds-section.tsx'
import { ReturnsSection } from '../components/returns-section.tsx'
import { WithdrawalSection } from '../components/withdrawal-section.tsx'
import { DeliveryPreview } from './delivery-preview.tsx'

function AddressBlock({ title, address }: { title: string; address: OrderAddress }) {
  return (
    <div className="order-address">
      <h3 className="order-address__title">{title}</h3>
      <address className="order-address__lines">
        {address.company && <span>{address.company}</span>}
        <span>{address.name}</span>
        {address.type === 'packstation' ? (
          <>
            <span>Postnummer {address.postNumber}</span>
            <span>Packstation {address.streetAddressNumber}</span>
          </>
        ) : (
          <span>{`${address.streetAddress} ${address.streetAddressNumber}`}</span>
        )}
        <span>{`${address.postcode} ${address.city}`}</span>
        <span>{address.state}</span>
      </address>
    </div>
  )
}

function PriceCalculation({ order }: { order: OrderDetails }) {
  const price = order.priceCalculation
  const rows: [string, string][] = [
    ['Zwischensumme', price.subtotal],
    ['Versandkosten', price.shippingCost],
  ]
  if (price.declaredValue) rows.push(['Wertversicherung', price.declaredValue])
  if (price.nrmf) rows.push(['Rundum-Sorglos-Paket', price.nrmf])
  if (price.paymentFee) rows.push(['Nachnahmegebühr', price.paymentFee])
  for (const coupon of price.coupons) rows.push([coupon.title, coupon.price])
  return (
    <section className="account-panel" aria-labelledby="price-title">
      <h2 id="price-title" className="account-panel__title">
        Preisberechnung
      </h2>
      <dl className="price-calculation">
        {rows.map(([label, value]) => (
          <div key={label} className="price-calculation__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="price-calculation__row price-calculation__row--total">
          <dt>Gesamtsumme</dt>
          <dd>{price.total}</dd>
        </div>
        {price.taxExemption ? (
          <div className="price-calculation__row price-calculation__row--note">
            <dt>Umsatzsteuer</dt>
            <dd>{price.taxExemption}</dd>
          </div>
        ) : (
          <div className="price-calculation__row price-calculation__row--note">
            <dt>{`enthaltene MwSt. (${price.taxPercent} %)`}</dt>
            <dd>{price.tax}</dd>
          </div>
        )}
        <div className="price-calculation__row price-calculation__row--payment">
          <dt>Zahlungsart</dt>
          <dd>{price.payment}</dd>
        </div>
      </dl>
    </section>
  )
}

/** Bestelldetails (account-area §2): date, status, deliveries, addresses, price calculation. */
export function OrderDetailsPage() {
  const { id = '' } = useParams()
  const order = useOrder(id)

  if (order.isPending) {
    return (
      <div className="account-loader" role="status">
        <span className="account-loader__spinner" aria-hidden="true" />
        Bestellung wird geladen …
      </div>
    )
  }
  if (order.isError) {
    const missing = errorCode(order.error) === 'not_found'
    return (
      <div className="account-panel">
        <p className="form-error" role="alert">
          {missing
            ? 'Diese Bestellung haben wir in deinem Kundenkonto nicht gefunden.'
            : errorText(order.error)}
        </p>
        <Link to={paths.account.orders}>Zurück zu Meine Bestellungen</Link>
      </div>
    )
  }
  const details = order.data
  const deliveries = Object.values(details.orders)
  // One block when every delivery goes to the same address.
  const sameAddress =
    new Set(deliveries.map((delivery) => JSON.stringify(delivery.deliveryAddress))).size <= 1
  return (
    <div className="order-details">
      <section className="account-panel" aria-labelledby="order-title">
        <h2 id="order-title" className="account-panel__title">
          Bestellung {details.primaryOrderId}
        </h2>
        <dl className="order-details__facts">
          <div>
            <dt>Bestelldatum</dt>
            <dd>{formatDate(details.datePurchased)}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              <span className={`order-status order-status--${details.status}`}>
                {details.statusLabel}
              </span>
            </dd>
          </div>
          <div>
            <dt>Versand</dt>
            <dd>
              {[...new Set(deliveries.map((d) => d.orderDetails.otShipping.description))].join(
                ', ',
              )}
            </dd>
          </div>
        </dl>
      </section>

      <InvoicesSection orderNumber={details.primaryOrderId} />
      <WithdrawalSection orderNumber={details.primaryOrderId} />
      <ReturnsSection orderNumber={details.primaryOrderId} />
      <RefundsSection orderNumber={details.primaryOrderId} />

      <section className="account-panel" aria-labelledby="deliveries-title">
        <h2 id="deliveries-title" className="account-panel__title">
          {deliveries.length === 1 ? 'Lieferung' : 'Lieferungen'}
        </h2>
        {deliveries.map((delivery) => (
          <DeliveryPreview key={delivery.id} delivery={delivery}>
            <p className="delivery__tracking">
              {delivery.trackingNumber ? `Sendungsnummer: ${delivery.trackingNumber}` : null}
              {delivery.deliveredAt ? ` · Zugestellt am ${formatDate(delivery.deliveredAt)}` : null}
              {!delivery.deliveredAt && delivery.shippedAt
                ? ` · Versendet am ${formatDate(delivery.shippedAt)}`
                : null}
            </p>
          </DeliveryPreview>
        ))}
      </section>

      <section className="account-panel" aria-labelledby="addresses-title">
        <h2 id="addresses-title" className="account-panel__title">
          Adressen
        </h2>
        <div className="order-details__addresses">
          <AddressBlock title="Rechnungsadresse" address={details.invoiceAddress} />
          {sameAddress ? (
            <AddressBlock
              title="Lieferadresse"
              address={deliveries[0]?.deliveryAddress ?? details.invoiceAddress}
            />
          ) : (
            deliveries.map((delivery) => (
              <AddressBlock
                key={delivery.id}
                title={`Lieferadresse ${delivery.id}`}
                address={delivery.deliveryAddress}
              />
            ))
          )}
        </div>
      </section>

      <PriceCalculation order={details} />
      <Link className="btn btn--secondary btn--md" to={paths.account.orders}>
        Zurück zu Meine Bestellungen
      </Link>
    </div>
  )
}
