// Step "Zahlung": the payment methods with fee, help text, term (financing, instalments) and the
// card fields for a credit card (storefront section 4).
import type { CheckoutState } from '#contract/checkout.ts'
import { formatPrice } from '#web/lib/format.ts'
import { errorText, t } from '#web/lib/messages.ts'
import { useChoosePaymentShipping } from '../api.ts'
import { CardFields } from '../components/card-fields.tsx'

export function PaymentStep({ state }: { state: CheckoutState }) {
  const choose = useChoosePaymentShipping()
  return (
    <>
      <fieldset className="checkout-options">
        <legend>Zahlart</legend>
        {state.payments.map((option) => (
          <div key={option.id} className="checkout-option-block">
            <label className="checkout-option">
              <input
                type="radio"
                name="payment"
                value={option.id}
                checked={state.payment === option.id}
                // Sent only when the payment changed (storefront section 4).
                onChange={() =>
                  state.payment !== option.id && choose.mutate({ payment: option.id })
                }
              />
              <span>
                {option.name}
                {option.feeCents > 0 && ` (+ ${formatPrice(option.feeCents)})`}
              </span>
            </label>
            <p className="checkout-help">{option.helpText}</p>
            {state.payment === option.id && option.termMonths.length > 0 && (
              <label className="checkout-terms">
                Laufzeit
                <select
                  value={state.paymentTermMonths ?? ''}
                  onChange={(event) =>
                    choose.mutate({
                      payment: option.id,
                      paymentTermMonths: Number(event.currentTarget.value),
                    })
                  }
                >
                  {option.termMonths.map((months) => (
                    <option key={months} value={months}>
                      {months} Monate
                    </option>
                  ))}
                </select>
              </label>
            )}
            {state.payment === 'creditcard' && option.id === 'creditcard' && (
              <CardFields state={state} />
            )}
          </div>
        ))}
      </fieldset>
      {state.error === 'checkout_no_payments' && (
        <p className="form-error" role="alert">
          {t('checkout_no_payments')}
        </p>
      )}
      {choose.error && (
        <p className="form-error" role="alert">
          {errorText(choose.error)}
        </p>
      )}
    </>
  )
}
