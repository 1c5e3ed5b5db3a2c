import { zodResolver } from '@hookform/resolvers/zod'
import { type ReactNode, useEffect, useMemo } from 'react'
import { type Resolver, useForm, useWatch } from 'react-hook-form'
import {
  ADDRESS_TYPES,
  type AddressContext,
  type AddressType,
  type AddressValues,
  addressSchema,
  type Country,
  PACKSTATION_STREET,
} from '#contract/addresses.ts'
import { isVatIdRequired, PRIMARY_COUNTRY_ID } from '#contract/fields.ts'
import { isMessageCode } from '#contract/messages.de.ts'
import { Button, Field, SelectField } from '#web/components/ui/index.ts'
import { t } from '#web/lib/messages.ts'

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
  const { register, handleSubmit, formState, control, setError, setValue, getValues } = form
  const { getFieldState, trigger } = form
  const [type, countryId] = useWatch({ control, name: ['type', 'countryId'] })
  const isBusiness = context.customerType === 'business'
  const parcelPoints = context.kind === 'delivery' && Number(countryId) === PRIMARY_COUNTRY_ID
  const showVatId = isBusiness && context.kind === 'billing' && isVatIdRequired(Number(countryId))

  useEffect(() => {
    for (const [field, code] of Object.entries(serverErrors ?? {})) {
      if (!FIELDS.includes(field as keyof AddressFormValues)) continue
      setError(field as keyof AddressFormValues, {
        message: isMessageCode(code.split('?')[0] ?? '') ? code : 'address_save_failed',
      })
    }
  }, [serverErrors, setError])

  // Packstation: the street is "Packstation", the house number the station's number.
  useEffect(() => {
    const street = getValues('streetName')
    if (type === 'packstation' && street !== PACKSTATION_STREET) {
      setValue('streetName', PACKSTATION_STREET)
      setValue('streetNumber', '')
    } else if (type !== 'packstation' && street === PACKSTATION_STREET) {
      setValue('streetName', '')
      setValue('streetNumber', '')
    }
  }, [type, getValues, setValue])

  // Parcel points exist in Germany only.
  useEffect(() => {
    if (!parcelPoints && type !== 'normal') setValue('type', 'normal')
  }, [parcelPoints, type, setValue])

  const error = (name: keyof AddressFormValues) => formState.errors[name]?.message
  const options =
    lockedCountryId !== null
      ? countries.filter((country) => country.countryId === lockedCountryId)
      : countries
  const hasErrors = Object.keys(formState.errors).length > 0
  const unchanged = requireChange && !formState.isDirty

  return (
    <form
      className="account-form address-form"
      onSubmit={handleSubmit((values) => onSubmit(values as unknown as AddressValues))}
      noValidate
    >
      {parcelPoints && (
        <fieldset className="radio-group address-form__types">
          <legend className="field__label">Art der Adresse</legend>
          {ADDRESS_TYPES.map((option) => (
            <label key={option.id} className="radio">
              <input type="radio" value={option.id} {...register('type')} />
              <span>{option.label}</span>
            </label>
          ))}
        </fieldset>
      )}
      {(isBusiness || context.kind === 'delivery') && (
        <Field
          label="Firma"
          autoComplete="organization"
          optional={!isBusiness}
          readOnly={companyLocked}
          hint={companyLocked ? 'Den Firmennamen ändert unser Kundenservice.' : undefined}
          error={error('company')}
          {...register('company')}
        />
      )}
      <div className="form-row">
        <Field
          label="Vorname"
          autoComplete="given-name"
          readOnly={namesLocked}
          error={error('firstName')}
          {...register('firstName')}
        />
        <Field
          label="Nachname"
          autoComplete="family-name"
          readOnly={namesLocked}
          error={error('lastName')}
          {...register('lastName')}
        />
      </div>
      {type === 'packstation' ? (
        <div className="form-row">
          <Field
            label="DHL-Postnummer"
            inputMode="numeric"
            hint="6 bis 10 Ziffern, zu finden in deiner DHL-Kundenkarte oder App"
            error={error('postNumber')}
            {...register('postNumber')}
          />
          <Field
            label="Packstation-Nummer"
            inputMode="numeric"
            hint="3 Ziffern"
            error={error('streetNumber')}
            {...register('streetNumber')}
          />
        </div>
      ) : (
        <div className="form-row form-row--street">
          <Field
            label={type === 'paketshop' ? 'Straße des PaketShops' : 'Straße'}
            autoComplete="address-line1"
            error={error('streetName')}
            {...register('streetName')}
          />
          <Field label="Hausnummer" error={error('streetNumber')} {...register('streetNumber')} />
        </div>
      )}
      <div className="form-row form-row--city">
        <Field
          label="PLZ"
          autoComplete="postal-code"
          error={error('zipCode')}
          {...register('zipCode')}
        />
        <Field
          label="Ort"
          autoComplete="address-level2"
          error={error('cityName')}
          {...register('cityName')}
        />
      </div>
      <SelectField
        label="Land"
        error={error('countryId')}
        {...register('countryId', {
          // The zip rule depends on the country: a zip already entered (or refused) is checked
          // again, so no error of the previous country stays.
          onChange: () => {
            const zip = getFieldState('zipCode')
            if (zip.isTouched || zip.error) void trigger('zipCode')
          },
        })}
      >
        {options.map((country) => (
          <option key={country.countryId} value={country.countryId}>
            {country.countryName}
          </option>
        ))}
      </SelectField>
      {lockedCountryId !== null && (
        <p className="form-info">{lockedCountryNote ?? t('address_delivery_country_locked')}</p>
      )}
      {showVatId && (
        <Field
          label="USt-IdNr."
          hint="Für Firmen außerhalb Deutschlands, mit Länderkürzel, z. B. ATU12345678"
          error={error('vatId')}
          {...register('vatId')}
        />
      )}
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
  )
}
