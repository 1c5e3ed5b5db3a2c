// /backoffice/campus: document applications, oldest pending first; decided ones by tab.
import { createColumnHelper } from '@tanstack/react-table'
import { useMemo } from 'react'
import { useSearchParams } from 'react-router-dom'
import type { StaffCampusApplication } from '#contract/backoffice-access.ts'
import { studentTypeOf } from '#contract/campus.ts'
import { Link } from '#web/components/ui/link.tsx'
import { formatDate } from '#web/lib/format.ts'
import { errorText } from '#web/lib/messages.ts'
import { DataTable } from '../components/data-table.tsx'
import { backofficePaths } from '../paths.ts'
import { QueueTabs } from '../shared.tsx'
import { useCampusQueue } from './api.ts'

const TABS = [
  { status: 'pending', label: 'Offen' },
  { status: 'approved', label: 'Bestätigt' },
  { status: 'rejected', label: 'Abgelehnt' },
] as const
type Tab = (typeof TABS)[number]['status']

const column = createColumnHelper<StaffCampusApplication>()

function queueColumns(status: Tab) {
  return [
    column.accessor('submittedAt', {
      header: 'Eingang',
      cell: (info) => formatDate(info.getValue()),
    }),
    column.display({
      id: 'name',
      header: 'Name',
      cell: ({ row: { original: application } }) => (
        <>
          {application.firstName} {application.lastName}
          {application.isRenewal && <span className="backoffice-badge">Verlängerung</span>}
        </>
      ),
    }),
    column.accessor((a) => a.customerNumber ?? '–', { id: 'customerNumber', header: 'Kundennr.' }),
    column.accessor((a) => studentTypeOf(a.studentType).label, { id: 'type', header: 'Art' }),
    column.accessor('school', { header: 'Einrichtung' }),
    column.accessor('validTo', {
      header: 'Gültig bis',
      cell: (info) => {
        const validTo = info.getValue()
        return validTo ? formatDate(validTo) : '–'
      },
    }),
    column.display({
      id: 'action',
      header: () => <span className="visually-hidden">Aktion</span>,
      cell: ({ row: { original: application } }) => (
        <Link to={backofficePaths.campusApplication(application.id)}>
          {status === 'pending' ? 'Prüfen' : 'Ansehen'}
          <span className="visually-hidden">
            : Antrag von {application.firstName} {application.lastName}
          </span>
        </Link>
      ),
    }),
  ]
}

export function CampusQueuePage() {
  const [params, setParams] = useSearchParams()
  const status: Tab = TABS.find((tab) => tab.status === params.get('status'))?.status ?? 'pending'
  const page = Math.max(1, Number(params.get('seite')) || 1)
  const queue = useCampusQueue(status, page)
  const data = queue.data?.status === 200 ? queue.data.body : undefined
  const columns = useMemo(() => queueColumns(status), [status])

  return (
    <div className="campus-queue">
      <QueueTabs
        label="Status"
        tabs={TABS.map((tab) => ({ key: tab.status, label: tab.label }))}
        active={status}
        onSelect={(next) => setParams({ status: next })}
      />
      {queue.isError && (
        <p className="form-error" role="alert">
          {errorText(queue.error)}
        </p>
      )}
      {!data && !queue.isError && <p role="status">Lädt…</p>}
      {data && (
        <DataTable
          caption="Campus-Anträge mit Nachweis"
          columns={columns}
          rows={data.applications}
          rowId={(application) => String(application.id)}
          empty={<p>Keine Anträge.</p>}
          serverPage={{
            page,
            total: data.total,
            pageSize: data.pageSize,
            onPage: (next) => setParams({ status, seite: String(next) }),
          }}
        />
      )}
    </div>
  )
}
