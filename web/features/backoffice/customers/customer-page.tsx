// /backoffice/kunden/:id: customer data, company data (changeable, the shop's rules), login block
// and password reset, Campus status, addresses and orders. No password hash, no card number.
import { zodResolver } from '@hookform/resolvers/zod'
import { createColumnHelper } from '@tanstack/react-table'
import { useForm } from 'react-hook-form'
import { useParams } from 'react-router-dom'
import { z } from 'zod'
import {
  BackofficeBusinessBodySchema,
  type BackofficeCustomerDetail,
} from '#contract/backoffice.ts'
import {
  BUSINESS_FORMS,
  BUSINESS_TYPES,
  BusinessFormFieldSchema,
  BusinessTypeSchema,
} from '#contract/fields.ts'
import { translate } from '#contract/messages.de.ts'
import { Button, Field, SelectField } from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import { formatDate, formatDateTime, formatPrice } from '#web/lib/format.ts'
import { DataTable } from '../components/data-table.tsx'
import {
  problemText,
  useChangeBusiness,
  useCustomer,
  useSendPasswordReset,
  useUnblockCustomer,
} from '../office-api.ts'
import { backofficePaths } from '../paths.ts'
import { bodyForm, CAMPUS_LABELS, Loading, StatusBadge } from '../shared.tsx'

/** The company data as the form keeps them (the select's digits), checked by the contract. */
const BusinessFormValues = bodyForm(
  z.object({
    companyName: z.string(),
    businessFormId: z.string().pipe(BusinessFormFieldSchema),
    businessType: BusinessTypeSchema,
    vatId: z.string(),
  }),
  BackofficeBusinessBodySchema,
)

function BusinessForm({ customer }: { customer: BackofficeCustomerDetail }) {
  const change = useChangeBusiness(customer.id)
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(BusinessFormValues),
    defaultValues: {
      companyName: customer.companyName ?? '',
      businessFormId: String(customer.businessFormId || 1),
      businessType: customer.businessType ?? 'consumer',
      vatId: customer.vatId ?? '',
    },
  })
  const errors = formState.errors
  return (
    <form
      method="post"
      className="backoffice-form"
      aria-labelledby="customer-business"
      onSubmit={handleSubmit((body) => change.mutate(body))}
    >
      <h2 id="customer-business">Firmendaten</h2>
      <Field
        label="Firmenname"
        required
        error={errors.companyName?.message}
        {...register('companyName')}
      />
      <SelectField
        label="Rechtsform"
        error={errors.businessFormId?.message}
        {...register('businessFormId')}
      >
        {BUSINESS_FORMS.map((form) => (
          <option key={form.id} value={form.id}>
            {form.label}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Kundenart"
        error={errors.businessType?.message}
        {...register('businessType')}
      >
        {BUSINESS_TYPES.map((type) => (
          <option key={type.id} value={type.id}>
            {type.label}
          </option>
        ))}
      </SelectField>
      <Field
        label="USt-IdNr."
        optional={!customer.vatRequired}
        error={errors.vatId?.message}
        {...register('vatId')}
      />
      {change.error && (
        <p className="form-error" role="alert">
          {problemText(change.error)}
        </p>
      )}
      {change.isSuccess && !change.isPending && (
        <p className="form-success" role="status">
          {translate('backoffice_saved')}
        </p>
      )}
      <Button type="submit" pending={change.isPending}>
        Firmendaten speichern
      </Button>
    </form>
  )
}

function LoginActions({ customer }: { customer: BackofficeCustomerDetail }) {
  const unblock = useUnblockCustomer(customer.id)
  const reset = useSendPasswordReset(customer.id)
  return (
    <section aria-labelledby="customer-login">
      <h2 id="customer-login">Anmeldung</h2>
      {customer.loginBlockedUntil ? (
        <p>
          Gesperrt nach zu vielen Fehlversuchen bis {formatDateTime(customer.loginBlockedUntil)}{' '}
          Uhr.
        </p>
      ) : (
        <p>Die Anmeldung ist nicht gesperrt.</p>
      )}
      <div className="backoffice-actions">
        {customer.loginBlockedUntil && (
          <Button type="button" pending={unblock.isPending} onClick={() => unblock.mutate()}>
            Sperre aufheben
          </Button>
        )}
        {!customer.isLight && (
          <Button
            type="button"
            variant="secondary"
            pending={reset.isPending}
            onClick={() => reset.mutate()}
          >
            Passwort-Link senden
          </Button>
        )}
      </div>
      {(unblock.error || reset.error) && (
        <p className="form-error" role="alert">
          {problemText(unblock.error ?? reset.error)}
        </p>
      )}
      {unblock.isSuccess && <p role="status">{translate('backoffice_unblocked')}</p>}
      {reset.isSuccess && <p role="status">{reset.data.body.message}</p>}
    </section>
  )
}

const column = createColumnHelper<BackofficeCustomerDetail['orders'][number]>()
const ORDER_COLUMNS = [
  column.accessor('orderNumber', {
    header: 'Bestellnr.',
    cell: (info) => <Link to={backofficePaths.order(info.getValue())}>{info.getValue()}</Link>,
  }),
  column.accessor('createdAt', { header: 'Datum', cell: (info) => formatDate(info.getValue()) }),
  column.accessor('status', {
    header: 'Status',
    cell: (info) => <StatusBadge status={info.getValue()} />,
  }),
  column.accessor('totalCents', { header: 'Summe', cell: (info) => formatPrice(info.getValue()) }),
]

export function CustomerPage() {
  const id = Number(useParams().id)
  const query = useCustomer(Number.isInteger(id) && id > 0 ? id : 0)
  if (query.data?.status !== 200) return <Loading error={query.error} />
  const customer = query.data.body
  const isBusiness = customer.customerType === 'business'
  return (
    <div className="backoffice-area">
      <p>
        <Link to={backofficePaths.customers}>← Zur Kundensuche</Link>
      </p>
      <div className="backoffice-columns">
        <section aria-labelledby="customer-data">
          <h2 id="customer-data">Kundendaten</h2>
          <dl className="backoffice-facts">
            <dt>Name</dt>
            <dd>
              {customer.firstName} {customer.lastName}
            </dd>
            <dt>E-Mail</dt>
            <dd>
              {customer.email}
              {customer.emailConfirmedAt ? ' (bestätigt)' : ''}
            </dd>
            <dt>Kundennummer</dt>
            <dd>{customer.customerNumber ?? '–'}</dd>
            <dt>Art</dt>
            <dd>
              {customer.isLight ? 'Gastkonto' : isBusiness ? 'Geschäftskunde' : 'Privatkunde'}
            </dd>
            {isBusiness && (
              <>
                <dt>Firma</dt>
                <dd>{customer.companyName ?? '–'}</dd>
                <dt>Rechtsform</dt>
                <dd>{customer.businessForm ?? '–'}</dd>
                {customer.ownerFirstName && (
                  <>
                    <dt>Inhaber/in</dt>
                    <dd>
                      {customer.ownerFirstName} {customer.ownerLastName}
                    </dd>
                  </>
                )}
                <dt>USt-IdNr.</dt>
                <dd>{customer.vatId ?? '–'}</dd>
              </>
            )}
            <dt>Kunde seit</dt>
            <dd>{formatDate(customer.createdAt)}</dd>
            <dt>Campus</dt>
            <dd>
              {CAMPUS_LABELS[customer.campus.status] ?? customer.campus.status}
              {customer.campus.expiresAt && ` bis ${formatDate(customer.campus.expiresAt)}`}
              {customer.campus.openApplicationId && (
                <>
                  {' '}
                  <Link to={backofficePaths.campusApplication(customer.campus.openApplicationId)}>
                    Offenen Antrag prüfen
                  </Link>
                </>
              )}
            </dd>
          </dl>
        </section>
        {isBusiness && <BusinessForm key={customer.id} customer={customer} />}
      </div>
      <LoginActions customer={customer} />
      <section aria-labelledby="customer-addresses">
        <h2 id="customer-addresses">Adressen</h2>
        {customer.addresses.length === 0 ? (
          <p>Keine Adressen.</p>
        ) : (
          <ul className="backoffice-list">
            {customer.addresses.map((address) => (
              <li key={address.id}>
                <strong>{address.isBilling ? 'Rechnungsadresse' : 'Lieferadresse'}:</strong>{' '}
                {[
                  address.company,
                  `${address.firstName} ${address.lastName}`,
                  `${address.streetName} ${address.streetNumber}`,
                  address.postNumber && `Postnummer ${address.postNumber}`,
                  `${address.zipCode} ${address.cityName}`,
                  address.countryName,
                ]
                  .filter(Boolean)
                  .join(', ')}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="customer-orders">
        <h2 id="customer-orders">Bestellungen</h2>
        <DataTable
          caption="Bestellungen des Kunden"
          columns={ORDER_COLUMNS}
          rows={customer.orders}
          rowId={(order) => order.orderNumber}
          empty={<p>Noch keine Bestellungen.</p>}
        />
      </section>
    </div>
  )
}
