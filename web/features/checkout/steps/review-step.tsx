// Step "Bestellung prüfen": the order summary and the confirmation as German law wants it (final
// price with VAT and shipping right above "Zahlungspflichtig bestellen", terms, right of
// withdrawal and privacy linked beside it).

import type { CheckoutState } from '#contract/checkout.ts'
import { Button } from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import { formatPrice } from '#web/lib/format.ts'
import { errorText } from '#web/lib/messages.ts'
import { paths } from '#web/lib/paths.ts'
import { usePlaceOrder } from '../api.ts'
import { ApplePayButton } from '../components/apple-pay-button.tsx'
import { OrderSummary } from '../components/order-summary.tsx'
import { TakeBackChoice } from './take-back-choice.tsx'

function Confirmation({ state }: { state: CheckoutState }) {
  const order = usePlaceOrder()
  const ready = state.step === 'confirmation'
  const total = state.summary.fullTotal
  return (
    <div className="checkout-confirm">
      <p className="checkout-final-price">
        Gesamtsumme: <strong>{formatPrice(total)}</strong>
        <br />
        <small>
          {state.vat.kind === 'exempt'
            ? 'ohne Umsatzsteuer (steuerfreie innergemeinschaftliche Lieferung)'
            : `inkl. ${state.summary.deliveries[0]?.tax.taxPercent ?? 19} % MwSt. (${formatPrice(state.taxValue)})`}{' '}
          und Versandkosten (
          {state.summary.shipping === 0 ? 'kostenlos' : formatPrice(state.summary.shipping)})
        </small>
      </p>
      <p className="checkout-legal">
        Mit deiner Bestellung erklärst du dich mit unseren{' '}
        <Link to={paths.info('conditions')}>AGB</Link> einverstanden. Bitte beachte unsere{' '}
        <Link to={paths.info('withdrawal')}>Widerrufsbelehrung</Link> und unsere{' '}
        <Link to={paths.info('privacy')}>Datenschutzerklärung</Link>. AGB und Widerrufsbelehrung mit
        dem Muster-Widerrufsformular schicken wir dir mit der Bestellbestätigung per E-Mail.
      </p>
      {order.error && (
        <p className="form-error" role="alert">
          {errorText(order.error, 'checkout_general')}
        </p>
      )}
      {state.payment === 'applepay' ? (
        <ApplePayButton disabled={!ready} />
      ) : (
        <Button
          type="button"
          disabled={!ready}
          // After success the browser is on its way to the next page: the button stays pending.
          pending={order.isPending || order.isSuccess}
          onClick={() => order.mutate(state)}
        >
          Zahlungspflichtig bestellen
        </Button>
      )}
    </div>
  )
}

/** The delivery time of each product (issue 20: shown at the order, § 312d BGB / Art. 246a EGBGB). */
function DeliveryTimes({ state }: { state: CheckoutState }) {
  const products = state.products.filter((product) => product.available)
  if (products.length === 0) return null
  return (
    <div className="checkout-delivery-times">
      <h3>Lieferzeiten</h3>
      <ul>
        {products.map((product) => (
          <li key={product.id}>
            {product.quantity} × {product.name}: {product.deliveryTime}
          </li>
        ))}
      </ul>
    </div>
  )
}

export function ReviewStep({ state }: { state: CheckoutState }) {
  return (
    <aside className="checkout-aside" aria-labelledby="checkout-step-5">
      <h2 id="checkout-step-5">
        <span className="checkout-step-number">5</span> Bestellung prüfen
      </h2>
      <OrderSummary state={state} />
      <DeliveryTimes state={state} />
      <TakeBackChoice state={state} />
      <Confirmation state={state} />
    </aside>
  )
}
