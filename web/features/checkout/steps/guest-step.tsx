// Step 1 for a visitor: log in, or order as a guest with e-mail and billing address (storefront
// section 2). The guest form is one react-hook-form form on the contract's GuestCheckoutSchema.
import { zodResolver } from '@hookform/resolvers/zod'
import { FormProvider, useForm } from 'react-hook-form'
import { GuestCheckoutSchema } from '#contract/checkout.ts'
import { Button, Field } from '#web/components/ui/index.ts'
import { useLoginPopup } from '#web/features/account/index.ts'
import { AddressFields, EMPTY_ADDRESS, useCountries } from '#web/features/addresses/index.ts'
import { errorText } from '#web/lib/messages.ts'
import { useRegisterGuest } from '../api.ts'

const GUEST_CONTEXT = { flow: 'checkout', kind: 'billing', customerType: 'private' } as const

export function GuestStep() {
  const login = useLoginPopup()
  const countries = useCountries('billing', 'private')
  const registerGuest = useRegisterGuest()
  const form = useForm({
    resolver: zodResolver(GuestCheckoutSchema),
    // The select holds the country id as text; the contract's text id reads both.
    defaultValues: { email: '', ...EMPTY_ADDRESS, countryId: Number(EMPTY_ADDRESS.countryId) },
    // Each field's detailed message once the field was left.
    mode: 'onTouched',
  })
  const { register, handleSubmit, formState } = form
  const hasErrors = Object.keys(formState.errors).length > 0
  return (
    <div className="checkout-login">
      <div className="checkout-box">
        <h3>Ich bin bereits Kunde</h3>
        <p>Melde dich an, um deine gespeicherten Adressen und Karten zu nutzen.</p>
        <Button type="button" onClick={() => login.open({ target: '/kasse' })}>
          Anmelden
        </Button>
      </div>
      <div className="checkout-box">
        <h3>Als Gast bestellen</h3>
        <FormProvider {...form}>
          <form
            method="post"
            className="account-form address-form"
            onSubmit={handleSubmit((values) => registerGuest.mutate(values))}
            noValidate
          >
            <Field
              label="E-Mail-Adresse"
              type="email"
              autoComplete="email"
              error={formState.errors.email?.message}
              {...register('email')}
            />
            <AddressFields context={GUEST_CONTEXT} countries={countries.data ?? []} />
            {registerGuest.error && (
              <p className="form-error" role="alert">
                {errorText(registerGuest.error, 'checkout_auto_registration_failed')}
              </p>
            )}
            <div className="form-actions">
              <Button
                type="submit"
                pending={registerGuest.isPending}
                disabled={formState.isSubmitted && hasErrors}
              >
                Weiter zur Zahlung
              </Button>
            </div>
          </form>
        </FormProvider>
      </div>
    </div>
  )
}
