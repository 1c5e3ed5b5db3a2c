// The change modals of "Meine Benutzerdaten" (account-area §2, §4, §8): names, e-mail, password,
// owner names, company name and VAT id, and the customer-service notes for what the customer may
// not change himself (business form and type). Saving stays disabled while the form is invalid
// or unchanged; success reloads the customer data and returns to the overview with its message.
import { type ReactNode, useEffect } from 'react'
import { useWatch } from 'react-hook-form'
import { useNavigate } from 'react-router-dom'
import { z } from 'zod'
import {
  type ChangeCompanyNameBody,
  ChangeCompanyNameBodySchema,
  type ChangeEmailBody,
  ChangeEmailFormSchema,
  type ChangeNamesBody,
  type ChangeOwnerNamesBody,
  ChangeOwnerNamesBodySchema,
  type ChangePasswordBody,
  ChangePasswordFormSchema,
  type ChangeVatIdBody,
  type CustomerData,
  changeNamesFormSchema,
  isCampusActive,
  SELF_RENAMING_BUSINESS_FORM,
} from '#contract/account.ts'
import { VatIdSchema } from '#contract/fields.ts'
import { Button, Field, Modal } from '#web/components/ui/index.ts'
import { t } from '#web/lib/messages.ts'
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
import { ConfirmPasswordField } from '../components/confirm-password-field.tsx'
import { PasswordCriteria } from '../components/password-criteria.tsx'
import { ServiceContact } from '../components/service-contact.tsx'
import { useBackToOverview, useChangeForm } from '../components/use-change-form.ts'

function ChangeModal({
  title,
  save,
  children,
}: {
  title: string
  /** The save button (useChangeForm's `save`); none: only "Schließen". */
  save?: { formId: string; pending: boolean; canSave: boolean }
  children: ReactNode
}) {
  const back = useBackToOverview()
  return (
    <Modal
      open
      title={title}
      onClose={() => back()}
      footer={
        save ? (
          <>
            <Button variant="secondary" onClick={() => back()}>
              Abbrechen
            </Button>
            <Button
              type="submit"
              form={save.formId}
              pending={save.pending}
              disabled={!save.canSave}
            >
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

function FormError({ text }: { text: string | null }) {
  if (!text) return null
  return (
    <p className="form-error" role="alert">
      {text}
    </p>
  )
}

/** A modal this customer is never offered: back to the overview (in the browser, after hydration). */
function LeaveToOverview() {
  const navigate = useNavigate()
  useEffect(() => {
    navigate(paths.account.customerData, { replace: true })
  }, [navigate])
  return null
}

function useCustomer(): CustomerData | undefined {
  return useCustomerData().data?.body
}

// --- Names ----------------------------------------------------------------------------------

export function NameChangeModal() {
  const customer = useCustomer()
  if (!customer) return null
  if (isCampusActive(customer.studentStatus)) {
    return (
      <ChangeModal title="Name ändern">
        <p className="form-info">{t('action_not_allow_for_student')}</p>
        <ServiceContact />
      </ChangeModal>
    )
  }
  return <NameChangeForm customer={customer} />
}

function NameChangeForm({ customer }: { customer: CustomerData }) {
  const { form, failure, onSubmit, save } = useChangeForm<ChangeNamesBody>({
    schema: changeNamesFormSchema(customer.customerType),
    defaultValues: {
      firstName: customer.firstName,
      lastName: customer.lastName,
      confirmationPassword: '',
    },
    mutation: useChangeNames(),
    success: 'names_changed',
    failures: 'overview',
    clears: {
      account_password_invalid: 'confirmationPassword',
      missing_parameters: 'confirmationPassword',
    },
    // The password alone is no change.
    isChanged: ({ formState }) =>
      Boolean(formState.dirtyFields.firstName || formState.dirtyFields.lastName),
  })
  const { register, formState } = form
  return (
    <ChangeModal title="Name ändern" save={save}>
      <form method="post" id={save.formId} className="account-form" onSubmit={onSubmit} noValidate>
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
        <ConfirmPasswordField
          error={formState.errors.confirmationPassword}
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
  const { form, failure, onSubmit, save } = useChangeForm<ChangeEmailBody>({
    schema: ChangeEmailFormSchema,
    defaultValues: { email: '', confirmationPassword: '' },
    mutation: useChangeEmail(),
    success: 'email_changed',
    failures: 'inline',
    clears: { account_password_invalid: 'confirmationPassword' },
  })
  const { register, formState } = form
  return (
    <ChangeModal title="E-Mail Adresse ändern" save={save}>
      <form method="post" id={save.formId} className="account-form" onSubmit={onSubmit} noValidate>
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
        <ConfirmPasswordField
          error={formState.errors.confirmationPassword}
          {...register('confirmationPassword')}
        />
        <FormError text={failure} />
      </form>
    </ChangeModal>
  )
}

// --- Password -------------------------------------------------------------------------------

export function PasswordChangeModal() {
  const { form, failure, onSubmit, save } = useChangeForm<ChangePasswordBody>({
    schema: ChangePasswordFormSchema,
    defaultValues: { currentPassword: '', newPassword: '', confirmationPassword: '' },
    mutation: useChangePassword(),
    success: 'password_changed',
    failures: 'inline',
    clears: { old_password_incorrect: 'currentPassword' },
  })
  const { register, formState, control } = form
  const newPassword = useWatch({ control, name: 'newPassword' }) ?? ''
  const criteriaId = `${save.formId}-criteria`
  return (
    <ChangeModal title="Passwort ändern" save={save}>
      <form method="post" id={save.formId} className="account-form" onSubmit={onSubmit} noValidate>
        <ConfirmPasswordField
          hint={null}
          error={formState.errors.currentPassword}
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

export function OwnerNameChangeModal() {
  const customer = useCustomer()
  if (!customer) return null
  if (!customer.ownerRequired) {
    return (
      <ChangeModal title="Inhaber Name ändern">
        <p className="form-info">{t('owner_change_not_allowed')}</p>
      </ChangeModal>
    )
  }
  return <OwnerNameChangeForm customer={customer} />
}

function OwnerNameChangeForm({ customer }: { customer: CustomerData }) {
  const { form, onSubmit, save } = useChangeForm<ChangeOwnerNamesBody>({
    schema: ChangeOwnerNamesBodySchema,
    defaultValues: {
      ownerFirstName: customer.ownerFirstName ?? '',
      ownerLastName: customer.ownerLastName ?? '',
    },
    mutation: useChangeOwnerNames(),
    success: 'owner_name_changed',
    failures: 'overview',
  })
  const { register, formState } = form
  return (
    <ChangeModal title="Inhaber Name ändern" save={save}>
      <form method="post" id={save.formId} className="account-form" onSubmit={onSubmit} noValidate>
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
  if (!customer) return null
  if (customer.businessFormId !== SELF_RENAMING_BUSINESS_FORM) {
    return (
      <ChangeModal title="Firmenname ändern">
        <p className="form-info">{t('company_change_via_service')}</p>
        <ServiceContact>
          Schreib uns einfach mit deiner Kundennummer und einem aktuellen Registerauszug.
        </ServiceContact>
      </ChangeModal>
    )
  }
  return <CompanyNameChangeForm customer={customer} />
}

function CompanyNameChangeForm({ customer }: { customer: CustomerData }) {
  const { form, onSubmit, save } = useChangeForm<ChangeCompanyNameBody>({
    schema: ChangeCompanyNameBodySchema,
    defaultValues: { companyName: customer.companyName ?? '' },
    mutation: useChangeCompanyName(),
    success: 'company_name_changed',
    failures: 'overview',
  })
  const { register, formState } = form
  return (
    <ChangeModal title="Firmenname ändern" save={save}>
      <form method="post" id={save.formId} className="account-form" onSubmit={onSubmit} noValidate>
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

/** Private customers have no VAT id: the route leads back to the overview (the server refuses too). */
export function VatIdChangeModal() {
  const customer = useCustomer()
  if (!customer) return null
  if (customer.customerType !== 'business') return <LeaveToOverview />
  return <VatIdChangeForm customer={customer} />
}

function VatIdChangeForm({ customer }: { customer: CustomerData }) {
  const { form, onSubmit, save } = useChangeForm<ChangeVatIdBody>({
    schema: VatFormSchema,
    defaultValues: { vatId: customer.vatId ?? '' },
    mutation: useChangeVatId(),
    success: 'vat_id_changed',
    failures: 'overview',
    // A refused format stays at the field, so it can be corrected at once.
    fieldErrors: { vat_id_invalid: 'vatId', vat_id_unchanged: 'vatId' },
  })
  const { register, formState } = form
  return (
    <ChangeModal title="Ust. ID. ändern" save={save}>
      <form method="post" id={save.formId} className="account-form" onSubmit={onSubmit} noValidate>
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

// --- Business form and type: customer service (account-area §6) --------------------------------

function ServiceChangeModal({ title, what }: { title: string; what: string }) {
  const customer = useCustomer()
  if (!customer) return null
  if (customer.customerType !== 'business') return <LeaveToOverview />
  return (
    <ChangeModal title={title}>
      <p className="form-info">{t('company_change_via_service')}</p>
      <ServiceContact>
        Schreib uns mit deiner Kundennummer, welche {what} gelten soll.
      </ServiceContact>
    </ChangeModal>
  )
}

export function BusinessFormChangeModal() {
  return <ServiceChangeModal title="Rechtsform ändern" what="Rechtsform" />
}

export function BusinessTypeChangeModal() {
  return <ServiceChangeModal title="Kundenart ändern" what="Kundenart" />
}
