import { type FormEvent, Fragment, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import {
  ORDERS_DEFAULT_PERIOD,
  type OrderDelivery,
  type OrderGroup,
  ordersCaption,
  sortOrdersFilter,
} from '#contract/orders.ts'
import { Button, SearchIcon, SelectField } from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import { useCustomerData } from '#web/features/account/index.ts'
import { formatDate, formatNumber } from '#web/lib/format.ts'
import { errorText, t } from '#web/lib/messages.ts'
import { paths } from '#web/lib/paths.ts'
import { useOrders } from '../api.ts'
import { DeliveryPreview } from './delivery-preview.tsx'

/** The filter's values in the spec's order; the default when the list has not answered yet. */
function filterOptions(filter: Record<string, string> | undefined): [number, string][] {
  const entries = filter ?? { '30': 'letzte 30 Tage', '180': 'letzte 6 Monate' }
  return sortOrdersFilter(Object.keys(entries).map(Number)).map((value) => [
    value,
    entries[String(value)] ?? String(value),
  ])
}

function EmptyState() {
  const navigate = useNavigate()
  const [term, setTerm] = useState('')
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const value = term.trim()
    if (value) navigate(paths.search(value.slice(0, 100)))
  }
  return (
    <div className="orders-empty">
      <p className="orders-empty__text">{t('orders_empty')}</p>
      <form method="post" className="orders-empty__search" onSubmit={onSubmit}>
        <label className="field__label" htmlFor="orders-search">
          Finde dein nächstes Lieblingsprodukt
        </label>
        <div className="orders-empty__row">
          <input
            id="orders-search"
            className="input"
            type="search"
            placeholder="Produkt, Marke oder Artikelnummer"
            value={term}
            maxLength={100}
            onChange={(event) => setTerm(event.target.value)}
          />
          <Button type="submit" aria-label="Produkte suchen">
            <SearchIcon /> Suchen
          </Button>
        </div>
      </form>
    </div>
  )
}

function itemCount(group: OrderGroup): number {
  return Object.values(group.orders)
    .flatMap((delivery) => delivery.products)
    .reduce((sum, product) => sum + product.productQuantity, 0)
}

function StatusList({ deliveries }: { deliveries: OrderDelivery[] }) {
  const labels = [...new Set(deliveries.map((delivery) => delivery.statusLabel))]
  return (
    <>
      {labels.map((label) => (
        <span key={label} className="order-status">
          {label}
        </span>
      ))}
    </>
  )
}

function OrderRows({ group }: { group: OrderGroup }) {
  const [open, setOpen] = useState(false)
  const deliveries = Object.values(group.orders)
  const detailsId = `order-${group.primaryOrderId}-details`
  const count = itemCount(group)
  return (
    <Fragment>
      <tr className="orders-table__row">
        <td data-label="Datum">{formatDate(group.datePurchased)}</td>
        <td data-label="Bestellnr.">
          <Link to={`${paths.account.orders}/${group.primaryOrderId}`}>{group.primaryOrderId}</Link>
        </td>
        <td data-label="Artikel">{`${formatNumber(count)} Artikel`}</td>
        <td data-label="Summe" className="orders-table__sum">
          {group.total}
        </td>
        <td data-label="Status">
          <StatusList deliveries={deliveries} />
        </td>
        <td data-label="Lieferung/en">
          {deliveries.length === 1 ? '1 Lieferung' : `${deliveries.length} Lieferungen`}
        </td>
        <td>
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={open}
            aria-controls={detailsId}
            aria-label={`Details zu Bestellung ${group.primaryOrderId} ${open ? 'ausblenden' : 'anzeigen'}`}
            onClick={() => setOpen(!open)}
          >
            {open ? 'Weniger' : 'Details'}
          </Button>
        </td>
      </tr>
      <tr id={detailsId} className="orders-table__details" hidden={!open}>
        <td colSpan={7}>
          {open && (
            <div className="orders-table__deliveries">
              {deliveries.map((delivery) => (
                <DeliveryPreview key={delivery.id} delivery={delivery} />
              ))}
              <Link
                className="btn btn--secondary btn--sm"
                to={`${paths.account.orders}/${group.primaryOrderId}`}
              >
                Bestelldetails ansehen
              </Link>
            </div>
          )}
        </td>
      </tr>
    </Fragment>
  )
}

/**
 * Meine Bestellungen (account-area §2, §4, §9): period filter (30 days, 6 months by default,
 * years with orders), the order groups with their deliveries, "Mehr" for the next 10. Light
 * accounts see the empty state without a call.
 */
export function OrdersPage() {
  const customer = useCustomerData()
  const isLight = customer.data?.body.isLightAccount ?? false
  const [period, setPeriod] = useState(ORDERS_DEFAULT_PERIOD)
  const orders = useOrders(period, customer.isSuccess && !isLight)
  const pages = orders.data?.pages ?? []
  const groups = pages.flatMap((page) => page.orderOverview)
  const first = pages[0]

  if (customer.isSuccess && isLight) {
    return (
      <div className="account-panel">
        <EmptyState />
      </div>
    )
  }
  if (customer.isPending || orders.isPending) {
    return (
      <div className="account-loader" role="status">
        <span className="account-loader__spinner" aria-hidden="true" />
        Bestellungen werden geladen …
      </div>
    )
  }
  if (orders.isError) {
    return (
      <p className="form-error" role="alert">
        {errorText(orders.error)}
      </p>
    )
  }
  const hasAnyOrders = first ? Object.keys(first.ordersFilter).length > 2 : false
  if (!hasAnyOrders) {
    return (
      <div className="account-panel">
        <EmptyState />
      </div>
    )
  }

  return (
    <div className="account-panel orders">
      <div className="orders__filter">
        <SelectField
          label="Bestellungen filtern"
          value={String(period)}
          onChange={(event) => setPeriod(Number(event.target.value))}
        >
          {filterOptions(first?.ordersFilter).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="orders-table__scroll">
        <table className="orders-table" aria-busy={orders.isPlaceholderData || undefined}>
          <caption className="orders-table__caption">
            {ordersCaption(period)}
            {first && !orders.isPlaceholderData ? ` (${formatNumber(first.ordersCount)})` : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">Datum</th>
              <th scope="col">Bestellnr.</th>
              <th scope="col">Artikel</th>
              <th scope="col">Summe</th>
              <th scope="col">Status</th>
              <th scope="col">Lieferung/en</th>
              <th scope="col">
                <span className="visually-hidden">Details</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {groups.map((group) => (
              <OrderRows key={group.primaryOrderId} group={group} />
            ))}
          </tbody>
        </table>
      </div>
      {groups.length === 0 && (
        <p className="account-panel__note">In diesem Zeitraum hast du nichts bestellt.</p>
      )}
      {orders.hasNextPage && (
        <div className="orders__more">
          <Button
            variant="secondary"
            pending={orders.isFetchingNextPage}
            onClick={() => orders.fetchNextPage()}
          >
            Mehr
          </Button>
        </div>
      )}
    </div>
  )
}
