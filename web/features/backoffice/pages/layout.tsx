// The back office's frame: a staff-login guard for every page inside, the header with the
// member of staff and "Abmelden", the navigation list (navigation.ts) and the page frame with
// the title from the route's handle ({ title }). Issue 11's pages render inside <Outlet />.
import { Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router-dom'
import { NavLink } from '#web/components/ui/link.tsx'
import { PageMeta } from '#web/lib/site.tsx'
import { useStaffLogout, useStaffMe } from '../api.ts'
import { navFor } from '../navigation.ts'
import { backofficePaths } from '../paths.ts'

export type BackofficeHandle = { title: string }

function usePageTitle(): string {
  const matches = useMatches()
  for (const match of [...matches].reverse()) {
    const handle = match.handle as Partial<BackofficeHandle> | undefined
    if (handle?.title) return handle.title
  }
  return 'Backoffice'
}

export function BackofficeLayout() {
  const me = useStaffMe()
  const logout = useStaffLogout()
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  const title = usePageTitle()

  if (me.isPending) {
    return (
      <div className="backoffice backoffice--loading">
        <PageMeta title={`${title} | Backoffice`} noindex />
        <p role="status">Lädt…</p>
      </div>
    )
  }
  if (me.isError || me.data.status !== 200) {
    const next = encodeURIComponent(`${pathname}${search}`)
    return <Navigate to={`${backofficePaths.login}?next=${next}`} replace />
  }
  const staff = me.data.body
  return (
    <div className="backoffice">
      <PageMeta title={`${title} | Backoffice`} noindex />
      <header className="backoffice__header">
        <span className="backoffice__brand">Bitwerk Backoffice</span>
        <span className="backoffice__user">
          {staff.name} <span className="backoffice__role">({staff.roleLabel})</span>
        </span>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          onClick={() =>
            logout.mutate(undefined, {
              onSettled: () => navigate(backofficePaths.login, { replace: true }),
            })
          }
        >
          Abmelden
        </button>
      </header>
      <div className="backoffice__body">
        <nav className="backoffice__nav" aria-label="Backoffice">
          <ul>
            {navFor(staff.role).map((entry) => (
              <li key={entry.key}>
                <NavLink to={entry.to} end={entry.end}>
                  {entry.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main className="backoffice__main" id="main">
          <h1 className="backoffice__title">{title}</h1>
          <Outlet />
        </main>
      </div>
    </div>
  )
}
