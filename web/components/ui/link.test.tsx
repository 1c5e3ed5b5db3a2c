import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
// biome-ignore lint/style/noRestrictedImports: the test compares with react-router's own links
import { MemoryRouter, Link as RouterLink, NavLink as RouterNavLink } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isActivePath, Link, NavLink, setLinkNavigation } from './link.tsx'

afterEach(() => {
  cleanup()
  setLinkNavigation(null)
})

/** react-router marks its links for route discovery; the shop's own links leave that out. */
const withoutDiscover = (html: string) => html.replaceAll(' data-discover="true"', '')

describe('Link', () => {
  it('renders the same anchor as react-router for the shop’s own paths', () => {
    for (const to of ['/', '/kategorie/monitore?seite=2', '/kundenkonto#daten']) {
      const ours = renderToString(
        <MemoryRouter initialEntries={['/kundenkonto']}>
          <Link to={to} className="x" title="t">
            Text
          </Link>
        </MemoryRouter>,
      )
      const theirs = renderToString(
        <MemoryRouter initialEntries={['/kundenkonto']}>
          <RouterLink to={to} className="x" title="t">
            Text
          </RouterLink>
        </MemoryRouter>,
      )
      expect(ours).toBe(withoutDiscover(theirs))
    }
  })

  it('leaves relative paths to react-router', () => {
    const html = renderToString(
      <MemoryRouter initialEntries={['/kundenkonto/bestellungen']}>
        <Link to="details">Text</Link>
      </MemoryRouter>,
    )
    expect(html).toBe(
      renderToString(
        <MemoryRouter initialEntries={['/kundenkonto/bestellungen']}>
          <RouterLink to="details">Text</RouterLink>
        </MemoryRouter>,
      ),
    )
    expect(html).toContain('data-discover')
  })

  it('navigates in the page on a plain left click and leaves the rest to the browser', () => {
    const navigate = vi.fn()
    setLinkNavigation(navigate)
    render(
      <MemoryRouter>
        <Link to="/warenkorb">Warenkorb</Link>
        <Link to="/merkzettel" target="_blank">
          Merkzettel
        </Link>
        <Link to="/vergleich" onClick={(event) => event.preventDefault()}>
          Vergleich
        </Link>
        <Link to="/kundenkonto" state={{ from: 'header' }}>
          Konto
        </Link>
      </MemoryRouter>,
    )
    const plain = fireEvent.click(screen.getByText('Warenkorb'))
    expect(plain).toBe(false) // default prevented: no page load
    expect(navigate).toHaveBeenLastCalledWith('/warenkorb', { replace: false, state: undefined })

    navigate.mockClear()
    expect(fireEvent.click(screen.getByText('Warenkorb'), { ctrlKey: true })).toBe(true)
    expect(fireEvent.click(screen.getByText('Warenkorb'), { button: 1 })).toBe(true)
    expect(fireEvent.click(screen.getByText('Merkzettel'))).toBe(true)
    fireEvent.click(screen.getByText('Vergleich'))
    expect(navigate).not.toHaveBeenCalled()

    fireEvent.click(screen.getByText('Konto'))
    expect(navigate).toHaveBeenLastCalledWith('/kundenkonto', {
      replace: false,
      state: { from: 'header' },
    })
  })

  it('replaces the history entry for a link to the page shown', () => {
    const navigate = vi.fn()
    setLinkNavigation(navigate)
    const here = window.location.pathname + window.location.search + window.location.hash
    render(
      <MemoryRouter>
        <Link to={here}>Hier</Link>
      </MemoryRouter>,
    )
    fireEvent.click(screen.getByText('Hier'))
    expect(navigate).toHaveBeenLastCalledWith(here, { replace: true, state: undefined })
  })

  it('is an ordinary link without the browser router (the browser loads the page)', () => {
    render(
      <MemoryRouter>
        <Link to="/warenkorb">Warenkorb</Link>
      </MemoryRouter>,
    )
    expect(fireEvent.click(screen.getByText('Warenkorb'))).toBe(true)
  })
})

describe('NavLink', () => {
  const cases: [string, string, boolean][] = [
    ['/kundenkonto', '/kundenkonto', true],
    ['/kundenkonto/daten', '/kundenkonto', true],
    ['/kundenkonto/daten', '/kundenkonto', false],
    ['/KundenKonto', '/kundenkonto', true],
    ['/kundenkontoxyz', '/kundenkonto', false],
    ['/kundenkonto/', '/kundenkonto/', false],
    ['/', '/', false],
    ['/warenkorb', '/', false],
  ]
  it.each(cases)(
    'at %s, a link to %s (end %s) is marked as react-router marks it',
    (at, to, end) => {
      const ours = renderToString(
        <MemoryRouter initialEntries={[at]}>
          <NavLink to={to} end={end} className="nav">
            Text
          </NavLink>
        </MemoryRouter>,
      )
      const theirs = renderToString(
        <MemoryRouter initialEntries={[at]}>
          <RouterNavLink to={to} end={end} className="nav">
            Text
          </RouterNavLink>
        </MemoryRouter>,
      )
      expect(ours).toBe(withoutDiscover(theirs))
    },
  )

  it('matches below the path only at a segment boundary', () => {
    expect(isActivePath('/kundenkonto/adressen', '/kundenkonto', false)).toBe(true)
    expect(isActivePath('/kundenkonto-alt', '/kundenkonto', false)).toBe(false)
    expect(isActivePath('/kundenkonto/adressen', '/kundenkonto', true)).toBe(false)
  })
})
