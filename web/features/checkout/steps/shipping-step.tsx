// Step "Versand": shipping module and carrier with their price (storefront section 4).
import type { CheckoutState } from '#contract/checkout.ts'
import { formatPrice } from '#web/lib/format.ts'
import { errorText } from '#web/lib/messages.ts'
import { useChoosePaymentShipping } from '../api.ts'

export function ShippingStep({ state }: { state: CheckoutState }) {
  const choose = useChoosePaymentShipping()
  return (
    <fieldset className="checkout-options">
      <legend>Versandart</legend>
      {state.modules.flatMap((module) =>
        module.shippingModules.map((option) => {
          const selected =
            state.shipping?.moduleId === module.id &&
            state.shipping.distributorId === option.distributorId
          return (
            <label key={`${module.id}-${option.distributorId}`} className="checkout-option">
              <input
                type="radio"
                name="shipping"
                checked={selected}
                onChange={() =>
                  !selected &&
                  choose.mutate({ moduleId: module.id, distributorId: option.distributorId })
                }
              />
              <span>
                {module.name} mit {option.name}:{' '}
                {option.priceCents === 0 ? 'kostenlos' : formatPrice(option.priceCents)}
                <small> {module.description}</small>
              </span>
            </label>
          )
        }),
      )}
      {choose.error && (
        <p className="form-error" role="alert">
          {errorText(choose.error)}
        </p>
      )}
    </fieldset>
  )
}
