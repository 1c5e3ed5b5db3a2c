// The order's invoices and credit notes for customer service (issue 20): download in every
// format offered, and "Erneut senden" to the order's e-mail address (audited on the server).
import { useMutation } from '@tanstack/react-query'
import { E_INVOICE_FORMAT_LABELS } from '#contract/invoices.ts'
import { Button } from '#web/components/ui/index.ts'
import { formatDateTime, formatPrice } from '#web/lib/format.ts'
import { tsr } from '#web/lib/tsr.ts'
import { okOrThrow, staffKeys } from '../api.ts'
import { problemText } from '../office-api.ts'

const invoicesKey = (orderNumber: string) => [...staffKeys.all, 'invoices', orderNumber] as const

function fileHref(orderNumber: string, number: string, format: string) {
  return `/api/staff/orders/${encodeURIComponent(orderNumber)}/invoices/${encodeURIComponent(number)}/${format}`
}

function ResendButton({ orderNumber, number }: { orderNumber: string; number: string }) {
  const resend = useMutation({
    mutationFn: async () =>
      okOrThrow(
        await tsr.backofficeInvoices.resendInvoice.mutate({ params: { orderNumber, number } }),
      ),
  })
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        pending={resend.isPending}
        onClick={() => resend.mutate()}
      >
        Erneut senden
      </Button>
      {resend.isSuccess && <span role="status">Gesendet an {resend.data.body.sentTo}</span>}
      {resend.isError && <span role="alert">{problemText(resend.error)}</span>}
    </>
  )
}

export function InvoicesPanel({ orderNumber }: { orderNumber: string }) {
  const query = tsr.backofficeInvoices.getOrderInvoices.useQuery({
    queryKey: invoicesKey(orderNumber),
    queryData: { params: { orderNumber } },
    staleTime: 0,
  })
  const docs = query.data?.status === 200 ? query.data.body.invoices : []
  return (
    <section className="backoffice-delivery" aria-labelledby="invoices-title">
      <h2 id="invoices-title">Rechnungen und Rechnungskorrekturen</h2>
      {docs.length === 0 ? (
        <p>Noch keine Rechnung: Sie entsteht beim Versand einer Lieferung.</p>
      ) : (
        <ul className="backoffice-invoices">
          {docs.map((doc) => (
            <li key={doc.number}>
              <strong>
                {doc.title} {doc.number}
              </strong>{' '}
              · {formatDateTime(doc.issuedAt)} · {formatPrice(doc.totalCents)}
              {doc.deliveryNumber ? ` · Lieferung ${doc.deliveryNumber}` : ''}{' '}
              {doc.formats.map((format) => (
                <a
                  key={format}
                  className="btn btn--secondary btn--sm"
                  href={fileHref(orderNumber, doc.number, format)}
                  download
                >
                  {E_INVOICE_FORMAT_LABELS[format]}
                </a>
              ))}{' '}
              <ResendButton orderNumber={orderNumber} number={doc.number} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
