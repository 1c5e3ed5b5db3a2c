// /backoffice/bestellungen: orders by status, day range and term (order number, e-mail, name).
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { ORDER_STATUS_LABELS, type OrderStatus, OrderStatusSchema } from '#contract/orders.ts'
import { Button, Field, SelectField } from '#web/components/ui/index.ts'
import { formatDateTime, formatPrice } from '#web/lib/format.ts'
import { type OrderFilter, useOrders } from '../office-api.ts'
import { backofficePaths } from '../paths.ts'
import { Loading, Pager, StatusBadge } from '../shared.tsx'

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

export function OrdersPage() {
  const [params, setParams] = useSearchParams()
  const filter = filterOf(params)
  const [form, setForm] = useState({
    status: filter.status ?? '',
    from: filter.from ?? '',
    to: filter.to ?? '',
    q: filter.q ?? '',
  })
  const orders = useOrders(filter)
  const data = orders.data?.status === 200 ? orders.data.body : undefined
  const search = (next: typeof form, page = 1) => {
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
        className="backoffice-filter"
        aria-label="Bestellungen filtern"
        onSubmit={(event) => {
          event.preventDefault()
          search(form)
        }}
      >
        <SelectField
          label="Status"
          value={form.status}
          onChange={(event) => setForm({ ...form, status: event.target.value as OrderStatus })}
        >
          <option value="">Alle</option>
          {OrderStatusSchema.options.map((status) => (
            <option key={status} value={status}>
              {ORDER_STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
        <Field
          label="Von"
          type="date"
          value={form.from}
          onChange={(event) => setForm({ ...form, from: event.target.value })}
        />
        <Field
          label="Bis"
          type="date"
          value={form.to}
          onChange={(event) => setForm({ ...form, to: event.target.value })}
        />
        <Field
          label="Bestellnr., E-Mail oder Name"
          value={form.q}
          onChange={(event) => setForm({ ...form, q: event.target.value })}
        />
        <Button type="submit">Filtern</Button>
      </form>
      {!data && <Loading error={orders.error} />}
      {data && data.orders.length === 0 && <p>Keine Bestellungen.</p>}
      {data && data.orders.length > 0 && (
        <table className="backoffice-table">
          <caption className="visually-hidden">Bestellungen</caption>
          <thead>
            <tr>
              <th scope="col">Bestellnr.</th>
              <th scope="col">Datum</th>
              <th scope="col">Kunde</th>
              <th scope="col">Status</th>
              <th scope="col">Lieferungen</th>
              <th scope="col">Summe</th>
            </tr>
          </thead>
          <tbody>
            {data.orders.map((order) => (
              <tr key={order.orderNumber}>
                <td>
                  <Link to={backofficePaths.order(order.orderNumber)}>{order.orderNumber}</Link>
                </td>
                <td>{formatDateTime(order.createdAt)}</td>
                <td>
                  <Link to={backofficePaths.customer(order.customerId)}>{order.customerName}</Link>
                  <div>{order.email}</div>
                </td>
                <td>
                  <StatusBadge status={order.status} />
                </td>
                <td>{order.deliveries}</td>
                <td>{formatPrice(order.totalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && (
        <Pager
          page={filter.page}
          total={data.total}
          pageSize={data.pageSize}
          onPage={(page) => search(form, page)}
        />
      )}
    </div>
  )
}
