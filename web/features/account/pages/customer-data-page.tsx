import type { ReactNode } from 'react'
import { Outlet } from 'react-router-dom'
import { type CustomerData, isCampusActive } from '#contract/account.ts'
import { BUSINESS_TYPES } from '#contract/fields.ts'
import { Link } from '#web/components/ui/link.tsx'
import { t } from '#web/lib/messages.ts'
import { paths } from '#web/lib/paths.ts'
import { useCustomerData } from '../api.ts'

const BASE = paths.account.customerData

function Row({
  label,
  value,
  edit,
  editLabel,
}: {
  label: string
  value: ReactNode
  edit?: string
  editLabel?: string
}) {
  return (
    <div className="data-row">
      <dt>{label}</dt>
      <dd>{value}</dd>
      {edit && (
        <dd className="data-row__action">
          <Link to={edit} aria-label={editLabel}>
            Ändern
          </Link>
        </dd>
      )}
    </div>
  )
}

function ContactBlock({ customer }: { customer: CustomerData }) {
  const isBusiness = customer.customerType === 'business'
  const name = `${customer.firstName} ${customer.lastName}`.trim() || '–'
  const canChange = customer.hasPassword
  return (
    <section className="account-panel" aria-labelledby="contact-title">
      <h2 id="contact-title" className="account-panel__title">
        {isBusiness ? 'Ansprechpartner' : 'Kundendaten'}
      </h2>
      <dl className="data-list data-list--editable">
        <Row
          label="Name"
          value={name}
          edit={canChange ? `${BASE}/namen-aendern` : undefined}
          editLabel="Name ändern"
        />
        <Row
          label="E-Mail"
          value={customer.email}
          edit={canChange ? `${BASE}/email-aendern` : undefined}
          editLabel="E-Mail Adresse ändern"
        />
        <Row
          label="Passwort"
          value={
            canChange ? (
              <>
                <span aria-hidden="true">••••••••</span>
                <span className="visually-hidden">verborgen</span>
              </>
            ) : (
              'Noch nicht festgelegt'
            )
          }
          edit={canChange ? `${BASE}/passwort-aendern` : undefined}
          editLabel="Passwort ändern"
        />
        {customer.customerNumber && <Row label="Kundennummer" value={customer.customerNumber} />}
      </dl>
      {!canChange && <p className="form-info">{t('no_password_yet')}</p>}
      {isCampusActive(customer.studentStatus) && (
        <p className="account-panel__note">{t('action_not_allow_for_student')}</p>
      )}
    </section>
  )
}

function CompanyBlock({ customer }: { customer: CustomerData }) {
  const type = BUSINESS_TYPES.find((item) => item.id === customer.businessType)?.label ?? '–'
  return (
    <section className="account-panel" aria-labelledby="company-title">
      <h2 id="company-title" className="account-panel__title">
        Firmendaten
      </h2>
      <dl className="data-list data-list--editable">
        <Row
          label="Rechtsform"
          value={customer.businessForm ?? '–'}
          edit={`${BASE}/rechtsform-aendern`}
          editLabel="Rechtsform ändern"
        />
        <Row
          label="Kundenart"
          value={type}
          edit={`${BASE}/kundenart-aendern`}
          editLabel="Kundenart ändern"
        />
        <Row
          label="Firmenname"
          value={customer.companyName ?? '–'}
          edit={`${BASE}/firmen-name-aendern`}
          editLabel="Firmenname ändern"
        />
        {customer.vatRequired && (
          <Row
            label="Ust. ID."
            value={customer.vatId ?? '–'}
            edit={`${BASE}/ustid-aendern`}
            editLabel="Ust. ID. ändern"
          />
        )}
      </dl>
    </section>
  )
}

function OwnerBlock({ customer }: { customer: CustomerData }) {
  const owner = `${customer.ownerFirstName ?? ''} ${customer.ownerLastName ?? ''}`.trim() || '–'
  return (
    <section className="account-panel" aria-labelledby="owner-title">
      <h2 id="owner-title" className="account-panel__title">
        Inhaber
      </h2>
      <dl className="data-list data-list--editable">
        <Row
          label="Name"
          value={owner}
          edit={`${BASE}/inhaber-name-aendern`}
          editLabel="Inhaber Name ändern"
        />
      </dl>
    </section>
  )
}

/**
 * Meine Benutzerdaten (account-area §2): contact data with edit links, for business customers
 * the company block (VAT id only when required) and, for forms 2 and 4, the owner block. The
 * change modals are child routes.
 */
export function CustomerDataPage() {
  const customer = useCustomerData().data?.body
  if (!customer) return null
  const isBusiness = customer.customerType === 'business'
  return (
    <div className="customer-data">
      <ContactBlock customer={customer} />
      {isBusiness && <CompanyBlock customer={customer} />}
      {isBusiness && customer.ownerRequired && <OwnerBlock customer={customer} />}
      <Outlet />
    </div>
  )
}
