import { useLocation } from 'react-router-dom'
import { Link } from '#web/components/ui/link.tsx'
import { paths } from '#web/lib/paths.ts'
import { PageMeta } from '#web/lib/site.tsx'

/** "uups ...": shown for unknown paths, unknown products and categories (HTTP 404). */
export function NotFoundPage() {
  const { pathname } = useLocation()
  const inAccount = pathname.startsWith(paths.account.overview)
  return (
    <div className="container not-found">
      <PageMeta title="Seite nicht gefunden" noindex />
      <p className="not-found__oops" aria-hidden="true">
        uups ...
      </p>
      <h1 className="not-found__title">Die Seite wurde nicht gefunden</h1>
      <p>Vielleicht hat sich ein Tippfehler eingeschlichen, oder die Seite gibt es nicht mehr.</p>
      {inAccount ? (
        <Link className="btn btn--primary btn--md" to={paths.account.overview}>
          Zum Kundenkonto
        </Link>
      ) : (
        <Link className="btn btn--primary btn--md" to={paths.home}>
          Zur Startseite
        </Link>
      )}
    </div>
  )
}
