// The checkout's billing and delivery address forms (storefront section 5): the shared address
// fields on react-hook-form with the contract's address rules for the checkout context.
import { zodResolver } from '@hookform/resolvers/zod'
import { type ReactNode, useEffect, useMemo } from 'react'
import { FormProvider, type Path, useForm } from 'react-hook-form'
import {
  type AddressContext,
  type AddressValues,
  addressSchema,
  type Country,
} from '#contract/addresses.ts'
import { isMessageCode } from '#contract/messages.de.ts'
import { Button } from '#web/components/ui/index.ts'
import {
  AddressFields,
  type AddressFormValues,
  EMPTY_ADDRESS,
} from '#web/features/addresses/index.ts'

type CheckoutAddressFormProps = {
  context: AddressContext
  countries: Country[]
  defaultValues?: Partial<AddressFormValues>
  lockedCountryId?: number | null
  lockedCountryNote?: ReactNode
  submitLabel: string
  pending: boolean
  /** Backend codes per field from a refused save (errorFields), shown at the fields. */
  serverErrors?: Record<string, string>
  /** A failure of the whole save, shown above the buttons. */
  failure: string | null
  onSubmit: (values: AddressValues) => void
  onCancel: () => void
}

export function CheckoutAddressForm({
  context,
  countries,
  defaultValues,
  lockedCountryId = null,
  lockedCountryNote,
  submitLabel,
  pending,
  serverErrors,
  failure,
  onSubmit,
  onCancel,
}: CheckoutAddressFormProps) {
  const schema = useMemo(() => addressSchema(context), [context])
  const initial = { ...EMPTY_ADDRESS, ...defaultValues }
  // The select holds the id as text; the contract's text id reads both.
  const countryId = lockedCountryId ?? Number(initial.countryId)
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { ...initial, countryId },
    mode: 'onTouched',
  })
  const { setError, formState } = form

  useEffect(() => {
    for (const [field, code] of Object.entries(serverErrors ?? {})) {
      if (!(field in EMPTY_ADDRESS)) continue
      setError(field as Path<AddressFormValues>, {
        message: isMessageCode(code.split('?')[0] ?? '') ? code : 'address_save_failed',
      })
    }
  }, [serverErrors, setError])

  const hasErrors = Object.keys(formState.errors).length > 0
  return (
    <FormProvider {...form}>
      <form
        method="post"
        className="account-form address-form"
        onSubmit={form.handleSubmit((values) => onSubmit(values))}
        noValidate
      >
        <AddressFields
          context={context}
          countries={countries}
          lockedCountryId={lockedCountryId}
          lockedCountryNote={lockedCountryNote}
        />
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        <div className="form-actions">
          <Button variant="secondary" onClick={onCancel}>
            Abbrechen
          </Button>
          <Button type="submit" pending={pending} disabled={formState.isSubmitted && hasErrors}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </FormProvider>
  )
}
