// /backoffice/bestellungen/:orderNumber: the order, each delivery with its lines and history,
// and the lifecycle's next steps (payment received, shipped with tracking number, delivered,
// cancel with stock returned). Shipping and cancelling mail the customer.
import { zodResolver } from '@hookform/resolvers/zod'
import { createColumnHelper } from '@tanstack/react-table'
import { useForm } from 'react-hook-form'
import { useParams } from 'react-router-dom'
import {
  BackofficeCancelBodySchema,
  type BackofficeOrderDetail,
  BackofficeStatusBodySchema,
} from '#contract/backoffice.ts'
import { ORDER_STATUS_LABELS } from '#contract/orders.ts'
import { orderPaymentName } from '#contract/payments.de.ts'
import { Button, Field } from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import { formatDateTime, formatPrice } from '#web/lib/format.ts'
import { DataTable } from '../components/data-table.tsx'
import { problemText, useCancelDelivery, useMoveDelivery, useOrder } from '../office-api.ts'
import { backofficePaths } from '../paths.ts'
import { Loading, StatusBadge } from '../shared.tsx'
import { InvoicesPanel } from './invoices-panel.tsx'

type Delivery = BackofficeOrderDetail['deliveryList'][number]

function actorLabel(actor: string) {
  if (actor === 'checkout') return 'Kasse'
  if (actor === 'job') return 'System'
  if (actor.startsWith('staff:')) return 'Backoffice'
  return actor
}

/** "Als versendet markieren" with the optional tracking number (BackofficeStatusBodySchema). */
function ShipForm({
  delivery,
  move,
}: {
  delivery: Delivery
  move: ReturnType<typeof useMoveDelivery>
}) {
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(BackofficeStatusBodySchema),
    defaultValues: { status: 'shipped' as const, trackingNumber: '' },
  })
  return (
    <form
      method="post"
      className="backoffice-inline-form"
      aria-label={`Lieferung ${delivery.deliveryNumber} versenden`}
      onSubmit={handleSubmit((body) => move.mutate({ id: delivery.id, ...body }))}
    >
      <Field
        label="Sendungsnummer"
        optional
        maxLength={40}
        error={formState.errors.trackingNumber?.message}
        {...register('trackingNumber')}
      />
      <Button type="submit" pending={move.isPending}>
        Als versendet markieren
      </Button>
    </form>
  )
}

/** "Stornieren" with the optional reason, after a confirmation (BackofficeCancelBodySchema). */
function CancelForm({
  delivery,
  cancel,
}: {
  delivery: Delivery
  cancel: ReturnType<typeof useCancelDelivery>
}) {
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(BackofficeCancelBodySchema),
    defaultValues: { reason: '' },
  })
  return (
    <form
      method="post"
      className="backoffice-inline-form"
      aria-label={`Lieferung ${delivery.deliveryNumber} stornieren`}
      onSubmit={handleSubmit((body) => {
        if (window.confirm('Lieferung wirklich stornieren? Der Bestand wird zurückgebucht.')) {
          cancel.mutate({ id: delivery.id, reason: body.reason ?? '' })
        }
      })}
    >
      <Field
        label="Grund der Stornierung"
        optional
        maxLength={300}
        error={formState.errors.reason?.message}
        {...register('reason')}
      />
      <Button type="submit" variant="danger" pending={cancel.isPending}>
        Stornieren
      </Button>
    </form>
  )
}

function DeliveryActions({ delivery }: { delivery: Delivery }) {
  const move = useMoveDelivery()
  const cancel = useCancelDelivery()
  const next = delivery.nextStatuses
  if (next.length === 0) return null
  const error = move.error ?? cancel.error
  return (
    <div className="backoffice-delivery__actions">
      {next.includes('processing') && (
        <Button
          type="button"
          pending={move.isPending}
          onClick={() => move.mutate({ id: delivery.id, status: 'processing' })}
        >
          Zahlung eingegangen
        </Button>
      )}
      {next.includes('shipped') && <ShipForm delivery={delivery} move={move} />}
      {next.includes('delivered') && (
        <Button
          type="button"
          pending={move.isPending}
          onClick={() => move.mutate({ id: delivery.id, status: 'delivered' })}
        >
          Als zugestellt markieren
        </Button>
      )}
      {next.includes('cancelled') && <CancelForm delivery={delivery} cancel={cancel} />}
      {error && (
        <p className="form-error" role="alert">
          {problemText(error)}
        </p>
      )}
    </div>
  )
}

const lineColumn = createColumnHelper<Delivery['lines'][number]>()
const LINE_COLUMNS = [
  lineColumn.accessor('articleNumber', { header: 'Art.-Nr.' }),
  lineColumn.accessor('name', { header: 'Artikel' }),
  lineColumn.accessor('quantity', { header: 'Menge' }),
  lineColumn.accessor('unitPriceCents', {
    header: 'Einzelpreis',
    cell: (info) => formatPrice(info.getValue()),
  }),
]

function DeliveryCard({ delivery }: { delivery: Delivery }) {
  return (
    <section className="backoffice-delivery" aria-labelledby={`delivery-${delivery.id}`}>
      <h2 id={`delivery-${delivery.id}`}>
        Lieferung {delivery.deliveryNumber} <StatusBadge status={delivery.status} />
      </h2>
      <p>
        {delivery.shippingLabel} an {delivery.address}
        {delivery.trackingNumber && ` · Sendungsnummer ${delivery.trackingNumber}`}
      </p>
      <DataTable
        caption={`Positionen der Lieferung ${delivery.deliveryNumber}`}
        columns={LINE_COLUMNS}
        rows={delivery.lines}
        rowId={(line) => `${line.kind}-${line.articleNumber}-${line.name}`}
      />
      <DeliveryActions delivery={delivery} />
      <h3>Verlauf</h3>
      <ol className="backoffice-list">
        {delivery.events.map((event) => (
          <li key={`${event.at}-${event.toStatus}`}>
            {formatDateTime(event.at)}: {ORDER_STATUS_LABELS[event.toStatus]} (
            {actorLabel(event.actor)}){event.note && ` – ${event.note}`}
          </li>
        ))}
      </ol>
    </section>
  )
}

export function OrderPage() {
  const orderNumber = useParams().orderNumber ?? ''
  const query = useOrder(orderNumber)
  if (query.data?.status !== 200) return <Loading error={query.error} />
  const order = query.data.body
  return (
    <div className="backoffice-area">
      <p>
        <Link to={backofficePaths.orders}>← Zu den Bestellungen</Link> ·{' '}
        <Link to={backofficePaths.afterSaleCase(order.orderNumber)}>
          Widerrufe, Rücksendungen und Erstattungen
        </Link>
      </p>
      <p role="status">
        Bestellung {order.orderNumber} vom {formatDateTime(order.createdAt)}: Status{' '}
        <StatusBadge status={order.status} />
      </p>
      <dl className="backoffice-facts">
        <dt>Kunde</dt>
        <dd>
          <Link to={backofficePaths.customer(order.customerId)}>{order.customerName}</Link> (
          {order.email})
        </dd>
        <dt>Rechnungsadresse</dt>
        <dd>{order.billingAddress}</dd>
        <dt>Zahlung</dt>
        <dd>{order.paymentLabel ?? orderPaymentName(order.paymentMethod)}</dd>
        <dt>Waren</dt>
        <dd>{formatPrice(order.subtotalCents)}</dd>
        <dt>Versand</dt>
        <dd>{formatPrice(order.shippingCents)}</dd>
        {order.coupons.length > 0 && (
          <>
            <dt>Gutscheine</dt>
            <dd>
              {order.coupons
                .map((coupon) => `${coupon.code} −${formatPrice(coupon.cents)}`)
                .join(', ')}
            </dd>
          </>
        )}
        <dt>Summe</dt>
        <dd>{formatPrice(order.totalCents)}</dd>
        {order.oldDeviceTakeBack !== null && (
          <>
            <dt>Altgeräte-Rücknahme</dt>
            <dd>
              {order.oldDeviceTakeBack
                ? 'Gewünscht: Altgerät bei der Lieferung kostenlos mitnehmen'
                : 'Nicht gewünscht'}
            </dd>
          </>
        )}
      </dl>
      {order.deliveryList.map((delivery) => (
        <DeliveryCard key={delivery.id} delivery={delivery} />
      ))}
      <InvoicesPanel orderNumber={order.orderNumber} />
    </div>
  )
}
