import { Outlet, useLocation } from 'react-router-dom'
import { Link } from '#web/components/ui/link.tsx'
import { paths } from '#web/lib/paths.ts'
import { LocationFeedback } from '../components/location-feedback.tsx'

/** Login layout: a centred card with the tab bar Anmelden / Registrieren (account-area §2). */
export function LoginLayout() {
  const { pathname } = useLocation()
  const onRegister = pathname === paths.account.register
  const tab = (active: boolean) => `login-tabs__tab${active ? ' login-tabs__tab--active' : ''}`
  return (
    <div className="container login-layout">
      <div className="login-card">
        <nav className="login-tabs" aria-label="Anmelden oder registrieren">
          <Link
            to={paths.account.login}
            className={tab(!onRegister)}
            aria-current={pathname === paths.account.login ? 'page' : undefined}
          >
            Anmelden
          </Link>
          <Link
            to={paths.account.register}
            className={tab(onRegister)}
            aria-current={onRegister ? 'page' : undefined}
          >
            Registrieren
          </Link>
        </nav>
        <div className="login-card__body">
          <LocationFeedback />
          <Outlet />
        </div>
      </div>
    </div>
  )
}
