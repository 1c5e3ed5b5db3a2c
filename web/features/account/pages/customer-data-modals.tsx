// The change modals of "Meine Benutzerdaten" (account-area §2, §4, §8): names, e-mail, password,
// owner names, company name and VAT id. Saving stays disabled while the form is invalid or
// unchanged; success reloads the customer data and returns to the overview with its message.
import { zodResolver } from '@hookform/resolvers/zod'
import { type ReactNode, useId, useState } from 'react'
import {
  type FieldValues,
  type Path,
  type UseFormSetError,
  useForm,
  useWatch,
} from 'react-hook-form'
import { useNavigate } from 'react-router-dom'
import { z } from 'zod'
import {
  ChangeCompanyNameBodySchema,
  ChangeEmailFormSchema,
  ChangeOwnerNamesBodySchema,
  ChangePasswordFormSchema,
  type CustomerData,
  changeNamesFormSchema,
  isCampusActive,
  SELF_RENAMING_BUSINESS_FORM,
} from '#contract/account.ts'
import { VatIdSchema } from '#contract/fields.ts'
import type { MessageCode } from '#contract/messages.de.ts'
import { Button, Field, Modal } from '#web/components/ui/index.ts'
import { errorCode, errorText, t } from '#web/lib/messages.ts'
import { paths } from '#web/lib/paths.ts'
import {
  useChangeCompanyName,
  useChangeEmail,
  useChangeNames,
  useChangeOwnerNames,
  useChangePassword,
  useChangeVatId,
  useCustomerData,
} from '../api.ts'
import { PasswordCriteria } from '../components/password-criteria.tsx'
import { failedResponse, fieldCodes } from '../components/responses.ts'

const BASE = paths.account.customerData
const SERVICE_MAIL = 'kundenservice@bitwerk.example'

/** Back to the overview, with the feedback shown there (4 s + 1 s). */
function useBackToOverview() {
  const navigate = useNavigate()
  return (feedback?: { kind: 'success' | 'error'; text: string }) =>
    navigate(BASE, feedback ? { state: { feedback } } : undefined)
}

function ChangeModal({
  title,
  formId,
  pending,
  canSave,
  children,
}: {
  title: string
  /** The form the save button submits; none: only "Schließen". */
  formId?: string
  pending?: boolean
  canSave?: boolean
  children: ReactNode
}) {
  const back = useBackToOverview()
  return (
    <Modal
      open
      title={title}
      onClose={() => back()}
      footer={
        formId ? (
          <>
            <Button variant="secondary" onClick={() => back()}>
              Abbrechen
            </Button>
            <Button type="submit" form={formId} pending={pending} disabled={!canSave}>
              Änderungen speichern
            </Button>
          </>
        ) : (
          <Button onClick={() => back()}>Schließen</Button>
        )
      }
    >
      {children}
    </Modal>
  )
}

/**
 * Valid and changed. Both flags are read on every render: react-hook-form computes only the
 * flags a render read, so `isValid && isDirty` would never subscribe to isDirty while invalid.
 */
function canSave(formState: { isValid: boolean; isDirty: boolean }) {
  const { isValid, isDirty } = formState
  return isValid && isDirty
}

function FormError({ text }: { text: string | null }) {
  if (!text) return null
  return (
    <p className="form-error" role="alert">
      {text}
    </p>
  )
}

/** A 400 answer's field codes go to their fields; the rest is the form's error text. */
function applyFieldErrors<V extends FieldValues>(error: unknown, setError: UseFormSetError<V>) {
  const fields = fieldCodes(error)
  for (const [name, code] of Object.entries(fields)) setError(name as Path<V>, { message: code })
  return failedResponse(error)?.status === 400 && Object.keys(fields).length > 0
}

function useCustomer(): CustomerData | undefined {
  return useCustomerData().data?.body
}

// --- Names ----------------------------------------------------------------------------------

const INLINE_NAME_ERRORS = new Set(['account_password_invalid', 'missing_parameters'])

export function NameChangeModal() {
  const customer = useCustomer()
  if (!customer) return null
  if (isCampusActive(customer.studentStatus)) {
    return (
      <ChangeModal title="Name ändern">
        <p className="form-info">{t('action_not_allow_for_student')}</p>
        <p>
          Unser Kundenservice: <a href={`mailto:${SERVICE_MAIL}`}>{SERVICE_MAIL}</a>
        </p>
      </ChangeModal>
    )
  }
  return <NameChangeForm customer={customer} />
}

function NameChangeForm({ customer }: { customer: CustomerData }) {
  const formId = useId()
  const back = useBackToOverview()
  const change = useChangeNames()
  const [failure, setFailure] = useState<string | null>(null)
  const { register, handleSubmit, formState, setError, resetField } = useForm({
    resolver: zodResolver(changeNamesFormSchema(customer.customerType)),
    defaultValues: {
      firstName: customer.firstName,
      lastName: customer.lastName,
      confirmationPassword: '',
    },
    mode: 'onChange',
  })
  const { isValid, dirtyFields } = formState
  const dirtyNames = Boolean(dirtyFields.firstName || dirtyFields.lastName)
  const onSubmit = handleSubmit((body) => {
    setFailure(null)
    change.mutate(body, {
      onSuccess: () => back({ kind: 'success', text: t('names_changed') }),
      onError: (error) => {
        if (applyFieldErrors(error, setError)) return
        const code = errorCode(error) ?? 'general_error'
        if (INLINE_NAME_ERRORS.has(code)) {
          resetField('confirmationPassword')
          setFailure(t(code))
        } else back({ kind: 'error', text: errorText(error) })
      },
    })
  })
  return (
    <ChangeModal
      title="Name ändern"
      formId={formId}
      pending={change.isPending}
      canSave={isValid && dirtyNames}
    >
      <form id={formId} className="account-form" onSubmit={onSubmit} noValidate>
        <Field
          label="Vorname"
          autoComplete="given-name"
          error={formState.errors.firstName?.message}
          {...register('firstName')}
        />
        <Field
          label="Nachname"
          autoComplete="family-name"
          error={formState.errors.lastName?.message}
          {...register('lastName')}
        />
        <Field
          label="Aktuelles Passwort"
          type="password"
          autoComplete="current-password"
          hint="Zur Bestätigung der Änderung"
          error={formState.errors.confirmationPassword?.message}
          {...register('confirmationPassword')}
        />
        <FormError text={failure} />
      </form>
    </ChangeModal>
  )
}

// --- E-mail ---------------------------------------------------------------------------------

export function EmailChangeModal() {
  const customer = useCustomer()
  const formId = useId()
  const back = useBackToOverview()
  const change = useChangeEmail()
  const [failure, setFailure] = useState<string | null>(null)
  const { register, handleSubmit, formState, setError, resetField } = useForm({
    resolver: zodResolver(ChangeEmailFormSchema),
    defaultValues: { email: '', confirmationPassword: '' },
    mode: 'onChange',
  })
  const onSubmit = handleSubmit((body) => {
    setFailure(null)
    change.mutate(body, {
      onSuccess: () => back({ kind: 'success', text: t('email_changed') }),
      onError: (error) => {
        if (applyFieldErrors(error, setError)) return
        if (errorCode(error) === 'account_password_invalid') resetField('confirmationPassword')
        setFailure(errorText(error))
      },
    })
  })
  return (
    <ChangeModal
      title="E-Mail Adresse ändern"
      formId={formId}
      pending={change.isPending}
      canSave={canSave(formState)}
    >
      <form id={formId} className="account-form" onSubmit={onSubmit} noValidate>
        {customer && (
          <p className="account-panel__note modal-intro">
            Deine bisherige E-Mail-Adresse: <strong>{customer.email}</strong>. Wir informieren sie
            über die Änderung.
          </p>
        )}
        <Field
          label="Neue E-Mail-Adresse"
          type="email"
          autoComplete="email"
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <Field
          label="Aktuelles Passwort"
          type="password"
          autoComplete="current-password"
          hint="Zur Bestätigung der Änderung"
          error={formState.errors.confirmationPassword?.message}
          {...register('confirmationPassword')}
        />
        <FormError text={failure} />
      </form>
    </ChangeModal>
  )
}

// --- Password -------------------------------------------------------------------------------

export function PasswordChangeModal() {
  const formId = useId()
  const criteriaId = useId()
  const back = useBackToOverview()
  const change = useChangePassword()
  const [failure, setFailure] = useState<string | null>(null)
  const { register, handleSubmit, formState, setError, resetField, control } = useForm({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmationPassword: '' },
    mode: 'onChange',
  })
  const newPassword = useWatch({ control, name: 'newPassword' })
  const onSubmit = handleSubmit((body) => {
    setFailure(null)
    change.mutate(body, {
      onSuccess: () => back({ kind: 'success', text: t('password_changed') }),
      onError: (error) => {
        if (applyFieldErrors(error, setError)) return
        if (errorCode(error) === 'old_password_incorrect') resetField('currentPassword')
        setFailure(errorText(error))
      },
    })
  })
  return (
    <ChangeModal
      title="Passwort ändern"
      formId={formId}
      pending={change.isPending}
      canSave={canSave(formState)}
    >
      <form id={formId} className="account-form" onSubmit={onSubmit} noValidate>
        <Field
          label="Aktuelles Passwort"
          type="password"
          autoComplete="current-password"
          error={formState.errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <Field
          label="Neues Passwort"
          type="password"
          autoComplete="new-password"
          aria-describedby={criteriaId}
          error={formState.errors.newPassword?.message}
          {...register('newPassword')}
        />
        <PasswordCriteria password={newPassword} id={criteriaId} />
        <Field
          label="Neues Passwort wiederholen"
          type="password"
          autoComplete="new-password"
          error={formState.errors.confirmationPassword?.message}
          {...register('confirmationPassword')}
        />
        <p className="account-panel__note">
          Nach der Änderung melden wir dich auf allen anderen Geräten ab.
        </p>
        <FormError text={failure} />
      </form>
    </ChangeModal>
  )
}

// --- Owner, company, VAT id (business) ---------------------------------------------------------

/** Failures of these changes return to the overview with the error (account-area §4). */
function useFailBack<V extends FieldValues>(setError: UseFormSetError<V>) {
  const back = useBackToOverview()
  return (error: unknown) => {
    if (applyFieldErrors(error, setError)) return
    back({ kind: 'error', text: errorText(error) })
  }
}

export function OwnerNameChangeModal() {
  const customer = useCustomer()
  const formId = useId()
  const back = useBackToOverview()
  const change = useChangeOwnerNames()
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(ChangeOwnerNamesBodySchema),
    defaultValues: {
      ownerFirstName: customer?.ownerFirstName ?? '',
      ownerLastName: customer?.ownerLastName ?? '',
    },
    mode: 'onChange',
  })
  const fail = useFailBack(setError)
  if (!customer?.ownerRequired) {
    return (
      <ChangeModal title="Inhaber Name ändern">
        <p className="form-info">{t('owner_change_not_allowed')}</p>
      </ChangeModal>
    )
  }
  const onSubmit = handleSubmit((body) =>
    change.mutate(body, {
      onSuccess: () => back({ kind: 'success', text: t('owner_name_changed') }),
      onError: fail,
    }),
  )
  return (
    <ChangeModal
      title="Inhaber Name ändern"
      formId={formId}
      pending={change.isPending}
      canSave={canSave(formState)}
    >
      <form id={formId} className="account-form" onSubmit={onSubmit} noValidate>
        <Field
          label="Vorname Inhaber"
          error={formState.errors.ownerFirstName?.message}
          {...register('ownerFirstName')}
        />
        <Field
          label="Nachname Inhaber"
          error={formState.errors.ownerLastName?.message}
          {...register('ownerLastName')}
        />
      </form>
    </ChangeModal>
  )
}

export function CompanyNameChangeModal() {
  const customer = useCustomer()
  const formId = useId()
  const back = useBackToOverview()
  const change = useChangeCompanyName()
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(ChangeCompanyNameBodySchema),
    defaultValues: { companyName: customer?.companyName ?? '' },
    mode: 'onChange',
  })
  const fail = useFailBack(setError)
  if (customer?.businessFormId !== SELF_RENAMING_BUSINESS_FORM) {
    return (
      <ChangeModal title="Firmenname ändern">
        <p className="form-info">{t('company_change_via_service')}</p>
        <p>
          Schreib uns einfach mit deiner Kundennummer und einem aktuellen Registerauszug an{' '}
          <a href={`mailto:${SERVICE_MAIL}`}>{SERVICE_MAIL}</a>.
        </p>
      </ChangeModal>
    )
  }
  const onSubmit = handleSubmit((body) =>
    change.mutate(body, {
      onSuccess: () => back({ kind: 'success', text: t('company_name_changed') }),
      onError: fail,
    }),
  )
  return (
    <ChangeModal
      title="Firmenname ändern"
      formId={formId}
      pending={change.isPending}
      canSave={canSave(formState)}
    >
      <form id={formId} className="account-form" onSubmit={onSubmit} noValidate>
        <Field
          label="Firmenname"
          autoComplete="organization"
          hint="Auch auf deinen Adressen wird der neue Name verwendet."
          error={formState.errors.companyName?.message}
          {...register('companyName')}
        />
      </form>
    </ChangeModal>
  )
}

const VatFormSchema = z.object({ vatId: VatIdSchema })

export function VatIdChangeModal() {
  const customer = useCustomer()
  const formId = useId()
  const back = useBackToOverview()
  const change = useChangeVatId()
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(VatFormSchema),
    defaultValues: { vatId: customer?.vatId ?? '' },
    mode: 'onChange',
  })
  const fail = useFailBack(setError)
  const onSubmit = handleSubmit((body) =>
    change.mutate(body, {
      onSuccess: () => back({ kind: 'success', text: t('vat_id_changed') }),
      onError: (error) => {
        const code = errorCode(error) as MessageCode | undefined
        // A refused format stays at the field, so it can be corrected at once.
        if (code === 'vat_id_invalid' || code === 'vat_id_unchanged') {
          setError('vatId', { message: code })
        } else fail(error)
      },
    }),
  )
  return (
    <ChangeModal
      title="Ust. ID. ändern"
      formId={formId}
      pending={change.isPending}
      canSave={canSave(formState)}
    >
      <form id={formId} className="account-form" onSubmit={onSubmit} noValidate>
        <Field
          label="Ust. ID."
          hint="Mit Länderkürzel, z. B. ATU12345678"
          error={formState.errors.vatId?.message}
          {...register('vatId')}
        />
      </form>
    </ChangeModal>
  )
}
