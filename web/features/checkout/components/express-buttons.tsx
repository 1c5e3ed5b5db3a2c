// Express payments through the calls: PayPal express (unclickable after one click until a
// failure) and Amazon Pay (signed button payload posted to the provider). The cart page can use
// the same component. They wait for the script (disabled until hydration): the cart page's first
// HTML carries them, and a tap before did nothing.
import { Button, useHydrated } from '#web/components/ui/index.ts'
import { errorText } from '#web/lib/messages.ts'
import { useExpressPayment } from '../api.ts'

export function ExpressButtons() {
  const payPal = useExpressPayment('paypal')
  const amazonPay = useExpressPayment('amazonpay')
  const hydrated = useHydrated()
  const busy = !hydrated || payPal.isLeaving || amazonPay.isLeaving
  const failure = payPal.error
    ? errorText(payPal.error, 'paypal_init_failed')
    : amazonPay.error
      ? errorText(amazonPay.error, 'amazon_pay_init_failed')
      : null
  return (
    <div className="checkout-express">
      <p>Schneller bezahlen:</p>
      <Button type="button" variant="secondary" disabled={busy} onClick={payPal.start}>
        PayPal Express
      </Button>
      <Button type="button" variant="secondary" disabled={busy} onClick={amazonPay.start}>
        Amazon Pay
      </Button>
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
    </div>
  )
}
