import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useId, useState } from 'react'
import { type Resolver, useForm, useWatch } from 'react-hook-form'
import {
  type LoginResult,
  RegisterBusinessFormSchema,
  RegisterPrivateBodySchema,
} from '#contract/account.ts'
import { isOwnerRequired, isVatIdRequired, PRIMARY_COUNTRY_ID } from '#contract/fields.ts'
import { Button, ERROR_HIDE_MS, Field, SelectField } from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import { t } from '#web/lib/messages.ts'
import { paths } from '#web/lib/paths.ts'
import { useBusinessBillingCountries, useRegister, useRegisterBusiness } from '../api.ts'
import { BusinessKindFields } from './business-kind-fields.tsx'
import { BILLING_COUNTRIES } from './countries.ts'
import { PasswordCriteria } from './password-criteria.tsx'
import { failedResponse, fieldCodes } from './responses.ts'

type RegisterValues = {
  isBusiness: boolean
  email: string
  firstName: string
  lastName: string
  password: string
  passwordRepeat: string
  company: string
  businessForm: string
  businessType: string
  ownerFirstname: string
  ownerLastname: string
  ustId: string
  streetName: string
  streetNumber: string
  zipCode: string
  cityName: string
  countryId: string
}

const DEFAULTS: RegisterValues = {
  isBusiness: false,
  email: '',
  firstName: '',
  lastName: '',
  password: '',
  passwordRepeat: '',
  company: '',
  businessForm: '0',
  businessType: '0',
  ownerFirstname: '',
  ownerLastname: '',
  ustId: '',
  streetName: '',
  streetNumber: '',
  zipCode: '',
  cityName: '',
  countryId: String(PRIMARY_COUNTRY_ID),
}

const privateResolver = zodResolver(RegisterPrivateBodySchema, undefined, { raw: true })
const businessResolver = zodResolver(RegisterBusinessFormSchema, undefined, { raw: true })

/** The contract's schemas decide: private or business, by the checkbox. */
const resolver: Resolver<RegisterValues> = (values, context, options) =>
  (values.isBusiness
    ? businessResolver(values as never, context, options as never)
    : privateResolver(values as never, context, options as never)) as ReturnType<
    Resolver<RegisterValues>
  >

const FIELD_OF_CODE: Record<string, keyof RegisterValues> = { account_ustid: 'ustId' }

/**
 * Registration (account-area §2, §3): e-mail, names, password with live criteria; "Ich bin
 * Geschäftskunde" reveals business data, the billing address and, outside Germany, the VAT id.
 */
export function RegisterForm({ onRegistered }: { onRegistered: (result: LoginResult) => void }) {
  const countries = useBusinessBillingCountries().data ?? BILLING_COUNTRIES
  const registerPrivate = useRegister()
  const registerBusiness = useRegisterBusiness()
  const [emailInUse, setEmailInUse] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const criteriaId = useId()
  const form = useForm<RegisterValues>({ resolver, defaultValues: DEFAULTS, mode: 'onTouched' })
  const { register, handleSubmit, formState, control, setError, resetField, setFocus } = form
  const [isBusiness, email, password, businessForm, countryId] = useWatch({
    control,
    name: ['isBusiness', 'email', 'password', 'businessForm', 'countryId'],
  })
  const ownerRequired = isBusiness && isOwnerRequired(Number(businessForm))
  const vatRequired = isVatIdRequired(Number(countryId))
  const pending = registerPrivate.isPending || registerBusiness.isPending
  const blockedByEmail = emailInUse !== null && emailInUse === email.trim().toLowerCase()

  // The business variant's error hides after 6 s (account-area §4).
  useEffect(() => {
    if (!failure || !isBusiness) return
    const timer = setTimeout(() => setFailure(null), ERROR_HIDE_MS)
    return () => clearTimeout(timer)
  }, [failure, isBusiness])

  const onError = (error: unknown, values: RegisterValues) => {
    const response = failedResponse(error)
    const code = typeof response?.body.code === 'string' ? response.body.code : 'general_error'
    for (const [field, fieldCode] of Object.entries(fieldCodes(error))) {
      const name = FIELD_OF_CODE[field] ?? (field as keyof RegisterValues)
      if (name in DEFAULTS) setError(name, { message: fieldCode })
    }
    if (code === 'registration_failed') {
      setEmailInUse(values.email.trim().toLowerCase())
      resetField('password')
      resetField('passwordRepeat')
      setFocus('password')
    }
    if (response?.status === 400 || code === 'vat_id_invalid' || code === 'password_not_secure') {
      setFailure(null)
      return
    }
    setFailure(t(code === 'registration_failed' ? 'registration_failed' : code))
  }

  const onSubmit = (values: RegisterValues) => {
    setFailure(null)
    const common = {
      email: values.email,
      firstName: values.firstName,
      lastName: values.lastName,
      password: values.password,
      passwordRepeat: values.passwordRepeat,
    }
    const handlers = {
      onSuccess: (response: { body: LoginResult }) => onRegistered(response.body),
      onError: (error: unknown) => onError(error, values),
    }
    if (!values.isBusiness) {
      registerPrivate.mutate({ body: common }, handlers)
      return
    }
    registerBusiness.mutate(
      {
        body: {
          ...common,
          customerType: 'business',
          company: values.company,
          businessForm: Number(values.businessForm),
          businessType: values.businessType as 'consumer' | 'reseller',
          ownerFirstname: ownerRequired ? values.ownerFirstname : '',
          ownerLastname: ownerRequired ? values.ownerLastname : '',
          ustId: values.ustId,
          streetName: values.streetName,
          streetNumber: values.streetNumber,
          zipCode: values.zipCode,
          cityName: values.cityName,
          countryId: Number(values.countryId),
        },
      },
      handlers,
    )
  }

  const error = (name: keyof RegisterValues) => formState.errors[name]?.message
  const hasErrors = Object.keys(formState.errors).length > 0
  const namesOptional = isBusiness && !ownerRequired

  return (
    <form method="post" className="account-form" onSubmit={handleSubmit(onSubmit)} noValidate>
      <Field
        label="E-Mail"
        type="email"
        autoComplete="email"
        error={error('email')}
        {...register('email')}
      />
      <div className="form-row">
        <Field
          label="Vorname"
          autoComplete="given-name"
          optional={namesOptional}
          error={error('firstName')}
          {...register('firstName')}
        />
        <Field
          label="Nachname"
          autoComplete="family-name"
          optional={namesOptional}
          error={error('lastName')}
          {...register('lastName')}
        />
      </div>
      <Field
        label="Passwort"
        type="password"
        autoComplete="new-password"
        aria-describedby={criteriaId}
        error={error('password')}
        {...register('password')}
      />
      <PasswordCriteria password={password} id={criteriaId} />
      <Field
        label="Passwort wiederholen"
        type="password"
        autoComplete="new-password"
        error={error('passwordRepeat')}
        {...register('passwordRepeat')}
      />

      <label className="checkbox">
        <input type="checkbox" {...register('isBusiness')} />
        <span>Ich bin Geschäftskunde</span>
      </label>

      {isBusiness && (
        <fieldset className="form-section">
          <legend className="form-section__title">Firmendaten</legend>
          <Field
            label="Firma"
            autoComplete="organization"
            error={error('company')}
            {...register('company')}
          />
          <BusinessKindFields
            businessForm={register('businessForm')}
            businessType={register('businessType')}
            formError={error('businessForm')}
            typeError={error('businessType')}
          />
          {ownerRequired && (
            <div className="form-row">
              <Field
                label="Vorname Inhaber"
                error={error('ownerFirstname')}
                {...register('ownerFirstname')}
              />
              <Field
                label="Nachname Inhaber"
                error={error('ownerLastname')}
                {...register('ownerLastname')}
              />
            </div>
          )}
          <p className="form-section__title" aria-hidden="true">
            Rechnungsadresse
          </p>
          <div className="form-row form-row--street">
            <Field
              label="Straße"
              autoComplete="address-line1"
              error={error('streetName')}
              {...register('streetName')}
            />
            <Field label="Hausnummer" error={error('streetNumber')} {...register('streetNumber')} />
          </div>
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
          <SelectField label="Land" error={error('countryId')} {...register('countryId')}>
            {countries.map((country) => (
              <option key={country.id} value={country.id}>
                {country.name}
              </option>
            ))}
          </SelectField>
          {vatRequired && (
            <Field
              label="USt-IdNr."
              hint="Für Firmen außerhalb Deutschlands, mit Länderkürzel, z. B. ATU12345678"
              error={error('ustId')}
              {...register('ustId')}
            />
          )}
        </fieldset>
      )}

      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <Button
        type="submit"
        block
        size="lg"
        pending={pending}
        disabled={blockedByEmail || (formState.isSubmitted && hasErrors)}
      >
        Registrieren
      </Button>
      <p className="account-form__legal">
        Mit deiner Registrierung akzeptierst du unsere{' '}
        <Link to={paths.info('conditions')}>AGB</Link>. Wie wir mit deinen Daten umgehen, erfährst
        du in unseren <Link to={paths.info('privacy')}>Datenschutzhinweisen</Link>.
      </p>
    </form>
  )
}
