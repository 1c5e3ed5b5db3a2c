// /backoffice/retouren: orders with withdrawals, returns or refunds. "Offen" lists what needs
// staff, nearest refund deadline first; "Überfällig" only what is past its deadline; "Erledigt"
// the settled ones, newest first.
import { createColumnHelper } from '@tanstack/react-table'
import { useMemo } from 'react'
import { useSearchParams } from 'react-router-dom'
import {
  AFTER_SALE_STEP_LABELS,
  type AfterSaleRow,
  type AfterSaleView,
} from '#contract/backoffice-after-sale.ts'
import { Link } from '#web/components/ui/link.tsx'
import { formatDate, formatPrice } from '#web/lib/format.ts'
import { DataTable } from '../components/data-table.tsx'
import { backofficePaths } from '../paths.ts'
import { Loading, QueueTabs } from '../shared.tsx'
import { useAfterSaleQueue } from './api.ts'

const TABS: { view: AfterSaleView; label: string }[] = [
  { view: 'open', label: 'Offen' },
  { view: 'overdue', label: 'Überfällig' },
  { view: 'done', label: 'Erledigt' },
]

const column = createColumnHelper<AfterSaleRow>()

const COLUMNS = [
  column.accessor('openedAt', { header: 'Eingang', cell: (info) => formatDate(info.getValue()) }),
  column.display({
    id: 'order',
    header: 'Bestellung',
    cell: ({ row: { original } }) => (
      <Link to={backofficePaths.afterSaleCase(original.orderNumber)}>{original.orderNumber}</Link>
    ),
  }),
  column.display({
    id: 'customer',
    header: 'Kunde',
    cell: ({ row: { original } }) => (
      <>
        {original.customerName}
        <br />
        <small>{original.email}</small>
      </>
    ),
  }),
  column.display({
    id: 'matters',
    header: 'Vorgänge',
    cell: ({ row: { original } }) =>
      [
        original.withdrawals > 0 &&
          `${original.withdrawals} Widerruf${original.withdrawals > 1 ? 'e' : ''}`,
        original.returns > 0 &&
          `${original.returns} Rücksendung${original.returns > 1 ? 'en' : ''}`,
      ]
        .filter(Boolean)
        .join(', ') || 'Erstattung',
  }),
  column.accessor('nextStep', {
    header: 'Nächster Schritt',
    cell: (info) => AFTER_SALE_STEP_LABELS[info.getValue()],
  }),
  column.accessor('dueAt', {
    header: 'Erstattung fällig',
    cell: ({ row: { original } }) =>
      original.dueAt === null ? (
        '–'
      ) : (
        <span className={original.overdue ? 'after-sale-overdue' : undefined}>
          {formatDate(original.dueAt)}
          {original.overdue && ' (überfällig)'}
        </span>
      ),
  }),
  column.accessor('refundedCents', {
    header: 'Erstattet',
    cell: (info) => formatPrice(info.getValue()),
  }),
]

export function AfterSaleQueuePage() {
  const [params, setParams] = useSearchParams()
  const view = TABS.find((tab) => tab.view === params.get('ansicht'))?.view ?? 'open'
  const page = Math.max(1, Number(params.get('seite')) || 1)
  const queue = useAfterSaleQueue(view, page)
  const data = queue.data?.status === 200 ? queue.data.body : undefined
  const columns = useMemo(() => COLUMNS, [])
  const count = (tab: AfterSaleView) =>
    tab === 'open' ? data?.openCount : tab === 'overdue' ? data?.overdueCount : undefined

  return (
    <div className="after-sale-queue">
      <QueueTabs
        label="Ansicht"
        tabs={TABS.map((tab) => ({
          key: tab.view,
          label: count(tab.view) === undefined ? tab.label : `${tab.label} (${count(tab.view)})`,
        }))}
        active={view}
        onSelect={(next) => setParams({ ansicht: next })}
      />
      {!data && <Loading error={queue.error} />}
      {data && (
        <DataTable
          caption="Widerrufe, Rücksendungen und Erstattungen"
          columns={columns}
          rows={data.rows}
          rowId={(row) => row.orderNumber}
          empty={<p>Keine Vorgänge.</p>}
          serverPage={{
            page,
            total: data.total,
            pageSize: data.pageSize,
            onPage: (next) => setParams({ ansicht: view, seite: String(next) }),
          }}
        />
      )}
    </div>
  )
}
