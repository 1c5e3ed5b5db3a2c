import { Link } from 'react-router-dom'
import { CartIcon, HeartIcon, UserIcon } from '#web/components/ui/index.ts'
import { paths } from '#web/lib/paths.ts'
import { useSite } from '#web/lib/site.tsx'
import { useFullLoginExpiry, useHeaderData, useLogout } from '../api.ts'
import { SearchForm } from './search-form.tsx'

function Counter({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null
  return (
    <span className="header-action__count">
      {count}
      <span className="visually-hidden"> {label}</span>
    </span>
  )
}

/**
 * "Hallo {name}" with the logout entry; for a soft login (session timed out) the re-login hint
 * and "Du bist nicht {name}? Abmelden" (account-area §2).
 */
function Greeting({ firstName, soft }: { firstName: string; soft: boolean }) {
  const logout = useLogout()
  return (
    <div className="greeting-bar">
      <div className="container greeting-bar__inner">
        <p className="greeting-bar__text" role={soft ? 'status' : undefined}>
          {soft
            ? `Hallo ${firstName}, deine Sitzung ist abgelaufen, bitte melde dich erneut an`
            : `Hallo ${firstName}`}
        </p>
        <p className="greeting-bar__action">
          {soft && <span>Du bist nicht {firstName}? </span>}
          <button
            type="button"
            className="greeting-bar__logout"
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
          >
            Abmelden
          </button>
        </p>
      </div>
    </div>
  )
}

/** Logo, search, account entry, wishlist and cart with their counts. */
export function Header() {
  const { whiteLabel } = useSite()
  const { data } = useHeaderData()
  const header = data?.body
  useFullLoginExpiry(header?.fullLoginExpiryTimestamp)
  const isLoggedIn = Boolean(header?.isLoggedIn || header?.isLoggedInSoft)
  const cartAmount = header?.cartAmount ?? 0
  const wishlistCount = header?.wishlistItemCount ?? 0
  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <Link to={paths.home} className="site-header__logo" aria-label="Bitwerk – zur Startseite">
          <span className="logo-mark" aria-hidden="true">
            b
          </span>
          <span className="logo-text">bitwerk</span>
        </Link>
        <SearchForm />
        <nav className="site-header__actions" aria-label="Kundenkonto und Warenkorb">
          {!whiteLabel && (
            <Link
              to={isLoggedIn ? paths.account.overview : paths.account.login}
              className="header-action"
            >
              <UserIcon />
              <span className="header-action__label">{isLoggedIn ? 'Mein Konto' : 'Anmelden'}</span>
            </Link>
          )}
          {!whiteLabel && (
            <Link to={paths.wishlist} className="header-action">
              <HeartIcon />
              <span className="header-action__label">Merkzettel</span>
              <Counter count={wishlistCount} label="Produkte auf dem Merkzettel" />
            </Link>
          )}
          <Link to={paths.cart} className="header-action">
            <CartIcon />
            <span className="header-action__label">Warenkorb</span>
            <Counter count={cartAmount} label="Artikel im Warenkorb" />
          </Link>
        </nav>
      </div>
      {!whiteLabel && isLoggedIn && header?.firstName && (
        <Greeting firstName={header.firstName} soft={Boolean(header.isLoggedInSoft)} />
      )}
    </header>
  )
}
