// "Rechnungen" in Bestelldetails (issue 20): every invoice and credit note of the order with its
// downloads (PDF; ZUGFeRD and XRechnung for business customers), and for business customers the
// choice of what the shipping mail carries, with the Leitweg-ID of public buyers.
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import {
  E_INVOICE_FORMAT_LABELS,
  type InvoicePreferencesBody,
  InvoicePreferencesBodySchema,
  type InvoiceSummary,
} from '#contract/invoices.ts'
import { formatEuro } from '#contract/money.ts'
import { Button, Field, SelectField } from '#web/components/ui/index.ts'
import { formatDate } from '#web/lib/format.ts'
import { errorText } from '#web/lib/messages.ts'
import {
  invoiceHref,
  useInvoicePreferences,
  useOrderInvoices,
  useSaveInvoicePreferences,
} from '../invoices-api.ts'

function InvoiceItem({ orderNumber, doc }: { orderNumber: string; doc: InvoiceSummary }) {
  return (
    <li className="invoices__item">
      <p className="invoices__head">
        <strong>
          {doc.title} {doc.number}
        </strong>{' '}
        · {formatDate(doc.issuedAt)} · {formatEuro(doc.totalCents)}
        {doc.deliveryNumber ? ` · Lieferung ${doc.deliveryNumber}` : ''}
      </p>
      <p className="invoices__links">
        {doc.formats.map((format) => (
          <a
            key={format}
            className="btn btn--secondary btn--sm"
            href={invoiceHref(orderNumber, doc.number, format)}
            download
          >
            {format === 'pdf' ? `${doc.title} (PDF)` : E_INVOICE_FORMAT_LABELS[format]}
          </a>
        ))}
      </p>
    </li>
  )
}

function PreferencesForm({ initial }: { initial: InvoicePreferencesBody }) {
  const save = useSaveInvoicePreferences()
  const { register, handleSubmit, formState } = useForm<InvoicePreferencesBody>({
    resolver: zodResolver(InvoicePreferencesBodySchema),
    defaultValues: initial,
  })
  return (
    <form
      method="post"
      className="invoices__preferences"
      noValidate
      onSubmit={handleSubmit((body) => save.mutate(body))}
    >
      <h3 className="invoices__subtitle">Rechnungsversand für dein Unternehmen</h3>
      <SelectField
        label="Rechnungsformat per E-Mail"
        {...register('format')}
        error={formState.errors.format?.message}
      >
        <option value="pdf">{E_INVOICE_FORMAT_LABELS.pdf}</option>
        <option value="zugferd">{E_INVOICE_FORMAT_LABELS.zugferd}</option>
        <option value="xrechnung">{E_INVOICE_FORMAT_LABELS.xrechnung}</option>
      </SelectField>
      <Field
        label="Leitweg-ID (nur für öffentliche Auftraggeber)"
        autoComplete="off"
        spellCheck={false}
        {...register('buyerReference')}
        error={formState.errors.buyerReference?.message}
      />
      {save.isError && (
        <p className="form-error" role="alert">
          {errorText(save.error)}
        </p>
      )}
      {save.isSuccess && (
        <p className="invoices__saved" role="status">
          Gespeichert. Künftige Rechnungen senden wir dir als{' '}
          {E_INVOICE_FORMAT_LABELS[save.data.format]}.
        </p>
      )}
      <Button type="submit" size="sm" variant="secondary" pending={save.isPending}>
        Speichern
      </Button>
    </form>
  )
}

export function InvoicesSection({ orderNumber }: { orderNumber: string }) {
  const invoices = useOrderInvoices(orderNumber)
  const preferences = useInvoicePreferences()
  const docs = invoices.data ?? []
  return (
    <section className="account-panel invoices" aria-labelledby="invoices-title">
      <h2 id="invoices-title" className="account-panel__title">
        Rechnungen
      </h2>
      {invoices.isError ? (
        <p className="form-error" role="alert">
          {errorText(invoices.error)}
        </p>
      ) : docs.length === 0 ? (
        <p className="invoices__muted">
          {invoices.isPending
            ? 'Rechnungen werden geladen …'
            : 'Die Rechnung erstellen wir, sobald deine Lieferung versendet wird. Du bekommst sie dann per E-Mail und findest sie hier.'}
        </p>
      ) : (
        <ul className="invoices__list">
          {docs.map((doc) => (
            <InvoiceItem key={doc.number} orderNumber={orderNumber} doc={doc} />
          ))}
        </ul>
      )}
      {preferences.data && (
        <PreferencesForm
          initial={{
            format: preferences.data.format,
            buyerReference: preferences.data.buyerReference ?? '',
          }}
        />
      )}
    </section>
  )
}
