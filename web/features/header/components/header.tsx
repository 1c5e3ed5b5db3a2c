import { type ComponentType, type ReactNode, Suspense, useEffect, useState } from 'react'
import { useLocation } from 'react-router-dom'
import {
  ArrowUpIcon,
  CartIcon,
  CompareIcon,
  HeartIcon,
  UserIcon,
} from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import { useNavigationData } from '#web/features/catalog/index.ts'
import { paths } from '#web/lib/paths.ts'
import { useSite } from '#web/lib/site.tsx'
import { useFullLoginExpiry, useHeaderData, useLogout } from '../api.ts'
import { MainNav } from './main-nav.tsx'
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

/** The header reappears after this much scrolling up (storefront §9: header scroll edge). */
export const HEADER_SCROLL_EDGE_PX = 100
/** The scroll-to-top button shows beyond this scroll depth. */
export const SCROLL_TOP_FROM_PX = 300

/** Hidden while scrolling down; shown again at the top or after 100 px of scrolling up. */
function useHeaderHidden(): boolean {
  const [state, setState] = useState(false)
  useEffect(() => {
    let last = window.scrollY
    let turn = last
    let hidden = false
    const onScroll = () => {
      const y = window.scrollY
      if (y <= 0) {
        hidden = false
        turn = 0
      } else if (y > last) {
        // Scrolling down: hide once past the header; the turning point follows.
        if (y > 80) hidden = true
        turn = y
      } else if (turn - y >= HEADER_SCROLL_EDGE_PX) {
        hidden = false
      }
      last = y
      setState(hidden)
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])
  return state
}

export type HeaderPopups = { cart?: ComponentType; wishlist?: ComponentType }

/** A header entry with its popup: opens on hover and keyboard focus, closes on leave and Escape. */
function WithPopup({
  popup: Popup,
  label,
  children,
}: {
  popup: ComponentType | undefined
  label: string
  children: ReactNode
}) {
  const [open, setOpen] = useState(false)
  const { pathname } = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes when the page changes
  useEffect(() => setOpen(false), [pathname])
  if (!Popup) return <>{children}</>
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only show a preview; the link itself is the control
    <div
      className="header-popup"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false)
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false)
      }}
    >
      {children}
      {open && (
        <section className="header-popup__panel" aria-label={label}>
          <Suspense fallback={null}>
            <Popup />
          </Suspense>
        </section>
      )}
    </div>
  )
}

/**
 * "Nach oben": the footer's last entry, and only where the window leaves a gutter beside the page
 * (header.css) a floating button there, shown beyond 300 px of scrolling. Used from the
 * keyboard, it moves the focus to the page's start too.
 */
export function ScrollTopButton() {
  const [deep, setDeep] = useState(false)
  useEffect(() => {
    const onScroll = () => setDeep(window.scrollY > SCROLL_TOP_FROM_PX)
    onScroll()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])
  return (
    <button
      type="button"
      className={`scroll-top${deep ? '' : ' scroll-top--away'}`}
      onClick={(event) => {
        window.scrollTo({ top: 0, behavior: 'smooth' })
        if (event.detail === 0) document.querySelector<HTMLElement>('.skip-link')?.focus()
      }}
    >
      <ArrowUpIcon />
      <span className="scroll-top__label">Nach oben</span>
    </button>
  )
}

/** A header link with its count (wishlist, comparison, cart). */
function CountedAction(props: {
  to: string
  icon: ReactNode
  label: string
  count: number
  countLabel: string
}) {
  return (
    <Link to={props.to} className="header-action">
      {props.icon}
      <span className="header-action__label">{props.label}</span>
      <Counter count={props.count} label={props.countLabel} />
    </Link>
  )
}

/**
 * The account entry, wishlist, comparison (while it holds products) and cart with their counts
 * and popups: with the greeting, the only part of a catalog page's header that depends on the
 * visitor. The page cache renders it alone for a customer and puts it into the guest's page
 * (server/platform/personal-page.ts), so its markup must not depend on anything but the header
 * data, the site and the popups.
 */
export function HeaderActions({ popups = {} }: { popups?: HeaderPopups }) {
  const { whiteLabel } = useSite()
  const { data } = useHeaderData()
  const header = data?.body
  const isLoggedIn = Boolean(header?.isLoggedIn || header?.isLoggedInSoft)
  const cartAmount = header?.cartAmount ?? 0
  const wishlistCount = header?.wishlistItemCount ?? 0
  const comparisonCount = header?.comparison.length ?? 0
  return (
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
        <WithPopup popup={popups.wishlist} label="Merkzettel-Vorschau">
          <CountedAction
            to={paths.wishlist}
            icon={<HeartIcon />}
            label="Merkzettel"
            count={wishlistCount}
            countLabel="Produkte auf dem Merkzettel"
          />
        </WithPopup>
      )}
      {comparisonCount > 0 && (
        <CountedAction
          to={paths.comparison}
          icon={<CompareIcon />}
          label="Vergleich"
          count={comparisonCount}
          countLabel="Produkte im Vergleich"
        />
      )}
      <WithPopup popup={popups.cart} label="Warenkorb-Vorschau">
        <CountedAction
          to={paths.cart}
          icon={<CartIcon />}
          label="Warenkorb"
          count={cartAmount}
          countLabel="Artikel im Warenkorb"
        />
      </WithPopup>
    </nav>
  )
}

/** "Hallo {name}" below the header for a logged-in customer (nothing for anyone else). */
export function HeaderGreeting() {
  const { whiteLabel } = useSite()
  const header = useHeaderData().data?.body
  const isLoggedIn = Boolean(header?.isLoggedIn || header?.isLoggedInSoft)
  if (whiteLabel || !isLoggedIn || !header?.firstName) return null
  return <Greeting firstName={header.firstName} soft={Boolean(header.isLoggedInSoft)} />
}

/** Logo, search, the visitor's actions, the category navigation and the greeting. */
export function Header({ popups = {} }: { popups?: HeaderPopups }) {
  const hidden = useHeaderHidden()
  const { data } = useHeaderData()
  const { data: navigation } = useNavigationData()
  useFullLoginExpiry(data?.body.fullLoginExpiryTimestamp)
  return (
    <header className={`site-header${hidden ? ' site-header--hidden' : ''}`}>
      <div className="site-header__inner container">
        <Link to={paths.home} className="site-header__logo" aria-label="Bitwerk – zur Startseite">
          <span className="logo-mark" aria-hidden="true">
            b
          </span>
          <span className="logo-text">bitwerk</span>
        </Link>
        <SearchForm />
        <HeaderActions popups={popups} />
        <MainNav categories={navigation?.status === 200 ? navigation.body.categories : []} />
      </div>
      <HeaderGreeting />
    </header>
  )
}
