// Express payments through the calls: PayPal express (unclickable after one click until a
// failure) and Amazon Pay (signed button payload posted to the provider). The cart page can use
// the same component.
import { useState } from 'react'
import type { ProcessResult } from '#contract/checkout.ts'
import { Button } from '#web/components/ui/index.ts'
import { errorCode, errorText } from '#web/lib/messages.ts'
import { tsr } from '#web/lib/tsr.ts'
import { bodyOf, followProcessResult, newIdempotencyKey } from '../api.ts'

/** A guest has no e-mail and invoice address yet: straight into the checkout's guest form. */
const GUEST_FORM = '/kasse?meldung=checkout_express_guest'

function needsGuestForm(answer: unknown): boolean {
  return errorCode(answer) === 'checkout_login_required'
}

export function ExpressButtons() {
  const [busy, setBusy] = useState<'paypal' | 'amazonpay' | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const payPal = async () => {
    setBusy('paypal')
    setFailure(null)
    const response = await tsr.checkout.paypalInit.mutate({
      body: { idempotencyKey: newIdempotencyKey() },
    })
    if (response.status === 200) {
      window.location.assign(response.body.redirectUrl)
      return
    }
    if (needsGuestForm(response)) {
      window.location.assign(GUEST_FORM)
      return
    }
    setFailure(errorText(response, 'paypal_init_failed'))
    setBusy(null)
  }
  const amazonPay = async () => {
    setBusy('amazonpay')
    setFailure(null)
    try {
      const { amazonPay: button } = bodyOf<{
        amazonPay: Extract<ProcessResult, { type: 'amazon_pay_express' }>['amazonPay']
      }>(await tsr.checkout.amazonPayInit.mutate({ body: { idempotencyKey: newIdempotencyKey() } }))
      followProcessResult({ type: 'amazon_pay_express', error: null, amazonPay: button })
    } catch (error) {
      if (needsGuestForm(error)) {
        window.location.assign(GUEST_FORM)
        return
      }
      setFailure(errorText(error, 'amazon_pay_init_failed'))
      setBusy(null)
    }
  }
  return (
    <div className="checkout-express">
      <p>Schneller bezahlen:</p>
      <Button type="button" variant="secondary" disabled={busy !== null} onClick={payPal}>
        PayPal Express
      </Button>
      <Button type="button" variant="secondary" disabled={busy !== null} onClick={amazonPay}>
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
