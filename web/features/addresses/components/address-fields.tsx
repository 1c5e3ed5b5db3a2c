// The address fields without their form: the checkout's guest and address forms and the Campus
// invoice address put them inside their own react-hook-form form (`<FormProvider>`), so one
// component draws names, street or Packstation, zip, city, country and VAT id everywhere.
import { type ReactNode, useEffect } from 'react'
import { type FieldError, get, useFormContext, useWatch } from 'react-hook-form'
import {
  ADDRESS_TYPES,
  type AddressContext,
  type Country,
  PACKSTATION_STREET,
} from '#contract/addresses.ts'
import { isVatIdRequired, PRIMARY_COUNTRY_ID } from '#contract/fields.ts'
import { Field, SelectField } from '#web/components/ui/index.ts'
import { t } from '#web/lib/messages.ts'
import type { AddressFormValues } from './address-form.tsx'

type AddressField = keyof AddressFormValues

export type AddressFieldsProps = {
  /** Which rules apply: account or checkout city rule, billing or delivery, private or business. */
  context: AddressContext
  /** The country options (one of the four lists, or the form's own). */
  countries: Country[]
  /** Where the address sits in the form's values, e.g. `address.` (default: at the top). */
  prefix?: string
  /** First and last name (default); off where the form asks for them elsewhere. */
  withNames?: boolean
  /** The house number's label (default "Hausnummer"). */
  streetNumberLabel?: string
  /** Business delivery: the invoice country, fixed; the info text explains it. */
  lockedCountryId?: number | null
  /** Why the country is fixed; default: the business delivery rule's info text. */
  lockedCountryNote?: ReactNode
  /** Company (and with namesLocked the names) of an existing business customer: read-only. */
  companyLocked?: boolean
  namesLocked?: boolean
}

/**
 * The address fields (account-area §5, storefront §5): names, street and house number (or DHL
 * Packstation with post number and station number, or a Hermes PaketShop), zip, city, country
 * from the given list, company for business customers and on delivery addresses, VAT id for a
 * business billing address outside Germany. Reads the surrounding form from `useFormContext`.
 */
export function AddressFields({
  context,
  countries,
  prefix = '',
  withNames = true,
  streetNumberLabel = 'Hausnummer',
  lockedCountryId = null,
  lockedCountryNote,
  companyLocked = false,
  namesLocked = false,
}: AddressFieldsProps) {
  // The form's values are the caller's; the fields only know their own names under the prefix.
  const { register, control, formState, setValue, getValues, getFieldState, trigger } =
    useFormContext<Record<string, unknown>>()
  const name = (field: AddressField) => `${prefix}${field}`
  const [type = 'normal', countryId] = useWatch({
    control,
    name: [name('type'), name('countryId')],
  }) as [AddressFormValues['type'] | undefined, string | number | undefined]
  const isBusiness = context.customerType === 'business'
  const parcelPoints = context.kind === 'delivery' && Number(countryId) === PRIMARY_COUNTRY_ID
  const showVatId = isBusiness && context.kind === 'billing' && isVatIdRequired(Number(countryId))

  // Packstation: the street is "Packstation", the house number the station's number.
  useEffect(() => {
    const street = getValues(`${prefix}streetName`)
    if (type === 'packstation' && street !== PACKSTATION_STREET) {
      setValue(`${prefix}streetName`, PACKSTATION_STREET)
      setValue(`${prefix}streetNumber`, '')
    } else if (type !== 'packstation' && street === PACKSTATION_STREET) {
      setValue(`${prefix}streetName`, '')
      setValue(`${prefix}streetNumber`, '')
    }
  }, [type, prefix, getValues, setValue])

  // Parcel points exist in Germany only.
  useEffect(() => {
    if (!parcelPoints && type !== 'normal') setValue(`${prefix}type`, 'normal')
  }, [parcelPoints, type, prefix, setValue])

  const error = (field: AddressField) =>
    (get(formState.errors, name(field)) as FieldError | undefined)?.message
  const options =
    lockedCountryId !== null
      ? countries.filter((country) => country.countryId === lockedCountryId)
      : countries

  return (
    <>
      {parcelPoints && (
        <fieldset className="radio-group address-form__types">
          <legend className="field__label">Art der Adresse</legend>
          {ADDRESS_TYPES.map((option) => (
            <label key={option.id} className="radio">
              <input type="radio" value={option.id} {...register(name('type'))} />
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
          {...register(name('company'))}
        />
      )}
      {withNames && (
        <div className="form-row">
          <Field
            label="Vorname"
            autoComplete="given-name"
            readOnly={namesLocked}
            error={error('firstName')}
            {...register(name('firstName'))}
          />
          <Field
            label="Nachname"
            autoComplete="family-name"
            readOnly={namesLocked}
            error={error('lastName')}
            {...register(name('lastName'))}
          />
        </div>
      )}
      {type === 'packstation' ? (
        <div className="form-row">
          <Field
            label="DHL-Postnummer"
            inputMode="numeric"
            hint="6 bis 10 Ziffern, zu finden in deiner DHL-Kundenkarte oder App"
            error={error('postNumber')}
            {...register(name('postNumber'))}
          />
          <Field
            label="Packstation-Nummer"
            inputMode="numeric"
            hint="3 Ziffern"
            error={error('streetNumber')}
            {...register(name('streetNumber'))}
          />
        </div>
      ) : (
        <div className="form-row form-row--street">
          <Field
            label={type === 'paketshop' ? 'Straße des PaketShops' : 'Straße'}
            autoComplete="address-line1"
            error={error('streetName')}
            {...register(name('streetName'))}
          />
          <Field
            label={streetNumberLabel}
            error={error('streetNumber')}
            {...register(name('streetNumber'))}
          />
        </div>
      )}
      <div className="form-row form-row--city">
        <Field
          label="PLZ"
          autoComplete="postal-code"
          error={error('zipCode')}
          {...register(name('zipCode'))}
        />
        <Field
          label="Ort"
          autoComplete="address-level2"
          error={error('cityName')}
          {...register(name('cityName'))}
        />
      </div>
      <SelectField
        label="Land"
        error={error('countryId')}
        {...register(name('countryId'), {
          // The zip rule depends on the country: a zip already entered (or refused) is checked
          // again, so no error of the previous country stays.
          onChange: () => {
            const zip = getFieldState(name('zipCode'))
            if (zip.isTouched || zip.error) void trigger(name('zipCode'))
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
          {...register(name('vatId'))}
        />
      )}
    </>
  )
}
