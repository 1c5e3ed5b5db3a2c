// /backoffice/protokoll (admins): every staff action, newest first, with the record before and
// after the change.
import { createColumnHelper } from '@tanstack/react-table'
import { useForm } from 'react-hook-form'
import { useSearchParams } from 'react-router-dom'
import type { StaffAuditEntry } from '#contract/backoffice-access.ts'
import { Button, Field } from '#web/components/ui/index.ts'
import { formatDateTime } from '#web/lib/format.ts'
import { DataTable } from '../components/data-table.tsx'
import { useAuditLog } from '../office-api.ts'
import { Loading } from '../shared.tsx'

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span>–</span>
  return <pre className="backoffice-json">{JSON.stringify(value, null, 1)}</pre>
}

const column = createColumnHelper<StaffAuditEntry>()
const COLUMNS = [
  column.accessor('at', { header: 'Zeitpunkt', cell: (info) => formatDateTime(info.getValue()) }),
  column.accessor('staffEmail', { header: 'Wer' }),
  column.accessor('action', { header: 'Aktion' }),
  column.accessor((e) => (e.entityType ? `${e.entityType} ${e.entityId}` : '–'), {
    id: 'entity',
    header: 'Datensatz',
  }),
  column.display({
    id: 'before',
    header: 'Vorher',
    cell: ({ row }) => <Json value={row.original.before} />,
  }),
  column.display({
    id: 'after',
    header: 'Nachher',
    cell: ({ row }) => <Json value={row.original.after} />,
  }),
]

export function AuditPage() {
  const [params, setParams] = useSearchParams()
  const action = params.get('aktion') ?? ''
  const page = Math.max(1, Number(params.get('seite')) || 1)
  const form = useForm({ defaultValues: { term: action } })
  const log = useAuditLog(page, action)
  const data = log.data?.status === 200 ? log.data.body : undefined
  return (
    <div className="backoffice-area">
      <form
        method="post"
        className="backoffice-filter"
        aria-label="Protokoll filtern"
        onSubmit={form.handleSubmit(({ term }) =>
          setParams(term.trim() ? { aktion: term.trim() } : {}),
        )}
      >
        <Field label="Aktion (z. B. order.delivery.shipped)" {...form.register('term')} />
        <Button type="submit">Filtern</Button>
      </form>
      {!data && <Loading error={log.error} />}
      {data && (
        <DataTable
          caption="Protokoll der Backoffice-Aktionen"
          columns={COLUMNS}
          rows={data.entries}
          rowId={(entry) => String(entry.id)}
          serverPage={{
            page,
            total: data.total,
            pageSize: data.pageSize,
            onPage: (next) =>
              setParams({ ...(action ? { aktion: action } : {}), seite: String(next) }),
          }}
        />
      )}
    </div>
  )
}
