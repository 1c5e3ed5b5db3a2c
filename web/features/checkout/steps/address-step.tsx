// Step "Adresse": the invoice address (changeable unless locked) and the delivery address,
// chosen from the customer's addresses or added here (storefront section 5).
import { useState } from 'react'
import type { CheckoutAddress, CheckoutState } from '#contract/checkout.ts'
import { Button } from '#web/components/ui/index.ts'
import { addressFormValuesOf, useCountries } from '#web/features/addresses/index.ts'
import { errorText, t } from '#web/lib/messages.ts'
import { useAddDeliveryAddress, useChangeDeliveryAddress, useChangeInvoiceAddress } from '../api.ts'
import { CheckoutAddressForm } from '../components/checkout-address-form.tsx'

function addressLines(address: CheckoutAddress): string {
  const street =
    address.type === 'packstation'
      ? `Packstation ${address.streetNumber}, Postnummer ${address.postNumber}`
      : `${address.streetName} ${address.streetNumber}`
  return [
    address.company,
    `${address.firstName} ${address.lastName}`,
    street,
    `${address.zipCode} ${address.cityName}`,
    address.countryName,
  ]
    .filter(Boolean)
    .join(', ')
}

/** The backend codes per field of a refused address save (errorFields). */
function errorFieldsOf(error: unknown): Record<string, string> | undefined {
  return (error as { body?: { errorFields?: Record<string, string> } } | null)?.body?.errorFields
}

/** "Rechnungsadresse ändern" (not for locked business or Campus billing addresses). */
function InvoiceAddress({ state }: { state: CheckoutState }) {
  const [editing, setEditing] = useState(false)
  const customerType = state.customerType ?? 'private'
  const countries = useCountries('billing', customerType)
  const save = useChangeInvoiceAddress()
  if (!state.invoiceData) return null
  if (editing) {
    return (
      <CheckoutAddressForm
        context={{ flow: 'checkout', kind: 'billing', customerType }}
        countries={countries.data ?? []}
        defaultValues={addressFormValuesOf(state.invoiceData)}
        submitLabel="Rechnungsadresse speichern"
        pending={save.isPending}
        serverErrors={errorFieldsOf(save.error)}
        failure={save.error ? errorText(save.error) : null}
        onSubmit={(address) => save.mutate(address, { onSuccess: () => setEditing(false) })}
        onCancel={() => setEditing(false)}
      />
    )
  }
  return (
    <p className="checkout-invoice">
      <strong>Rechnungsadresse:</strong> {addressLines(state.invoiceData)}{' '}
      {state.invoiceAddressEditable && (
        <Button type="button" variant="secondary" size="sm" onClick={() => setEditing(true)}>
          Rechnungsadresse ändern
        </Button>
      )}
    </p>
  )
}

export function AddressStep({ state }: { state: CheckoutState }) {
  const [adding, setAdding] = useState(false)
  const customerType = state.customerType ?? 'private'
  const countries = useCountries('delivery', customerType)
  const change = useChangeDeliveryAddress()
  const add = useAddDeliveryAddress()
  const options = [
    ...(state.invoiceData ? [{ ...state.invoiceData, id: 0 }] : []),
    ...state.addresses,
  ]
  const current = state.delivery?.defaultAddress ? 0 : (state.delivery?.id ?? 0)
  return (
    <>
      <InvoiceAddress state={state} />
      <fieldset className="checkout-options">
        <legend>Lieferadresse</legend>
        {options.map((address) => (
          <label key={address.id} className="checkout-option">
            <input
              type="radio"
              name="delivery"
              checked={
                current === address.id &&
                !(state.delivery?.id === 0 && !state.delivery.defaultAddress)
              }
              onChange={() => change.mutate(address.id)}
            />
            <span>{address.id === 0 ? 'An meine Rechnungsadresse' : addressLines(address)}</span>
          </label>
        ))}
        {state.delivery && state.delivery.id === 0 && !state.delivery.defaultAddress && (
          <label className="checkout-option">
            <input type="radio" name="delivery" checked readOnly />
            <span>{addressLines(state.delivery)}</span>
          </label>
        )}
      </fieldset>
      {change.error && (
        <p className="form-error" role="alert">
          {errorText(change.error)}
        </p>
      )}
      {adding ? (
        <CheckoutAddressForm
          context={{ flow: 'checkout', kind: 'delivery', customerType }}
          countries={
            state.deliveryAllowedCountries.length
              ? state.deliveryAllowedCountries
              : (countries.data ?? [])
          }
          lockedCountryId={state.deliveryCountryLockedTo}
          lockedCountryNote={
            state.customerType === 'business' ? undefined : t('checkout_delivery_country_locked')
          }
          submitLabel="Lieferadresse verwenden"
          pending={add.isPending}
          serverErrors={errorFieldsOf(add.error)}
          failure={add.error ? errorText(add.error) : null}
          onSubmit={(address) => add.mutate(address, { onSuccess: () => setAdding(false) })}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <Button type="button" variant="secondary" onClick={() => setAdding(true)}>
          Neue Lieferadresse
        </Button>
      )}
    </>
  )
}
