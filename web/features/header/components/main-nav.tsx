import { type FocusEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router-dom'
import type { NavigationData } from '#contract/catalog.ts'
import { useHydrated } from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'

type Category = NavigationData['categories'][number]

const NAV_ID = 'main-nav'

/**
 * The main category navigation (disclosure pattern): a button per top category with
 * aria-expanded opens its panel of links; Escape closes it, and so do leaving it with the focus
 * or the pointer and every navigation. The server renders every link (closed panels are
 * `hidden`), so crawlers and users without JavaScript find the whole tree. Below 1024 px the
 * same list is the panel of the "Menü" button; opening it moves the focus to its first entry,
 * Escape returns the focus to the button.
 * Before the script has taken over (and without it) the buttons are links: a top category leads
 * to its page, and "Menü" to `#main-nav`, which opens the panel by CSS (`:target`); a panel opened
 * so stays open at hydration, from then on in the script's hands.
 */
export function MainNav({ categories }: { categories: Category[] }) {
  const [open, setOpen] = useState<number | null>(null)
  const [menu, setMenu] = useState(false)
  const nav = useRef<HTMLElement>(null)
  const menuButton = useRef<HTMLButtonElement>(null)
  const { pathname } = useLocation()
  const hydrated = useHydrated()
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes when the page changes
  useEffect(() => {
    setOpen(null)
    setMenu(false)
  }, [pathname])
  // The panel opened through its link before hydration: the script takes it over, open.
  useEffect(() => {
    if (window.location.hash !== `#${NAV_ID}`) return
    setMenu(true)
    const { pathname: path, search } = window.location
    window.history.replaceState(window.history.state, '', `${path}${search}`)
  }, [])
  useEffect(() => {
    if (menu) nav.current?.querySelector('button')?.focus()
  }, [menu])
  if (categories.length === 0) return null

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return
    if (open !== null) {
      nav.current?.querySelector<HTMLElement>(`[aria-controls="main-nav-${open}"]`)?.focus()
      setOpen(null)
    } else if (menu) {
      setMenu(false)
      menuButton.current?.focus()
    }
  }
  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null
    if (nav.current?.contains(next) || next === menuButton.current) return
    setOpen(null)
    setMenu(false)
  }
  const menuContent = (
    <>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" />
      </svg>
      <span className="header-action__label">Menü</span>
    </>
  )
  return (
    <>
      {hydrated ? (
        <button
          ref={menuButton}
          type="button"
          className="main-nav__toggle"
          aria-expanded={menu}
          aria-controls={NAV_ID}
          onClick={() => setMenu(!menu)}
        >
          {menuContent}
        </button>
      ) : (
        <a href={`#${NAV_ID}`} className="main-nav__toggle">
          {menuContent}
        </a>
      )}
      <nav
        ref={nav}
        id={NAV_ID}
        className={`main-nav${menu ? ' main-nav--open' : ''}${hydrated ? ' main-nav--hydrated' : ''}`}
        aria-label="Hauptnavigation"
        onKeyDown={onKeyDown}
        onBlur={onBlur}
        onMouseLeave={() => menu || setOpen(null)}
      >
        <ul className="main-nav__list">
          {categories.map((category) => (
            <li key={category.id} className="main-nav__item">
              {hydrated ? (
                <button
                  type="button"
                  className="main-nav__button"
                  aria-expanded={open === category.id}
                  aria-controls={`main-nav-${category.id}`}
                  onClick={() => setOpen(open === category.id ? null : category.id)}
                >
                  {category.name}
                </button>
              ) : (
                <a href={category.url} className="main-nav__button">
                  {category.name}
                </a>
              )}
              <div
                id={`main-nav-${category.id}`}
                className="main-nav__panel"
                hidden={open !== category.id}
              >
                <Link to={category.url} className="main-nav__all">
                  Alle {category.name} anzeigen
                </Link>
                <ul className="main-nav__children">
                  {category.children.map((child) => (
                    <li key={child.id}>
                      <Link to={child.url}>{child.name}</Link>
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ul>
      </nav>
    </>
  )
}
