import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Outlet, useLocation, useMatches, useNavigate, useNavigation } from 'react-router-dom'
import { Link, NavLink } from '#web/components/ui/link.tsx'
import { markLoginSoft, useLogout } from '#web/features/header/index.ts'
import { paths } from '#web/lib/paths.ts'
import { PageMeta } from '#web/lib/site.tsx'
import { useCustomerData } from '../api.ts'
import { LocationFeedback } from '../components/location-feedback.tsx'
import { failedResponse } from '../components/responses.ts'
import { useLoginPopup } from '../login-popup-provider.tsx'
import { NAV_ENTRIES } from '../navigation.ts'

export type AccountHandle = { title: string; back?: string }

function useAccountHandle(): AccountHandle {
  const matches = useMatches()
  for (const match of [...matches].reverse()) {
    const handle = match.handle as Partial<AccountHandle> | undefined
    if (handle?.title) return { title: handle.title, back: handle.back }
  }
  return { title: 'Mein Konto' }
}

/**
 * Account layout (account-area §2): side navigation with its hiding rules, page title, back
 * button on mobile, loader, feedback message. A soft login met here opens the login popup.
 */
export function AccountLayout() {
  const handle = useAccountHandle()
  const { pathname } = useLocation()
  const navigation = useNavigation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const popup = useLoginPopup()
  const logout = useLogout()
  const customer = useCustomerData()
  const data = customer.data?.body
  const isOverview = pathname === paths.account.overview

  // "After customer data loads, a user who is not logged in is sent to Login"; a soft login
  // (expired meanwhile) gets the popup and stays on the page.
  useEffect(() => {
    const response = failedResponse(customer.error)
    if (response?.status !== 401) return
    if (response.body.code === 'soft_login_required') {
      markLoginSoft(queryClient)
      popup.open()
    } else navigate(paths.account.login, { replace: true })
  }, [customer.error, navigate, popup, queryClient])

  const entries = NAV_ENTRIES.filter((entry) => !(data && entry.hiddenFor?.(data)))
  return (
    <div className={`container account-layout${isOverview ? ' account-layout--overview' : ''}`}>
      <PageMeta title={handle.title} noindex />
      <aside className="account-nav">
        <nav aria-label="Kundenkonto">
          <p className="account-nav__hello">
            {data ? `Hallo ${data.firstName || data.companyName || ''}` : 'Mein Konto'}
          </p>
          <ul className="account-nav__list">
            {entries.map((entry) => (
              <li
                key={entry.key}
                className={`account-nav__item${entry.desktopOnly ? ' account-nav__item--desktop' : ''}`}
              >
                {entry.external ? (
                  <a
                    className="account-nav__link"
                    href={entry.to}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {entry.label}
                    <span className="visually-hidden"> (öffnet ein neues Fenster)</span>
                  </a>
                ) : (
                  <NavLink className="account-nav__link" to={entry.to} end>
                    {entry.label}
                  </NavLink>
                )}
              </li>
            ))}
            <li className="account-nav__item account-nav__item--separated">
              <button
                type="button"
                className="account-nav__link account-nav__button"
                onClick={() => logout.mutate()}
                disabled={logout.isPending}
              >
                Abmelden
              </button>
            </li>
            <li className="account-nav__item">
              <Link className="account-nav__link" to={paths.home}>
                Zurück zum Shop
              </Link>
            </li>
          </ul>
        </nav>
      </aside>
      <section className="account-content" aria-labelledby="account-title">
        {!isOverview && (
          <Link className="account-back" to={handle.back ?? paths.account.overview}>
            <span aria-hidden="true">‹</span> Zurück
          </Link>
        )}
        <h1 id="account-title" className="account-title">
          {handle.title}
        </h1>
        <LocationFeedback />
        {(navigation.state === 'loading' || customer.isPending) && (
          <div className="account-loader" role="status">
            <span className="account-loader__spinner" aria-hidden="true" />
            Daten werden geladen …
          </div>
        )}
        {data && <Outlet />}
        {logout.isPending && (
          <p className="visually-hidden" role="status">
            Abmeldung läuft …
          </p>
        )}
      </section>
    </div>
  )
}
