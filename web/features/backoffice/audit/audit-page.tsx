// /backoffice/protokoll (admins): every staff action, newest first, with the record before and
// after the change.
import { useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { Button, Field } from '#web/components/ui/index.ts'
import { formatDateTime } from '#web/lib/format.ts'
import { useAuditLog } from '../office-api.ts'
import { Loading, Pager } from '../shared.tsx'

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span>–</span>
  return <pre className="backoffice-json">{JSON.stringify(value, null, 1)}</pre>
}

export function AuditPage() {
  const [params, setParams] = useSearchParams()
  const action = params.get('aktion') ?? ''
  const page = Math.max(1, Number(params.get('seite')) || 1)
  const [term, setTerm] = useState(action)
  const log = useAuditLog(page, action)
  const data = log.data?.status === 200 ? log.data.body : undefined
  return (
    <div className="backoffice-area">
      <form
        className="backoffice-filter"
        aria-label="Protokoll filtern"
        onSubmit={(event) => {
          event.preventDefault()
          setParams(term.trim() ? { aktion: term.trim() } : {})
        }}
      >
        <Field
          label="Aktion (z. B. order.delivery.shipped)"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
        />
        <Button type="submit">Filtern</Button>
      </form>
      {!data && <Loading error={log.error} />}
      {data && (
        <table className="backoffice-table">
          <caption className="visually-hidden">Protokoll der Backoffice-Aktionen</caption>
          <thead>
            <tr>
              <th scope="col">Zeitpunkt</th>
              <th scope="col">Wer</th>
              <th scope="col">Aktion</th>
              <th scope="col">Datensatz</th>
              <th scope="col">Vorher</th>
              <th scope="col">Nachher</th>
            </tr>
          </thead>
          <tbody>
            {data.entries.map((entry) => (
              <tr key={entry.id}>
                <td>{formatDateTime(entry.at)}</td>
                <td>{entry.staffEmail}</td>
                <td>{entry.action}</td>
                <td>{entry.entityType ? `${entry.entityType} ${entry.entityId}` : '–'}</td>
                <td>
                  <Json value={entry.before} />
                </td>
                <td>
                  <Json value={entry.after} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && (
        <Pager
          page={page}
          total={data.total}
          pageSize={data.pageSize}
          onPage={(next) =>
            setParams({ ...(action ? { aktion: action } : {}), seite: String(next) })
          }
        />
      )}
    </div>
  )
}
