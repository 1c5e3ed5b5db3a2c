// /backoffice/tracking: the first-party tracking events (stored only with consent) per day and
// type, for a range of Berlin days (default: the last 14 days).
import { createColumnHelper } from '@tanstack/react-table'
import { useForm } from 'react-hook-form'
import { useSearchParams } from 'react-router-dom'
import type { TrackingReport } from '#contract/backoffice.ts'
import { Button, Field } from '#web/components/ui/index.ts'
import { DataTable } from '../components/data-table.tsx'
import { useTrackingReport } from '../office-api.ts'
import { Loading } from '../shared.tsx'

/** German names of the event types; unknown types show as sent. */
const EVENT_LABELS: Record<string, string> = {
  checkout_start: 'Kasse: Start',
  checkout_address: 'Kasse: Adresse',
  checkout_payment: 'Kasse: Zahlung',
  checkout_delivery: 'Kasse: Versand',
  checkout_summary: 'Kasse: Übersicht',
  checkout_success: 'Kasse: Bestellt',
  add_to_cart_warranty: 'Garantie in den Warenkorb',
}

const column = createColumnHelper<string>()

/** Days as rows, event types as columns. */
function pivot(report: TrackingReport) {
  const types = [...new Set(report.rows.map((row) => row.eventType))].sort()
  const days = [...new Set(report.rows.map((row) => row.day))].sort().reverse()
  const count = new Map(report.rows.map((row) => [`${row.day}|${row.eventType}`, row.count]))
  const countOf = (day: string, type: string) => count.get(`${day}|${type}`) ?? 0
  const columns = [
    column.display({
      id: 'day',
      header: 'Tag',
      cell: ({ row }) => germanDay(row.original),
      meta: { rowHeader: true },
    }),
    ...types.map((type) =>
      column.display({
        id: type,
        header: EVENT_LABELS[type] ?? type,
        cell: ({ row }) => countOf(row.original, type),
      }),
    ),
  ]
  return { types, days, columns }
}

function germanDay(day: string): string {
  const [year, month, date] = day.split('-')
  return `${date}.${month}.${year}`
}

export function TrackingReportPage() {
  const [params, setParams] = useSearchParams()
  const from = params.get('von') ?? ''
  const to = params.get('bis') ?? ''
  // A filter like the other list pages': react-hook-form, no resolver (the server checks the range).
  const form = useForm({ defaultValues: { von: from, bis: to } })
  const report = useTrackingReport(from, to)
  const data = report.data?.status === 200 ? report.data.body : undefined
  const table = data ? pivot(data) : undefined
  return (
    <div className="backoffice-area">
      <form
        method="post"
        className="backoffice-filter"
        aria-label="Zeitraum wählen"
        onSubmit={form.handleSubmit(({ von, bis }) =>
          setParams({ ...(von ? { von } : {}), ...(bis ? { bis } : {}) }),
        )}
      >
        <Field label="Von" type="date" {...form.register('von')} />
        <Field label="Bis" type="date" {...form.register('bis')} />
        <Button type="submit">Anzeigen</Button>
      </form>
      {!data && <Loading error={report.error} />}
      {data && table && (
        <>
          <p>
            Ereignisse vom {germanDay(data.from)} bis {germanDay(data.to)} (nur mit Einwilligung der
            Besucher gespeichert).
          </p>
          {table.days.length === 0 ? (
            <p>Keine Ereignisse in diesem Zeitraum.</p>
          ) : (
            <DataTable
              caption="Tracking-Ereignisse pro Tag und Art"
              columns={table.columns}
              rows={table.days}
              rowId={(day) => day}
            />
          )}
        </>
      )}
    </div>
  )
}
