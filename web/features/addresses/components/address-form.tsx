import { zodResolver } from '@hookform/resolvers/zod'
import { type ReactNode, useEffect, useMemo } from 'react'
import { FormProvider, type Resolver, useForm } from 'react-hook-form'
import {
  type AddressContext,
  type AddressType,
  type AddressValues,
  addressSchema,
  type Country,
} from '#contract/addresses.ts'
import { PRIMARY_COUNTRY_ID } from '#contract/fields.ts'
import { isMessageCode } from '#contract/messages.de.ts'
import { Button } from '#web/components/ui/index.ts'
import { AddressFields } from './address-fields.tsx'

/** The form's values: what the inputs hold (strings), before the schema parses them. */
export type AddressFormValues = {
  company: string
  firstName: string
  lastName: string
  streetName: string
  streetNumber: string
  zipCode: string
  cityName: string
  countryId: string
  type: AddressType
  postNumber: string
  vatId: string
}

export const EMPTY_ADDRESS: AddressFormValues = {
  company: '',
  firstName: '',
  lastName: '',
  streetName: '',
  streetNumber: '',
  zipCode: '',
  cityName: '',
  countryId: String(PRIMARY_COUNTRY_ID),
  type: 'normal',
  postNumber: '',
  vatId: '',
}

/** A stored address (address book, checkout) as the form's starting values. */
export function addressFormValuesOf(
  address: Pick<
    AddressFormValues,
    'company' | 'firstName' | 'lastName' | 'streetName' | 'streetNumber' | 'zipCode' | 'cityName'
  > &
    Pick<Partial<AddressFormValues>, 'type' | 'postNumber'> & { countryId: number },
): Partial<AddressFormValues> {
  return {
    company: address.company,
    firstName: address.firstName,
    lastName: address.lastName,
    streetName: address.streetName,
    streetNumber: address.streetNumber,
    zipCode: address.zipCode,
    cityName: address.cityName,
    countryId: String(address.countryId),
    ...(address.type === undefined ? {} : { type: address.type }),
    ...(address.postNumber === undefined ? {} : { postNumber: address.postNumber }),
  }
}

export type AddressFormProps = {
  /** Which rules apply: account or checkout city rule, billing or delivery, private or business. */
  context: AddressContext
  /** The country options (one of the four lists). */
  countries: Country[]
  defaultValues?: Partial<AddressFormValues>
  /** Business delivery: the invoice country, fixed; the info text explains it. */
  lockedCountryId?: number | null
  /** Why the country is fixed; default: the business delivery rule's info text. */
  lockedCountryNote?: ReactNode
  /** Company (and with namesLocked the names) of an existing business customer: read-only. */
  companyLocked?: boolean
  namesLocked?: boolean
  /** Edit mode: saving stays disabled until something changed. */
  requireChange?: boolean
  submitLabel: string
  pending?: boolean
  /** Backend codes per field from a refused save (errorFields), shown at the fields. */
  serverErrors?: Record<string, string>
  /** A failure of the whole save, shown above the buttons. */
  failure?: string | null
  onSubmit: (values: AddressValues) => void
  onCancel?: () => void
  /** Extra content between fields and buttons (e.g. a notice). */
  children?: ReactNode
}

const FIELDS = Object.keys(EMPTY_ADDRESS) as (keyof AddressFormValues)[]

/**
 * The address form of the account's address book and the checkout's billing and delivery steps
 * (account-area §5, storefront §5): names, street and house number (or DHL Packstation with post
 * number and station number, or a Hermes PaketShop), zip, city, country from the given list,
 * company for business customers, VAT id for a business billing address outside Germany.
 */
export function AddressForm({
  context,
  countries,
  defaultValues,
  lockedCountryId = null,
  lockedCountryNote,
  companyLocked = false,
  namesLocked = false,
  requireChange = false,
  submitLabel,
  pending = false,
  serverErrors,
  failure,
  onSubmit,
  onCancel,
  children,
}: AddressFormProps) {
  const resolver = useMemo(
    () => zodResolver(addressSchema(context)) as unknown as Resolver<AddressFormValues>,
    [context],
  )
  const initial = { ...EMPTY_ADDRESS, ...defaultValues }
  if (lockedCountryId !== null) initial.countryId = String(lockedCountryId)
  const form = useForm<AddressFormValues>({ resolver, defaultValues: initial, mode: 'onTouched' })
  const { handleSubmit, formState, setError } = form

  useEffect(() => {
    for (const [field, code] of Object.entries(serverErrors ?? {})) {
      if (!FIELDS.includes(field as keyof AddressFormValues)) continue
      setError(field as keyof AddressFormValues, {
        message: isMessageCode(code.split('?')[0] ?? '') ? code : 'address_save_failed',
      })
    }
  }, [serverErrors, setError])

  const hasErrors = Object.keys(formState.errors).length > 0
  const unchanged = requireChange && !formState.isDirty

  return (
    <FormProvider {...form}>
      <form
        method="post"
        className="account-form address-form"
        onSubmit={handleSubmit((values) => onSubmit(values as unknown as AddressValues))}
        noValidate
      >
        <AddressFields
          context={context}
          countries={countries}
          lockedCountryId={lockedCountryId}
          lockedCountryNote={lockedCountryNote}
          companyLocked={companyLocked}
          namesLocked={namesLocked}
        />
        {children}
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        <div className="form-actions">
          {onCancel && (
            <Button variant="secondary" onClick={onCancel}>
              Abbrechen
            </Button>
          )}
          <Button
            type="submit"
            pending={pending}
            disabled={unchanged || (formState.isSubmitted && hasErrors)}
          >
            {submitLabel}
          </Button>
        </div>
      </form>
    </FormProvider>
  )
}
