// /backoffice/campus: document applications, oldest pending first; decided ones by tab.
import { Link, useSearchParams } from 'react-router-dom'
import { studentTypeOf } from '#contract/campus.ts'
import { formatDate } from '#web/lib/format.ts'
import { errorText } from '#web/lib/messages.ts'
import { backofficePaths } from '../paths.ts'
import { useCampusQueue } from './api.ts'

const TABS = [
  { status: 'pending', label: 'Offen' },
  { status: 'approved', label: 'Bestätigt' },
  { status: 'rejected', label: 'Abgelehnt' },
] as const
type Tab = (typeof TABS)[number]['status']

export function CampusQueuePage() {
  const [params, setParams] = useSearchParams()
  const status: Tab = TABS.find((tab) => tab.status === params.get('status'))?.status ?? 'pending'
  const page = Math.max(1, Number(params.get('seite')) || 1)
  const queue = useCampusQueue(status, page)
  const data = queue.data?.status === 200 ? queue.data.body : undefined
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1

  return (
    <div className="campus-queue">
      <div className="backoffice-tabs" role="tablist" aria-label="Status">
        {TABS.map((tab) => (
          <button
            key={tab.status}
            type="button"
            role="tab"
            aria-selected={tab.status === status}
            className={`backoffice-tabs__tab${tab.status === status ? ' is-active' : ''}`}
            onClick={() => setParams({ status: tab.status })}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {queue.isError && (
        <p className="form-error" role="alert">
          {errorText(queue.error)}
        </p>
      )}
      {!data && !queue.isError && <p role="status">Lädt…</p>}
      {data && data.applications.length === 0 && <p>Keine Anträge.</p>}
      {data && data.applications.length > 0 && (
        <table className="backoffice-table">
          <caption className="visually-hidden">Campus-Anträge mit Nachweis</caption>
          <thead>
            <tr>
              <th scope="col">Eingang</th>
              <th scope="col">Name</th>
              <th scope="col">Kundennr.</th>
              <th scope="col">Art</th>
              <th scope="col">Einrichtung</th>
              <th scope="col">Gültig bis</th>
              <th scope="col">
                <span className="visually-hidden">Aktion</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.applications.map((application) => (
              <tr key={application.id}>
                <td>{formatDate(application.submittedAt)}</td>
                <td>
                  {application.firstName} {application.lastName}
                  {application.isRenewal && <span className="backoffice-badge">Verlängerung</span>}
                </td>
                <td>{application.customerNumber ?? '–'}</td>
                <td>{studentTypeOf(application.studentType).label}</td>
                <td>{application.school}</td>
                <td>{application.validTo ? formatDate(application.validTo) : '–'}</td>
                <td>
                  <Link to={backofficePaths.campusApplication(application.id)}>
                    {status === 'pending' ? 'Prüfen' : 'Ansehen'}
                    <span className="visually-hidden">
                      : Antrag von {application.firstName} {application.lastName}
                    </span>
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pages > 1 && (
        <nav className="backoffice-pager" aria-label="Seiten">
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={page <= 1}
            onClick={() => setParams({ status, seite: String(page - 1) })}
          >
            Zurück
          </button>
          <span>
            Seite {page} von {pages}
          </span>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={page >= pages}
            onClick={() => setParams({ status, seite: String(page + 1) })}
          >
            Weiter
          </button>
        </nav>
      )}
    </div>
  )
}
