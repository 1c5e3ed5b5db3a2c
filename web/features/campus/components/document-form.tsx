// Campus registration with a document (account-area §3 Student form, §5 Campus upload): the
// names, birth date, student type 1-4 whose labels name the institution and period, school,
// valid-from/to, the file (JPG/JPEG, GIF, PNG, PDF, at most 2.5 MB) and the terms. A light account
// adds its invoice address: the conversion to a full customer is part of the same submission.
import { type ChangeEvent, useId, useMemo, useState } from 'react'
import { FormProvider, type Path, useForm, useWatch } from 'react-hook-form'
import {
  berlinDate,
  CAMPUS_FILE_ACCEPT,
  CAMPUS_FILE_MAX_BYTES,
  STUDENT_TYPES,
  type StudentDataInput,
  studentDataSchema,
  studentTypeOf,
} from '#contract/campus.ts'
import { Button, Field, SelectField } from '#web/components/ui/index.ts'
import { fieldCodes, useCustomerData } from '#web/features/account/index.ts'
import { AddressFields } from '#web/features/addresses/index.ts'
import { t } from '#web/lib/messages.ts'
import { paths } from '#web/lib/paths.ts'
import { useRegisterByDocument } from '../api.ts'
import { campusErrorText } from './errors.ts'
import { studentDataResolver } from './student-data-resolver.ts'

/** The Campus programme's countries (the invoice address of a light account). */
const COUNTRIES = [
  { countryId: 81, countryName: 'Deutschland' },
  { countryId: 14, countryName: 'Österreich' },
]
const INVOICE_ADDRESS = { flow: 'account', kind: 'billing', customerType: 'private' } as const
const FILE_EXTENSIONS = /\.(jpe?g|gif|png|pdf)$/i

/** The file's problem as a message code, before anything is sent. */
function fileProblem(file: File | null): string | undefined {
  if (!file) return 'file_required'
  if (file.size > CAMPUS_FILE_MAX_BYTES) return 'file_too_large'
  if (!FILE_EXTENSIONS.test(file.name)) return 'file_type_invalid'
  return undefined
}

type Values = StudentDataInput

export function CampusDocumentForm({
  submitLabel = 'Nachweis senden',
  onSuccess,
}: {
  submitLabel?: string
  onSuccess: (message: string) => void
}) {
  const customer = useCustomerData().data?.body
  const isLight = customer?.isLightAccount ?? false
  const schema = useMemo(() => studentDataSchema(berlinDate(new Date())), [])
  const register = useRegisterByDocument()
  const fileId = useId()
  const [file, setFile] = useState<File | null>(null)
  const [fileTouched, setFileTouched] = useState(false)
  const form = useForm<Values>({
    resolver: studentDataResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      firstName: customer?.firstName ?? '',
      lastName: customer?.lastName ?? '',
      birthDate: '',
      studentType: 1,
      studentSchool: '',
      studentValidFrom: '',
      studentValidTo: '',
      studentAgb: false as unknown as true,
      ...(isLight
        ? {
            address: { streetName: '', streetNumber: '', zipCode: '', cityName: '', countryId: 81 },
          }
        : {}),
    },
  })
  const { errors } = form.formState
  const type = studentTypeOf(Number(useWatch({ control: form.control, name: 'studentType' })))
  const fileError = fileTouched ? fileProblem(file) : undefined

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    setFile(event.target.files?.[0] ?? null)
    setFileTouched(true)
  }

  const submit = form.handleSubmit(async (values) => {
    setFileTouched(true)
    if (fileProblem(file) || !file) return
    const body = new FormData()
    body.set('file', file)
    body.set('studentData', JSON.stringify(values))
    try {
      const response = await register.mutateAsync(body)
      onSuccess(response.body.message)
    } catch (error) {
      for (const [name, code] of Object.entries(fieldCodes(error))) {
        const field = name in values || name.startsWith('address.') ? name : `address.${name}`
        form.setError(field as Path<Values>, { message: code })
      }
    }
  })

  return (
    <FormProvider {...form}>
      <form
        method="post"
        className="campus-form"
        onSubmit={(event) => {
          setFileTouched(true)
          void submit(event)
        }}
        noValidate
        aria-label="Registrierung mit Nachweis"
      >
        <SelectField
          label="Ich bin"
          error={errors.studentType?.message}
          {...form.register('studentType')}
        >
          {STUDENT_TYPES.map((item) => (
            <option key={item.id} value={item.id}>
              {item.label}
            </option>
          ))}
        </SelectField>
        <div className="form-row">
          <Field
            label="Vorname"
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <Field
            label="Nachname"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
        </div>
        <Field
          label="Geburtsdatum"
          type="date"
          autoComplete="bday"
          error={errors.birthDate?.message}
          {...form.register('birthDate')}
        />
        <Field
          label={type.school}
          error={errors.studentSchool?.message}
          {...form.register('studentSchool')}
        />
        <div className="form-row">
          <Field
            label={type.validFrom}
            type="date"
            error={errors.studentValidFrom?.message}
            {...form.register('studentValidFrom', {
              // A changed start re-checks an end the shopper already entered (not an empty one).
              onChange: () => {
                if (form.getFieldState('studentValidTo').isTouched)
                  void form.trigger('studentValidTo')
              },
            })}
          />
          <Field
            label={type.validTo}
            type="date"
            error={errors.studentValidTo?.message}
            {...form.register('studentValidTo')}
          />
        </div>

        {isLight && (
          <fieldset className="form-section">
            <legend className="form-section__title">Deine Rechnungsadresse</legend>
            <p className="form-info">
              Mit der Registrierung wird dein Gastzugang zu einem vollständigen Kundenkonto.
            </p>
            <AddressFields
              context={INVOICE_ADDRESS}
              countries={COUNTRIES}
              prefix="address."
              withNames={false}
              streetNumberLabel="Hausnr."
            />
          </fieldset>
        )}

        <div className={`field${fileError ? ' field--error' : ''}`}>
          <label className="field__label" htmlFor={fileId}>
            Nachweis (
            {type.id === 4 ? 'Bescheinigung der Einrichtung' : 'Ausweis oder Bescheinigung'})
          </label>
          <input
            id={fileId}
            type="file"
            name="file"
            accept={CAMPUS_FILE_ACCEPT}
            className="field__input campus-form__file"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={`${fileId}-hint${fileError ? ` ${fileId}-error` : ''}`}
            onChange={onFile}
          />
          <p id={`${fileId}-hint`} className="field__hint">
            JPG, GIF, PNG oder PDF, höchstens 2,5 MB. Name und Gültigkeitszeitraum müssen lesbar
            sein.
          </p>
          {fileError && (
            <p id={`${fileId}-error`} className="field__error" role="alert">
              {t(fileError)}
            </p>
          )}
        </div>

        <label className="checkbox">
          <input type="checkbox" {...form.register('studentAgb')} />
          <span>
            Ich akzeptiere die{' '}
            <a href={paths.info('conditions')} target="_blank" rel="noopener noreferrer">
              Teilnahmebedingungen
            </a>{' '}
            des Campusprogramms.
          </span>
        </label>
        {errors.studentAgb && (
          <p className="field__error" role="alert">
            {t('terms_not_accepted')}
          </p>
        )}
        {register.error && (
          <p className="form-error" role="alert">
            {campusErrorText(register.error)}
          </p>
        )}
        <Button type="submit" pending={register.isPending}>
          {submitLabel}
        </Button>
      </form>
    </FormProvider>
  )
}
