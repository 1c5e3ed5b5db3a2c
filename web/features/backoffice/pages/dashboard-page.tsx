// The back office's start page: the figures of each area (Campus review queue for now; issue 11
// adds its own cards).
import { Link } from 'react-router-dom'
import { formatDate } from '#web/lib/format.ts'
import { useStaffDashboard } from '../api.ts'
import { backofficePaths } from '../paths.ts'

export function BackofficeDashboardPage() {
  const dashboard = useStaffDashboard()
  const data = dashboard.data?.status === 200 ? dashboard.data.body : undefined
  return (
    <div className="backoffice-cards">
      <section className="backoffice-card" aria-labelledby="card-campus">
        <h2 id="card-campus">Campus-Prüfung</h2>
        {data ? (
          <>
            <p className="backoffice-card__figure">{data.openCampusApplications} offen</p>
            {data.oldestOpenCampusApplicationAt && (
              <p>Ältester Antrag vom {formatDate(data.oldestOpenCampusApplicationAt)}</p>
            )}
          </>
        ) : (
          <p role="status">Lädt…</p>
        )}
        <Link to={backofficePaths.campus}>Zur Prüfung</Link>
      </section>
    </div>
  )
}
