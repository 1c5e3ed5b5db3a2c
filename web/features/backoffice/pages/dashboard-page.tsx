// The back office's start page: today's orders and revenue (Berlin day), deliveries waiting to
// be shipped, and the open Campus review queue.
import { Link } from '#web/components/ui/link.tsx'
import { formatDate, formatPrice } from '#web/lib/format.ts'
import { useOverview } from '../office-api.ts'
import { backofficePaths } from '../paths.ts'
import { Loading } from '../shared.tsx'

export function BackofficeDashboardPage() {
  const overview = useOverview()
  const data = overview.data?.status === 200 ? overview.data.body : undefined
  if (!data) return <Loading error={overview.error} />
  const today = `${backofficePaths.orders}?von=${data.day}&bis=${data.day}`
  return (
    <div className="backoffice-cards">
      <section className="backoffice-card" aria-labelledby="card-orders">
        <h2 id="card-orders">Bestellungen heute</h2>
        <p className="backoffice-card__figure">{data.ordersToday}</p>
        <Link to={today}>Heutige Bestellungen</Link>
      </section>
      <section className="backoffice-card" aria-labelledby="card-revenue">
        <h2 id="card-revenue">Umsatz heute</h2>
        <p className="backoffice-card__figure">{formatPrice(data.revenueTodayCents)}</p>
        <p>Brutto, ohne vollständig stornierte Bestellungen</p>
      </section>
      <section className="backoffice-card" aria-labelledby="card-open">
        <h2 id="card-open">Offene Lieferungen</h2>
        <p className="backoffice-card__figure">{data.openDeliveries}</p>
        <Link to={`${backofficePaths.orders}?status=processing`}>Zu versenden</Link>
      </section>
      <section className="backoffice-card" aria-labelledby="card-campus">
        <h2 id="card-campus">Campus-Prüfung</h2>
        <p className="backoffice-card__figure">{data.openCampusApplications} offen</p>
        {data.oldestOpenCampusApplicationAt && (
          <p>Ältester Antrag vom {formatDate(data.oldestOpenCampusApplicationAt)}</p>
        )}
        <Link to={backofficePaths.campus}>Zur Prüfung</Link>
      </section>
    </div>
  )
}
