// /backoffice/bestellungen: orders by status, day range and term (order number, e-mail, name).
import { createColumnHelper } from '@tanstack/react-table'
import { useForm } from 'react-hook-form'
import { useSearchParams } from 'react-router-dom'
import type { BackofficeOrderRow } from '#contract/backoffice.ts'
import { ORDER_STATUS_LABELS, type OrderStatus, OrderStatusSchema } from '#contract/orders.ts'
import { Button, Field, SelectField } from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import { formatDateTime, formatPrice } from '#web/lib/format.ts'
import { DataTable } from '../components/data-table.tsx'
import { type OrderFilter, useOrders } from '../office-api.ts'
import { backofficePaths } from '../paths.ts'
import { Loading, StatusBadge } from '../shared.tsx'

const DAY = /^\d{4}-\d{2}-\d{2}$/

function filterOf(params: URLSearchParams): OrderFilter {
  const status = OrderStatusSchema.options.find((s) => s === params.get('status'))
  const from = params.get('von') ?? ''
  const to = params.get('bis') ?? ''
  const q = params.get('q') ?? ''
  return {
    page: Math.max(1, Number(params.get('seite')) || 1),
    ...(status ? { status } : {}),
    ...(DAY.test(from) ? { from } : {}),
    ...(DAY.test(to) ? { to } : {}),
    ...(q ? { q } : {}),
  }
}

const column = createColumnHelper<BackofficeOrderRow>()
const COLUMNS = [
  column.accessor('orderNumber', {
    header: 'Bestellnr.',
    cell: (info) => <Link to={backofficePaths.order(info.getValue())}>{info.getValue()}</Link>,
  }),
  column.accessor('createdAt', {
    header: 'Datum',
    cell: (info) => formatDateTime(info.getValue()),
  }),
  column.display({
    id: 'customer',
    header: 'Kunde',
    cell: ({ row: { original: order } }) => (
      <>
        <Link to={backofficePaths.customer(order.customerId)}>{order.customerName}</Link>
        <div>{order.email}</div>
      </>
    ),
  }),
  column.accessor('status', {
    header: 'Status',
    cell: (info) => <StatusBadge status={info.getValue()} />,
  }),
  column.accessor('deliveries', { header: 'Lieferungen' }),
  column.accessor('totalCents', { header: 'Summe', cell: (info) => formatPrice(info.getValue()) }),
]

type FilterForm = { status: OrderStatus | ''; from: string; to: string; q: string }

export function OrdersPage() {
  const [params, setParams] = useSearchParams()
  const filter = filterOf(params)
  const form = useForm<FilterForm>({
    defaultValues: {
      status: filter.status ?? '',
      from: filter.from ?? '',
      to: filter.to ?? '',
      q: filter.q ?? '',
    },
  })
  const orders = useOrders(filter)
  const data = orders.data?.status === 200 ? orders.data.body : undefined
  const search = (next: FilterForm, page = 1) => {
    const entries: Record<string, string> = {}
    if (next.status) entries.status = next.status
    if (next.from) entries.von = next.from
    if (next.to) entries.bis = next.to
    if (next.q.trim()) entries.q = next.q.trim()
    if (page > 1) entries.seite = String(page)
    setParams(entries)
  }

  return (
    <div className="backoffice-area">
      <form
        method="post"
        className="backoffice-filter"
        aria-label="Bestellungen filtern"
        onSubmit={form.handleSubmit((values) => search(values))}
      >
        <SelectField label="Status" {...form.register('status')}>
          <option value="">Alle</option>
          {OrderStatusSchema.options.map((status) => (
            <option key={status} value={status}>
              {ORDER_STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
        <Field label="Von" type="date" {...form.register('from')} />
        <Field label="Bis" type="date" {...form.register('to')} />
        <Field label="Bestellnr., E-Mail oder Name" {...form.register('q')} />
        <Button type="submit">Filtern</Button>
      </form>
      {!data && <Loading error={orders.error} />}
      {data && (
        <DataTable
          caption="Bestellungen"
          columns={COLUMNS}
          rows={data.orders}
          rowId={(order) => order.orderNumber}
          empty={<p>Keine Bestellungen.</p>}
          serverPage={{
            page: filter.page,
            total: data.total,
            pageSize: data.pageSize,
            // The pager keeps the filter that produced this list, not unsent edits in the form.
            onPage: (page) =>
              search(
                {
                  status: filter.status ?? '',
                  from: filter.from ?? '',
                  to: filter.to ?? '',
                  q: filter.q ?? '',
                },
                page,
              ),
          }}
        />
      )}
    </div>
  )
}
